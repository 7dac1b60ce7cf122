package org.sextant.engine.research.backtest;

/**
 * Where a run's equity was ruined ({@link Ruin}), as the kernel saw it: the bar, what took the equity, and the weight
 * traded on that bar. A run ruined by the costs of a trade is told apart from one ruined by a price move without
 * running it again.
 *
 * @param traded the weight of equity traded on the ruin bar (its costs are this times the cost rate)
 */
public record Ruined(int bar, Cause cause, double traded) {
    public enum Cause {
        /** The book's move (a fall at leverage, a short's rise) took the equity, with or without the bar's costs. */
        PRICES,
        /** The bar's trade cost all the equity left at its fill: cost rate times the weight traded reached 1. */
        COSTS;

        /** What ruined a bar that moved by {@code before} into its fill and paid {@code cost} of the equity there. */
        public static Cause of(double before, double cost) {
            return 1 + before > 0 && 1 - cost <= 0 ? COSTS : PRICES;
        }
    }
}
