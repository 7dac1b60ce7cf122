package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;

/**
 * A backtest import of many symbols fits again no more origins than its budget buys (5,000 symbols sampled 2 best + 3
 * random each were 25,000 refits): every symbol's best-looking origin first, symbols in a drawn order, so a forged symbol
 * is fitted again with a chance of the symbols reached over all of them, and with certainty once the budget reaches all.
 */
class BacktestReplayBudgetTest {
    private static final int SYMBOLS = 40, CLOSES = 60;
    /** The most one naive fit costs here (on fewer than {@link #CLOSES} closes), as the replay estimates it. */
    private static final double FIT = BacktestCost.costClass("naive").seconds(1, CLOSES);

    @Test
    void aSampleOfManySymbolsStopsAtTheBudget() {
        ReplayRows rows = rows(-1);
        BacktestReplay.Replayed r = new BacktestReplay(10 * FIT, 2, 3, new Random(1)).check(ForecastModels.BUILT_IN, rows.list(), rows::closes);
        int origins = rows.list().stream().mapToInt(x -> x.job().result().origins()).sum();
        assertEquals(10, r.fitted(), "the budget buys 10 fits, not 5 a symbol (" + 5 * SYMBOLS + ")");
        assertEquals(origins, r.origins(), "of every scored origin");
        r = new BacktestReplay(1e9, 2, 3, new Random(1)).check(ForecastModels.BUILT_IN, rows.list(), rows::closes);
        assertEquals(origins, r.fitted(), "within the budget: every backtest run again whole");
    }

    @Test
    void aForgedSymbolIsFittedAgainWithTheChanceOfTheSymbolsReached() {
        ReplayRows rows = rows(17);
        int caught = 0, draws = 120;
        for (int seed = 0; seed < draws; seed++) { // 10 of 40 symbols reached: a chance of 1/4, about 30 of 120 (sd 5)
            if (refused(new BacktestReplay(10 * FIT, 2, 3, new Random(seed)), rows)) caught++;
        }
        assertTrue(caught >= 15 && caught <= 45, caught + " of " + draws);
        for (int seed = 0; seed < 5; seed++) { // a budget of one fit a symbol reaches every symbol's best origin
            assertTrue(refused(new BacktestReplay(SYMBOLS * FIT, 2, 3, new Random(seed)), rows), "seed " + seed);
        }
    }

    private static boolean refused(BacktestReplay replay, ReplayRows rows) {
        try {
            replay.check(ForecastModels.BUILT_IN, rows.list(), rows::closes);
            return false;
        } catch (SextantException e) {
            assertTrue(e.getMessage().contains("S17: ") && e.getMessage().contains("fitted again here"), e.getMessage());
            return true;
        }
    }

    /** {@link #SYMBOLS} random walks of {@link #CLOSES} closes, each with its naive backtest; symbol {@code forged}'s every forecast 1% higher. */
    private static ReplayRows rows(int forged) {
        Forecaster naive = ForecastModels.BUILT_IN.forPrices("naive");
        Forecaster higher = new Forecaster() { // its figures counted from its own forecasts: only fitting again tells
            @Override public String name() { return naive.name(); }
            @Override public int minLength(int period) { return naive.minLength(period); }
            @Override public Forecast compute(double[] history, int period, int horizon, double[] levels) {
                return naive.forecast(history, period, horizon, levels).map(naive.name(), v -> v * 1.01);
            }
        };
        return ReplayRows.of(SYMBOLS, CLOSES, (s, p) -> ForecastBacktestRun.run("naive", s == forged ? higher : naive, p, 2, "5", null, null, null, null));
    }
}
