package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * Unadjusted splits in the closes a model fits: a one-day level change whose ratio is close to a split ratio
 * ({@link #RATIOS}; within {@link #TIMES_MEDIAN} times the median daily move in log, at most {@link #MAX_TOLERANCE}),
 * beyond {@link OutlierReturns#FLOOR} and {@link OutlierReturns#TIMES_MEDIAN} times the median daily move, that
 * stays: no close within {@link #STAYS} after it (and {@link #MIN_AFTER} at least) takes half of it back, and none
 * within {@link #STAYS} before it was off by half of it the other way. Raw closes of a provider drop 10:1 on a
 * 10-for-1 split; a model reading them sees a -90% day and its bands span it. A crash is not a split: the Dow's -0.26
 * on 19 October 1987 is 0.15 from the nearest ratio (2:3, -0.41).
 */
public final class UnadjustedSplits {
    /** Split ratios (shares after : before), a fall of the close to 1/ratio; their inverses are reverse splits. */
    static final double[][] RATIOS = {{2, 1}, {3, 1}, {4, 1}, {5, 1}, {10, 1}, {3, 2}};
    /**
     * Distance in log from a split ratio a change may have: the split day's own move on top of the ratio, 6 times the
     * median daily move, within 0.015 and 0.1 (Microsoft rose 6.7% on its 2:1 split day of 9 December 1996).
     */
    public static final double TIMES_MEDIAN = 6, MIN_TOLERANCE = 0.015, MAX_TOLERANCE = 0.1;
    /**
     * The tolerance's bound for 3:2 and 2:3 (x0.667, x1.5): real crash days fall there, e.g. Procter &amp; Gamble's -30%
     * of 7 March 2000 (log -0.36, 0.045 from 2:3), while Microsoft's 3:2 split days moved about 1% on top.
     */
    public static final double MAX_TOLERANCE_THREE_TWO = 0.03;
    /** Closes after the change that hold the new level, at least (fewer than {@link #STAYS} where the series ends). */
    public static final int MIN_AFTER = 1;
    /** Closes after the change that must hold the new level (fewer where the series ends sooner). */
    public static final int STAYS = 20;
    private static final int MAX_NAMED = 5;

    private UnadjustedSplits() {}

    /** A change at close {@code index}: the close is {@code after}:{@code before} shares' worth of the one before ({@code jump} in log). */
    public record Split(int index, double jump, int after, int before) {
        /** "10:1 split" or "1:10 reverse split". */
        public String name() {
            return jump < 0 ? after + ":" + before + " split" : before + ":" + after + " reverse split";
        }
    }

    /** The probable unadjusted splits in the log returns {@code r}, in order, none into a close of {@code gaps}; {@code medianAbs} is the median absolute return. */
    public static List<Split> find(double[] r, double medianAbs, int[] gaps) {
        java.util.Set<Integer> afterGap = java.util.Arrays.stream(gaps).boxed().collect(java.util.stream.Collectors.toSet());
        double limit = Math.max(OutlierReturns.FLOOR, OutlierReturns.TIMES_MEDIAN * medianAbs);
        List<Split> out = new ArrayList<>();
        double tolerance = Math.max(MIN_TOLERANCE, TIMES_MEDIAN * medianAbs);
        for (int i = 0; i + MIN_AFTER < r.length; i++) {
            if (!(Math.abs(r[i]) > limit) || afterGap.contains(i + 1)) continue; // across a gap: months, not a day
            double[] ratio = nearest(Math.abs(r[i]), tolerance);
            if (ratio == null || !stays(r, i)) continue;
            out.add(new Split(i + 1, r[i], (int) ratio[0], (int) ratio[1]));
        }
        return out;
    }

    private static double[] nearest(double move, double tolerance) {
        for (double[] ratio : RATIOS) {
            double bound = ratio[1] == 2 ? MAX_TOLERANCE_THREE_TWO : MAX_TOLERANCE;
            if (Math.abs(move - Math.log(ratio[0] / ratio[1])) <= Math.min(bound, tolerance)) return ratio;
        }
        return null;
    }

    /**
     * Whether the level held on both sides of return {@code i}: no close within {@link #STAYS} after it is back by half
     * of it or more (a bad tick is), and none within {@link #STAYS} before it was off by half of it the other way (the
     * return that takes a bad tick back is no split either).
     */
    private static boolean stays(double[] r, int i) {
        return held(r, i, 1) && held(r, i, -1);
    }

    private static boolean held(double[] r, int i, int direction) {
        double sum = 0;
        for (int k = 1; k <= STAYS && i + direction * k >= 0 && i + direction * k < r.length; k++) {
            double next = r[i + direction * k];
            if (Double.isNaN(next)) return false;
            sum += next;
            if (Math.signum(sum) != Math.signum(r[i]) && Math.abs(sum) >= OutlierReturns.REVERSED * Math.abs(r[i])) return false;
        }
        return true;
    }

    /** The warning for {@code splits}, each named by {@code label} and its closes read by {@code close} at their index. */
    static String warning(String symbol, IntFunction<String> label, IntToDoubleFunction close, List<Split> splits) {
        List<String> named = new ArrayList<>();
        for (Split s : splits.subList(0, Math.min(MAX_NAMED, splits.size()))) {
            named.add(String.format(Locale.ROOT, "on %s the close %s to x%.3g the one before (%.6g from %.6g, log return %+.2f) and stayed: a %s",
                    label.apply(s.index()), s.jump() < 0 ? "fell" : "rose", Math.exp(s.jump()), close.applyAsDouble(s.index()), close.applyAsDouble(s.index() - 1),
                    s.jump(), s.name()));
        }
        String more = splits.size() > MAX_NAMED ? " and " + (splits.size() - MAX_NAMED) + " more" : "";
        return symbol + ": probable unadjusted split(s): " + String.join("; ", named) + more
                + ". Forecasts, backtests and analogues read the closes as they are, so each reads as a real one-day move and"
                + " the bands and ratios span it: import split-adjusted closes for this symbol (Yahoo's Adj Close, a long file's adj_close"
                + " column, or closes adjusted at the source: docs/data.md)";
    }
}
