package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.OutOfSampleStart;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast backtest job's --oos-start is in its output and in the imported backtest: a backtest whose first origins an
 * --oos-start cut off no longer reads as one started later. A forged cell (not a date, or not where the row's origins start)
 * refuses the output; an output written before the column still imports, saying it is not recorded.
 */
class BacktestOosStartTest {
    @Test
    void theJobsOosStartIsStoredAndShown(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        PriceSeries p = closes(store);
        LocalDate oos = p.dates().get(200);
        Path folder = BacktestOutputs.write(tmp.resolve("oos"), row(p, oos));
        JobImport imported = exchange.importJob(folder, null);
        assertEquals(oos.toString(), imported.oosStart(), "the import's answer says it");
        assertEquals(oos.toString(), shown(store, p), "and so does the stored backtest");

        // a job given none: its origins over the last 40%, said so
        JobImport whole = exchange.importJob(BacktestOutputs.write(tmp.resolve("last"), row(p, null)), null);
        assertEquals(OutOfSampleStart.LAST_40, whole.oosStart());
        assertEquals(OutOfSampleStart.LAST_40, shown(store, p));
    }

    @Test
    void aForgedOosStartIsRefusedNothingStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        PriceSeries p = closes(store);
        // origins from close 200 said to start at close 100: the backtest would read as twice as long as it is
        Map<String, Object> earlier = row(p, p.dates().get(200));
        earlier.put("oos_start", p.dates().get(100).toString());
        refused(store, exchange, BacktestOutputs.write(tmp.resolve("earlier"), earlier), "is not where the row's scored origins start on the closes it read"
                + " (its first origin is " + p.dates().get(199) + ")");
        // the last 40% said to be a cut from close 100
        Map<String, Object> cut = row(p, null);
        cut.put("oos_start", p.dates().get(100).toString());
        refused(store, exchange, BacktestOutputs.write(tmp.resolve("cut"), cut), "is not where the row's scored origins start");
        // a date after the closes, and a text that is no date: named by the column, the text not quoted
        Map<String, Object> after = row(p, p.dates().get(200));
        after.put("oos_start", "2999-01-01");
        refused(store, exchange, BacktestOutputs.write(tmp.resolve("after"), after), "is not where the row's scored origins start");
        Map<String, Object> text = row(p, null);
        text.put("oos_start", "\u001b[31myesterday");
        String m = refused(store, exchange, BacktestOutputs.write(tmp.resolve("text"), text), "is not an ISO date or 'last 40%' (the --oos-start the job writes)");
        assertTrue(!m.contains("yesterday"), m);
    }

    @Test
    void anOutputWrittenBeforeTheColumnImportsSayingItIsNotRecorded(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        PriceSeries p = closes(store);
        Path folder = JobOutputFiles.write(tmp.resolve("old"), ForecastBacktestRows.REQUIRED, BacktestOutputs::type,
                java.util.List.of(row(p, p.dates().get(200))));
        JobImport imported = exchange.importJob(folder, null);
        assertEquals(JobOutput.FORECAST_BACKTEST, imported.job(), "told by the columns it has");
        assertEquals(java.util.List.of(p.symbol()), imported.imported());
        assertEquals(OutOfSampleStart.NOT_RECORDED, imported.oosStart());
        assertEquals(OutOfSampleStart.NOT_RECORDED, shown(store, p));
    }

    private static PriceSeries closes(Store store) {
        PriceRepository prices = new PriceRepository(store);
        return prices.closes(prices.symbols(null).get(0).symbol(), null, null);
    }

    /** The row the job writes for a naive 3-step backtest every 10th close from {@code oos} (null: the last 40%). */
    private static Map<String, Object> row(PriceSeries p, LocalDate oos) {
        ForecastBacktestRun.Computed c = ForecastBacktestRun.run(ForecastModels.BUILT_IN, p, "naive", 3, "10", null, oos, null, null);
        return new java.util.LinkedHashMap<>(ForecastBacktestRows.ok(c, p.size(), oos));
    }

    private static Object shown(Store store, PriceSeries p) {
        return new ForecastStore(store).backtest(p.symbol(), "naive", 3).summary().get("oos_start");
    }

    private static String refused(Store store, ScaleOutExchange exchange, Path folder, String says) {
        SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, null), says);
        String m = e.getMessage();
        assertEquals("output", e.field(), m);
        assertTrue(m.contains("part-00000.parquet in " + folder) && m.contains("column oos_start " + says), m);
        assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), "nothing stored: " + m);
        return m;
    }
}
