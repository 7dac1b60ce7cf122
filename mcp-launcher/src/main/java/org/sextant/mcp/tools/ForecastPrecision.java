package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A forecast answer (get_forecast's wire form) rounded to what a reader needs: prices (last close,
 * median, band edges) to the decimals the last close is quoted in (2 to 6), every other number
 * (returns, ratios, coverage, levels) to 1e-6. The app's 17-digit doubles carry nothing a user
 * reads, and every digit costs the agent context.
 */
final class ForecastPrecision {
    static final Set<String> PRICE_KEYS = Set.of("last_close", "median", "lower", "upper");
    static final int MIN_PRICE_DECIMALS = 2, MAX_PRICE_DECIMALS = 6, RATIO_DECIMALS = 6;

    private ForecastPrecision() {}

    static Map<String, Object> round(Map<String, Object> forecast) {
        int decimals = forecast.get("last_close") instanceof Number n ? decimals(n.doubleValue()) : MAX_PRICE_DECIMALS;
        @SuppressWarnings("unchecked") Map<String, Object> out = (Map<String, Object>) walk(forecast, RATIO_DECIMALS, decimals);
        return out;
    }

    /** The decimals {@code v} is quoted in, within 2..6. */
    static int decimals(double v) {
        int d = MIN_PRICE_DECIMALS;
        while (d < MAX_PRICE_DECIMALS && Math.abs(round(v, d) - v) > 1e-9 * Math.max(1, Math.abs(v))) d++;
        return d;
    }

    static double round(double v, int decimals) {
        if (!Double.isFinite(v)) return v;
        double scale = Math.pow(10, decimals);
        return Math.round(v * scale) / scale;
    }

    private static Object walk(Object node, int decimals, int priceDecimals) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k),
                    walk(v, PRICE_KEYS.contains(String.valueOf(k)) ? priceDecimals : RATIO_DECIMALS, priceDecimals)));
            return out;
        }
        if (node instanceof List<?> list) return list.stream().map(v -> walk(v, decimals, priceDecimals)).toList();
        if (node instanceof Double d) return round(d, decimals);
        return node;
    }
}
