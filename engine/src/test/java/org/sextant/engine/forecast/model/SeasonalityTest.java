package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.TestSeries;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeasonalityTest {
    @Test
    void classicalFigureMatchesRDecompose() {
        // R 4.2.2: decompose(AirPassengers, "multiplicative")$figure (series starts in January)
        double[] expected = {0.910230367372, 0.883625320694, 1.0073662876, 0.975906012323, 0.981378027495, 1.11277582668,
                1.22655554293, 1.21991096945, 1.06049193265, 0.92175724041, 0.801178082413, 0.898824389985};
        assertArrayEquals(expected, Seasonality.classicalFigure(TestSeries.airPassengers(), 12, true), 1e-10);
    }

    @Test
    void acfMatchesR() {
        // R 4.2.2: acf(AirPassengers, lag.max = 12)$acf[2:13]
        double[] expected = {0.948047340752, 0.875574835125, 0.806681155497, 0.752625417388, 0.713769972652, 0.681733603331,
                0.662904386368, 0.655610484325, 0.670948327925, 0.702719920909, 0.743240189007, 0.760395042263};
        assertArrayEquals(expected, Seasonality.acf(TestSeries.airPassengers(), 12), 1e-10);
    }

    @Test
    void ninetyPercentAcfTest() {
        assertTrue(Seasonality.isSeasonal(TestSeries.airPassengers(), 12));
        assertFalse(Seasonality.isSeasonal(TestSeries.airPassengers(), 1), "period 1 is never seasonal");
        assertFalse(Seasonality.isSeasonal(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 4), "too short for the test (n <= 2m)");
        double[] constant = new double[40];
        java.util.Arrays.fill(constant, 3);
        assertFalse(Seasonality.isSeasonal(constant, 4));
    }
}
