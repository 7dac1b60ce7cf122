package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.stats.SharpeSpread;

/**
 * Attack 38, H1: re-running a sweep's winner alone in the same session removed the deflation,
 * since the DSR's variance and the Holm haircut came from that one-configuration run (V = 0, one
 * p-value). Both now come from the session.
 */
class SessionDeflationTest {
    static final int BARS = 1500, SPLIT = 1000;

    /** One symbol's random walk (1% a day, no drift) on weekdays: nothing in it can be predicted. */
    static Universe randomWalk(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<LocalDate> dates = new ArrayList<>();
        double[][] close = new double[1][BARS];
        LocalDate d = LocalDate.of(2010, 1, 4);
        double p = 100;
        for (int t = 0; t < BARS; t++, d = d.plusDays(d.getDayOfWeek() == java.time.DayOfWeek.FRIDAY ? 3 : 1)) {
            dates.add(d);
            close[0][t] = p;
            p *= Math.exp(0.01 * gaussian(rnd));
        }
        return Universe.ofCloses(List.of("RWA"), dates, close);
    }

    private static double gaussian(SplittableRandom rnd) {
        return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble())) * Math.cos(2 * Math.PI * rnd.nextDouble());
    }

    static String smaSpec(String fast, String slow, String fraction) {
        return """
                {"version": 1, "name": "sma", "nodes": {
                  "close": {"type": "price"},
                  "a": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": %s}},
                  "b": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": %s}},
                  "sig": {"type": "crossover", "inputs": {"fast": "a", "slow": "b"}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "sig"}, "params": {"fraction": %s}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5}}},
                 "constraints": ["a.length < b.length"]}
                """.formatted(fast, slow, fraction);
    }

    static HonestyReport run(Universe u, String spec, ResearchSession session) {
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec).requireOk(), u);
        return HonestyReport.of(Sweep.run(kernel, SPLIT, 1, false, 252), session, 252, 1);
    }

    @Test
    void theWinnerOfASweepRunAloneInItsSessionIsStillDeflatedByTheSweep() {
        Universe u = randomWalk(SEED);
        ResearchSession session = new ResearchSession("big");
        HonestyReport sweep = run(u, smaSpec("{\"from\": 2, \"to\": 40, \"step\": 1}", "{\"from\": 10, \"to\": 200, \"step\": 5}", "1"), session);
        assertEquals("not significant", sweep.verdict().label(), sweep.verdict().headline());
        String a = sweep.parameters().get("a.length").toString(), b = sweep.parameters().get("b.length").toString();

        HonestyReport alone = run(u, smaSpec(a, b, "1"), session);
        // the luck is there to deflate: alone, the winner's in-sample PSR and single-test p-value pass
        assertTrue(alone.psr() >= 0.95 && alone.haircutHolm().pValue() <= 0.05, alone.psr() + " " + alone.haircutHolm().pValue());
        assertEquals(sweep.configurationsInSweep() + 1, alone.configurationsInSession());
        assertEquals("not significant", alone.verdict().label(), alone.verdict().headline());
        // judged as the sweep judged it: same returns, the session's variance, one more configuration
        assertEquals(sweep.dsr(), alone.dsr(), 0.005, "deflated by the session's variance");
        assertTrue(alone.haircutHolm().adjustedPValue() > 0.05, "Holm over the session's N: " + alone.haircutHolm().adjustedPValue());
        assertTrue(alone.haircutBhy().adjustedPValue() > 0.05, "BHY over the session's N: " + alone.haircutBhy().adjustedPValue());

        // the winner beside itself at 1.01x: two Sharpe ratios alike (V ~ 0 in the sweep), the session's V still deflates
        HonestyReport twins = run(u, smaSpec(a, b, "[1, 1.01]"), session);
        assertEquals("not significant", twins.verdict().label(), twins.verdict().headline());
        assertTrue(twins.dsr() < 0.95, "near-identical configurations: " + twins.dsr());
    }

    @Test
    void aSessionWhoseSharpeVarianceIsUnknownSaysSoInsteadOfPassing() {
        Universe u = randomWalk(SEED);
        // five configurations tried before, none with a Sharpe ratio (ruined on their first bar): V cannot be known
        ResearchSession session = new ResearchSession("unknown", 1, 5, SharpeSpread.NONE);
        HonestyReport alone = run(u, smaSpec("7", "15", "1"), session);
        assertTrue(Double.isNaN(alone.dsr()), "DSR " + alone.dsr());
        assertEquals("not significant", alone.verdict().label());
        assertTrue(alone.verdict().headline().contains("DSR undefined after 6 configurations (the variance of the Sharpe ratios of the session's 6"
                + " configurations is unknown"), alone.verdict().headline());
        assertTrue(alone.undefined().stream().anyMatch(w -> w.startsWith("DSR is n/a: the variance")), alone.undefined().toString());
    }

    /**
     * Attack 30, F2: one intraday sweep in a session (8 configurations of 30-minute bars at 20 bps, annual Sharpe
     * ratios -35.9 +- 3.21) turned a later daily sweep's DSR from 0.999 to 0.000: their spread was taken as the
     * daily trials' V. Now V is the daily trials' own; the intraday ones count in N and the verdict says so.
     */
    @Test
    void anIntradaySweepInTheSessionDoesNotSpreadADailyRunsSharpeVariance() {
        Universe u = randomWalk(SEED);
        double[] intraday = {-35.9 - 4.2, -35.9 - 3, -35.9 - 1.8, -35.9, -35.9, -35.9 + 1.8, -35.9 + 3, -35.9 + 4.2};
        ResearchSession mixed = new ResearchSession("mixed", 1, 8, java.util.Map.of("30m", SharpeSpread.of(intraday)),
                org.sextant.engine.research.stats.EarlierPValues.NONE);
        ResearchSession dailyOnly = new ResearchSession("daily", 1, 8, SharpeSpread.NONE);
        String spec = smaSpec("{\"from\": 2, \"to\": 12, \"step\": 2}", "{\"from\": 10, \"to\": 60, \"step\": 10}", "1");
        HonestyReport inMixed = run(u, spec, mixed), alone = run(u, spec, dailyOnly);
        assertEquals(alone.configurationsInSession(), inMixed.configurationsInSession(), "the intraday trials still count in N");
        assertTrue(alone.dsr() > 0.05, "the daily trials' own DSR: " + alone.dsr());
        assertEquals(alone.dsr(), inMixed.dsr(), 1e-12, "V from the daily trials only");
        assertTrue(inMixed.verdict().reasons().stream().anyMatch(r -> r.contains("takes the spread of their Sharpe ratios over the 1d ones only: 8 were run at other bar intervals")),
                inMixed.verdict().reasons().toString());
        assertTrue(alone.verdict().reasons().stream().noneMatch(r -> r.contains("other bar intervals")), alone.verdict().reasons().toString());
    }

    /** A walk whose sweep winner (a = 3, b = 10), run alone in a fresh session, is called significant (PSR 0.996, p 0.009, placebo p 0.008). */
    static final long SEED = 17;
}
