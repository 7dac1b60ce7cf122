package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.SweepOutputs;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A job's output is bounded in all, not only file by file: more part files, bytes or rows than one import reads are refused
 * naming the bound and the fix, before anything is stored, whichever job wrote it (a backtest, a scan, a sweep; small
 * bounds here stand for the standard ones).
 */
class JobOutputBoundsTest {
    @Test
    void anOutputPastABoundIsRefusedWholeNamingIt(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        Map<String, Object> row = BacktestOutputs.row(store);
        Path threeFiles = BacktestOutputs.write(tmp.resolve("three-files"), row);
        for (String copy : List.of("part-00001.parquet", "part-00002.parquet")) {
            Files.copy(threeFiles.resolve("part-00000.parquet"), threeFiles.resolve(copy));
        }
        Path twoRows = BacktestOutputs.write(tmp.resolve("two-rows"), List.of(row, row));
        Path one = BacktestOutputs.write(tmp.resolve("one"), row);
        long bytes = Files.size(one.resolve("part-00000.parquet"));

        refused(store, tmp, new JobOutputBounds(2, 1L << 30, 100), threeFiles, "holds 3 part files, more than the 2 one import reads");
        refused(store, tmp, new JobOutputBounds(10, 1L << 30, 1), twoRows, "holds 2 rows (its part files' footers say so), more than the 1 one import reads");
        refused(store, tmp, new JobOutputBounds(10, bytes - 1, 100), one,
                "holds " + bytes + " bytes of part files, more than the " + (bytes - 1) + " one import reads");
        assertEquals(List.of(row.get("symbol")), exchange(store, tmp, new JobOutputBounds(1, bytes, 1)).importJob(one, null).imported(), "at its bounds");
    }

    @Test
    void aScanOutputPastABoundIsRefusedWholeNamingIt(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        List<Map<String, Object>> rows = ScanOutputs.genuine(new PriceRepository(store), "naive", 5, null);
        refusedPastEachBound(store, tmp, f -> ScanOutputs.write(f, rows), rows.size());
        assertEquals(List.of(rows.get(0).get("symbol")), atBounds(store, tmp, f -> ScanOutputs.write(f, rows), rows.size()).imported());
    }

    @Test
    void aSweepOutputPastABoundIsRefusedWholeNamingIt(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        int[] jobs = {0};
        Output sweep = f -> SweepOutputs.genuine(store, f, "job-" + jobs[0]++);
        refusedPastEachBound(store, tmp, sweep, 20);
        assertEquals(20, atBounds(store, tmp, sweep, 20).run().configurations());
    }

    /** A job's output written into a folder. */
    private interface Output {
        Path write(Path folder) throws Exception;
    }

    /** {@code output} ({@code rows} rows in one part file) refused past each of the three bounds by one: part files, rows, bytes. */
    private static void refusedPastEachBound(Store store, Path tmp, Output output, int rows) throws Exception {
        Path threeFiles = output.write(tmp.resolve("three-files"));
        for (String copy : List.of("part-00001.parquet", "part-00002.parquet")) {
            Files.copy(threeFiles.resolve("part-00000.parquet"), threeFiles.resolve(copy));
        }
        Path one = output.write(tmp.resolve("one"));
        long bytes = Files.size(one.resolve("part-00000.parquet"));
        refused(store, tmp, new JobOutputBounds(2, 1L << 30, 100), threeFiles, "holds 3 part files, more than the 2 one import reads");
        refused(store, tmp, new JobOutputBounds(10, 1L << 30, rows - 1), one,
                "holds " + rows + " rows (its part files' footers say so), more than the " + (rows - 1) + " one import reads");
        refused(store, tmp, new JobOutputBounds(10, bytes - 1, 100), one,
                "holds " + bytes + " bytes of part files, more than the " + (bytes - 1) + " one import reads");
    }

    /** {@code output} imported with its part file, bytes and rows exactly the bounds. */
    private static JobImport atBounds(Store store, Path tmp, Output output, int rows) throws Exception {
        Path one = output.write(tmp.resolve("at-bounds"));
        return exchange(store, tmp, new JobOutputBounds(1, Files.size(one.resolve("part-00000.parquet")), rows)).importJob(one, "s");
    }

    private static ScaleOutExchange exchange(Store store, Path tmp, JobOutputBounds bounds) {
        return new ScaleOutExchange(store, new ForecastService(store, new PriceRepository(store), tmp.resolve("models")), new ResearchService(store),
                () -> {}, bounds);
    }

    private static void refused(Store store, Path tmp, JobOutputBounds bounds, Path folder, String says) {
        SextantException e = assertThrows(SextantException.class, () -> exchange(store, tmp, bounds).importJob(folder, null), says);
        String m = e.getMessage();
        assertEquals(FailReason.RESOURCE_LIMIT, e.reason(), m);
        assertEquals("output", e.field(), m);
        assertTrue(m.startsWith(folder.toAbsolutePath().normalize() + " " + says) && m.endsWith("nothing was imported"), m);
        assertTrue(e.fix().contains("at most " + bounds.partFiles() + " partitions (--partitions)"), e.fix());
        assertEquals(0, BacktestOutputs.stored(store, "forecast_backtests"), "nothing stored: " + m);
        assertEquals(0, BacktestOutputs.stored(store, "forecasts"), "nothing stored: " + m);
        assertEquals(0, SweepOutputs.stored(store), "no run, no session: " + m);
    }
}
