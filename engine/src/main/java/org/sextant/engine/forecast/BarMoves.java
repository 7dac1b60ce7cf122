package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.sextant.engine.data.IntervalBar;

/**
 * What one pass over every bar of a series at an interval gives the {@link OutlierReturns} rules, and those rules run
 * on the stretches of bars it kept. The store's query hands it back ({@link BarOutliers}, for a chart, which does not
 * hold the bars); a bar forecast or backtest works it out in Java on the bars it read for its fit
 * ({@link BarOutliersInHand}). One implementation of the rules for both, so both give the same text.
 *
 * @param n          bars in the series
 * @param k          returns with a size (both closes positive and finite, their ratio positive and finite)
 * @param window     the sizes at ranks (k - 1) // 2 - 1 to (k - 1) // 2 + 1 (those there are), ascending
 * @param spacing    the dates' spacing in days at rank (n - 1) // 2 of the n - 1 spacings in order; null under two bars
 * @param near       returns past the limit, less {@link BarOutliers#SLACK} (a size-less one is past any limit)
 * @param examinedTo the bar of the last of the first {@link BarOutliers#MAX_EXAMINED} of them, -1 when none
 * @param beyond     returns past the limit after that bar
 * @param kept       the bars the rules read, ascending: within {@link BarOutliers#MARGIN} of an examined return, and the last two
 * @param bar        the bar at an index in {@code kept}
 */
record BarMoves(long n, long k, double[] window, Long spacing, long near, long examinedTo, long beyond, int[] kept, IntFunction<IntervalBar> bar) {

    /** The rank of {@code window}'s first size among {@code k}. */
    static long first(long k) {
        return Math.max(0, Math.floorDiv(k - 1, 2) - 1);
    }

    /** The median size, as {@link OutlierReturns#medianAbs} gives it on every return. */
    double median() {
        return median(window, first(k), k, Double.NaN);
    }

    /** The warning of {@code symbol}'s bars, as {@link OutlierReturns#findings} gives it on every bar; null when none. */
    String warning(String symbol) {
        if (n < 2) return null;
        double median = median();
        long gapDays = spacing == null ? Long.MAX_VALUE : CalibrationNotes.gapDays(spacing);
        double limit = Math.max(OutlierReturns.FLOOR, OutlierReturns.TIMES_MEDIAN * median);
        boolean capped = near > BarOutliers.MAX_EXAMINED; // only the bars of the first MAX_EXAMINED returns near the limit were kept
        long checked = 0; // returns past the limit the rules saw
        List<UnadjustedSplits.Split> splits = new ArrayList<>();
        List<OutlierReturns.Spike> spikes = new ArrayList<>();
        for (int[] s : stretches()) {
            int start = s[0];
            double[] c = new double[s[1] - s[0] + 1];
            List<Integer> gaps = new ArrayList<>();
            for (int t = 0; t < c.length; t++) {
                c[t] = bar.apply(start + t).close();
                if (t > 0 && bar.apply(start + t).date().toEpochDay() - bar.apply(start + t - 1).date().toEpochDay() > gapDays) gaps.add(t);
            }
            double[] r = OutlierReturns.returns(c);
            for (int t = 0; t < r.length; t++) {
                if (Math.abs(r[t]) > limit && (!capped || start + t + 1 <= examinedTo)) checked++;
            }
            for (UnadjustedSplits.Split x : UnadjustedSplits.find(r, median, gaps.stream().mapToInt(Integer::intValue).toArray())) {
                if (!capped || start + x.index() <= examinedTo) splits.add(new UnadjustedSplits.Split(start + x.index(), x.jump(), x.after(), x.before()));
            }
            for (OutlierReturns.Spike x : OutlierReturns.find(r, median)) {
                if (!capped || start + x.index() <= examinedTo) spikes.add(new OutlierReturns.Spike(start + x.index(), x.jump(), x.back(), x.closes()));
            }
        }
        String last = n < 3 ? null : lastJump(symbol);
        String w = OutlierReturns.warning(symbol, this::label, i -> bar.apply(i).close(), splits, spikes, last);
        if (!capped || beyond == 0) return w;
        // counted on the rule's limit: those the rules saw, and those after where the pass puts them past it
        String more = String.format(Locale.ROOT, "%s: %d bars move past %.3g in log from the one before; this check looks at the first %d moves that far"
                + " and stopped at %s: the %d after it were not checked for splits or bad ticks; look at those bars (run_select on bars)",
                symbol, checked + beyond, limit, BarOutliers.MAX_EXAMINED, label((int) examinedTo), beyond);
        return w == null ? more : w + ". " + more;
    }

    /** A bar named as a bar forecast names it: its open time in UTC. */
    private String label(int i) {
        return bar.apply(i).ts() + "Z";
    }

    /** The last close's warning: its move against the median of the moves before it (the middle ranks without the last move). */
    private String lastJump(String symbol) {
        double a = bar.apply((int) n - 2).close(), b = bar.apply((int) n - 1).close(), ratio = b / a;
        boolean counted = OutlierReturns.valid(a, b) && ratio > 0 && Double.isFinite(ratio);
        double before = median(window, first(k), k, counted ? Math.abs(Math.log(ratio)) : Double.NaN);
        return OutlierReturns.lastJump(symbol, label((int) n - 1), a, b, before);
    }

    /** Runs of consecutive kept bars, each as its first and last index. */
    private List<int[]> stretches() {
        List<int[]> out = new ArrayList<>();
        for (int i : kept) {
            if (!out.isEmpty() && out.get(out.size() - 1)[1] == i - 1) out.get(out.size() - 1)[1] = i;
            else out.add(new int[] {i, i});
        }
        return out;
    }

    /**
     * {@link OutlierReturns#medianAbs} of {@code count} sizes whose sorted ranks from {@code first} on are {@code window}
     * (the middle three), less one equal to {@code removed} unless it is NaN: without the first of its rank, every
     * rank from there on holds the next size.
     */
    static double median(double[] window, long first, long count, double removed) {
        long size = Double.isNaN(removed) ? count : count - 1;
        if (size <= 0) return 0;
        java.util.function.LongToDoubleFunction at = j -> {
            double v = window[(int) (j - first)];
            return Double.isNaN(removed) || v < removed ? v : window[(int) (j + 1 - first)];
        };
        return size % 2 == 1 ? at.applyAsDouble(size / 2) : (at.applyAsDouble(size / 2 - 1) + at.applyAsDouble(size / 2)) / 2;
    }
}
