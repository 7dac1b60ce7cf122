package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.BacktestReplay;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast backtest job's output is imported a batch of rows at a time (before, every row's forecasts were held until all
 * were stored, bounded only by the 2 GiB output bound): an output of more rows than a batch is stored whole while the import
 * holds one batch of rows at most, in one transaction, and an output that changes between the passes that check it and the
 * one that stores it is refused with nothing stored.
 */
class BacktestImportBatchesTest {
    private static final int SYMBOLS = 7;

    @Test
    void anOutputOfMoreRowsThanABatchIsStoredHoldingOneBatchAtATime(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        Path folder = BacktestOutputs.write(tmp.resolve("out"), rows(store));
        ForecastService.BacktestJobImport done = service(store, tmp).importBacktestJob(folder, BacktestReplay.standard(), 3);
        assertEquals(SYMBOLS, done.imported().size(), "every row stored: " + done.failed());
        assertEquals(3, done.rowsHeld(), "the most rows held parsed at once: one batch");
        assertEquals(SYMBOLS, BacktestOutputs.stored(store, "forecast_backtests"));
        assertTrue(done.replayed() > 0 && done.replayed() == done.replayedOf(), "every row run again whole: " + done.replayed() + " of " + done.replayedOf());
    }

    @Test
    void anOutputChangedWhileItIsImportedIsRefusedWithNothingStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        List<Map<String, Object>> rows = rows(store);
        Path folder = BacktestOutputs.write(tmp.resolve("out"), rows);
        rows.get(rows.size() - 1).put("error_field", "changed"); // the last row's one cell, its backtest the same
        Path other = BacktestOutputs.write(tmp.resolve("other"), rows);
        byte[] changed = Files.readAllBytes(other.resolve("part-00000.parquet"));
        boolean[] written = {false};
        // the replay's fits (after the first pass read every row) look for a cancel: there the part file is rewritten in place
        SextantException e = assertThrows(SextantException.class, () -> Cancellation.watching(() -> {
            if (!written[0]) {
                written[0] = true;
                try {
                    Files.write(folder.resolve("part-00000.parquet"), changed); // the same file, truncated and written again: the staged link sees it
                } catch (java.io.IOException io) {
                    throw new java.io.UncheckedIOException(io);
                }
            }
            return false;
        }, () -> service(store, tmp).importBacktestJob(folder, BacktestReplay.standard(), 3)));
        assertTrue(written[0]);
        assertEquals("output", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("the output changed while it was imported") && e.getMessage().endsWith("nothing was imported"), e.getMessage());
        assertTrue(e.fix().contains("untouched until its import ends"), e.fix());
        assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), "nothing stored");
        assertEquals(0, BacktestOutputs.stored(store, "forecasts"), "nothing stored");
    }

    /** {@link #SYMBOLS} Dow symbols of 300 closes, and the row the job writes for each: a naive 3-step backtest at every 10th close of the last 40%. */
    private static List<Map<String, Object>> rows(Store store) {
        JobOutputFiles.dowSymbols(store, SYMBOLS, 300);
        PriceRepository prices = new PriceRepository(store);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (var s : prices.symbols(null)) {
            PriceSeries p = prices.closes(s.symbol(), null, null);
            ForecastBacktestRun.Computed c = ForecastBacktestRun.run(ForecastModels.BUILT_IN, p, "naive", 3, "10", null, null, null, null);
            rows.add(new java.util.LinkedHashMap<>(ForecastBacktestRows.ok(c, p.size())));
        }
        assertEquals(SYMBOLS, rows.size());
        return rows;
    }

    private static ForecastService service(Store store, Path tmp) {
        return new ForecastService(store, new PriceRepository(store), tmp.resolve("models"));
    }
}
