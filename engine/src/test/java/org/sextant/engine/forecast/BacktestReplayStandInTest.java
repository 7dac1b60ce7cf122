package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;

/**
 * Attack 25 M1: a backtest forged at a few origins, its figures recounted to match, is fitted again at a forged origin
 * with certainty once the import's budget reaches every symbol's first fit: a peeking forecaster at the worst 5% of
 * origins (passed the 2 best-looking + 3 random sample 85% of the time), and a rival's backtest made worse at 5% of them
 * (never among the best-looking). The honest output still imports.
 */
class BacktestReplayStandInTest {
    private static final int SYMBOLS = 4, CLOSES = 300, HORIZON = 3, FORGED = 2;
    /** One naive fit a symbol, as the replay estimates it: the first round of the sample, nothing more. */
    private static final double BUDGET = SYMBOLS * BacktestCost.costClass("naive").seconds(1, CLOSES);

    @Test
    void thePeekingForgeAtTheWorstOriginsIsFittedAgain() {
        ReplayRows rows = rows((y, at) -> (history, f) -> at.worst().contains(history.length) ? Math.sqrt(y[history.length] / f.median()[0]) : 1.0);
        for (int seed = 0; seed < 30; seed++) assertTrue(refused(rows, seed), "seed " + seed);
    }

    @Test
    void aBacktestMadeWorseAtAFewOriginsIsFittedAgain() {
        ReplayRows rows = rows((y, at) -> {
            Set<Integer> some = drawn(at.all()); // the rival's worsened origins: any 5%, not the worst ones
            return (history, f) -> some.contains(history.length) ? 1.03 : 1.0;
        });
        for (int seed = 0; seed < 30; seed++) assertTrue(refused(rows, seed), "seed " + seed);
    }

    @Test
    void theHonestOutputStillImports() {
        ReplayRows rows = rows((y, at) -> (history, f) -> 1.0);
        for (int seed = 0; seed < 30; seed++) assertFalse(refused(rows, seed), "seed " + seed);
        BacktestReplay.Replayed whole = new BacktestReplay(1e9, 2, 3, new Random(1)).check(ForecastModels.BUILT_IN, rows.list(), rows::closes);
        assertEquals(whole.origins(), whole.fitted(), "within the budget: run again whole");
    }

    @Test
    void withoutAGapToTellTheSampleIsTheBestAndRandomOnes() {
        double[] errors = {0.5, 0.1, 0.4, 0.2, 0.3, 0.6, 0.7, 0.8}, none = new double[errors.length];
        Arrays.fill(none, Double.NaN);
        List<Integer> pick = new BacktestReplay(0, 2, 3, new Random(5)).chosen(errors, none);
        assertEquals(List.of(1, 3), pick.subList(0, 2));
        assertEquals(5, new HashSet<>(pick).size());
        double[] gaps = {0, 0, 0, -0.2, 0, 3, 0, 0}; // origin 5 worsened far more than origin 3 looks improved: fitted first
        assertEquals(List.of(5, 3, 1, 4), new BacktestReplay(0, 2, 0, null).chosen(errors, gaps));
    }

    private static boolean refused(ReplayRows rows, int seed) {
        try {
            new BacktestReplay(BUDGET, 2, 3, new Random(seed)).check(ForecastModels.BUILT_IN, rows.list(), rows::closes);
            return false;
        } catch (SextantException e) {
            assertTrue(e.getMessage().contains("S" + FORGED + ": ") && e.getMessage().contains("fitted again here"), e.getMessage());
            return true;
        }
    }

    /** 5% of {@code origins}, drawn. */
    private static Set<Integer> drawn(int[] origins) {
        Random r = new Random(11);
        Set<Integer> some = new HashSet<>();
        while (some.size() < origins.length / 20) some.add(origins[r.nextInt(origins.length - HORIZON)]);
        return some;
    }

    /** A backtest's origins (closes before each) and its worst 5% (largest errors). */
    private record Origins(int[] all, Set<Integer> worst) {}

    /**
     * {@link #SYMBOLS} random walks, each with its naive backtest from every close; symbol {@link #FORGED}'s forecasts scaled
     * by what {@code forge} makes of its closes and its honest origins (its figures counted from them, as a forger recounts).
     */
    private static ReplayRows rows(BiFunction<double[], Origins, BiFunction<double[], Forecast, Double>> forge) {
        Forecaster naive = ForecastModels.BUILT_IN.forPrices("naive");
        return ReplayRows.of(SYMBOLS, CLOSES, (s, p) -> {
            ForecastBacktestRun.Computed honest = ForecastBacktestRun.run("naive", naive, p, HORIZON, "1", null, null, null, null);
            BiFunction<double[], Forecast, Double> scale = forge.apply(PriceForecast.closes(p), origins(honest, p));
            Forecaster model = s != FORGED ? naive : ReplayRows.scaled(naive, scale);
            return ForecastBacktestRun.run("naive", model, p, HORIZON, "1", null, null, null, null);
        });
    }

    /** The honest backtest's origins. */
    private static Origins origins(ForecastBacktestRun.Computed honest, PriceSeries p) {
        BacktestRecount.Recount rc = BacktestRecount.of(honest, p);
        Integer[] idx = new Integer[rc.origins().length];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        Arrays.sort(idx, (a, b) -> Double.compare(rc.originErrors()[b], rc.originErrors()[a]));
        Set<Integer> worst = new HashSet<>();
        for (int i = 0; i < idx.length / 20; i++) worst.add(rc.origins()[idx[i]]);
        return new Origins(rc.origins(), worst);
    }
}
