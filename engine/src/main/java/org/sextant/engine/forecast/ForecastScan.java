package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/**
 * A universe scan: one row per symbol from its week-aligned forecast, reward/risk at 80, 95 and
 * 99%, filtered by a minimum ratio at the sort level and ranked by it, best first.
 */
public final class ForecastScan {
    public static final double[] LEVELS = {0.80, 0.95, 0.99};

    private ForecastScan() {}

    /**
     * @param symbols        null or empty: every symbol in the store
     * @param level          sort and filter level: 0.80, 0.95 or 0.99 (80/95/99 accepted); null: 0.95
     * @param minRewardRisk  rows below this ratio at the sort level are dropped; null: no filter
     * @param top            at most this many rows (1..1000); null: 20
     * @param minHistory     symbols with fewer closes are skipped; null: 250
     * @param asOf           the week-aligned start is resolved on or before it; null: each series' last date
     */
    public record Request(List<String> symbols, String model, Integer horizon, Double level, Double minRewardRisk, Integer top,
                          Integer minHistory, String calibration, LocalDate asOf) {
        public double sortLevel() {
            double l = level == null ? 0.95 : level > 1 ? level / 100 : level;
            for (double x : LEVELS) if (Math.abs(x - l) < 1e-9) return x;
            throw SextantException.invalid("level", "level must be 80, 95 or 99 (or 0.8, 0.95, 0.99), was " + level, "e.g. 95");
        }

        /** Most symbols one scan request may name (each is a store read, and maybe a forecast). */
        public static final int MAX_SYMBOLS = org.sextant.contract.Bounds.MAX_SCAN_SYMBOLS;

        public void checkSymbolCount() {
            if (symbols != null && symbols.size() > MAX_SYMBOLS) {
                throw SextantException.invalid("symbols", symbols.size() + " symbols named, more than " + MAX_SYMBOLS,
                        "name at most " + MAX_SYMBOLS + " symbols, or omit symbols to scan the whole store");
            }
        }

        public int topN() {
            int t = top == null ? 20 : top;
            if (t < 1 || t > 1000) throw SextantException.invalid("top", "top must be 1..1000, was " + t, "e.g. 20");
            return t;
        }

        public int minHistoryRows() {
            int m = minHistory == null ? 250 : minHistory;
            if (m < 1) throw SextantException.invalid("min_history", "min_history must be >= 1 closes, was " + m, "e.g. 500 for about two years");
            return m;
        }
    }

    /** One ranked symbol; ratios are null where the lower band does not fall below the last close (no downside). */
    public static Map<String, Object> row(PriceForecast f, int historyRows) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("symbol", f.symbol());
        row.put("last_close", f.lastClose());
        row.put("last_date", f.origin());
        double[] med = f.forecast().median();
        row.put("median_return", med[med.length - 1] / f.lastClose() - 1);
        row.put("target_date", f.targetDates().get(f.targetDates().size() - 1));
        for (RewardRisk rr : f.rewardRisk()) {
            String k = String.valueOf(Math.round(rr.level() * 100));
            row.put("reward_risk_" + k, Double.isFinite(rr.ratio()) ? rr.ratio() : null);
            row.put("upside_" + k, rr.upside());
            row.put("downside_" + k, rr.downside());
        }
        for (LevelCoverage c : f.coverage()) row.put("coverage_" + Math.round(c.level() * 100), c.empirical());
        row.put("calibration", f.calibration());
        row.put("history_rows", historyRows);
        return row;
    }

    /** Drops rows under the minimum ratio at the level and keeps the best {@code top}; a missing ratio (no downside) ranks first. */
    public static List<Map<String, Object>> rank(List<Map<String, Object>> rows, double level, Double minRewardRisk, int top) {
        String key = "reward_risk_" + Math.round(level * 100);
        List<Map<String, Object>> kept = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            double v = ratio(r.get(key));
            if (minRewardRisk == null || v >= minRewardRisk) kept.add(r);
        }
        kept.sort(Comparator.comparingDouble((Map<String, Object> r) -> ratio(r.get(key))).reversed()
                .thenComparing(r -> (String) r.get("symbol")));
        return kept.size() > top ? new ArrayList<>(kept.subList(0, top)) : kept;
    }

    private static double ratio(Object v) {
        return v == null ? Double.POSITIVE_INFINITY : ((Number) v).doubleValue();
    }
}
