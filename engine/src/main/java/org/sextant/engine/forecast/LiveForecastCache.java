package org.sextant.engine.forecast;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceSeries;

/**
 * Live forecasts this process computed for reads, kept in memory (reads never write the store):
 * keyed by the prices they were made from (symbol, interval, rows, last time and close), model,
 * horizon, levels and calibration, so a changed series is a miss. Least recently used entries go
 * first. One cache holds daily answers ({@link PriceForecast}), another bar answers ({@link BarForecast}).
 */
public final class LiveForecastCache<T> {
    /** Entries kept: a scan of the sample universe with every model and calibration fits well within it. */
    public static final int CAPACITY = 512;

    private final Map<String, T> entries = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, T> eldest) {
            return size() > CAPACITY;
        }
    };

    public synchronized T get(String key) {
        return entries.get(key);
    }

    public synchronized void put(String key, T forecast) {
        entries.put(key, forecast);
    }

    /** Forgets everything (the prices changed). */
    public synchronized void clear() {
        entries.clear();
    }

    /** The key of a daily forecast made from {@code p}. */
    static String key(PriceSeries p, String model, int horizon, double[] levels, String calibration) {
        int n = p.size();
        String last = n == 0 ? "-" : p.dates().get(n - 1) + "@" + Double.doubleToLongBits(p.close()[n - 1]);
        return p.symbol() + "|1d|" + n + "|" + last + "|" + rest(model, horizon, levels, calibration);
    }

    /** The key of a forecast of {@code bars} (its interval and session, its last bar's open time and close). */
    static String key(BarSeries bars, String model, int horizon, double[] levels, String calibration) {
        int n = bars.size();
        String last = n == 0 ? "-" : bars.bars().get(n - 1).ts() + "@" + Double.doubleToLongBits(bars.bars().get(n - 1).close());
        return bars.symbol() + "|" + bars.interval() + "|" + bars.session() + "|" + n + "|" + last + "|" + rest(model, horizon, levels, calibration);
    }

    private static String rest(String model, int horizon, double[] levels, String calibration) {
        return model + "|" + horizon + "|" + Arrays.toString(levels) + "|" + calibration;
    }
}
