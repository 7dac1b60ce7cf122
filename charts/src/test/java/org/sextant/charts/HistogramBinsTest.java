package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The histogram's bins: equal widths over the sample's range, every value counted once, NaN left out. */
class HistogramBinsTest {

    @Test
    void valuesFallInEqualWidthBinsWithTheMaximumInTheLast() {
        HistogramBins b = HistogramBins.of(new double[]{0, 1, 2, 2.5, 3, 4, Double.NaN}, 4);
        assertArrayEquals(new double[]{0, 1, 2, 3, 4}, b.edges(), 1e-12);
        assertArrayEquals(new int[]{1, 1, 2, 2}, b.counts(), "an inner edge goes right, the maximum to the last bin");
        assertEquals(6, b.total());
        assertEquals(2.5, b.centre(2), 1e-12);
    }

    @Test
    void oneRepeatedValueGetsOneBinAroundItAndNothingGetsNoBins() {
        HistogramBins b = HistogramBins.of(new double[]{-2, -2, -2}, 5);
        assertEquals(3, b.total());
        assertEquals(-2, b.centre(2), 1e-12);
        assertEquals(0, HistogramBins.of(new double[]{Double.NaN}, 5).size());
    }

    @Test
    void aboutTheSquareRootOfTheSampleBetween5And40() {
        assertEquals(10, HistogramBins.binsFor(100));
        assertEquals(5, HistogramBins.binsFor(3));
        assertEquals(40, HistogramBins.binsFor(500_000));
    }
}
