package org.sextant.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MinMaxColumnReducerTest {

    /** A million points on 500 pixel columns, one one-point spike up and one crash down. */
    @Test
    void keepsTheExtremesOfEveryColumnOfALargeSeries() {
        int n = 1_000_000;
        double pixels = 500;
        double[] x = new double[n];
        double[] y = new double[n];
        Random random = new Random(7);
        for (int i = 0; i < n; i++) {
            x[i] = i * pixels / n;
            y[i] = 300 + 20 * Math.sin(i / 20_000.0) + random.nextGaussian();
        }
        y[123_457] = 5;    // a spike (screen y grows downwards)
        y[876_543] = 590;  // a crash
        double[] originalX = x.clone();
        double[] originalY = y.clone();

        int kept = reduce(x, y, 0, n);

        assertTrue(kept <= 4 * 500 + 4, "at most four points per column, kept " + kept);
        assertTrue(kept >= 2 * 500, "every column keeps at least its min and max, kept " + kept);
        double[] keptY = Arrays.copyOf(y, kept);
        assertTrue(Arrays.stream(keptY).anyMatch(v -> v == 5), "the spike survives");
        assertTrue(Arrays.stream(keptY).anyMatch(v -> v == 590), "the crash survives");
        for (int i = 1; i < kept; i++) {
            assertTrue(x[i] >= x[i - 1], "x stays in order at " + i);
        }
        assertEquals(originalX[0], x[0]);
        assertEquals(originalY[0], y[0]);
        assertEquals(originalY[n - 1], y[kept - 1], "the last point is kept");
        // every column's min and max equal those of the full data
        for (int column = 0; column < 500; column++) {
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            for (int i = column * 2000; i < (column + 1) * 2000; i++) {
                min = Math.min(min, originalY[i]);
                max = Math.max(max, originalY[i]);
            }
            double keptMin = Double.MAX_VALUE;
            double keptMax = -Double.MAX_VALUE;
            for (int i = 0; i < kept; i++) {
                if ((int) Math.floor(x[i]) == column) {
                    keptMin = Math.min(keptMin, y[i]);
                    keptMax = Math.max(keptMax, y[i]);
                }
            }
            assertEquals(min, keptMin, "min of column " + column);
            assertEquals(max, keptMax, "max of column " + column);
        }
    }

    @Test
    void leavesSparsePointsAlone() {
        double[] x = {0, 3, 6, 9, 12};
        double[] y = {1, 5, 2, 8, 3};
        assertEquals(5, reduce(x, y, 0, 5));
        assertEquals("[1.0, 5.0, 2.0, 8.0, 3.0]", Arrays.toString(y));
    }

    @Test
    void keepsFirstMinMaxLastInOrderWithinAColumn() {
        double[] x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 1.5};
        double[] y = {4, 9, 6, 1, 7, 5, 3};
        int kept = reduce(x, y, 0, 7);
        assertEquals(5, kept);
        assertEquals("[4.0, 9.0, 1.0, 5.0, 3.0]", Arrays.toString(Arrays.copyOf(y, kept)));
        assertEquals("[0.1, 0.2, 0.4, 0.6, 1.5]", Arrays.toString(Arrays.copyOf(x, kept)));
    }

    @Test
    void aMissingCloseEndsTheColumnSoTheLineBreaks() {
        double[] x = {0.1, 0.2, 0.3, 0.4, 0.5};
        double[] y = {4, 9, Double.NaN, 1, 7};
        int kept = reduce(x, y, 0, 5);
        assertEquals("[4.0, 9.0, NaN, 1.0, 7.0]", Arrays.toString(Arrays.copyOf(y, kept)));
    }

    @Test
    void reducesOnlyTheVisibleIndexRangeAndMovesItToTheStart() {
        double[] x = {-2, -1, 0.1, 0.2, 0.3, 0.4, 5};
        double[] y = {100, 100, 3, 8, 2, 6, 100};
        int kept = reduce(x, y, 2, 6);
        assertEquals(4, kept);
        assertEquals("[3.0, 8.0, 2.0, 6.0]", Arrays.toString(Arrays.copyOf(y, kept)));
    }

    private static int reduce(double[] x, double[] y, int from, int to) {
        int n = x.length;
        return new MinMaxColumnReducer().reducePoints(x, y, null, null, new double[n], new double[n],
                new String[n], new boolean[n], from, to);
    }
}
