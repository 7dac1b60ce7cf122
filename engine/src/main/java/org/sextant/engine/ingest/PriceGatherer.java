package org.sextant.engine.ingest;

import java.util.List;
import org.sextant.engine.home.Settings;
import org.sextant.engine.store.Store;

/** Fetches daily history over HTTP from a configured provider and imports it. */
public final class PriceGatherer {
    private final Store store;
    private final Settings settings;

    public PriceGatherer(Store store, Settings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** @param provider provider name from settings, or null for the default */
    public ImportReport gather(List<String> symbols, String provider) {
        throw new UnsupportedOperationException("helper: ingest");
    }
}
