package org.sextant.engine.analogue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sextant.engine.SextantException;

/**
 * Conformal calibration of the analogue bands on the matcher's own past errors (conformalised
 * quantile regression, Romano et al. 2019, with the error scaled by the analogues' spread).
 *
 * <p>At calibration origins t = FIRST_ORIGIN, FIRST_ORIGIN + ORIGIN_STEP, ... the matcher answers
 * as of t with the caller's knobs; for the band [lo, hi] at level L its score is
 * max(lo − y, y − hi) / sd, y the realised forward return, sd the analogues' weighted stdev. An
 * answer as of row T uses only origins whose outcome was known before T with the embargo
 * (t + h + embargo &lt; T), the latest WINDOW of them: Q = their ⌈(k+1)L⌉-th smallest score, and
 * the band becomes [lo − Q·sd, hi + Q·sd]. The same rule applied at each past origin gives the
 * empirical coverage reported beside the band. Origins are row numbers from the first row, so a
 * history cut at T sees exactly the same calibration as the full one.
 */
final class AnalogueConformal {
    static final int FIRST_ORIGIN = 300;
    static final int ORIGIN_STEP = 5;
    /** At most this many of the latest known scores (about ten years of origins): the spread of errors drifts. */
    static final int WINDOW = 500;
    static final int MIN_SCORES = 50;
    static final double[] LEVELS = {0.5, 0.9};
    static final String METHOD = "conformal: latest " + WINDOW + " walk-forward errors every " + ORIGIN_STEP
            + " days, score max(lo - y, y - hi)/stdev, at least " + MIN_SCORES;

    private final AnalogueMatcher matcher;
    private final Map<Key, History> histories = new ConcurrentHashMap<>();

    AnalogueConformal(AnalogueMatcher matcher) {
        this.matcher = matcher;
    }

    /** The knobs that change the matcher's answer at an origin. */
    private record Key(MatchMode mode, int topK, double halfLife, double backfillWeight, Map<String, Double> dimTrust, String benchmark) {}

    private static Key key(AnalogueRequest r) {
        return new Key(r.mode(), r.topK(), r.recencyHalfLifeDays(), r.backfillWeight(), r.dimTrust(), r.benchmark());
    }

    /**
     * The origins an answer as of {@code asOfRow} under {@code r}'s knobs still has to score, one
     * match each: {count, sum of their rows} (a match scans the rows before its origin).
     */
    long[] unbuiltOrigins(AnalogueRequest r, int asOfRow) {
        History hist = histories.get(key(r));
        int from = hist == null ? 0 : hist.built;
        long count = 0, rowSum = 0;
        for (int t = FIRST_ORIGIN + from * ORIGIN_STEP; t < asOfRow && t < matcher.signals().size(); t += ORIGIN_STEP) {
            count++;
            rowSum += t;
        }
        return new long[]{count, rowSum};
    }

    /** Calibrated bands for an answer as of {@code asOfRow} whose raw statistics are {@code st}. */
    ForwardStats.Calibration calibrate(AnalogueRequest r, int asOfRow, ForwardStats st) {
        History hist = histories.computeIfAbsent(key(r), k -> new History(r));
        hist.ensure(asOfRow);
        int h = DailySignals.horizonIndex(st.horizonDays());
        int known = hist.knownBefore(asOfRow, st.horizonDays());
        List<ForwardStats.CalibratedBand> bands = new ArrayList<>();
        String note = null;
        int used = 0;
        for (int l = 0; l < LEVELS.length; l++) {
            double[] window = hist.window(h, l, known);
            used = window.length;
            Double q = quantile(window, LEVELS[l]);
            Double lower = null, upper = null;
            if (q == null) {
                note = "fewer than " + MIN_SCORES + " past errors known before this date; no calibrated band";
            } else if (st.stdev() == null) {
                note = "the analogues have no spread (fewer than 2); no calibrated band";
            } else {
                double[] raw = rawBand(st, l);
                lower = Math.min(raw[0] - q * st.stdev(), st.median());
                upper = Math.max(raw[1] + q * st.stdev(), st.median());
            }
            int origins = hist.coverageOrigins(h, l, known);
            Double empirical = origins == 0 ? null : hist.coverageHits(h, l, known) / (double) origins;
            bands.add(new ForwardStats.CalibratedBand(LEVELS[l], lower, upper, empirical, origins));
        }
        nest(bands);
        return new ForwardStats.Calibration(METHOD, used, bands, note);
    }

    /** A wider level's band never lies inside a narrower one's. */
    private static void nest(List<ForwardStats.CalibratedBand> bands) {
        for (int l = 1; l < bands.size(); l++) {
            ForwardStats.CalibratedBand in = bands.get(l - 1), out = bands.get(l);
            if (in.lower() == null || out.lower() == null) continue;
            bands.set(l, new ForwardStats.CalibratedBand(out.level(), Math.min(out.lower(), in.lower()), Math.max(out.upper(), in.upper()),
                    out.empiricalCoverage(), out.coverageOrigins()));
        }
    }

    /** The raw band of level index l: p25–p75 or p5–p95. */
    private static double[] rawBand(ForwardStats st, int l) {
        return l == 0 ? new double[]{st.p25(), st.p75()} : new double[]{st.p5(), st.p95()};
    }

    /** The ⌈(k+1)L⌉-th smallest of k scores; null with fewer than MIN_SCORES or when that rank exceeds k. */
    static Double quantile(double[] scores, double level) {
        int k = scores.length;
        if (k < MIN_SCORES) return null;
        int rank = (int) Math.ceil((k + 1) * level);
        if (rank > k) return null;
        double[] sorted = scores.clone();
        Arrays.sort(sorted);
        return sorted[rank - 1];
    }

    /**
     * Scores per horizon and level at each origin, and whether the band the rule gave there
     * covered, computed on demand up to the latest as-of row asked for.
     */
    private final class History {
        final AnalogueRequest knobs;
        final int[] rows;
        final double[][][] score;
        /** Prefix sums over origins: coverage verdicts given, and hits. */
        final int[][][] given, hits;
        int built;

        History(AnalogueRequest knobs) {
            this.knobs = knobs;
            int n = matcher.signals().size();
            int count = n > FIRST_ORIGIN ? (n - 1 - FIRST_ORIGIN) / ORIGIN_STEP + 1 : 0;
            rows = new int[count];
            for (int i = 0; i < count; i++) rows[i] = FIRST_ORIGIN + i * ORIGIN_STEP;
            int hs = DailySignals.HORIZONS.length;
            score = new double[hs][LEVELS.length][count];
            given = new int[hs][LEVELS.length][count + 1];
            hits = new int[hs][LEVELS.length][count + 1];
        }

        /** Computes every origin before {@code asOfRow} (the only ones an answer as of it may use). */
        synchronized void ensure(int asOfRow) {
            while (built < rows.length && rows[built] < asOfRow) {
                org.sextant.engine.jobs.Cancellation.check(); // a request's budget: the origins built so far stay built
                scoreOrigin(built);
                verdicts(built);
                built++;
            }
        }

        private void scoreOrigin(int i) {
            DailySignals s = matcher.signals();
            int t = rows[i];
            for (double[][] a : score) for (double[] b : a) b[i] = Double.NaN;
            AnalogueRequest at = new AnalogueRequest(null, null, knobs.mode(), knobs.topK(), knobs.recencyHalfLifeDays(),
                    knobs.backfillWeight(), knobs.dimTrust(), false, s.date(t), knobs.benchmark());
            AnalogueResponse resp;
            try {
                resp = matcher.match(at, false);
            } catch (SextantException e) {
                return; // no query can be formed that day (e.g. no regime tag yet in tag mode)
            }
            for (int h = 0; h < DailySignals.HORIZONS.length; h++) {
                ForwardStats st = resp.forward(DailySignals.HORIZONS[h]);
                double y = s.forward(t, DailySignals.HORIZONS[h]);
                if (st.stdev() == null || !(st.stdev() > 0) || Double.isNaN(y)) continue;
                for (int l = 0; l < LEVELS.length; l++) {
                    double[] band = rawBand(st, l);
                    score[h][l][i] = Math.max(band[0] - y, y - band[1]) / st.stdev();
                }
            }
        }

        /** Whether the band the rule gave at origin i (from the scores known then) held its outcome. */
        private void verdicts(int i) {
            for (int h = 0; h < score.length; h++) {
                for (int l = 0; l < LEVELS.length; l++) {
                    Double q = Double.isNaN(score[h][l][i]) ? null : quantile(window(h, l, knownBefore(rows[i], DailySignals.HORIZONS[h])), LEVELS[l]);
                    given[h][l][i + 1] = given[h][l][i] + (q == null ? 0 : 1);
                    hits[h][l][i + 1] = hits[h][l][i] + (q != null && score[h][l][i] <= q ? 1 : 0);
                }
            }
        }

        /** How many origins (a prefix) had their outcome at {@code horizon} known before row {@code asOfRow}. */
        int knownBefore(int asOfRow, int horizon) {
            int lo = 0, hi = rows.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (AnalogueMatcher.outcomeKnown(rows[mid], horizon, asOfRow)) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }

        /** The latest WINDOW defined scores among the first {@code known} origins. */
        double[] window(int h, int l, int known) {
            double[] out = new double[Math.min(WINDOW, known)];
            int k = 0;
            for (int i = known - 1; i >= 0 && k < out.length; i--) if (!Double.isNaN(score[h][l][i])) out[k++] = score[h][l][i];
            return k == out.length ? out : Arrays.copyOf(out, k);
        }

        /** Origins among the first {@code known} whose outcome was judged against a calibrated band; their outcomes are known too. */
        int coverageOrigins(int h, int l, int known) { return given[h][l][known]; }

        int coverageHits(int h, int l, int known) { return hits[h][l][known]; }
    }
}
