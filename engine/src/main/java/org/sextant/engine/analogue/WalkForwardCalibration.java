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

    private WalkForwardCalibration() {}

    /**
     * {@code args}: the matcher's knobs (horizon defaults to 5; signals_dict and as_of are not
     * allowed: each step queries its own day) plus step_days (1..250) and warmup_days (300..n).
     */
    public static CalibrationReport run(AnalogueMatcher matcher, Map<String, ?> args) {
        Map<String, Object> knobs = new LinkedHashMap<>(args == null ? Map.of() : args);
        if (knobs.containsKey(AnalogueRequest.SIGNALS_DICT) || knobs.containsKey(AnalogueRequest.AS_OF)) {
            throw SextantException.invalid(knobs.containsKey(AnalogueRequest.AS_OF) ? AnalogueRequest.AS_OF : AnalogueRequest.SIGNALS_DICT,
                    "the calibration queries each step's own day", "drop signals_dict and as_of");
        }
        DailySignals s = matcher.signals();
        int step = intKnob(knobs.remove(STEP_DAYS), STEP_DAYS, DEFAULT_STEP_DAYS, 1, 250);
        int warmup = intKnob(knobs.remove(WARMUP_DAYS), WARMUP_DAYS, DEFAULT_WARMUP_DAYS, 300, Math.max(300, s.size()));
        Object ip = knobs.remove(INCLUDE_POINTS);
        boolean includePoints = Boolean.TRUE.equals(ip) || "true".equals(ip);
        knobs.putIfAbsent(AnalogueRequest.HORIZON, AnalogueDefaults.MAX_HORIZON);
        knobs.put(AnalogueRequest.INCLUDE_DATES, false);
        AnalogueRequest template = AnalogueRequest.parse(knobs, s.registry());
        int h = template.horizon();

        List<CalibrationReport.Point> points = new ArrayList<>();
        for (int t = warmup; t + h < s.size(); t += step) {
            org.sextant.engine.jobs.Cancellation.check(); // a match per origin: a request's budget stops it here
            double realised = s.forward(t, h);
            if (Double.isNaN(realised)) continue;
            AnalogueRequest r = new AnalogueRequest(null, h, template.mode(), template.topK(), template.recencyHalfLifeDays(),
                    template.backfillWeight(), template.dimTrust(), false, s.date(t), template.benchmark());
            AnalogueResponse resp;
            try {
                resp = matcher.match(r);
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
            throw SextantException.invalid(WARMUP_DAYS, "no walk-forward step fits in " + s.size() + " rows",
                    "lower warmup_days or step_days, or load more history");
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
        String summary = String.format(Locale.ROOT,
                "%d walk-forward steps (%s..%s, every %d days), horizon %dd: realised return inside p5-p95 %.1f%% of the time (nominal 90%%), "
                        + "inside p25-p75 %.1f%% (nominal 50%%); mean absolute error %.3f%% with the analogue mean vs %.3f%% with the base rate; "
                        + "sign right %.1f%% vs %.1f%%; correlation of analogue mean with realised %.3f. "
                        + "Conformal bands (%d steps): inside the 90%% band %.1f%%, inside the 50%% band %.1f%%.",
                n, first.asOf(), last.asOf(), step, h, 100 * inBand / n, 100 * inIqr / n, 100 * maeA / n, 100 * maeB / n,
                100 * hitA / n, 100 * hitB / n, corr, calibrated, pctOf(calBand, calibrated), pctOf(calIqr, calibrated));
        return new CalibrationReport(matcher.version(), s.benchmark(), template.mode().wire(), h, template.topK(), template.recencyHalfLifeDays(),
                step, first.asOf(), last.asOf(), n, 100 * inBand / n, 90, 100 * inIqr / n, 50, real / n, fc / n, base / n, maeA / n, maeB / n,
                100 * hitA / n, 100 * hitB / n, corr, calibrated, pctOf(calBand, calibrated), pctOf(calIqr, calibrated), summary,
                includePoints ? points : null);
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
