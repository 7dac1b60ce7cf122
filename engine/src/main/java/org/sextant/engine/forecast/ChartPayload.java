package org.sextant.engine.forecast;

import org.sextant.engine.data.PriceSeries;
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

    /** The closes from index {@code from} on. */
    public static ChartData.Closes closes(PriceSeries p, int from, int decimals) {
        return closes(p.dates(), PriceForecast.closes(p), from, decimals, p.adjusted() ? "adjusted close" : "close");
    }

    static ChartData.Closes closes(List<LocalDate> dates, double[] close, int from, int decimals, String price) {
        List<String> d = new ArrayList<>(close.length - from);
        List<Double> c = new ArrayList<>(close.length - from);
        for (int i = from; i < close.length; i++) {
            d.add(dates.get(i).toString());
            c.add(round(close[i], decimals));
        }
        return new ChartData.Closes(d, c, price);
    }

    /** The live forecast: target dates, median and one lower/upper pair per level, reward/risk and coverage. */
    public static ChartData.LiveForecast live(PriceForecast f, int priceDecimals) {
        int p = Math.max(priceDecimals, MIN_FORECAST_DECIMALS);
        List<RewardRisk> rr = new ArrayList<>();
        for (RewardRisk r : f.rewardRisk()) {
            rr.add(new RewardRisk(r.level(), r.step(), round(r.upside(), RATIO_DECIMALS), round(r.downside(), RATIO_DECIMALS),
                    round(r.ratio(), RATIO_DECIMALS)));
        }
        List<LevelCoverage> coverage = new ArrayList<>();
        for (LevelCoverage c : f.coverage()) {
            coverage.add(new LevelCoverage(c.level(), c.empirical() == null ? null : round(c.empirical(), RATIO_DECIMALS), c.origins()));
        }
        return new ChartData.LiveForecast(f.model(), f.origin().toString(), round(f.lastClose(), p), f.calibration(), f.calibrationNote(),
                dates(f.targetDates()), rounded(f.forecast().median(), p), bands(f.forecast(), p), rr, coverage);
    }

    /** One stored backtest origin's forecast, drawn from its origin. */
    public static ChartData.Overlay overlay(StoredForecast s, int priceDecimals) {
        int p = Math.max(priceDecimals, MIN_FORECAST_DECIMALS);
        return new ChartData.Overlay(s.origin().toString(), s.calibration(), round(s.lastClose(), p), dates(s.targetDates()),
                rounded(s.forecast().median(), p), bands(s.forecast(), p));
    }

    private static List<String> dates(List<LocalDate> dates) {
        return dates.stream().map(LocalDate::toString).toList();
    }

    private static List<ChartData.Band> bands(Forecast f, int decimals) {
        List<ChartData.Band> bands = new ArrayList<>();
        for (QuantileBand b : f.bands()) bands.add(new ChartData.Band(b.level(), rounded(b.lower(), decimals), rounded(b.upper(), decimals)));
        return bands;
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
