package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/**
 * The chart answer as columns (one array per series, not one object per day) rounded to what a
 * reader needs: prices to the decimals the source uses, returns, ratios and errors to 1e-6. An
 * agent pays for every digit it reads; 17-digit doubles carry nothing a chart or a reader uses.
 */
public final class ChartPayload {
    /** Most decimals a price keeps (sources with more, e.g. computed adjusted closes, are cut here). */
    static final int MAX_PRICE_DECIMALS = 6;
    /** Forecast prices keep at least cents even when the source quotes whole units. */
    static final int MIN_FORECAST_DECIMALS = 2;
    static final int RATIO_DECIMALS = 6;

    private ChartPayload() {}

    /** The most decimals any of {@code values[from..]} shows (0..6): what the source quotes. */
    public static int priceDecimals(double[] values, int from) {
        int most = 0;
        for (int i = from; i < values.length; i++) {
            double v = values[i];
            if (!Double.isFinite(v)) continue;
            int d = most;
            while (d < MAX_PRICE_DECIMALS && Math.abs(round(v, d) - v) > 1e-9 * Math.max(1, Math.abs(v))) d++;
            most = d;
        }
        return most;
    }

    /** Rounds half away from zero to {@code decimals}; non-finite values pass unchanged. */
    public static double round(double v, int decimals) {
        if (!Double.isFinite(v)) return v;
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    static List<Double> rounded(double[] values, int decimals) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) out.add(round(v, decimals));
        return out;
    }

    /** {dates: [...], close: [...]} for the closes from index {@code from} on. */
    public static Map<String, Object> closes(List<LocalDate> dates, double[] close, int from, int decimals) {
        List<String> d = new ArrayList<>(close.length - from);
        List<Double> c = new ArrayList<>(close.length - from);
        for (int i = from; i < close.length; i++) {
            d.add(dates.get(i).toString());
            c.add(round(close[i], decimals));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dates", d);
        out.put("close", c);
        return out;
    }

    /** The live forecast: target dates, median and one lower/upper pair per level, reward/risk and coverage. */
    public static Map<String, Object> live(PriceForecast f, int priceDecimals) {
        int p = Math.max(priceDecimals, MIN_FORECAST_DECIMALS);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", f.model());
        out.put("origin", f.origin().toString());
        out.put("last_close", round(f.lastClose(), p));
        out.put("calibration", f.calibration());
        if (f.calibrationNote() != null) out.put("calibration_note", f.calibrationNote());
        out.putAll(paths(f.targetDates(), f.forecast(), p));
        List<Map<String, Object>> rr = new ArrayList<>();
        for (RewardRisk r : f.rewardRisk()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("level", r.level());
            m.put("step", r.step());
            m.put("upside", round(r.upside(), RATIO_DECIMALS));
            m.put("downside", round(r.downside(), RATIO_DECIMALS));
            m.put("ratio", round(r.ratio(), RATIO_DECIMALS));
            rr.add(m);
        }
        out.put("reward_risk", rr);
        out.put("coverage", coverage(f.coverage()));
        return out;
    }

    /** One stored backtest origin's forecast, drawn from its origin. */
    public static Map<String, Object> overlay(StoredForecast s, int priceDecimals) {
        int p = Math.max(priceDecimals, MIN_FORECAST_DECIMALS);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("origin", s.origin().toString());
        out.put("calibration", s.calibration());
        out.put("last_close", round(s.lastClose(), p));
        out.putAll(paths(s.targetDates(), s.forecast(), p));
        return out;
    }

    private static Map<String, Object> paths(List<LocalDate> targetDates, Forecast f, int decimals) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("target_dates", targetDates.stream().map(LocalDate::toString).toList());
        out.put("median", rounded(f.median(), decimals));
        List<Map<String, Object>> bands = new ArrayList<>();
        for (QuantileBand b : f.bands()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("level", b.level());
            m.put("lower", rounded(b.lower(), decimals));
            m.put("upper", rounded(b.upper(), decimals));
            bands.add(m);
        }
        out.put("bands", bands);
        return out;
    }

    private static List<Map<String, Object>> coverage(List<LevelCoverage> coverage) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (LevelCoverage c : coverage) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("level", c.level());
            m.put("empirical", c.empirical() == null ? null : round(c.empirical(), RATIO_DECIMALS));
            m.put("origins", c.origins());
            out.add(m);
        }
        return out;
    }

    /** A copy of a JSON-like tree (maps, lists, numbers) with every double rounded to 1e-6: error and coverage summaries. */
    public static Object ratios(Object tree) {
        if (tree instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), ratios(v)));
            return out;
        }
        if (tree instanceof List<?> list) return list.stream().map(ChartPayload::ratios).toList();
        if (tree instanceof double[] a) return rounded(a, RATIO_DECIMALS);
        if (tree instanceof Double d) return round(d, RATIO_DECIMALS);
        return tree;
    }
}
