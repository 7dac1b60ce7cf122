package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * A scale-out forecast backtest's figures recounted from its own per-origin forecasts and the store's closes, as
 * {@link WalkForwardBacktest#run} counts them (same order of sums, so the same bits): scored and calibrated origins, the
 * errors overall and per step, the model's and the conformal bands' coverage and pinball loss. The origins must be
 * those the row's rule places from its first one, each forecast from the close before it to the dates after it. The
 * adaptive bands are stored widened so they nest (each the hull of the median and of its own and the narrower levels'
 * bands), so their coverage is checked between bounds, not to its value: at most what the stored bands cover, and at
 * least what they cover where a stored band is certainly the job's own (both its ends beyond the next narrower stored
 * band's, or the median's for the narrowest: a hull's end beyond the narrower hull's can only be its own band's end);
 * {@link BacktestReplay} fits the whole backtest again when its cost allows.
 */
public final class BacktestRecount {
    private BacktestRecount() {}

    /**
     * What the recount found: {@code problem} with the {@code column} at fault (both null when the figures are the forecasts'),
     * the model forecasts' origins (ascending) and each one's mean absolute log error.
     */
    public record Recount(String column, String problem, int[] origins, double[] originErrors) {
        static Recount refused(String problem) { return new Recount("forecasts_json", problem, new int[0], new double[0]); }
    }

    /** The recount of {@code b} on {@code closes} (the store's closes the job read, checked by their digest). */
    public static Recount of(ForecastBacktestRun.Computed b, PriceSeries closes) {
        double[] y = PriceForecast.closes(closes);
        List<LocalDate> dates = closes.dates();
        int n = y.length, h = b.horizon();
        WalkForwardBacktest.Result r = b.result();
        double[] levels = r.levels();
        Map<Integer, StoredForecast[]> byOrigin = new HashMap<>(); // origin → {model, conformal, adaptive}
        List<Integer> own = new ArrayList<>();
        for (StoredForecast f : b.rows()) {
            int o = f.historyRows(), kind = kind(f.calibration());
            if (o < 1 || o > n || !f.origin().equals(dates.get(o - 1)) || Double.compare(f.lastClose(), y[o - 1]) != 0) {
                return Recount.refused("holds a forecast whose origin is not a close of the store's closes the job read");
            }
            if (!f.targetDates().equals(targets(dates, o, h))) return Recount.refused("holds a forecast from " + f.origin() + " whose target dates are not the closes after it");
            StoredForecast[] at = byOrigin.computeIfAbsent(o, k -> new StoredForecast[3]);
            if (at[kind] != null) return Recount.refused("holds two " + f.calibration() + " forecasts from " + f.origin());
            at[kind] = f;
            if (kind == 0) own.add(o);
        }
        int[] origins = own.stream().mapToInt(Integer::intValue).sorted().toArray();
        if (origins.length == 0) return Recount.refused("holds no model forecast");
        int[] placed = OriginRule.parse(rule(b)).origins(dates, origins[0]);
        if (!java.util.Arrays.equals(placed, origins)) {
            return Recount.refused("holds model forecasts from " + origins.length + " origins where origins " + b.originsRule() + " places " + placed.length
                    + " from its first one: origins were left out or added");
        }
        for (StoredForecast[] at : byOrigin.values()) {
            if (at[0] == null || (at[1] == null) != (at[2] == null)) return Recount.refused("holds calibrated forecasts without their model forecast or each other");
        }
        double[] absLogSum = new double[h], cov = new double[levels.length], pin = new double[levels.length], ccov = new double[levels.length],
                cpin = new double[levels.length], acov = new double[levels.length], acovSure = new double[levels.length],
                originErrors = new double[origins.length];
        int[] byLevel = ascending(levels);
        int[] count = new int[h];
        int cCount = 0, scored = 0, calibrated = 0;
        try {
            for (int k = 0; k < origins.length; k++) {
                int o = origins[k], steps = Math.min(h, n - o);
                StoredForecast[] at = byOrigin.get(o);
                Forecast f = at[0].forecast(), cf = at[1] == null ? null : at[1].forecast(), ad = at[2] == null ? null : at[2].forecast();
                double[] median = f.median();
                double originSum = 0;
                for (int s = 0; s < steps; s++) {
                    double actual = y[o + s], e = Math.abs(Math.log(actual / median[s]));
                    absLogSum[s] += e;
                    originSum += e;
                    count[s]++;
                    for (int i = 0; i < levels.length; i++) {
                        QuantileBand band = f.band(levels[i]);
                        cov[i] += WalkForwardBacktest.inside(actual, band, s);
                        pin[i] += WalkForwardBacktest.pinball(actual, band, s, levels[i]);
                        if (cf != null) {
                            QuantileBand c = cf.band(levels[i]);
                            ccov[i] += WalkForwardBacktest.inside(actual, c, s);
                            cpin[i] += WalkForwardBacktest.pinball(actual, c, s, levels[i]);
                            acov[i] += WalkForwardBacktest.inside(actual, ad.band(levels[i]), s);
                        }
                    }
                    if (ad != null) surelyInside(ad, levels, byLevel, s, actual, acovSure);
                    if (cf != null) cCount++;
                }
                originErrors[k] = steps == 0 ? Double.POSITIVE_INFINITY : originSum / steps;
                if (steps > 0) scored++;
                if (steps > 0 && cf != null) calibrated++;
            }
        } catch (IllegalArgumentException noBand) { // a forecast without a band at one of the result's levels
            return Recount.refused("holds a forecast without a band at each of the result's levels");
        }
        WalkForwardBacktest.Result here = WalkForwardBacktest.summed(r.model(), scored, calibrated, levels, absLogSum, count, cCount, cov, pin, ccov, cpin, acov);
        String problem = scored != r.origins() ? "says " + r.origins() + " scored origins where its forecasts have " + scored
                : calibrated != r.calibratedOrigins() ? "says " + r.calibratedOrigins() + " calibrated origins where its forecasts have " + calibrated
                : differs("male", new double[] {r.male()}, new double[] {here.male()});
        if (problem == null) problem = differs("male_per_step", r.malePerStep(), here.malePerStep());
        if (problem == null) problem = differs("coverage", r.coverage(), here.coverage());
        if (problem == null) problem = differs("pinball", r.pinball(), here.pinball());
        if (problem == null) problem = differs("conformal_coverage", r.conformalCoverage(), here.conformalCoverage());
        if (problem == null) problem = differs("conformal_pinball", r.conformalPinball(), here.conformalPinball());
        if (problem == null) {
            for (int i = 0; i < levels.length; i++) {
                if (r.adaptiveCoverage()[i] > here.adaptiveCoverage()[i] + ScanReplay.TOLERANCE) {
                    problem = "has an adaptive_coverage above what its (nested) adaptive bands cover of the store's closes";
                } else if (cCount > 0 && r.adaptiveCoverage()[i] < acovSure[i] / cCount - ScanReplay.TOLERANCE) {
                    problem = "has an adaptive_coverage below what its adaptive bands certainly cover of the store's closes (those not widened to nest, "
                            + String.format(Locale.ROOT, "%.6g", acovSure[i] / cCount) + " at level " + levels[i] + ")";
                }
            }
        }
        return new Recount(problem == null ? null : "result_json", problem, origins, originErrors);
    }

    /** The levels' indices, narrowest first, as the adaptive bands were nested. */
    private static int[] ascending(double[] levels) {
        return java.util.stream.IntStream.range(0, levels.length).boxed().sorted((a, b) -> Double.compare(levels[a], levels[b]))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * Counts {@code actual} into {@code sure[i]} where it is inside the stored adaptive band of level i at step s and that band
     * is certainly the job's own: each end strictly beyond the next narrower stored band's (the median's for the narrowest).
     */
    private static void surelyInside(Forecast adaptive, double[] levels, int[] byLevel, int s, double actual, double[] sure) {
        double lo = adaptive.median()[s], hi = lo;
        for (int i : byLevel) {
            QuantileBand b = adaptive.band(levels[i]);
            double l = b.lower(s), u = b.upper(s);
            if (l < lo && u > hi) sure[i] += WalkForwardBacktest.inside(actual, b, s);
            lo = l;
            hi = u;
        }
    }

    /** The row's origin rule ("every 10", "monthly") as {@link OriginRule#parse} reads it. */
    static String rule(ForecastBacktestRun.Computed b) {
        String s = b.originsRule();
        return s.startsWith("every ") ? s.substring(6) : s;
    }

    /** Index of a calibration among {model, conformal, adaptive}. */
    private static int kind(String calibration) {
        return calibration.equals(BandCalibration.MODEL.wire()) ? 0 : calibration.equals(BandCalibration.CONFORMAL.wire()) ? 1 : 2;
    }

    /** The target dates of a forecast of {@code h} steps from the first {@code o} closes, as {@link ForecastBacktestRun#run} writes them. */
    static List<LocalDate> targets(List<LocalDate> dates, int o, int h) {
        List<LocalDate> out = new ArrayList<>(dates.subList(o, Math.min(dates.size(), o + h)));
        if (out.size() < h) out.addAll(TargetDates.after(dates, h - out.size()));
        return out;
    }

    /** Which figure of {@code name} the job wrote ({@code job}) the recount ({@code again}) does not give, or null. */
    private static String differs(String name, double[] job, double[] again) {
        if (job.length != again.length) return "has " + job.length + " " + name + " values where its forecasts give " + again.length;
        for (int i = 0; i < job.length; i++) {
            boolean same = Double.isNaN(job[i]) ? Double.isNaN(again[i]) : ScanReplay.close(job[i], again[i]);
            if (!same) {
                return "has a " + name + (job.length > 1 ? " (value " + (i + 1) + ")" : "") + " that is not the one its forecasts and the store's closes give ("
                        + String.format(Locale.ROOT, "%.6g", again[i]) + ")";
            }
        }
        return null;
    }
}
