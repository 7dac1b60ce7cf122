package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * A forecast job's output of 200,000 error rows of 600 characters imports under a DuckDB memory limit of 160 MB, answering
 * the first 100 and how many more: their count comes from the footers and only the first 100 error cells are read. Read
 * whole to sort them, each row group's error cells were refused (resource_limit) under that limit (docs/scale-out.md).
 */
class ErrorRowsUnderMemoryLimitTest {
    static final int ERRORS = 200_000;

    @ParameterizedTest
    @ValueSource(strings = {"scan", "backtest"})
    void manyLongErrorRowsImportUnderASmallMemoryLimit(String job, @TempDir Path tmp) throws Exception {
        Path folder = tmp.resolve(job);
        ForgeForecastFailures.main(new String[]{job, folder.toString(), Integer.toString(ERRORS)});
        try (Store store = SmallStore.open(tmp.resolve("home"), "160MB", "64MB")) {
            ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
            JobImport r = exchange.importJob(folder, null);
            List<Map<String, Object>> failed = r.failed();
            assertEquals(CappedFailures.KEPT + 1, failed.size(), "the first 100 failures and the count of the rest");
            for (int i = 0; i < CappedFailures.KEPT; i++) {
                assertEquals(String.format("S%08d", i), failed.get(i).get("symbol"), "the first 100 by symbol");
                assertTrue(failed.get(i).get("error").toString().startsWith(md5(i)), "each symbol's own error cell");
            }
            assertEquals((long) (ERRORS - CappedFailures.KEPT), failed.get(CappedFailures.KEPT).get("more"));
        }
    }

    /** The forged error cell's start: md5 of the row's number, as ForgeForecastFailures writes it. */
    private static String md5(int i) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("MD5").digest(Integer.toString(i).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
