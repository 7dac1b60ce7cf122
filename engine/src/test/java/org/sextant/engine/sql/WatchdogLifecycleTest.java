package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/** A closed read-only SQL path leaves no watchdog thread behind (an app that reopens its store must not gather them). */
class WatchdogLifecycleTest {
    @TempDir Path dir;

    private static long watchdogs() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().equals("sextant-sql-watchdog")).count();
    }

    @Test
    void closingStopsTheSamplerThread() throws Exception {
        try (Store store = SampleStore.open(dir)) {
            long before = watchdogs();
            ReadOnlySql sql = new ReadOnlySql(store);
            assertEquals(1, sql.run("SELECT count(*) FROM prices", null).rowCount());
            assertEquals(before + 1, watchdogs(), "one sampler per open path");
            sql.close();
            for (int i = 0; i < 500 && watchdogs() > before; i++) Thread.sleep(20);
            assertEquals(before, watchdogs(), "the sampler ended with its path");
            assertThrows(RuntimeException.class, () -> sql.run("SELECT 1", null), "a closed path runs nothing");
        }
    }
}
