package org.sextant.engine.sql;

import org.sextant.engine.store.Store;

/** run_select: one SELECT, LIMIT-wrapped, refused unless provably read-only and local. */
public final class ReadOnlySql {
    public static final int DEFAULT_LIMIT = 5000;
    private final Store store;

    public ReadOnlySql(Store store) {
        this.store = store;
    }

    public SelectResult run(String sql, Integer limit) {
        throw new UnsupportedOperationException("helper: sql");
    }

    public DbSchema schema() {
        throw new UnsupportedOperationException("helper: sql");
    }
}
