package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.testing.TempSextant;

/**
 * get_backtest_error estimates its fits before the first one: a request over what its budget
 * allows is refused at once naming the field and a value that fits; the request just under
 * (built from the same estimate and budget) passes and computes.
 */
class BacktestCostTest {
    @TempSextant private Sextant engine;

    /** The seconds of fitting the local API's budget allows a backtest. */
    private static final double ALLOWED = BacktestCost.BUDGET_SHARE * ApiRoutes.READ_BUDGET.toSeconds();

    @Test
    void overTheBoundIsRefusedNamingTheLargestEvalFractionThatFits() {
        PriceSeries nyse = engine.getClosePrice("NYSE", null, null);
        assertTrue(BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, "arima", null, null, null) > ALLOWED, "ARIMA over 40% of NYSE is over the bound");
        SextantException e = assertThrows(SextantException.class,
                () -> BacktestCost.refuseBeyond(ALLOWED, ForecastModels.BUILT_IN, nyse, "arima", null, null, null, BacktestCost.DAILY_JOB));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("eval_fraction", e.field());
        assertTrue(e.getMessage().startsWith("the walk-forward backtest would compute for about "), e.getMessage());
        assertTrue(e.fix().contains("start_forecast_backtest"), e.fix());
        Matcher m = Pattern.compile("set eval_fraction to (0\\.\\d\\d) or less").matcher(e.fix());
        assertTrue(m.find(), e.fix());
        double fits = Double.parseDouble(m.group(1));
        // just under: the fraction named passes and computes; one hundredth more is over
        assertDoesNotThrow(() -> BacktestCost.refuseBeyond(ALLOWED, ForecastModels.BUILT_IN, nyse, "arima", null, null, fits, null));
        assertThrows(SextantException.class, () -> BacktestCost.refuseBeyond(ALLOWED, ForecastModels.BUILT_IN, nyse, "arima", null, null, fits + 0.01, null));
    }

    @Test
    void theGlobalModelsEstimateDoesNotGrowWithTheHistoryAsTheFitsOfOneSeriesDo() {
        // its fits read a window of the last closes (FitCostBenchmark: 0.11 ms at 1,000 closes, 0.12 at 9,000); as theta's class
        // it was estimated at 0.14 s on this walk-forward where it takes 0.02-0.03 s, and more the longer the history
        PriceSeries nyse = engine.getClosePrice("NYSE", null, null);
        double global = BacktestCost.costClass("global").seconds(1000, 1000L * nyse.size());
        assertTrue(global < 0.25, "1,000 fits of the global model on NYSE's closes: estimated " + global + " s");
        assertTrue(global < BacktestCost.costClass("theta").seconds(1000, 1000L * nyse.size()) / 10, "cheaper than theta at this length");
    }

    @Test
    void aRequestJustUnderTheBoundRuns() {
        PriceSeries ko = engine.getClosePrice("KO", null, null);
        // a bound set at this request's own estimate: it passes, and the same call without a budget computes it
        double estimate = BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, ko, "theta", null, "60", null);
        assertDoesNotThrow(() -> BacktestCost.refuseBeyond(estimate, ForecastModels.BUILT_IN, ko, "theta", null, "60", null, null));
        assertThrows(SextantException.class, () -> BacktestCost.refuseBeyond(Math.nextDown(estimate), ForecastModels.BUILT_IN, ko, "theta", null, "60", null, null));
        assertTrue(engine.getBacktestError("KO", "theta", null, "60", null, null).origins() > 0);
    }

    @Test
    void whenNoFractionFitsAFasterModelIsNamed() {
        PriceSeries nyse = engine.getClosePrice("NYSE", null, null);
        double calibrationOnly = BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, "ets", null, null, 0.01);
        SextantException e = assertThrows(SextantException.class,
                () -> BacktestCost.refuseBeyond(calibrationOnly / 2, ForecastModels.BUILT_IN, nyse, "ets", null, null, null, null));
        assertEquals("model", e.field(), e.getMessage());
        assertTrue(e.fix().startsWith("use a faster model such as "), e.fix());
        assertTrue(!e.fix().contains("background job"), "no job backtests this request: " + e.fix());
    }

    /**
     * Every evaluated origin's bands are calibrated at every horizon step whatever the model, priced as a live forecast's
     * ({@link BacktestCost#calibrationSeconds}): naive's fits on NYSE at weekly origins are hundredths of a second, its
     * 745 origins at horizon 260 seconds of calibration. Over an (injected) allowance that no eval_fraction meets but a
     * shorter horizon does, it is refused on horizon, naming the longest that fits.
     */
    @Test
    void aLongHorizonIsPricedAndRefusedNamingTheLongestHorizonThatFits() {
        PriceSeries nyse = engine.getClosePrice("NYSE", null, null);
        int[] fits = ForecastBacktestRun.fitOrigins(ForecastModels.BUILT_IN, nyse, "naive", 260, "5", null, null);
        long closes = java.util.Arrays.stream(fits).asLongStream().sum();
        double at260 = BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, "naive", 260, "5", null);
        assertTrue(at260 > 20 * BacktestCost.costClass("naive").seconds(fits.length, closes), "the bands' calibration is most of it: " + at260);
        double allowed = BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, "naive", 3, "5", null);
        assertTrue(BacktestCost.estimatedSeconds(ForecastModels.BUILT_IN, nyse, "naive", 260, "5", 0.01) > allowed, "no eval_fraction fits");
        SextantException e = assertThrows(SextantException.class,
                () -> BacktestCost.refuseBeyond(allowed, ForecastModels.BUILT_IN, nyse, "naive", 260, "5", null, BacktestCost.DAILY_JOB));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("horizon", e.field(), e.getMessage() + " / " + e.fix());
        assertTrue(e.fix().startsWith("set horizon to 3 or less"), e.fix());
        assertTrue(e.getMessage().contains("the bands of 745 evaluated origins calibrated at 260 horizon steps each"), e.getMessage());
        assertDoesNotThrow(() -> BacktestCost.refuseBeyond(allowed, ForecastModels.BUILT_IN, nyse, "naive", 3, "5", null, null));
        assertThrows(SextantException.class, () -> BacktestCost.refuseBeyond(allowed, ForecastModels.BUILT_IN, nyse, "naive", 4, "5", null, null));
    }

    /** Through the local API (the MCP tool and the CLI call it): refused before any fit, so resource_limit and not the budget's timeout. */
    @Test
    void theApiRefusesAtOnceDailyAndAtAnInterval() {
        ApiRoutes routes = new ApiRoutes(engine, java.util.Map::of);
        SextantException daily = assertThrows(SextantException.class, () -> call(routes, "{\"symbol\":\"NYSE\",\"model\":\"ets\"}"));
        assertEquals("resource_limit", daily.failReason(), daily.getMessage());
        assertEquals("model", daily.field(), "ETS's calibration fits alone on NYSE's 9,309 closes take more than half the budget: " + daily.getMessage());
        assertTrue(daily.fix().contains("start_forecast_backtest"), daily.fix());
        SextantException bars = assertThrows(SextantException.class, () -> call(routes, "{\"symbol\":\"USDCHF\",\"interval\":\"30m\",\"model\":\"ets\"}"));
        assertEquals("resource_limit", bars.failReason(), bars.getMessage());
        assertTrue(!bars.fix().contains("start_forecast_backtest"), "no job backtests bars: " + bars.fix());
    }

    private static Object call(ApiRoutes routes, String args) {
        return routes.dispatch(new org.sextant.engine.api.ApiCall("get_backtest_error", org.sextant.engine.Json.MAPPER.readTree(args)));
    }
}
