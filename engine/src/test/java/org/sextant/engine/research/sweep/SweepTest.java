package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.stats.Pbo;

class SweepTest {
    private static final Costs COSTS = new Costs(5, 5);

    @Test
    void smaKernelEqualsTheStraightforwardPath() {
        Universe u = ResearchData.dowJones(6, 700);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{5, 20}, new int[]{20, 50, 200}, COSTS);
        assertEquals(5, k.configurations());               // (20, 20) is not a crossover
        int bars = u.bars();
        for (int c = 0; c < k.configurations(); c++) {
            double[] r = new double[bars], e = new double[bars], d = new double[bars];
            k.run(c, r, e, d);
            double[] ne = new double[bars], nd = new double[bars];
            double[] nr = NaiveSweep.smaCrossover(u, (int) k.parameters(c).get("fast"), (int) k.parameters(c).get("slow"), COSTS, ne, nd);
            for (int t = 0; t < bars; t++) {
                assertEquals(nr[t], r[t], 1e-15, "return, config " + k.parameters(c) + " bar " + t);
                assertEquals(ne[t], e[t], 1e-15);
                assertEquals(nd[t], d[t], 1e-15);
            }
        }
    }

    @Test
    void rsiKernelEqualsTheStraightforwardPath() {
        Universe u = ResearchData.dowJones(4, 600);
        RsiThresholdSweep k = new RsiThresholdSweep(u, new int[]{2, 14}, new double[]{20, 30}, new double[]{30, 70}, COSTS);
        assertEquals(6, k.configurations());                // (30, 30) is dropped
        int bars = u.bars();
        boolean traded = false;
        for (int c = 0; c < k.configurations(); c++) {
            double[] r = new double[bars], e = new double[bars], d = new double[bars];
            k.run(c, r, e, d);
            var p = k.parameters(c);
            double[] nr = NaiveSweep.rsiThreshold(u, (int) p.get("length"), (double) p.get("lower"), (double) p.get("upper"), COSTS, null, null);
            for (int t = 0; t < bars; t++) assertEquals(nr[t], r[t], 1e-15, "config " + p + " bar " + t);
            for (double v : d) traded |= v > 0;
            double[][] held = k.heldPositions(c);
            for (int t = 0; t < bars; t++) {
                double sum = 0;
                for (double[] h : held) sum += h[t];
                assertEquals(e[t], sum, 1e-15);
            }
        }
        assertTrue(traded, "the RSI rule should trade at least once");
    }

    @Test
    void batchedSmaConfigurationsEqualOneAtATime() {
        Universe u = ResearchData.dowJones(4, 500);
        // 7 slow lengths per fast length: batches of four plus leftovers, across chunk edges.
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{2, 3, 5, 7, 11}, new int[]{20, 30, 40, 50, 60, 70, 80}, COSTS);
        SweepResult batched = Sweep.run(k, 300, 2, true, 252);
        for (int c = 0; c < k.configurations(); c++) {
            double[] r = new double[500], e = new double[500], d = new double[500];
            k.run(c, r, e, d);
            assertEquals(Metrics.of(r, e, d, 1, 300, 252), batched.inSample()[c], "config " + k.parameters(c));
            assertEquals(Metrics.of(r, e, d, 300, 500, 252), batched.outOfSample()[c]);
            assertArrayEquals(r, batched.returns()[c]);
        }
    }

    @Test
    void batchedRsiConfigurationsEqualOneAtATime() {
        Universe u = ResearchData.dowJones(4, 500);
        RsiThresholdSweep k = new RsiThresholdSweep(u, new int[]{2, 5, 9}, new double[]{10, 20, 30}, new double[]{50, 70, 90}, COSTS);
        SweepResult batched = Sweep.run(k, 300, 2, true, 252);
        for (int c = 0; c < k.configurations(); c++) {
            double[] r = new double[500], e = new double[500], d = new double[500];
            k.run(c, r, e, d);
            assertEquals(Metrics.of(r, e, d, 1, 300, 252), batched.inSample()[c], "config " + k.parameters(c));
            assertArrayEquals(r, batched.returns()[c]);
        }
    }

    @Test
    void parallelSweepGivesTheSameNumbersAsOneThread() {
        Universe u = ResearchData.dowJones(5, 800);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{2, 3, 5, 8, 13}, new int[]{21, 34, 55, 89}, COSTS);
        SweepResult one = Sweep.run(k, 500, 1, false, 252);
        SweepResult two = Sweep.run(k, 500, 2, true, 252);
        for (int c = 0; c < k.configurations(); c++) {
            assertEquals(one.inSample()[c], two.inSample()[c]);
            assertEquals(one.outOfSample()[c], two.outOfSample()[c]);
            Metrics[] naive = NaiveSweep.measure(two.returns()[c], null, null, 500);
            assertEquals(naive[0].sharpe(), one.inSample()[c].sharpe(), 1e-12);
        }
        assertEquals(20L * 5 * 800, one.barConfigurations());
        // The block sums a sweep keeps give the same PBO as CSCV over the full returns matrix.
        double[][] whole = new double[k.configurations()][];
        for (int c = 0; c < whole.length; c++) whole[c] = java.util.Arrays.copyOfRange(two.returns()[c], 1, 800);
        Pbo direct = Pbo.cscv(whole, Sweep.PBO_BLOCKS);
        Pbo kept = Pbo.fromBlockSums(one.blockSum(), one.blockSq(), one.blockCount());
        assertEquals(direct.pbo(), kept.pbo(), 1e-12);
        assertEquals(direct.meanOosRank(), kept.meanOosRank(), 1e-9);
    }

    @Test
    void aBadUniverseOrSplitIsRefusedNamingTheField() {
        List<LocalDate> dates = new ArrayList<>();
        for (int i = 0; i < 5; i++) dates.add(LocalDate.of(2020, 1, 1 + i));
        SextantException e = assertThrows(SextantException.class,
                () -> Universe.ofCloses(List.of("X"), dates, new double[][]{{1, 2, Double.NaN, 4, 5}}));
        assertEquals("close", e.field());
        assertTrue(e.getMessage().contains("X") && e.getMessage().contains("2020-01-03"), e.getMessage());
        Universe u = ResearchData.dowJones(2, 300);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{5}, new int[]{20}, COSTS);
        assertEquals("oos_start", assertThrows(SextantException.class, () -> Sweep.run(k, 299, 1, false, 252)).field());
        assertEquals("slow", assertThrows(SextantException.class, () -> new SmaCrossoverSweep(u, new int[]{5}, new int[]{300}, COSTS)).field());
    }

    @Test
    void honestyCountsEveryConfigurationOfTheSession() {
        Universe u = ResearchData.dowJones(10, 1500);
        ResearchSession session = new ResearchSession("t");
        SmaCrossoverSweep small = new SmaCrossoverSweep(u, new int[]{10}, new int[]{50}, COSTS);
        HonestyReport first = HonestyReport.of(Sweep.run(small, 1000, 1, false, 252), session, 252, 1);
        SmaCrossoverSweep big = new SmaCrossoverSweep(u, new int[]{2, 5, 10, 20, 30}, new int[]{40, 60, 100, 150, 200}, COSTS);
        HonestyReport second = HonestyReport.of(Sweep.run(big, 1000, 2, false, 252), session, 252, 1);
        assertEquals(1, first.configurationsInSession());
        assertEquals(26, second.configurationsInSession());
        assertEquals(2, second.runsInSession());
        assertTrue(second.dsr() <= second.psr(), "deflation can only lower the PSR");
        assertTrue(second.pbo().pbo() >= 0 && second.pbo().pbo() <= 1);
        assertEquals(12_870, second.pbo().splits());
        assertTrue(second.verdict().headline().contains("after 26 configurations"), second.verdict().headline());
    }

    @Test
    void aSweepOverRandomWalksIsNotCalledSignificant() {
        SplittableRandom rnd = new SplittableRandom(42);
        int bars = 1500, assets = 8;
        List<LocalDate> dates = new ArrayList<>();
        for (int t = 0; t < bars; t++) dates.add(LocalDate.of(2000, 1, 1).plusDays(t));
        double[][] close = new double[assets][bars];
        List<String> names = new ArrayList<>();
        for (int a = 0; a < assets; a++) {
            names.add("RW" + a);
            close[a][0] = 100;
            for (int t = 1; t < bars; t++) close[a][t] = close[a][t - 1] * Math.exp(0.01 * (rnd.nextDouble() - 0.5) * 3.46);
        }
        Universe u = Universe.ofCloses(names, dates, close);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{2, 3, 5, 8, 13, 21}, new int[]{10, 20, 40, 80, 160}, COSTS);
        HonestyReport h = HonestyReport.of(Sweep.run(k, 1000, 2, false, 252), new ResearchSession("rw"), 252, 7);
        assertNotEquals("significant", h.verdict().label(), h.verdict().headline());
    }

    /** A synchronous backtest's budget or gone caller stops the sweep's worker threads, not only the calling one. */
    @Test
    void workerThreadsStopWhenTheCallersRequestIsAbandoned() {
        Universe u = ResearchData.dowJones(2, 300);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{5, 20}, new int[]{20, 50, 200}, COSTS);
        for (int threads : new int[]{1, 2}) {
            assertThrows(java.util.concurrent.CancellationException.class, () -> org.sextant.engine.jobs.Cancellation.unlessAbandoned(() -> true,
                    () -> Sweep.run(k, 200, threads, false, 252)), threads + " threads");
        }
    }
}
