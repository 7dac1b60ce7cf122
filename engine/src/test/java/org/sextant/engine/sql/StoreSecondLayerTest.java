package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Defence in depth: statements sent straight to a store connection, bypassing the guard, are
 * still refused by DuckDB itself (external access off, configuration locked). And what this
 * second layer does not cover (catalog metadata that names host paths) is why the guard exists.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoreSecondLayerTest {
    @TempDir
    static Path dir;
    private Path target;
    private Store store;

    @BeforeAll
    void open() throws Exception {
        target = Files.createDirectories(dir.resolve("target"));
        store = SampleStore.open(dir.resolve("home"));
    }

    @AfterAll
    void close() {
        store.close();
    }

    private void refusedByDuckDb(String sql) throws Exception {
        try (Connection c = store.newConnection(); Statement s = c.createStatement()) {
            assertThrows(SQLException.class, () -> {
                if (s.execute(sql)) {
                    try (ResultSet r = s.getResultSet()) {
                        while (r.next()) { /* drain */ }
                    }
                }
            }, sql);
        }
    }

    @Test
    void hostFilesNetworkSettingsAndExtensionsAreRefusedWithoutTheGuard() throws Exception {
        String t = target.toString();
        for (String sql : List.of(
                "SELECT * FROM read_text('/etc/passwd')",
                "SELECT * FROM read_csv('/etc/passwd')",
                "SELECT * FROM '/etc/hosts'",
                "SELECT * FROM read_csv('http://127.0.0.1:9/x.csv')",
                "COPY prices TO '" + t + "/out.csv'",
                "EXPORT DATABASE '" + t + "/export'",
                "ATTACH '" + t + "/other.duckdb' AS other",
                "SET enable_external_access = true",
                "SET lock_configuration = false",
                "SET allowed_directories = ['/']",
                "INSTALL httpfs",
                "LOAD httpfs")) {
            refusedByDuckDb(sql);
        }
        try (Stream<Path> files = Files.list(target)) {
            assertEquals(0, files.count());
        }
        assertEquals(500, SampleStore.count(store, "prices"));
    }

    @Test
    void theStagingFolderStaysReadableToTheStoreButNotThroughTheGuard() throws Exception {
        Path csv = store.stagingDir().resolve("staged.csv");
        Files.writeString(csv, "a,b\n1,2\n");
        String read = "SELECT count(*) FROM read_csv('" + csv.toAbsolutePath() + "')";
        try (Connection c = store.newConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(read)) {
            r.next();
            assertEquals(1, r.getInt(1), "the import path must keep working");
        }
        SextantException e = assertThrows(SextantException.class, () -> new ReadOnlySql(store).run(read, null));
        assertTrue(e.getMessage().contains("host files"), e.getMessage());
    }

    @Test
    void catalogMetadataNamesHostPathsSoOnlyTheGuardKeepsItIn() throws Exception {
        String sql = "SELECT path FROM duckdb_databases() WHERE path IS NOT NULL";
        try (Connection c = store.newConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            assertTrue(r.next());
            assertTrue(r.getString(1).contains(dir.toString()), "DuckDB itself would reveal the store path");
        }
        SextantException e = assertThrows(SextantException.class, () -> new ReadOnlySql(store).run(sql, null));
        assertEquals("invalid_input", e.failReason());
        assertTrue(!e.getMessage().contains(dir.toString()));
    }
}
