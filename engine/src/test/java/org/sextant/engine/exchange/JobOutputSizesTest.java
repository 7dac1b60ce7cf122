package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * A job output's part file is checked from its footer before a value is read, as a price file is (attack 18 M1: a list of
 * 100,000 strings of 900 characters a row in a few KB of zstd filled DuckDB's memory when read). The store may hold 64 MB.
 */
class JobOutputSizesTest {
    @TempDir Path dir;

    @Test
    void aListInAColumnOfOneValueIsRefusedFromTheFooterWithNothingRead() throws Exception {
        Path out = output("listed", "list_transform(range(100000), lambda k: repeat('x', 900))", 2);
        assertTrue(Files.size(out.resolve("part-00000.parquet")) < 100_000, "a few KB on disk");
        try (Store store = SmallStore.open(dir.resolve("home"), "64MB", "32MB")) {
            SextantException e = assertThrows(SextantException.class, () -> ForecastScanImport.read(store, out));
            assertEquals("output", e.field());
            assertEquals("part-00000.parquet in " + out + ", column error holds 200000 values in row group 1 for 2 rows, more than the 1 a row of the job "
                    + "holds (the file's footer says so; no value was read): the output is corrupt or was not written by the job", e.getMessage());
            assertEquals("re-run the job (`sextant-spark forecast-scan`) and import its new --out folder", e.fix());
        }
    }

    @Test
    void textPastWhatTheJobWritesIsRefusedFromTheFooter() throws Exception {
        // 300 errors of 100,000 characters: past the 64 KB an error's sentence may have
        Path out = output("long", "repeat('e', 100000) || i::VARCHAR", 300);
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> ForecastScanImport.read(store, out));
            assertEquals("output", e.field());
            assertTrue(e.getMessage().startsWith("part-00000.parquet in " + out + ", column error holds "), e.getMessage());
            assertTrue(e.getMessage().contains(" bytes of text in row group 1 for 300 values, more than the 19731136 that values of at most 65536 bytes take"),
                    e.getMessage());
        }
    }

    /** A forecast scan output whose rows are failures of symbol AA, with {@code error} as its error column. */
    private Path output(String name, String error, int rows) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 'AA' AS symbol, NULL::VARCHAR AS model, NULL::INTEGER AS horizon, NULL::VARCHAR AS calibration, "
                    + "NULL::INTEGER AS min_history, NULL::DATE AS as_of, NULL::INTEGER AS history_rows, NULL::DATE AS origin, 'symbol' AS error_field, "
                    + error + " AS error, NULL::VARCHAR AS row_json, NULL::VARCHAR AS forecast_json FROM range(" + rows + ") t(i)) TO '"
                    + folder.resolve("part-00000.parquet") + "' (FORMAT parquet, COMPRESSION zstd)");
        }
        Files.createFile(folder.resolve("_SUCCESS"));
        return folder;
    }
}
