package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A read of the local API computes within its budget and takes a turn on the cores: a call the
 * launcher has given up on stops instead of holding a core, and a burst of model fits cannot
 * starve the app's other callers (the exploratory test found ETS forecasts of the NYSE still
 * fitting minutes after their callers timed out, four of them at once).
 */
class ReadBudgetTest {
    @TempSextant private Sextant engine;

    // ETS on 9,000 NYSE closes, an origin every 10 closes over the last 90%: many minutes of fits unbounded
    private static final String LONG_BACKTEST = "{\"symbol\":\"NYSE\",\"model\":\"ets\",\"origins\":\"10\",\"eval_fraction\":0.9}";

    /** A backtest estimated past its budget is refused before its first fit (docs/forecast.md, "Cost of a backtest"), its turn given back. */
    @Test
    void aBacktestEstimatedPastItsBudgetIsRefusedAtOnce() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(1), 2, ApiRoutes.TURN_WAIT);
        SextantException e = assertThrows(SextantException.class, () -> call(routes, "get_backtest_error", LONG_BACKTEST));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("model", e.field(), "even its calibration fits alone take ETS past 1 s: " + e.getMessage());
        assertTrue(e.fix().startsWith("use a faster model such as ") && e.fix().contains("start_forecast_backtest"), e.fix());
        assertEquals(2, routes.computing.free(), "its turn is given back");
    }

    /**
     * A scan prices its missing forecasts against its budget before fitting them: ARIMA at 260 steps does not fit in 1 s, so
     * it answers at once, the symbols under not_computed (not skipped: nothing is wrong with them) with the reason and the
     * fix, instead of computing until its budget stopped it with nothing to show (attack 12, L3: 504 after 40 s, twice).
     */
    @Test
    void aScanOverItsBudgetAnswersWithWhatItCouldAffordInsteadOfATimeout() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(1), 2, ApiRoutes.TURN_WAIT);
        org.sextant.engine.forecast.ScanResult r = (org.sextant.engine.forecast.ScanResult) call(routes, "scan_forecasts",
                "{\"model\":\"arima\",\"horizon\":260,\"symbols\":[\"IBM\",\"KO\",\"AA\",\"MSFT\"]}");
        assertEquals(java.util.List.of("IBM", "KO", "AA", "MSFT"), r.notComputed(), r.note());
        assertEquals(java.util.List.of(), r.skipped());
        assertTrue(r.note().contains("beyond the 0.5 s of this call's budget its forecasts may take") && r.note().contains("start_scan"), r.note());
        assertEquals(2, routes.computing.free(), "its turn is given back");
    }

    /** The analogue reads have no model or job to switch to: their refusals name their own knobs. */
    @Test
    void analogueReadsGiveTheirOwnFix() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(8), 2, ApiRoutes.TURN_WAIT);
        SextantException big = assertThrows(SextantException.class, () -> call(routes, "analogue_calibration", "{\"horizon\":20,\"step_days\":1,\"top_k\":500}"));
        assertEquals("resource_limit", big.failReason(), big.getMessage());
        assertEquals("step_days", big.field());
        assertTrue(big.fix().startsWith("raise step_days to "), big.fix());
        assertEquals(2, routes.computing.free(), "its turn is given back");
        ApiRoutes instant = new ApiRoutes(engine, Map::of, Duration.ofMillis(1), 2, ApiRoutes.TURN_WAIT);
        SextantException late = assertThrows(SextantException.class, () -> call(instant, "compare_to_history", "{\"horizon\":5}"));
        assertEquals("timeout", late.failReason(), late.getMessage());
        assertTrue(late.fix().contains("top_k") && !late.fix().contains("theta") && !late.fix().contains("start_forecast"), late.fix());
        for (var c : java.util.List.of(org.sextant.contract.Capabilities.ANALOGUE_CALIBRATION, org.sextant.contract.Capabilities.COMPARE_TO_HISTORY)) {
            assertTrue(!ApiRoutes.readFix(c).contains("theta") && ApiRoutes.readFix(c).contains("top_k"), ApiRoutes.readFix(c));
        }
        assertTrue(ApiRoutes.readFix(org.sextant.contract.Capabilities.ANALOGUE_CALIBRATION).contains("raise step_days"));
        assertEquals(ApiRoutes.RENDER_FIX, ApiRoutes.readFix(org.sextant.contract.Capabilities.RENDER_CHART), "a picture's own knobs: days, width, height");
    }

    @Test
    void computingReadsWaitForATurnWhileOtherReadsAnswerAtOnce() throws Exception {
        // a budget far longer than the wait for a turn: a call is turned away after the wait, not after its budget
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(1), 1, Duration.ofSeconds(1));
        ApiRoutes patient = new ApiRoutes(engine, Map::of, Duration.ofSeconds(20), 1, Duration.ofSeconds(1));
        routes.computing.acquire("another call", 0); // another call's forecast holds the only core
        patient.computing.acquire("another call", 0);
        try {
            SextantException e = assertThrows(SextantException.class, () -> call(routes, "get_forecast", "{\"symbol\":\"IBM\"}"));
            assertEquals("resource_limit", e.failReason(), e.getMessage());
            assertTrue(e.getMessage().contains("waited 1 s for a turn"), e.getMessage());
            SextantException early = assertThrows(SextantException.class, () -> call(patient, "get_forecast", "{\"symbol\":\"IBM\"}"));
            assertTrue(early.getMessage().contains("waited 1 s for a turn"), "not its 20 s budget: " + early.getMessage());
            assertEquals(39, ((Map<?, ?>) call(routes, "list_symbols", "{}")).get("count"), "a read from the store needs no turn");
        } finally {
            routes.computing.release("another call");
            patient.computing.release("another call");
        }
        assertEquals(1, routes.computing.free());
        try { // with the core free it gets its turn: it answers, or computes until its (short) budget ends, never resource_limit
            assertEquals("IBM", ((org.sextant.engine.forecast.PriceForecast) call(routes, "get_forecast", "{\"symbol\":\"IBM\"}")).symbol());
        } catch (SextantException e) {
            assertEquals("timeout", e.failReason(), e.getMessage());
        }
        assertEquals(1, routes.computing.free(), "and gives it back");
    }

    private static Object call(ApiRoutes routes, String method, String args) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)));
    }
}
