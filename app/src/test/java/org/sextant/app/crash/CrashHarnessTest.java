package org.sextant.app.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 30 kill -9s of the real headless app amid imports, sweeps and forecast backtests: it always starts again, with every acknowledged write. */
class CrashHarnessTest {
    @TempDir Path home;

    @Test
    void theAppStartsAfterEveryKillWithEveryAcknowledgedWrite() throws Exception {
        int kills = Integer.getInteger("sextant.crash.kills", 30);
        CrashHarness.Result r = new CrashHarness(home, Long.getLong("sextant.crash.seed", 20)).run(kills, 1_500); // ~4.5 s a kill on an idle 2-core machine: 30 kills in about 2 minutes
        System.out.print(CrashHarness.table(r));
        assertEquals(List.of(), r.missing());
        assertEquals(0, r.refusedStarts());
        assertEquals(kills, r.kills());
        assertTrue(r.killsAfterAWrite() > kills / 4, "about half the stops wait for a write: " + r.killsAfterAWrite());
        assertTrue(r.ackedWrites() >= r.killsAfterAWrite(), "the workload wrote between kills: " + r.ackedWrites());
    }
}
