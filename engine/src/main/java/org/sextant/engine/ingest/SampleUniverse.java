package org.sextant.engine.ingest;

import org.sextant.engine.store.Store;

/** The real sample universe shipped inside the engine, loaded into an empty store. */
public final class SampleUniverse {
    private SampleUniverse() {}

    /** Loads the sample data when the store has no prices; returns true if it loaded. */
    public static boolean loadIfEmpty(Store store) {
        return false;
    }
}
