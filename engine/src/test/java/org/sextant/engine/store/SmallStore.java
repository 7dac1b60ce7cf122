package org.sextant.engine.store;

import java.nio.file.Path;
import org.sextant.engine.testing.SampleStoreCopy;

/** A store with a small DuckDB memory limit and temporary-folder bound, for tests of what a read may cost. */
public final class SmallStore {
    private SmallStore() {}

    /** A new store under {@code dir} whose queries may hold {@code memory} and spill {@code temp} (DuckDB sizes: "64MB"). */
    public static Store open(Path dir, String memory, String temp) {
        return Store.open(SampleStoreCopy.emptyIfNew(dir.resolve("data/sextant.duckdb")), dir.resolve("staging"), memory, temp);
    }
}
