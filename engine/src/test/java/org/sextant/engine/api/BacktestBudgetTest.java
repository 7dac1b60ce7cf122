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
 * The synchronous backtest is bounded like a read (attack pass 5: an ETS forecast node refitted
 * every bar on IBM and KO took 78 s in one call, could not be cancelled and stored its run after
 * its client had gone): past the budget it stops with timeout naming start_backtest, and stores
 * and counts nothing.
 */
class BacktestBudgetTest {
    @TempSextant private Sextant engine;

    // an ETS fit at every bar of 1991-2001 on two symbols: thousands of fits, far more than a second
    private static final String SLOW = "{\"session_id\":\"slow\",\"symbols\":[\"IBM\",\"KO\"],\"threads\":%d,\"spec\":{\"version\":1,\"name\":\"slow\",\"nodes\":{"
            + "\"fc\":{\"type\":\"forecast\",\"params\":{\"model\":\"ets\",\"every\":1,\"window\":250}},"
            + "\"long\":{\"type\":\"forecast_above\",\"inputs\":{\"forecast\":\"fc\"}},"
            + "\"size\":{\"type\":\"fixed_fraction\",\"inputs\":{\"signal\":\"long\"}},"
            + "\"book\":{\"type\":\"equal_weight\",\"inputs\":{\"position\":\"size\"}},"
            + "\"run\":{\"type\":\"execution\",\"inputs\":{\"weights\":\"book\"}}}}}";

    @Test
    void aBacktestPastTheBudgetStopsWithTimeoutAndStoresNothing() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(1), 2, ApiRoutes.TURN_WAIT);
        for (int threads : new int[] {1, 2}) { // the sweep's worker threads see the budget too
            SextantException e = assertThrows(SextantException.class, () -> call(routes, "backtest", SLOW.formatted(threads)));
            assertEquals("timeout", e.failReason(), e.getMessage());
            assertTrue(e.getMessage().startsWith("backtest computed for its whole budget of 1 s"), e.getMessage());
            assertTrue(e.fix().startsWith("nothing was stored; run it as a background job with start_backtest"), e.fix());
        }
        assertTrue(engine.listRuns(null, 5).isEmpty(), "no run stored");
        assertEquals(0, engine.getSessionRegistry("slow").runs(), "nor counted in the session");
    }

    @Test
    void aBacktestWhoseCallerWentAwayStopsAndStoresNothing() {
        ApiRoutes routes = new ApiRoutes(engine, Map::of, Duration.ofSeconds(600), 2, ApiRoutes.TURN_WAIT);
        assertThrows(java.util.concurrent.CancellationException.class,
                () -> routes.dispatch(new ApiCall("backtest", Json.MAPPER.readTree(SLOW.formatted(2))), () -> true));
        assertTrue(engine.listRuns(null, 5).isEmpty(), "no run stored");
    }

    private static Object call(ApiRoutes routes, String method, String args) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(args)));
    }
}
