package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;
import org.sextant.engine.forecast.QuantileBand;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SimpleModelsTest {
    private static final double[] Y = {10, 12, 11, 13, 12, 14, 13, 15};
    private static final double Z95 = Normal.quantile(0.975);

    @Test
    void naiveRepeatsTheLastValueWithSqrtHSpread() {
        Forecast f = new Naive().forecast(Y, 1, 3, new double[] {0.95});
        assertArrayEquals(new double[] {15, 15, 15}, f.median(), 0);
        // one-step differences: 2,-1,2,-1,2,-1,2 → mean square 19/7
        double sigma = Math.sqrt(19.0 / 7);
        assertEquals(15 + Z95 * sigma * Math.sqrt(3), f.band(0.95).upper(2), 1e-9);
    }

    @Test
    void seasonalNaiveRepeatsTheLastSeason() {
        Forecast f = new SeasonalNaive().forecast(Y, 4, 6, new double[] {0.8});
        assertArrayEquals(new double[] {12, 14, 13, 15, 12, 14}, f.median(), 0);
        // residuals y_t − y_{t−4} = 2 each → sigma 2; step 5 is in the second season: se 2·sqrt(2)
        assertEquals(12 - Normal.quantile(0.9) * 2 * Math.sqrt(2), f.band(0.8).lower(4), 1e-9);
    }

    @Test
    void driftExtendsTheFirstToLastLine() {
        Forecast f = new RandomWalkDrift().forecast(Y, 1, 2, new double[] {0.95});
        double b = 5.0 / 7;
        assertArrayEquals(new double[] {15 + b, 15 + 2 * b}, f.median(), 1e-12);
        double ss = 0;
        for (int t = 1; t < Y.length; t++) ss += Math.pow(Y[t] - Y[t - 1] - b, 2);
        double se2 = Math.sqrt(ss / 6) * Math.sqrt(2 * (1 + 2.0 / 7));
        assertEquals(15 + 2 * b + Z95 * se2, f.band(0.95).upper(1), 1e-9);
    }

    @Test
    void naive2ReseasonalisesTheAdjustedLastValue() {
        double[] air = org.sextant.engine.forecast.TestSeries.airPassengers();
        double[] fig = Seasonality.classicalFigure(air, 12, true);
        Forecast f = new Naive2().forecast(air, 12, 12, new double[0]);
        double last = air[143] / fig[143 % 12];
        for (int i = 0; i < 12; i++) assertEquals(last * fig[(144 + i) % 12], f.median()[i], 1e-9);
    }

    /** A fixed forecaster for combination tests. */
    private record Fixed(String name, double centre, double halfWidth) implements Forecaster {
        @Override public int minLength(int period) { return 1; }
        @Override public Forecast compute(double[] y, int p, int h, double[] levels) {
            return new Forecast(name, new double[] {centre}, List.of(new QuantileBand(0.9, new double[] {centre - halfWidth}, new double[] {centre + halfWidth})));
        }
    }

    @Test
    void combinationsAverageOrTakeTheMedianOfCentresAndBandEdges() {
        List<Forecaster> members = List.of(new Fixed("a", 10, 1), new Fixed("b", 12, 4), new Fixed("c", 20, 2));
        Forecast mean = new Combination("mean", false, members).forecast(Y, 1, 1, new double[] {0.9});
        assertEquals(14, mean.median()[0], 1e-12);
        assertEquals((9 + 8 + 18) / 3.0, mean.band(0.9).lower(0), 1e-12);
        Forecast med = new Combination("median", true, members).forecast(Y, 1, 1, new double[] {0.9});
        assertEquals(12, med.median()[0], 1e-12);
        assertEquals(9, med.band(0.9).lower(0), 1e-12);
        assertEquals(16, med.band(0.9).upper(0), 1e-12);
    }

    @Test
    void forecastRefusesBandsThatDoNotContainTheCentre() {
        assertThrows(IllegalStateException.class,
                () -> new Forecast("bad", new double[] {5}, List.of(new QuantileBand(0.8, new double[] {6}, new double[] {7}))));
        assertThrows(IllegalStateException.class, () -> new Forecast("bad", new double[] {5},
                List.of(new QuantileBand(0.8, new double[] {3}, new double[] {7}), new QuantileBand(0.95, new double[] {4}, new double[] {8}))));
    }
}
