package org.sextant.engine.forecast;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceSeries;

/**
 * Live forecasts this process computed for reads, kept in memory (reads never write the store):
 * keyed by what the answer is made of, the very prices (symbol, interval and session, a digest of
 * every date and close: {@link ClosesDigest}), the model as fitted (for one forecasting with the
 * global model, which trained model: {@code GlobalPriceModels#version}), horizon, levels and
 * calibration. So changed prices or another trained model are a miss even when a clearing is missed
 * (a fit ending after an import cleared the cache kept its answer under the old prices' key).
 * Least recently used entries go first. One cache holds daily answers ({@link PriceForecast}),
 * another bar answers ({@link BarForecast}).
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

    /** Forgets everything (the prices changed: their answers can no longer be asked for, and would only hold memory). */
    public synchronized void clear() {
        entries.clear();
    }

    /**
     * The key of a daily forecast made from {@code c}, its digest the one the read's other checks use; {@code model} as
     * fitted: its name, followed for one forecasting with the global model by that model's version.
     */
    static String key(DigestedCloses c, String model, int horizon, double[] levels, String calibration) {
        PriceSeries p = c.prices();
        return p.symbol() + "|1d|" + p.size() + "|" + c.digest() + "|" + rest(model, horizon, levels, calibration);
    }

    /** The key of a forecast of {@code bars} (its interval and session, a digest of every bar's time and close); {@code model} as above. */
    static String key(BarSeries bars, String model, int horizon, double[] levels, String calibration) {
        return bars.symbol() + "|" + bars.interval() + "|" + bars.session() + "|" + bars.size() + "|" + ClosesDigest.of(bars) + "|"
                + rest(model, horizon, levels, calibration);
    }

    private static String rest(String model, int horizon, double[] levels, String calibration) {
        return model + "|" + horizon + "|" + Arrays.toString(levels) + "|" + calibration;
    }
}
