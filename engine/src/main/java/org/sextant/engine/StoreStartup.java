package org.sextant.engine;

import org.sextant.engine.data.EarlyCloseYears;
import org.sextant.engine.home.HomeId;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.ingest.SampleUniverse;
import org.sextant.engine.ingest.StagedFile;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.Store;

/** Opens the home's store for the one engine that will write it: migrated, staging cleared, backups scheduled, never empty. */
final class StoreStartup {
    private StoreStartup() {}

    static Store open(SextantHome home) {
        home.ensureLayout();
        Store store = Store.open(home.database(), home.stagingDir());
        // bars stored before V060 of years outside its rows (1987) get their early closes here, not at their file's next import;
        // here and not in the migrations: the store knows no session calendars; read first, so an open that adds none writes nothing
        try {
            if (store.read(EarlyCloseYears::storedBarsLackEarlyCloses) && store.inTransaction(EarlyCloseYears::addForStoredBars) > 0) {
                store.checkpoint(); // in the file, as the migrations' rows are
            }
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
        // the store is ours now (one writer): nothing in staging belongs to a running import
        int leftovers = StagedFile.removeLeftovers(home.stagingDir());
        if (leftovers > 0) org.slf4j.LoggerFactory.getLogger(Sextant.class).info("removed {} staging file(s) left by an interrupted import", leftovers);
        RollingBackups.Policy backups = RollingBackups.Policy.of(home);
        store.afterCheckpoint(new RollingBackups(home, backups)::takeIfDue);
        // a copy tells itself at its start, while the original it copies is surely still there (or a copy made with it has claimed the id)
        HomeId.atStart(home, RollingBackups.sharedFolder(home, backups));
        if (SampleUniverse.loadIfEmpty(store)) store.checkpoint(); // a kill right after the first start leaves a store that opens
        return store;
    }
}
