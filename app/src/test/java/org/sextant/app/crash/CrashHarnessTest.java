package org.sextant.app.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 15 kill -9s of the real headless app (at least one in each phase; {@code app/crash-bench.sh} runs
 * 500, docs/benchmarks.md), at random moments of its first start, restarts, imports,
 * sweeps, forecast backtests, idle spells and shutdowns: it always starts again, with every
 * acknowledged write, and an interrupted import is whole or absent.
 */
class CrashHarnessTest {
    @TempDir Path dir;

    @Test
    void theAppStartsAfterEveryKillWithEveryAcknowledgedWrite() throws Exception {
        int kills = Integer.getInteger("sextant.crash.kills", 15);
        CrashHarness.Result r = new CrashHarness(dir, Long.getLong("sextant.crash.seed", 20)).run(kills);
        System.out.print(CrashHarness.table(r));
        assertEquals(List.of(), r.missing());
        assertEquals(0, r.refusedStarts());
        assertEquals(kills, r.kills());
        for (CrashHarness.Phase p : CrashHarness.Phase.values()) {
            assertTrue(r.byPhase().getOrDefault(p, 0) > 0, "no kill fell during " + p + ": " + r.byPhase());
        }
        assertTrue(r.killsMidRequest() > 0, "some kills hit a request before its answer");
        assertTrue(r.ackedWrites() >= kills / 6, "the workload wrote between kills: " + r.ackedWrites());
        assertTrue(r.replayedStarts() > 0, "some starts replayed a log left by a kill");
        assertEquals(0, r.lossReports(), "a kill (no power loss) loses no acknowledged write, so no start reports a loss");
    }
}
