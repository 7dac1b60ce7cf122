package org.sextant.engine.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.LongSupplier;
import org.sextant.engine.store.Store;

/**
 * How much of DuckDB's memory (one pool shared by every query of the store) is in use, read from
 * duckdb_memory() on a connection of its own. Agent queries may hold a share of the pool; the
 * rest stays for the app's own reads (a chart, a price series), which must keep answering while
 * hostile SQL runs.
 */
final class StorePool implements LongSupplier {
    /** Share of DuckDB's memory limit that agent queries may hold together. */
    static final double AGENT_SHARE = 0.6;

    private final Store store;

    StorePool(Store store) {
        this.store = store;
    }

    /**
     * Bytes in use; Long.MAX_VALUE when DuckDB is already out of memory; -1 when it cannot be read.
     * A connection per read (only while agent queries run): one held open would keep the database
     * instance alive after the store closes, and DuckDB would hand its locked configuration to the next open.
     */
    @Override
    public long getAsLong() {
        try (Connection c = store.newConnection();
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException | RuntimeException e) {
            return String.valueOf(e.getMessage()).contains("Out of Memory") ? Long.MAX_VALUE : -1;
        }
    }

    /** The agents' share of the store's memory limit. */
    static long agentCapBytes() {
        return (long) (Store.memoryLimitBytes() * AGENT_SHARE);
    }
}
