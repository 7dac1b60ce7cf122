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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * DuckDB reads a path holding * ? or [ as a glob (attack 30 F1): a part file "part-99999[9].parquet" had its footer bounds
 * checked on a decoy "part-999999.parquet" and 120 MB error cells imported. A part file's name, and the folder of
 * SEXTANT_HOME, are read as themselves: imported or refused exactly as under a plain name.
 */
class JobOutputGlobNameTest {
    @TempDir Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"part-9[9].parquet", "part-?.parquet", "part-*.parquet"})
    void aPartFileNamedWithGlobCharactersHasItsOwnBoundsChecked(String name) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        write(out.resolve(name), "repeat('e', 100000) || i::VARCHAR", 300); // past the 64 KB an error's sentence may have
        write(out.resolve(name.replace("[9]", "9").replace('?', 'a').replace('*', 'a')), "'no closes'", 1); // the decoy its glob matches
        Files.createFile(out.resolve("_SUCCESS"));
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> ForecastScanImport.read(store, out));
            assertTrue(e.getMessage().startsWith(name + " in " + out + ", column error holds "), e.getMessage());
        }
    }

    @Test
    void aPartFileNamedWithGlobCharactersImportsAsUnderAPlainName() throws Exception {
        ForecastScanImport.Read plain = read("plain", "part-00000.parquet", "home");
        ForecastScanImport.Read globbed = read("globbed", "part-[0]*?{a}.parquet", "home");
        assertEquals(plain.skipped().listed(), globbed.skipped().listed());
        assertEquals(2, globbed.skipped().count());
    }

    @Test
    void aHomeWhoseFolderNameHoldsGlobCharactersReadsItsOwnStagedFiles() throws Exception {
        Files.createDirectories(dir.resolve("home1/staging")); // what home[1] matches as a glob
        assertEquals(read("plain", "part-00000.parquet", "home").skipped().listed(), read("plain", "part-00000.parquet", "home[1]").skipped().listed());
    }

    @Test
    void aRowRefusalNamesTheUsersFileNotTheStagedOne() throws Exception {
        Path out = Files.createDirectories(dir.resolve("bad"));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 'AA' AS symbol, 'naive' AS model, 5 AS horizon, NULL::VARCHAR AS calibration, 1 AS min_history, NULL::DATE AS as_of, "
                    + "10 AS history_rows, NULL::DATE AS origin, NULL::VARCHAR AS error_field, NULL::VARCHAR AS error, '{}' AS row_json, 'not json' AS forecast_json) TO '"
                    + out.resolve("part-[1].parquet") + "' (FORMAT parquet)");
        }
        Files.createFile(out.resolve("_SUCCESS"));
        try (Store store = SmallStore.open(dir.resolve("home"), "256MB", "64MB")) {
            SextantException e = assertThrows(SextantException.class, () -> ForecastScanImport.read(store, out));
            assertTrue(e.getMessage().startsWith("part-[1].parquet in " + out + ", symbol AA: column forecast_json "), e.getMessage());
        }
    }

    /** A scan output of two failed symbols' rows in part file {@code name}, read by a store under {@code home}. */
    private ForecastScanImport.Read read(String folder, String name, String home) throws Exception {
        Path out = Files.createDirectories(dir.resolve(folder));
        if (!Files.exists(out.resolve("_SUCCESS"))) {
            write(out.resolve(name), "'no closes ' || i::VARCHAR", 2);
            Files.createFile(out.resolve("_SUCCESS"));
        }
        try (Store store = SmallStore.open(dir.resolve(home), "256MB", "64MB")) {
            return ForecastScanImport.read(store, out);
        }
    }

    /** A forecast scan part file of {@code rows} failures (symbol ZZ0, ZZ1, ...) whose error column is {@code error}. */
    private static void write(Path file, String error, int rows) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 'ZZ' || i AS symbol, NULL::VARCHAR AS model, NULL::INTEGER AS horizon, NULL::VARCHAR AS calibration, "
                    + "NULL::INTEGER AS min_history, NULL::DATE AS as_of, NULL::INTEGER AS history_rows, NULL::DATE AS origin, 'symbol' AS error_field, "
                    + error + " AS error, NULL::VARCHAR AS row_json, NULL::VARCHAR AS forecast_json FROM range(" + rows + ") t(i)) TO '"
                    + file.toString().replace("'", "''") + "' (FORMAT parquet, COMPRESSION zstd)");
        }
    }
}
