package org.sextant.engine.research.backtest;

/**
 * Ruin: a bar that loses all the equity or more (a return of -100% or worse, e.g. a 10% fall at
 * 10x leverage) ends the strategy. Its equity stays at 0 after that: nothing is left to trade,
 * and compounding on below zero would turn later losses into gains.
 */
public final class Ruin {
    private Ruin() {}

    /** The first bar of [from, to) whose return takes equity to 0 or below, or -1 when there is none. */
    public static int bar(double[] returns, int from, int to) {
        for (int t = from; t < to; t++) if (returns[t] <= -1) return t;
        return -1;
    }

    /**
     * Stops a whole-run return series at its ruin: that bar's return becomes exactly -1 and every
     * later bar earns, holds and trades nothing (exposure and traded may be null).
     *
     * @return the ruin bar, or -1 when the equity never reaches 0
     */
    public static int stop(double[] returns, double[] exposure, double[] traded) {
        int ruin = bar(returns, 0, returns.length);
        if (ruin < 0) return -1;
        returns[ruin] = -1;
        for (int t = ruin + 1; t < returns.length; t++) {
            returns[t] = 0;
            if (exposure != null) exposure[t] = 0;
            if (traded != null) traded[t] = 0;
        }
        return ruin;
    }
}
