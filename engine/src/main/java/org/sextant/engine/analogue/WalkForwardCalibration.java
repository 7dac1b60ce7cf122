package org.sextant.engine.analogue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * Walks forward through history with the matcher (as_of = each step's date, the query = that
 * day's signals) and scores what it said against what happened next.
 */
public final class WalkForwardCalibration {
    public static final int DEFAULT_STEP_DAYS = 20;
    /** The first as-of date leaves this many rows of history before it. */
    public static final int DEFAULT_WARMUP_DAYS = 1000;
    public static final String STEP_DAYS = "step_days";
    public static final String WARMUP_DAYS = "warmup_days";
    public static final String INCLUDE_POINTS = "include_points";
    public static final int MAX_STEP_DAYS = 250;
    /** Fewer rows before the first origin leave too few eligible days to match and to calibrate on. */
    public static final int MIN_WARMUP_DAYS = 300;
    /** The declared bound (about 400 years of trading days); the data's own limit is checked per call. */
    public static final int MAX_WARMUP_DAYS = 100_000;
    /**
     * Most points include_points lists (about 510 bytes of JSON each): step_days 1 on NYSE scores
     * 8,274 steps, 4.5 MB listed; beyond this every k-th step is listed and points_note says so.
     */
    public static final int MAX_POINTS = 1000;
    /**
     * Coverage counted over fewer steps is said to be a small sample, with its 95% Wilson interval:
     * at 30 steps a 90% share's interval is still 74%-97%, at 10 it is 60%-98%, so below 30 a
     * coverage cannot tell a band that holds 90% from one that holds 75% (docs/analogues.md).
     */
    public static final int FEW_STEPS = 30;

    /**
     * What a match costs on one core, from the measurement below, to refuse at once a call that
     * cannot end within its budget: NANOS_PER_ROW per row before the as-of date (the scan) plus
     * NANOS_PER_ANALOGUE per top_k (selection, thinning, quantiles). Measured 2026-12-04 with
     * thread CPU time on the NYSE sample (9,309 rows), horizon 20, step_days 1 (8,274 steps plus
     * 1,802 conformal origins, 51.2 M rows scanned): 19.8 s at top_k 500, 10.9 s at top_k 100, which
     * give 169 ns and 2.2 µs; the constants are about 70% of those, so the estimate is low and a
     * call that can finish on an idle machine is never refused (docs/analogues.md, "Cost").
     */
    static final double NANOS_PER_ROW = 120;
    static final double NANOS_PER_ANALOGUE = 1_500;
    public static final String TIMEOUT_FIX = "ask for fewer replayed origins: raise step_days (default " + DEFAULT_STEP_DAYS
            + ") or warmup_days, or lower top_k; the conformal scores built so far stay built, so a retry goes further";

    private WalkForwardCalibration() {}

    /**
     * {@code args}: the matcher's knobs (horizon defaults to 5; signals_dict and as_of are not
     * allowed: each step queries its own day) plus step_days (1..250) and warmup_days (300..100000, and below the data's rows minus the horizon).
     */
    public static CalibrationReport run(AnalogueMatcher matcher, Map<String, ?> args) {
        Map<String, Object> knobs = new LinkedHashMap<>(args == null ? Map.of() : args);
        if (knobs.containsKey(AnalogueRequest.SIGNALS_DICT) || knobs.containsKey(AnalogueRequest.AS_OF)) {
            throw SextantException.invalid(knobs.containsKey(AnalogueRequest.AS_OF) ? AnalogueRequest.AS_OF : AnalogueRequest.SIGNALS_DICT,
                    "the calibration queries each step's own day", "drop signals_dict and as_of");
        }
        DailySignals s = matcher.signals();
        int step = intKnob(knobs.remove(STEP_DAYS), STEP_DAYS, DEFAULT_STEP_DAYS, 1, MAX_STEP_DAYS);
        Object warmupGiven = knobs.remove(WARMUP_DAYS);
        int warmup = intKnob(warmupGiven, WARMUP_DAYS, DEFAULT_WARMUP_DAYS, MIN_WARMUP_DAYS, MAX_WARMUP_DAYS);
        // a refusal names warmup_days only when the caller sent it; the default's fault is the benchmark's history
        String warmupField = warmupGiven == null ? AnalogueRequest.BENCHMARK : WARMUP_DAYS;
        String warmupSaid = warmupGiven == null ? "the default warmup_days " + warmup : "warmup_days " + warmup;
        Object ip = knobs.remove(INCLUDE_POINTS);
        boolean includePoints = Boolean.TRUE.equals(ip) || "true".equals(ip);
        knobs.putIfAbsent(AnalogueRequest.HORIZON, AnalogueDefaults.MAX_HORIZON);
        knobs.put(AnalogueRequest.INCLUDE_DATES, false);
        AnalogueRequest template = AnalogueRequest.parse(knobs, s.registry());
        int h = template.horizon();
        int lastWarmup = s.size() - h - 1; // the first origin needs its h-day outcome inside the data
        if (lastWarmup < MIN_WARMUP_DAYS) { // no warmup_days helps: the history is too short
            throw SextantException.invalid(AnalogueRequest.BENCHMARK, s.benchmark() + " has " + s.size() + " signal rows: a " + h
                    + "-day calibration needs at least " + (MIN_WARMUP_DAYS + h + 1) + " (warmup_days is at least " + MIN_WARMUP_DAYS + ")",
                    "import a longer history of " + s.benchmark() + ", or choose another benchmark");
        }
        if (warmup > lastWarmup) {
            throw SextantException.invalid(warmupField, warmupSaid + " leaves no step: " + s.benchmark() + " has " + s.size()
                    + " signal rows, so at horizon " + h + " warmup_days can be " + MIN_WARMUP_DAYS + ".." + lastWarmup,
                    "pass warmup_days in " + MIN_WARMUP_DAYS + ".." + lastWarmup + (warmupGiven == null ? ", or choose a benchmark with a longer history"
                            : DEFAULT_WARMUP_DAYS <= lastWarmup ? ", or omit it for " + DEFAULT_WARMUP_DAYS : ""));
        }
        refuseBeyondBudget(matcher, template, warmup, step);

        List<CalibrationReport.Point> points = new ArrayList<>();
        for (int t = warmup; t + h < s.size(); t += step) {
            org.sextant.engine.jobs.Cancellation.check(); // a match per origin: a request's budget stops it here
            double realised = s.forward(t, h);
            if (Double.isNaN(realised)) continue;
            AnalogueRequest r = new AnalogueRequest(null, h, template.mode(), template.topK(), template.recencyHalfLifeDays(),
                    template.backfillWeight(), template.dimTrust(), false, s.date(t), template.benchmark());
            AnalogueResponse resp;
            try {
                resp = matcher.matchWithoutInterval(r);
            } catch (SextantException e) {
                continue; // a day the query cannot be formed (e.g. no regime tag yet in tag mode)
            }
            ForwardStats f = resp.forward(h);
            if (f.count() == 0 || resp.headline().baseRateMean() == null) continue;
            List<ForwardStats.CalibratedBand> cb = f.calibration().bands();
            points.add(new CalibrationReport.Point(s.date(t), f.count(), f.mean(), f.p5(), f.p25(), f.p75(), f.p95(),
                    resp.headline().baseRateMean(), realised, cb.get(0).lower(), cb.get(0).upper(), cb.get(1).lower(), cb.get(1).upper()));
        }
        if (points.isEmpty()) {
            throw SextantException.invalid(warmupField, "no walk-forward step of " + s.benchmark() + " could be scored from row " + warmup
                    + " of " + s.size() + " (each step's day had no query or no analogue with an outcome)",
                    "pass a lower warmup_days or step_days, or choose a benchmark with a longer history");
        }
        int n = points.size();
        int calibrated = 0;
        double calBand = 0, calIqr = 0;
        double inBand = 0, inIqr = 0, real = 0, fc = 0, base = 0, maeA = 0, maeB = 0, hitA = 0, hitB = 0;
        for (CalibrationReport.Point p : points) {
            if (p.realised() >= p.p5() && p.realised() <= p.p95()) inBand++;
            if (p.realised() >= p.p25() && p.realised() <= p.p75()) inIqr++;
            if (p.calibratedLow90() != null && p.calibratedLow50() != null) {
                calibrated++;
                if (p.realised() >= p.calibratedLow90() && p.realised() <= p.calibratedHigh90()) calBand++;
                if (p.realised() >= p.calibratedLow50() && p.realised() <= p.calibratedHigh50()) calIqr++;
            }
            real += p.realised();
            fc += p.analogueMean();
            base += p.baseRate();
            maeA += Math.abs(p.realised() - p.analogueMean());
            maeB += Math.abs(p.realised() - p.baseRate());
            if (Math.signum(p.analogueMean()) == Math.signum(p.realised())) hitA++;
            if (Math.signum(p.baseRate()) == Math.signum(p.realised())) hitB++;
        }
        double corr = correlation(points);
        CalibrationReport.Point first = points.get(0), last = points.get(n - 1);
        String summary = summary(n, first, last, step, h, inBand, inIqr, maeA, maeB, hitA, hitB, corr, calibrated, calBand, calIqr);
        return new CalibrationReport(matcher.version(), s.benchmark(), template.mode().wire(), h, template.topK(), template.recencyHalfLifeDays(),
                step, first.asOf(), last.asOf(), n, 100 * inBand / n, 90, 100 * inIqr / n, 50, real / n, fc / n, base / n, maeA / n, maeB / n,
                100 * hitA / n, 100 * hitB / n, corr, calibrated, pctOf(calBand, calibrated), pctOf(calIqr, calibrated),
                List.of(coverage("p5-p95", 90, inBand, n), coverage("p25-p75", 50, inIqr, n),
                        coverage("conformal", 90, calBand, calibrated), coverage("conformal", 50, calIqr, calibrated)), summary,
                s.dataWarning(), includePoints ? pointsNote(n, step) : null, includePoints ? listed(points) : null);
    }

    /** Every point, or every k-th from the first when there are more than {@link #MAX_POINTS}: a bounded answer. */
    static List<CalibrationReport.Point> listed(List<CalibrationReport.Point> points) {
        int stride = stride(points.size());
        if (stride == 1) return points;
        List<CalibrationReport.Point> out = new ArrayList<>(MAX_POINTS);
        for (int i = 0; i < points.size(); i += stride) out.add(points.get(i));
        return out;
    }

    private static int stride(int n) {
        return (n + MAX_POINTS - 1) / MAX_POINTS;
    }

    /** Says which steps points lists when it does not list them all; null when it does. */
    private static String pointsNote(int n, int step) {
        int stride = stride(n);
        if (stride == 1) return null;
        int listed = (n + stride - 1) / stride;
        return String.format(Locale.ROOT, "points lists %d of the %d steps scored (one in %d, from the first; at most %d); the coverage, errors"
                + " and summary score all %d; step_days %d or more lists every step", listed, n, stride, MAX_POINTS, n, step * stride);
    }

    /** Estimated computing seconds of a calibration (the steps' matches and the conformal origins not yet scored). */
    static double estimatedSeconds(AnalogueMatcher matcher, AnalogueRequest template, int warmup, int step) {
        int n = matcher.signals().size();
        long steps = 0, rows = 0;
        int last = -1;
        for (int t = warmup; t + template.horizon() < n; t += step) {
            steps++;
            rows += t;
            last = t;
        }
        long[] conformal = last < 0 ? new long[2] : matcher.unbuiltConformalOrigins(template, last);
        double nanos = NANOS_PER_ROW * (rows + conformal[1]) + NANOS_PER_ANALOGUE * template.topK() * (double) (steps + conformal[0]);
        return nanos / 1e9;
    }

    /**
     * Under a request's budget (the local API's 40 s), refuses at once, naming step_days, a call
     * whose estimate exceeds what is left of it: it could only time out after holding a core.
     */
    private static void refuseBeyondBudget(AnalogueMatcher matcher, AnalogueRequest template, int warmup, int step) {
        long left = org.sextant.engine.jobs.Cancellation.nanosLeft();
        if (left == Long.MAX_VALUE) return; // the GUI and the CLI wait as long as it takes
        double budget = Math.max(0, left / 1e9);
        double estimate = estimatedSeconds(matcher, template, warmup, step);
        if (estimate <= budget) return;
        int fits = -1;
        for (int s = step + 1; s <= MAX_STEP_DAYS && fits < 0; s++) {
            if (estimatedSeconds(matcher, template, warmup, s) <= budget) fits = s;
        }
        String fix = fits > 0 ? "raise step_days to " + fits + " or more, lower top_k (now " + template.topK() + ") or raise warmup_days"
                : "lower top_k (now " + template.topK() + "): even step_days " + MAX_STEP_DAYS + " does not fit";
        throw new SextantException(org.sextant.contract.FailReason.RESOURCE_LIMIT, String.format(Locale.ROOT,
                "analogue_calibration would compute for about %.0f s (step_days %d from row %d of %d, top_k %d), more than the %.0f s left of its budget",
                estimate, step, warmup, matcher.signals().size(), template.topK(), budget), STEP_DAYS, fix);
    }

    /**
     * The report in words: no "NaN" (an undefined figure says why it is missing), and coverage
     * counted over fewer than {@link #FEW_STEPS} steps says so with its 95% Wilson interval.
     */
    static String summary(int n, CalibrationReport.Point first, CalibrationReport.Point last, int step, int h, double inBand, double inIqr,
                          double maeA, double maeB, double hitA, double hitB, double corr, int calibrated, double calBand, double calIqr) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "%s (%s..%s, every %d days), horizon %dd: realised return inside p5-p95 %.1f%% of the time (nominal 90%%), "
                        + "inside p25-p75 %.1f%% (nominal 50%%); mean absolute error %.3f%% with the analogue mean vs %.3f%% with the base rate; "
                        + "sign right %.1f%% vs %.1f%%; correlation of analogue mean with realised ",
                steps(n, "walk-forward step"), first.asOf(), last.asOf(), step, h, 100 * inBand / n, 100 * inIqr / n, 100 * maeA / n, 100 * maeB / n,
                100 * hitA / n, 100 * hitB / n));
        b.append(Double.isNaN(corr) ? "n/a (" + (n < 2 ? "one step" : "the analogue means or the outcomes do not vary") + ")"
                : String.format(Locale.ROOT, "%.3f", corr)).append(". ");
        if (calibrated == 0) {
            b.append("Conformal bands: n/a (no step had enough past errors for a calibrated band).");
        } else {
            b.append(String.format(Locale.ROOT, "Conformal bands (%s): inside the 90%% band %.1f%%, inside the 50%% band %.1f%%.",
                    steps(calibrated, "step"), pctOf(calBand, calibrated), pctOf(calIqr, calibrated)));
        }
        if (n < FEW_STEPS) b.append(' ').append(fewSteps(n, inBand, "p5-p95", step, h));
        else if (calibrated > 0 && calibrated < FEW_STEPS) b.append(' ').append(fewSteps(calibrated, calBand, "conformal 90%", step, h));
        return b.toString();
    }

    /** "Small sample: from 3 steps only, ..." with the Wilson interval of the band's coverage. */
    private static String fewSteps(int n, double inside, String band, int step, int h) {
        double[] w = wilson(inside, n);
        return String.format(Locale.ROOT, "Small sample: the %s coverage is from %s only (fewer than %d), so %.0f%% is consistent with anything"
                        + " from %.1f%% to %.1f%% (95%% Wilson interval)%s; it cannot tell a calibrated band from a wrong one.",
                band, steps(n, "step"), FEW_STEPS, 100 * inside / n, 100 * w[0], 100 * w[1],
                step < h ? ", and steps closer than the horizon overlap, so they count for less" : "");
    }

    /** A band's coverage over {@code n} steps with its 95% Wilson interval, in percent (null figures without a step). */
    static CalibrationReport.Coverage coverage(String band, double nominalPct, double inside, int n) {
        if (n == 0) return new CalibrationReport.Coverage(band, nominalPct, 0, null, null, null, true);
        double[] w = wilson(inside, n);
        return new CalibrationReport.Coverage(band, nominalPct, n, 100 * inside / n, 100 * w[0], 100 * w[1], n < FEW_STEPS);
    }

    /** The 95% Wilson score interval of a share of {@code hits} in {@code n} trials (n > 0). */
    static double[] wilson(double hits, int n) {
        double z = 1.959963984540054, p = hits / n, z2n = z * z / n;
        double centre = (p + z2n / 2) / (1 + z2n), half = z / (1 + z2n) * Math.sqrt(p * (1 - p) / n + z2n / (4 * n));
        return new double[]{Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    private static String steps(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static double pctOf(double hits, int n) {
        return n == 0 ? Double.NaN : 100 * hits / n;
    }

    private static double correlation(List<CalibrationReport.Point> pts) {
        int n = pts.size();
        double mx = 0, my = 0;
        for (CalibrationReport.Point p : pts) {
            mx += p.analogueMean();
            my += p.realised();
        }
        mx /= n;
        my /= n;
        double sxy = 0, sxx = 0, syy = 0;
        for (CalibrationReport.Point p : pts) {
            sxy += (p.analogueMean() - mx) * (p.realised() - my);
            sxx += (p.analogueMean() - mx) * (p.analogueMean() - mx);
            syy += (p.realised() - my) * (p.realised() - my);
        }
        return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : Double.NaN;
    }

    private static int intKnob(Object v, String field, int dflt, int min, int max) {
        if (v == null) return dflt;
        Double x = AnalogueRequest.coerce(v);
        if (x == null || x != Math.rint(x) || x < min || x > max) {
            throw SextantException.invalid(field, field + " must be an integer in " + min + ".." + max + " (got " + v + ")",
                    "pass " + field + " in " + min + ".." + max + ", or omit it for " + dflt);
        }
        return x.intValue();
    }
}
