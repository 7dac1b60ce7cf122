package org.sextant.engine.ingest;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A synchronous import whose caller may go away (the local API's client closed its connection): nobody waits for its
 * report then, so it stops as a cancelled import job does, at its next checkpoint or inside the statement reading,
 * staging or checking (its transaction rolled back, its staged copies deleted) and says so in the log. A commit
 * already under way finishes: after the last checkpoint nothing looks at the caller, so the import is whole or absent.
 * A caller gone while the import waits for the store's writer stops it there, before it read anything.
 */
public final class AbandonedImport {
    private static final Logger log = LoggerFactory.getLogger(AbandonedImport.class);

    private AbandonedImport() {}

    public static <T> T run(BooleanSupplier abandoned, Supplier<T> work) {
        long t0 = System.nanoTime();
        try {
            return Cancellation.unlessAbandoned(abandoned, work);
        } catch (CancellationException e) {
            if (abandoned.getAsBoolean()) {
                log.info("import_prices stopped after {} ms: its caller went away {}", (System.nanoTime() - t0) / 1_000_000,
                        Store.STOPPED_WAITING.equals(e.getMessage()) ? "while it waited for the store's writer; nothing was written"
                                : "before the commit; rolled back, nothing was written");
            }
            throw e;
        }
    }
}
