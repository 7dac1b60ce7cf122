package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.stats.Pbo;
import org.sextant.engine.research.stats.Placebo;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.research.sweep.SmaCrossoverSweep;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepResult;

/**
 * The overfitting statistics (CSCV's 12,870 splits, the placebo's 999 draws) stop at checkpoints of their own (attack 12,
 * L1: a 1-minute job ran 96 s, 36 of them in the statistics, which saw the limit only when they ended): a job's time
 * limit or cancel and a request's budget stop them part way. Clocks and cancels are injected: no wall-clock waits.
 */
class StatisticsCheckpointTest {
    @TempDir Path dir;

    /** Random block sums of {@code n} configurations over 16 blocks of 20 returns. */
    private static double[][][] blockSums(int n) {
        SplittableRandom rnd = new SplittableRandom(3);
        double[][] sum = new double[n][16], sq = new double[n][16];
        for (int c = 0; c < n; c++) for (int b = 0; b < 16; b++) { sum[c][b] = rnd.nextGaussian() * 0.05; sq[c][b] = 0.01 + rnd.nextDouble() * 0.01; }
        return new double[][][] {sum, sq};
    }

    private static final int[] COUNT = {20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20};

    @Test
    void aCancelDuringCscvStopsItAtACheckpointPartWay() throws Exception {
        double[][][] s = blockSums(8_000); // 8 splits between checkpoints: 1,609 of them
        AtomicInteger checks = new AtomicInteger();
        assertThrows(CancellationException.class, () -> Cancellation.watching(() -> checks.incrementAndGet() > 50,
                () -> Pbo.fromBlockSums(s[0], s[1], COUNT)));
        assertTrue(checks.get() > 50 && checks.get() < 1_609, "stopped part way, at the 51st check (and those of other workers): " + checks);
        // a request's budget, spent on whichever thread evaluates the splits, is the request's timeout
        SextantException e = assertThrows(SextantException.class, () -> Cancellation.within(Duration.ofNanos(1), "backtest", "use start_backtest",
                () -> Pbo.fromBlockSums(s[0], s[1], COUNT)));
        assertEquals("timeout", e.failReason(), e.getMessage());
    }

    @Test
    void aCancelDuringThePlaceboDrawsStopsThemAtACheckpoint() {
        double[] r = new SplittableRandom(5).doubles(500, -0.01, 0.01).toArray(), held = new double[500];
        java.util.Arrays.fill(held, 250, 500, 1);
        AtomicInteger checks = new AtomicInteger();
        assertThrows(CancellationException.class, () -> Cancellation.watching(() -> checks.incrementAndGet() > 3,
                () -> Placebo.of(r, held, 999, 1)));
        assertEquals(4, checks.get(), "the 4th check, 48 draws of 999 in");
    }

    /** The finding's case: the sweep ended within the limit, the statistics run past it and stop there, storing nothing. */
    @Test
    void aTimeLimitPassedDuringTheStatisticsEndsTheJobTimedOutAtThem() throws Exception {
        var u = ResearchData.dowJones(4, 700);
        SweepResult swept = Sweep.run(new SmaCrossoverSweep(u, new int[] {2, 5, 10, 20}, new int[] {40, 60, 100}, new Costs(5, 5)), 500, 1, false, 252);
        AtomicLong clock = new AtomicLong();
        try (Jobs jobs = new Jobs(dir, clock::get)) {
            JobStatus j = jobs.submit("backtest", List.of("s"), false, IfInterrupted.KEEPS_AT_END, 1, ctx -> {
                ctx.progress(0.9, "overfitting statistics");
                clock.addAndGet(Duration.ofMinutes(2).toNanos()); // the minute passes while the statistics run
                return HonestyReport.of(swept, new ResearchSession("t"), 252, 1);
            });
            JobStatus end = jobs.await(j.id(), Duration.ofSeconds(30));
            assertEquals(JobState.TIMED_OUT, end.state(), end.toString());
            assertEquals("timed out after 1 min at: overfitting statistics; nothing was written", end.message());
        }
    }
}
