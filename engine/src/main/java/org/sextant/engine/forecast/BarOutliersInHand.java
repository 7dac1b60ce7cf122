package org.sextant.engine.forecast;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
import org.sextant.engine.data.IntervalBar;

/**
 * {@link BarMoves} of bars a bar forecast or backtest already holds (read for its fit, in the order a read gives): the
 * store query of {@link BarOutliers} worked out in Java over the same bars, so its warning is the store's without a
 * second scan of the store (1h bars of 2,000,000 stored minutes: 0.012 s against 1.6 s; docs/benchmarks.md, "Bar
 * warnings: the first answer after an import"). Two passes over the bars, which it does not copy: the sizes of the
 * returns are the one array it allocates (8 bytes a bar), for the exact median.
 */
final class BarOutliersInHand {
    private BarOutliersInHand() {}

    static BarMoves moves(List<IntervalBar> bars) {
        int n = bars.size();
        double[] sizes = new double[Math.max(0, n - 1)];
        int k = 0;
        TreeMap<Long, long[]> spacings = new TreeMap<>(); // a count per spacing in days, as the store groups them: few values, no box per bar
        for (int i = 1; i < n; i++) {
            double m = size(bars.get(i - 1).close(), bars.get(i).close());
            if (Double.isFinite(m)) sizes[k++] = m;
            spacings.computeIfAbsent(bars.get(i).date().toEpochDay() - bars.get(i - 1).date().toEpochDay(), d -> new long[1])[0]++;
        }
        double[] window = middleRanks(sizes, k);
        double median = BarMoves.median(window, BarMoves.first(k), k, Double.NaN);
        double limit = Math.max(OutlierReturns.FLOOR, OutlierReturns.TIMES_MEDIAN * median);
        long near = 0, beyond = 0;
        int examinedTo = -1;
        BitSet kept = new BitSet(n);
        for (int i = 1; i < n; i++) {
            double m = size(bars.get(i - 1).close(), bars.get(i).close()); // again: the sizes were reordered for the median
            if (!(m > limit * BarOutliers.SLACK)) continue; // NaN (no return) too; an infinite size is past any limit, as the store's null one
            if (++near <= BarOutliers.MAX_EXAMINED) {
                examinedTo = i;
                kept.set(Math.max(0, i - BarOutliers.MARGIN), Math.min(n, i + BarOutliers.MARGIN + 1));
            } else if (m > limit) {
                beyond++;
            }
        }
        kept.set(Math.max(0, n - 2), n);
        return new BarMoves(n, k, window, spacing(spacings, n - 1), near, examinedTo, beyond, kept.stream().toArray(), bars::get);
    }

    /** The absolute log return from close {@code a} to {@code b}: infinite where their ratio is 0 or infinite, NaN where there is none. */
    private static double size(double a, double b) {
        return OutlierReturns.valid(a, b) ? Math.abs(Math.log(b / a)) : Double.NaN;
    }

    /** The spacing at rank {@code count} / 2 of {@code count} spacings counted per value; null when there are none. */
    private static Long spacing(TreeMap<Long, long[]> counts, long count) {
        long upTo = 0;
        for (var e : counts.entrySet()) {
            upTo += e.getValue()[0];
            if (upTo > count / 2) return e.getKey();
        }
        return null;
    }

    /** The sizes at ranks (k - 1) // 2 - 1 to (k - 1) // 2 + 1 of {@code a}'s first {@code k} (those there are), ascending; reorders them. */
    static double[] middleRanks(double[] a, int k) {
        if (k == 0) return new double[0];
        int mid = (k - 1) / 2;
        select(a, k, mid);
        double lower = Double.NEGATIVE_INFINITY, upper = Double.POSITIVE_INFINITY;
        for (int i = 0; i < mid; i++) lower = Math.max(lower, a[i]); // all at or below the middle: the largest is rank mid - 1
        for (int i = mid + 1; i < k; i++) upper = Math.min(upper, a[i]);
        if (mid >= 1 && mid + 1 < k) return new double[] {lower, a[mid], upper};
        return mid >= 1 ? new double[] {lower, a[mid]} : mid + 1 < k ? new double[] {a[mid], upper} : new double[] {a[mid]};
    }

    /**
     * Puts the size of rank {@code rank} among {@code a}'s first {@code k} at {@code a[rank]}, the smaller ones before it and
     * the larger after: a selection in linear time on average, with three-way partitions (bars that do not move all have
     * size 0); past a bound on the rounds it sorts what is left, so a bad run of pivots costs a sort, not a square.
     */
    private static void select(double[] a, int k, int rank) {
        int lo = 0, hi = k - 1, rounds = 4 * (32 - Integer.numberOfLeadingZeros(k)) + 8;
        while (lo < hi) {
            if (rounds-- == 0) {
                Arrays.sort(a, lo, hi + 1);
                return;
            }
            double x = a[lo], y = a[lo + (hi - lo) / 2], z = a[hi];
            double pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z)); // the median of three
            int lt = lo, gt = hi, i = lo;
            while (i <= gt) {
                if (a[i] < pivot) swap(a, lt++, i++);
                else if (a[i] > pivot) swap(a, i, gt--);
                else i++;
            }
            if (rank < lt) hi = lt - 1;
            else if (rank > gt) lo = gt + 1;
            else return;
        }
    }

    private static void swap(double[] a, int i, int j) {
        double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
