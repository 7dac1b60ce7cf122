package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Contract every built-in model keeps: nested bands, widening with level, clear input errors. */
class ForecastModelsTest {
    private static final double[] MONTHLY = TestSeries.m3("N1500", "train");

    @Test
    void everyModelGivesNestedBandsAtTheDefaultLevels() throws Exception {
        ForecastModels catalogue = org.sextant.engine.forecast.global.TrainedGlobal.catalogue(18); // global and comb_global need a trained model
        for (String name : ForecastModels.names()) {
            Forecast f = catalogue.create(name).forecast(MONTHLY, 12, 18);
            assertEquals(18, f.horizon(), name);
            assertEquals(3, f.bands().size(), name);
            double[] med = f.median();
            for (int i = 0; i < 18; i++) {
                double l80 = f.band(0.8).lower(i), l95 = f.band(0.95).lower(i), l99 = f.band(0.99).lower(i);
                double u80 = f.band(0.8).upper(i), u95 = f.band(0.95).upper(i), u99 = f.band(0.99).upper(i);
                assertTrue(l99 < l95 && l95 < l80 && l80 < med[i] && med[i] < u80 && u80 < u95 && u95 < u99, name + " step " + (i + 1));
            }
        }
    }

    @Test
    void logScaleGivesPositiveSkewedPriceBands() {
        double[] prices = new double[300];
        double p = 100;
        java.util.SplittableRandom r = new java.util.SplittableRandom(9);
        for (int t = 0; t < prices.length; t++) prices[t] = p *= Math.exp(0.01 * (r.nextDouble() - 0.5));
        Forecast f = ForecastModels.BUILT_IN.forPrices("naive").forecast(prices, 1, 20);
        assertEquals(prices[prices.length - 1], f.median()[19], 1e-9);
        QuantileBand b = f.band(0.95);
        // exp of a symmetric band: the upside is larger than the downside, and the band stays positive
        assertTrue(b.upper(19) - f.median()[19] > f.median()[19] - b.lower(19));
        assertTrue(b.lower(19) > 0);
    }

    @Test
    void unknownModelNamesTheKnownOnes() {
        SextantException e = assertThrows(SextantException.class, () -> ForecastModels.BUILT_IN.create("prophet"));
        assertEquals("invalid_input", e.failReason());
        assertEquals("model", e.field());
        assertTrue(e.fix().contains("theta") && e.fix().contains("ets"), e.fix());
        SextantException retired = assertThrows(SextantException.class, () -> ForecastModels.BUILT_IN.create("theta_opt"));
        assertEquals("model", retired.field());
        assertEquals("model 'theta_opt' was renamed 'otm' before 1.0", retired.getMessage());
    }

    @Test
    void badInputIsRefusedBeforeWork() {
        Forecaster ets = ForecastModels.BUILT_IN.create("ets");
        assertField("history", () -> ets.forecast(new double[] {1, 2, 3}, 1, 5));
        assertField("history", () -> ets.forecast(new double[] {1, 2, Double.NaN, 4, 5, 6}, 1, 5));
        assertField("levels", () -> ets.forecast(MONTHLY, 12, 5, new double[] {0.8, 1.0}));
        assertField("levels", () -> ets.forecast(MONTHLY, 12, 5, new double[] {0}));
        assertField("horizon", () -> ets.forecast(MONTHLY, 12, 0));
        assertField("period", () -> ets.forecast(MONTHLY, 0, 5));
        assertField("history", () -> ForecastModels.BUILT_IN.forPrices("theta").forecast(new double[] {5, 4, 0, 3, 2, 1, 2}, 1, 5));
        assertField("history", () -> ForecastModels.BUILT_IN.create("snaive").forecast(new double[] {1, 2, 3}, 12, 5));
    }

    private static void assertField(String field, org.junit.jupiter.api.function.Executable call) {
        SextantException e = assertThrows(SextantException.class, call);
        assertEquals("invalid_input", e.failReason());
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.fix() != null && !e.fix().isBlank());
    }
}
