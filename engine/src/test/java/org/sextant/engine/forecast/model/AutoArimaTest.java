package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.TestSeries;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Automatic order selection against R 4.2.2 / forecast 8.20: auto.arima(y) with defaults, then
 * forecast(fit, h, level = 95) (script src/test/resources/forecast/arima_oracle.R). Simulated
 * series from arima_sim.R; M3 series from m3_sample.csv, ts(train, frequency = f).
 */
class AutoArimaTest {
    private static ArimaModel auto(double[] y, int m) { return new AutoArima().select(y, m); }

    private static void close(double[] expected, double[] actual, double rel, String what) {
        assertEquals(expected.length, actual.length, what);
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], actual[i], rel * Math.abs(expected[i]), what + " [" + i + "]");
    }

    @Test
    void simulatedSeriesGetRsOrders() {
        // R: ARIMA(0,0,1) zero mean, aicc 876.951680
        ArimaModel ma1 = auto(ArimaFitterTest.sim("ma1"), 1);
        assertEquals("ARIMA(0,0,1)", ma1.spec().toString());
        assertEquals(876.951680, ma1.aicc(), 2e-3);
        // R: ARIMA(1,1,0) with drift, ar1=0.098905 drift=0.529475, aicc 589.290970
        ArimaModel rw = auto(ArimaFitterTest.sim("rwdrift"), 1);
        assertEquals("ARIMA(1,1,0) with drift", rw.spec().toString());
        assertEquals(589.290970, rw.aicc(), 2e-3);
        assertEquals(0.529475, rw.intercept(), 1e-3);
        // R: ARIMA(0,1,3) (KPSS differences this persistent AR(1)), aicc 900.952925
        ArimaModel ar1 = auto(ArimaFitterTest.sim("ar1"), 1);
        assertEquals("ARIMA(0,1,3)", ar1.spec().toString());
        assertEquals(900.952925, ar1.aicc(), 2e-3);
    }

    @Test
    void arma11PicksAnOrderAsGoodAsRs() {
        // R: ARIMA(4,0,1) with mean, aicc 1091.210281; the true ARMA(1,1) has aicc 1090.010611, lower still
        ArimaModel f = auto(ArimaFitterTest.sim("arma11"), 1);
        assertEquals(0, f.spec().d());
        assertEquals(true, f.aicc() <= 1091.210281 + 2e-3, "aicc " + f.aicc());
    }

    @Test
    void m3SeriesGetRsOrdersAndForecasts() {
        // N0001 yearly: R ARIMA(0,2,0), aicc 145.894933
        ArimaModel y = auto(TestSeries.m3("N0001", "train"), 1);
        assertEquals("ARIMA(0,2,0)", y.spec().toString());
        assertEquals(145.894933, y.aicc(), 1e-3);
        Forecast fy = y.forecast("arima", 6, new double[] {0.95});
        close(new double[] {5486.1, 6035.21, 6584.32, 7133.43, 7682.54, 8231.65}, fy.median(), 1e-9, "N0001 mean");
        close(new double[] {5298.755728, 5616.295473, 5883.341922, 6107.303164, 6293.157696, 6444.499550}, fy.band(0.95).lower(), 1e-5, "N0001 lo95");
        // N0700 quarterly: R ARIMA(0,1,0), aicc 531.730735
        ArimaModel q = auto(TestSeries.m3("N0700", "train"), 4);
        assertEquals("ARIMA(0,1,0)", q.spec().toString());
        assertEquals(531.730735, q.aicc(), 1e-3);
        // N1500 monthly: R ARIMA(0,1,1), ma1=-0.841261, aicc 761.897084
        ArimaModel mo = auto(TestSeries.m3("N1500", "train"), 12);
        assertEquals("ARIMA(0,1,1)", mo.spec().toString());
        assertEquals(-0.841261, mo.ma()[0], 2e-3);
        assertEquals(761.897084, mo.aicc(), 5e-3);
        close(new double[] {3028.514254}, new double[] {mo.forecast("arima", 1, new double[] {0.95}).median()[0]}, 1e-4, "N1500 mean");
        // N2900 other: R ARIMA(0,1,0) with drift -62.354839, aicc 681.456935
        ArimaModel o = auto(TestSeries.m3("N2900", "train"), 1);
        assertEquals("ARIMA(0,1,0) with drift", o.spec().toString());
        assertEquals(-62.354839, o.intercept(), 1e-4);
        assertEquals(681.456935, o.aicc(), 1e-3);
        close(new double[] {4252.025838, 4143.022549, 4044.873094}, java.util.Arrays.copyOf(o.forecast("arima", 3, new double[] {0.95}).band(0.95).lower(), 3), 1e-5, "N2900 lo95");
    }

    @Test
    void airPassengersGetsRsSeasonalOrder() {
        // R: ARIMA(2,1,1)(0,1,0)[12], ar1=0.595981 ar2=0.214275 ma1=-0.981877, aicc 1018.165165
        ArimaModel f = auto(TestSeries.airPassengers(), 12);
        assertEquals("ARIMA(2,1,1)(0,1,0)[12]", f.spec().toString());
        assertEquals(1018.165165, f.aicc(), 0.02);
        close(new double[] {445.634901, 420.394997, 449.198316}, f.forecast("arima", 3, new double[] {0.95}).median(), 2e-3, "mean");
    }

    @Test
    void badInputIsRefusedWithTheFieldAndFix() {
        org.sextant.engine.forecast.Forecaster a = org.sextant.engine.forecast.ForecastModels.BUILT_IN.create("arima");
        org.sextant.engine.SextantException e = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class,
                () -> a.forecast(new double[] {1, 2, 3}, 1, 4));
        assertEquals("history", e.field());
        e = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class,
                () -> a.forecast(new double[] {1, 2, 3, Double.NaN, 5, 6}, 1, 4));
        assertEquals("history", e.field());
        e = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class,
                () -> a.forecast(TestSeries.m3("N0001", "train"), 1, 4, new double[] {1.5}));
        assertEquals("levels", e.field());
    }

    @Test
    void constantDataGiveAFlatForecast() {
        double[] y = new double[20];
        java.util.Arrays.fill(y, 7.5);
        Forecast f = new AutoArima().forecast(y, 1, 3, new double[] {0.9});
        close(new double[] {7.5, 7.5, 7.5}, f.median(), 1e-12, "flat");
    }
}
