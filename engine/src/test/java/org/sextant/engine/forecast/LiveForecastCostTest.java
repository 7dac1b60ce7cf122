package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.engine.testing.TempSextant;

/**
 * A live forecast estimates its calibration fits before the first one: ETS on USDCHF's 62,000
 * half-hour bars (minutes of fitting) is refused at once naming a faster model, instead of
 * computing until the 40 s budget stops it; a request at its own estimate passes and computes.
 */
class LiveForecastCostTest {
    @TempSextant private Sextant engine;

    private static final double ALLOWED = BacktestCost.BUDGET_SHARE * ApiRoutes.READ_BUDGET.toSeconds();

    @Test
    void etsOnHalfHourBarsIsRefusedAtOnceThroughTheApiNamingAFasterModel() {
        int bars = engine.getBars("USDCHF", "30m", null, null).size();
        assertTrue(LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, bars, "ets", 20) > ALLOWED, "ETS on every 30m bar is over the bound");
        ApiRoutes routes = new ApiRoutes(engine, java.util.Map::of);
        SextantException e = assertThrows(SextantException.class, () -> routes.dispatch(new org.sextant.engine.api.ApiCall("get_forecast",
                org.sextant.engine.Json.MAPPER.readTree("{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"model\":\"ets\"}"))));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("model", e.field());
        assertTrue(e.getMessage().startsWith("the forecast would compute for about "), e.getMessage());
        assertTrue(e.getMessage().contains("fits of model ets on up to " + bars + " bars"), e.getMessage());
        assertEquals("use a faster model such as theta, or ask at a coarser interval (fewer bars to fit)", e.fix());
    }

    @Test
    void aForecastAtItsOwnEstimatePassesAndComputes() {
        int closes = engine.getClosePrice("KO", null, null).size();
        double estimate = LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, closes, "theta", 20);
        assertDoesNotThrow(() -> LiveForecastCost.refuseBeyond(estimate, ForecastModels.BUILT_IN, closes, "theta", 20, false));
        SextantException under = assertThrows(SextantException.class,
                () -> LiveForecastCost.refuseBeyond(Math.nextDown(estimate), ForecastModels.BUILT_IN, closes, "theta", 20, false));
        // daily closes: a forecast job stores it without a time limit, and get_forecast answers from it
        assertTrue(under.fix().contains("start_forecast"), under.fix());
        assertFalse(under.fix().contains("coarser interval"), under.fix());
        assertTrue(engine.getForecast("KO", "theta", 20, null, null) != null);
    }

    /**
     * Calibrating every origin's bands at every step costs whatever the model: naive's fits on NYSE are
     * 0.02 s but its 302 origins at horizon 260 sort residuals for seconds. A forecast over an (injected)
     * allowance that a shorter horizon meets is refused on horizon, naming the longest that fits.
     */
    @Test
    void aLongHorizonIsPricedAndRefusedNamingTheLongestHorizonThatFits() {
        int closes = engine.getClosePrice("NYSE", null, null).size();
        double at260 = LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, closes, "naive", 260);
        assertTrue(at260 > 2, "the calibration of 302 origins at 260 steps is priced: " + at260);
        double allowed = LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, closes, "naive", 100);
        SextantException e = assertThrows(SextantException.class,
                () -> LiveForecastCost.refuseBeyond(allowed, ForecastModels.BUILT_IN, closes, "naive", 260, false));
        assertEquals("resource_limit", e.failReason());
        assertEquals("horizon", e.field(), e.getMessage());
        assertTrue(e.fix().startsWith("set horizon to 100 or less, or store it with start_forecast"), e.fix());
        assertTrue(e.getMessage().contains("at 260 horizon steps each"), e.getMessage());
        assertDoesNotThrow(() -> LiveForecastCost.refuseBeyond(allowed, ForecastModels.BUILT_IN, closes, "naive", 100, false));
    }
}
