package org.sextant.engine.ingest;

import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.store.Store;

/** Imports CSV (layout auto-detected) and Parquet price files in one transaction. */
public final class PriceImporter {
    private final Store store;

    public PriceImporter(Store store) {
        this.store = store;
    }

    public ImportReport importFiles(List<Path> files) {
        throw new UnsupportedOperationException("helper: ingest");
    }
}
