package org.sextant.engine.forecast;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.engine.data.PriceSeries;

/**
 * Live forecasts this process computed for reads, kept in memory (reads never write the store):
 * keyed by the prices they were made from (symbol, rows, last date and close), model, horizon,
 * levels and calibration, so a changed series is a miss. Least recently used entries go first.
 */
public final class LiveForecastCache {
    /** Entries kept: a scan of the sample universe with every model and calibration fits well within it. */
    public static final int CAPACITY = 512;

    private final Map<String, PriceForecast> entries = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PriceForecast> eldest) {
            return size() > CAPACITY;
        }
    };

    public synchronized PriceForecast get(PriceSeries prices, String model, int horizon, double[] levels, String calibration) {
        return entries.get(key(prices, model, horizon, levels, calibration));
    }

    public synchronized void put(PriceSeries prices, String model, int horizon, double[] levels, String calibration, PriceForecast f) {
        entries.put(key(prices, model, horizon, levels, calibration), f);
    }

    /** Forgets everything (the prices changed). */
    public synchronized void clear() {
        entries.clear();
    }

    private static String key(PriceSeries p, String model, int horizon, double[] levels, String calibration) {
        int n = p.size();
        String last = n == 0 ? "-" : p.dates().get(n - 1) + "@" + Double.doubleToLongBits(p.close()[n - 1]);
        return p.symbol() + "|" + n + "|" + last + "|" + model + "|" + horizon + "|" + Arrays.toString(levels) + "|" + calibration;
    }
}
