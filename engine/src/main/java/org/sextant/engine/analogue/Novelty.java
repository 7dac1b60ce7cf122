package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.Locale;

/**
 * The combination check behind {@link AnalogueNovelty}: each value of a query can lie inside its
 * past range while the combination never occurred (high volatility with a strong up-trend when
 * every high-volatility day fell), and then the nearest "analogues" are far away. Distances are
 * the matcher's own (trust-weighted, standardised over the eligible days).
 * Work is bounded: at most {@link #REFERENCE_DAYS} × {@link #SEARCHED_DAYS} distances of the
 * matched dimensions, whatever the history's length; deterministic (even strides, no sampling).
 */
final class Novelty {
    /** Eligible days whose nearest-neighbour distance forms the reference distribution (an even stride). */
    static final int REFERENCE_DAYS = 500;
    /** Eligible days searched for nearest neighbours; beyond this an even stride of them. */
    static final int SEARCHED_DAYS = 10_000;
    /** Fewer searched days than this give no reference worth a 99th percentile: no check. */
    static final int MIN_DAYS = 100;
    static final double QUANTILE = 0.99;
    /**
     * A day's neighbours within this many rows are not its neighbours (slow signals make the next
     * day nearly the same state): the query's nearest eligible day is at least this far back too.
     */
    static final int EXCLUSION_DAYS = AnalogueDefaults.MAX_HORIZON + AnalogueDefaults.EMBARGO_DAYS;

    private Novelty() {}

    /**
     * The check of {@code p}'s query against {@code ref} ({@link #reference}'s, perhaps kept from an earlier call);
     * null when {@code ref} is {@link NoveltyReferences.Reference#NONE}.
     */
    static AnalogueNovelty of(DailySignals s, AnalogueMatcher.Plan p, NoveltyReferences.Reference ref) {
        if (ref == NoveltyReferences.Reference.NONE) return null;
        double query = Double.POSITIVE_INFINITY;
        for (int row : ref.searched()) query = Math.min(query, d2(s, row, p, query));
        double[] sorted = ref.sorted();
        int got = sorted.length;
        double p99 = sorted[(int) Math.ceil(QUANTILE * got) - 1];
        int below = 0;
        while (below < got && sorted[below] < query) below++;
        return new AnalogueNovelty(distance(query, p), distance(p99, p), 100.0 * below / got, got, ref.searched().length, query > p99);
    }

    /**
     * What {@link #of} compares a query with, whatever the query: the searched days and the sampled days'
     * sorted squared nearest distances. NONE when the plan matches no numeric dimension or fewer than
     * {@link #MIN_DAYS} eligible days have every matched one.
     */
    static NoveltyReferences.Reference reference(DailySignals s, AnalogueMatcher.Plan p, boolean skipBackfill) {
        int m = p.cols.length;
        if (m == 0) return NoveltyReferences.Reference.NONE;
        int[] rows = new int[p.cut];
        int all = 0;
        for (int i = 0; i < p.cut; i++) {
            if (skipBackfill && s.backfill(i)) continue;
            if (complete(s, p, i)) rows[all++] = i;
        }
        if (all < MIN_DAYS) return NoveltyReferences.Reference.NONE;
        int n = Math.min(all, SEARCHED_DAYS);
        int[] searched = new int[n];
        double[] x = new double[n * m];
        for (int k = 0; k < n; k++) {
            searched[k] = rows[(int) ((long) k * all / n)];
            for (int j = 0; j < m; j++) x[k * m + j] = s.value(searched[k], p.cols[j]);
        }
        int r = Math.min(REFERENCE_DAYS, n);
        double[] ref = new double[r];
        int got = 0;
        double[] xr = new double[m];
        for (int t = 0; t < r; t++) {
            int a = (int) (((long) 2 * t + 1) * n / (2L * r)); // the middle of each of r equal slices
            System.arraycopy(x, a * m, xr, 0, m);
            double best = Double.POSITIVE_INFINITY;
            for (int k = 0; k < n; k++) {
                if (Math.abs(searched[k] - searched[a]) <= EXCLUSION_DAYS) continue;
                best = Math.min(best, d2(x, k, xr, p.coef, best));
            }
            if (best < Double.POSITIVE_INFINITY) ref[got++] = best;
        }
        if (got < MIN_DAYS) return NoveltyReferences.Reference.NONE;
        ref = Arrays.copyOf(ref, got);
        Arrays.sort(ref);
        return new NoveltyReferences.Reference(searched, ref);
    }

    /** The note of a novel query; null otherwise. */
    static String note(AnalogueNovelty v, java.time.LocalDate tradeDate) {
        if (v == null || !v.novel()) return null;
        return String.format(Locale.ROOT, "no close analogue: the query is %.3g from its nearest eligible day, farther than %.1f%% of %d sampled past days"
                        + " are from their own nearest (99th percentile %.3g); this combination of values was not seen before %s,"
                        + " so the analogues are only the least unlike it", v.nearestDistance(), v.fartherThanPct(), v.referenceDays(),
                v.referenceP99Distance(), tradeDate);
    }

    private static boolean complete(DailySignals s, AnalogueMatcher.Plan p, int i) {
        for (int c : p.cols) if (Double.isNaN(s.value(i, c))) return false;
        return true;
    }

    /**
     * The matcher's weighted squared distance of searched day {@code k} to {@code q}, abandoned
     * (returning more than {@code limit}) once it exceeds {@code limit}.
     */
    private static double d2(double[] x, int k, double[] q, double[] coef, double limit) {
        double acc = 0;
        int m = q.length, base = k * m;
        for (int j = 0; j < m && acc <= limit; j++) {
            double diff = x[base + j] - q[j];
            acc += coef[j] * diff * diff;
        }
        return acc;
    }

    /** {@link #d2(double[], int, double[], double[], double)} of stored row {@code row} to the query, in the same order of terms. */
    private static double d2(DailySignals s, int row, AnalogueMatcher.Plan p, double limit) {
        double acc = 0;
        int m = p.q.length;
        for (int j = 0; j < m && acc <= limit; j++) {
            double diff = s.value(row, p.cols[j]) - p.q[j];
            acc += p.coef[j] * diff * diff;
        }
        return acc;
    }

    private static double distance(double d2, AnalogueMatcher.Plan p) {
        return Math.sqrt(d2 / p.trustSum);
    }
}
