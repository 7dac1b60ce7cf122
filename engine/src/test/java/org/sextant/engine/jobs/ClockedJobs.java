package org.sextant.engine.jobs;

import java.nio.file.Path;
import java.util.function.LongSupplier;

/** Jobs whose time limits run on a test's clock (no wall-clock waits), for tests outside this package. */
public final class ClockedJobs {
    private ClockedJobs() {}

    /** Jobs persisted in {@code dir}, their time limits measured on {@code nanoClock}. */
    public static Jobs on(Path dir, LongSupplier nanoClock) {
        return new Jobs(dir, nanoClock);
    }
}
