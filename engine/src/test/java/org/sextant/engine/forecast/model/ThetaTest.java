package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.TestSeries;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Oracle: R 4.2.2, forecast 8.20, thetaf(ts(train, frequency = f), h)$mean and $lower[, "95%"]. */
class ThetaTest {
    private static void assertClose(double[] expected, double[] actual, double rel) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual[i], rel * Math.abs(expected[i]), "step " + (i + 1));
    }

    @Test
    void yearlyMatchesThetaf() {
        Forecast f = new Theta().forecast(TestSeries.m3("N0001", "train"), 1, 6, new double[] {0.95});
        assertClose(new double[] {5085.069837, 5233.189782, 5381.309727, 5529.429672, 5677.549617, 5825.669562}, f.median(), 1e-8);
        assertClose(new double[] {4398.948616, 4262.916367, 4192.992147, 4157.29016, 4143.458678, 4145.16274}, f.band(0.95).lower(), 1e-4);
    }

    @Test
    void quarterlyMatchesThetaf() {
        Forecast f = new Theta().forecast(TestSeries.m3("N0700", "train"), 4, 8, new double[] {0.95});
        assertClose(new double[] {5605.604929, 5586.23527, 5566.865611, 5547.495952, 5528.126293, 5508.756634, 5489.386975, 5470.017316},
                f.median(), 1e-7);
    }

    @Test
    void monthlyMatchesThetaf() {
        // an interior SES optimum (alpha 0.134): the two optimisers agree to about 1e-5
        Forecast f = new Theta().forecast(TestSeries.m3("N1500", "train"), 12, 18, new double[] {0.95});
        double[] r = {2978.742184, 2973.896936, 2969.051687, 2964.206438, 2959.361189, 2954.51594, 2949.670691, 2944.825442, 2939.980193,
                2935.134945, 2930.289696, 2925.444447, 2920.599198, 2915.753949, 2910.9087, 2906.063451, 2901.218203, 2896.372954};
        assertClose(r, f.median(), 3e-5);
        assertClose(new double[] {2055.886376, 2042.759656}, java.util.Arrays.copyOf(f.band(0.95).lower(), 2), 1e-3);
    }

    @Test
    void otherMatchesThetaf() {
        Forecast f = new Theta().forecast(TestSeries.m3("N2900", "train"), 1, 8, new double[] {0.95});
        assertClose(new double[] {4396.820379, 4366.637175, 4336.453972, 4306.270768, 4276.087564, 4245.90436, 4215.721157, 4185.537953},
                f.median(), 1e-8);
        assertClose(new double[] {4229.899978, 4130.587888, 4047.358637, 3972.455013, 3902.872071, 3837.068635, 3774.129154, 3713.457088},
                f.band(0.95).lower(), 1e-4);
    }
}
