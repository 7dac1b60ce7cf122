package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast job's output of many error rows imports answering the first {@link CappedFailures#KEPT} of them and how many
 * more, not all of them (attack 31 F2: a million forged error rows held whole took 7 GB).
 */
public class ImportFailuresCappedTest {
    static final int ERRORS = 250;

    @Test
    void aScanOfManyErrorRowsListsTheFirstHundredAndCountsTheRest(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        PriceRepository prices = new PriceRepository(store);
        ScaleOutExchange exchange = new ScaleOutExchange(store, new ForecastService(store, prices, tmp.resolve("models")), null, () -> {});
        Path folder = ScanOutputs.write(tmp.resolve("scan"), ScanOutputs.genuine(prices, "naive", 3, "model"));
        JobOutputFiles.addErrorRows(folder, ForecastScanRows.COLUMNS, c -> List.of("horizon", "min_history", "history_rows").contains(c) ? "INTEGER" : "VARCHAR", ERRORS);
        JobImport r = exchange.importJob(folder, null);
        assertEquals(1, r.imported().size(), String.valueOf(r.failed()));
        assertCapped(r.failed(), ERRORS);
    }

    @Test
    void aBacktestOfManyErrorRowsListsTheFirstHundredAndCountsTheRest(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        Path folder = BacktestOutputs.write(tmp.resolve("backtest"), BacktestOutputs.row(store));
        JobOutputFiles.addErrorRows(folder, ForecastBacktestRows.COLUMNS, BacktestOutputs::type, ERRORS);
        JobImport r = exchange.importJob(folder, null);
        assertEquals(1, r.imported().size(), String.valueOf(r.failed()));
        assertCapped(r.failed(), ERRORS);
    }

    /** {@link CappedFailures#KEPT} symbols' failures, then one entry of how many more: the answer a user reads. */
    public static void assertCapped(List<Map<String, Object>> failed, int errors) {
        assertEquals(CappedFailures.KEPT + 1, failed.size(), "the first 100 failures and the count of the rest");
        assertEquals(CappedFailures.KEPT, failed.stream().filter(f -> !CappedFailures.isMore(f)).count());
        Map<String, Object> more = failed.get(failed.size() - 1);
        assertEquals((long) (errors - CappedFailures.KEPT), more.get("more"));
        assertEquals("\u2026 and " + (errors - CappedFailures.KEPT) + " more", more.get("error"));
        assertTrue(failed.get(0).get("error").toString().startsWith("too little history"), failed.get(0).toString());
    }
}
