package org.sextant.engine.research;

import java.util.Locale;
import org.sextant.engine.research.sweep.Universe;

/**
 * The trades a run does not charge: the kernel charges costs on changes of the target weights
 * only, while holding a constant weight other than a single asset at 1 (5x, 0.5x, a volatility
 * target, equal weights over several assets) means trading every bar back to it from the weights
 * the bar's moves left. The note says so with the size of those trades, so the figures are not
 * read as net of them (attack 38, M1).
 */
final class RebalancingNote {
    private RebalancingNote() {}

    /** The note, or null when the configuration's positions never needed rebalancing (it held one asset at 1, or nothing). */
    static String of(Universe u, double[][] held, String configuration) {
        double[][] r = u.barReturns();
        int bars = u.bars();
        double drift = 0, charged = 0;
        for (int t = 1; t + 1 < bars; t++) {
            double portfolio = 0;
            for (int a = 0; a < held.length; a++) portfolio += held[a][t] * orZero(r[a][t]);
            if (!(portfolio > -1)) break; // ruined: nothing is held after
            for (int a = 0; a < held.length; a++) {
                double drifted = held[a][t] * (1 + orZero(r[a][t])) / (1 + portfolio);
                drift += Math.abs(held[a][t + 1] - drifted);
                charged += Math.abs(held[a][t + 1] - held[a][t]);
            }
        }
        double unchargedPerYear = (drift - charged) / (bars - 1) * u.barsPerYear();
        if (!(unchargedPerYear >= 0.005)) return null; // below 0.5% of equity a year: noise of rounding, not a rebalancing
        return String.format(Locale.ROOT, "the %s configuration holds weights that drift with each bar's moves (e.g. a fraction other than 1,"
                + " or several assets), and trading back to them every bar, about %.0f%% of equity a year, is not charged: costs are charged"
                + " only on changes of the target weights, so the figures are gross of that rebalancing", configuration, 100 * unchargedPerYear);
    }

    private static double orZero(double x) {
        return Double.isNaN(x) ? 0 : x;
    }
}
