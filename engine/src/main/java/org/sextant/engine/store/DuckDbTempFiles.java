package org.sextant.engine.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * DuckDB's temporary folder (data/sextant.duckdb.tmp unless temp_directory says otherwise): what a query spills beyond the
 * memory limit. A killed app leaves its files there (29 GB after one hostile import); DuckDB removes them only at a clean
 * close, so the store's open removes them before anything of its own can spill.
 */
final class DuckDbTempFiles {
    private DuckDbTempFiles() {}

    /** The temporary folder of {@code c}'s database, or null when it spills nowhere. */
    static Path folder(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT current_setting('temp_directory')")) {
            String dir = r.next() ? r.getString(1) : null;
            return dir == null || dir.isBlank() ? null : Path.of(dir);
        }
    }

    /**
     * Removes every file in the temporary folder: call right after the connection opened, while DuckDB's lock on the store
     * file keeps every other process out of the folder and this DuckDB has spilled nothing (its duckdb_temporary_files()
     * lists whatever lies in the folder, so it cannot tell a leftover; its duckdb_memory() counts only what it spilled).
     *
     * @return how many files were removed
     */
    static int removeLeftovers(Connection c) throws SQLException {
        Path dir = folder(c);
        if (dir == null || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return 0;
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT coalesce(sum(temporary_storage_bytes), 0) FROM duckdb_memory()")) {
            // replaying a large log spilled already: those blocks are in use; the next start removes what is left
            if (r.next() && r.getLong(1) > 0) return 0;
        }
        int removed = 0;
        try (var entries = Files.list(dir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) continue;
                Files.deleteIfExists(p);
                removed++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean DuckDB's temporary folder " + dir, e);
        }
        return removed;
    }
}
