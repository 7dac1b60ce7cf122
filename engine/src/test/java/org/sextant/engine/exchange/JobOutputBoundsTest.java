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
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A job's output is bounded in all, not only file by file: more part files, bytes or rows than one import reads are refused
 * naming the bound and the fix, before anything is stored (small bounds here stand for the standard ones).
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

    private static ScaleOutExchange exchange(Store store, Path tmp, JobOutputBounds bounds) {
        return new ScaleOutExchange(store, new ForecastService(store, new PriceRepository(store), tmp.resolve("models")), null, () -> {}, bounds);
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
    }
}
