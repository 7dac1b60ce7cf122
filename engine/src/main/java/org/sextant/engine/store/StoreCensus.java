package org.sextant.engine.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sextant.engine.Json;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.home.HomeFileBounds;

/**
 * Rows per table and the strategy run ids of a store at one moment. Written beside the store file
 * after every commit ({@code sextant.duckdb.census.json}), outside the store, so that a recovery
 * that cannot replay the log still knows what had been committed and can say what was lost.
 */
public record StoreCensus(Instant at, Map<String, Long> rows, List<String> runIds) {

    public static Path fileFor(Path store) { return store.resolveSibling(store.getFileName() + ".census.json"); }

    /** Counts the main schema's tables on {@code c} (inside or after the writing transaction). */
    /**
     * {@link #take}, after reading every value of every table: a store cut short (a truncated
     * copy) still opens and counts its rows from metadata, and fails only when a value is read.
     */
    public static StoreCensus takeReadingEveryValue(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            for (String t : tables(c)) {
                // hash of every column of every row: nothing of the table is left unread
                try (ResultSet all = s.executeQuery("SELECT count(*) FROM " + quoted(t) + " WHERE hash(COLUMNS(*)) IS NOT NULL")) {
                    all.next();
                }
            }
        }
        return take(c);
    }

    public static StoreCensus take(Connection c) throws Exception {
        Map<String, Long> rows = new TreeMap<>();
        List<String> tables = tables(c);
        List<String> runs = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            for (String t : tables) {
                try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + quoted(t))) {
                    r.next();
                    rows.put(t, r.getLong(1));
                }
            }
            if (tables.contains("strategy_runs")) {
                try (ResultSet r = s.executeQuery("SELECT run_id FROM strategy_runs ORDER BY run_id")) {
                    while (r.next()) runs.add(r.getString(1));
                }
            }
        }
        return new StoreCensus(Instant.now(), rows, runs);
    }

    /** The store's own tables (not temporary ones). */
    private static List<String> tables(Connection c) throws java.sql.SQLException {
        List<String> tables = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main' AND NOT temporary")) {
            while (r.next()) tables.add(r.getString(1));
        }
        return tables;
    }

    private static String quoted(String table) {
        return "\"" + table.replace("\"", "\"\"") + "\"";
    }

    /** After a commit: a failure here (a full disk) must not undo or fail the commit, which is already durable. */
    static void recordQuietly(Connection c, Path store) {
        try {
            AtomicFiles.write(fileFor(store), Json.write(take(c)));
        } catch (Exception e) {
            org.slf4j.LoggerFactory.getLogger(StoreCensus.class).warn("census not written beside {}: {}", store, e.getMessage());
        }
    }

    /** The last census written beside {@code store}, or null when there is none or it does not parse. */
    public static StoreCensus read(Path store) {
        Path f = fileFor(store);
        if (!Files.isRegularFile(f)) return null;
        try {
            return Json.MAPPER.readValue(HomeFileBounds.read(f, HomeFileBounds.CENSUS, "none needed: the next write to the store writes it anew"), StoreCensus.class);
        } catch (org.sextant.contract.HomeFile.TooLarge e) {
            org.slf4j.LoggerFactory.getLogger(StoreCensus.class).warn("ignoring the census: {}", e.getMessage());
            return null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
