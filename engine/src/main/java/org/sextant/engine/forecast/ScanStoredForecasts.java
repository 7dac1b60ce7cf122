package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * The stored live forecasts a scan ranks from, for thousands of symbols: their heads read in one query when the scan
 * begins, and the forecasts themselves {@link #AHEAD} symbols at a time (each one's made at the origin asked, the scan's
 * week-aligned start, else its latest), instead of three queries per symbol. A scan of 5,000 stored forecasts spent 20 ms a symbol
 * in them, 100 s in all: past its budget. What {@link #at} answers is what {@link ForecastStore#find} answers. Not
 * thread-safe: one scan's.
 */
final class ScanStoredForecasts {
    /** Symbols whose latest stored forecast is read with the one asked for: its steps and bands held at a time. */
    static final int AHEAD = 100;

    private final ForecastStore store;
    private final Map<String, List<ForecastStore.Head>> heads;
    private final List<String> order;
    private final Map<String, Integer> position = new HashMap<>();
    private Map<Long, StoredForecast> read = Map.of();
    private int queries;

    /** The stored live forecasts of {@code model}, {@code horizon} and {@code calibration}, asked in about {@code order}. */
    ScanStoredForecasts(ForecastStore store, String model, int horizon, String calibration, List<String> order) {
        this.store = store;
        this.heads = store.heads(StoredForecast.LIVE, model, horizon, calibration);
        this.order = order;
        for (int i = 0; i < order.size(); i++) position.putIfAbsent(order.get(i), i);
    }

    /** The stored forecasts of {@code symbol} made at {@code origin}, as {@code find(symbol, model, horizon, live, calibration, origin, origin)}. */
    List<StoredForecast> at(String symbol, LocalDate origin) {
        List<ForecastStore.Head> hs = heads.getOrDefault(symbol, List.of());
        List<StoredForecast> out = new ArrayList<>();
        for (ForecastStore.Head h : hs) {
            if (!h.origin().equals(origin)) continue;
            if (!read.containsKey(h.id())) readFrom(symbol, h.id(), origin);
            StoredForecast f = read.get(h.id());
            if (f != null) out.add(f); // null: replaced since the scan began
        }
        return out;
    }

    /**
     * Reads forecast {@code id} of {@code symbol} with those of the next {@link #AHEAD} symbols in the scan's order made at
     * {@code origin} (the scan's week-aligned start, mostly one date for all) or else their latest, dropping those read before.
     */
    private void readFrom(String symbol, long id, LocalDate origin) {
        List<Long> ids = new ArrayList<>();
        ids.add(id);
        int from = position.getOrDefault(symbol, order.size());
        for (int i = from + 1; i < Math.min(order.size(), from + 1 + AHEAD); i++) {
            List<ForecastStore.Head> next = heads.get(order.get(i));
            if (next != null) ids.add(likely(next, origin).id());
        }
        read = new HashMap<>(store.byIds(ids));
        read.putIfAbsent(id, null); // asked and not stored: not read again
        queries++;
    }

    /** The head made at {@code origin}, else the latest. */
    private static ForecastStore.Head likely(List<ForecastStore.Head> hs, LocalDate origin) {
        ForecastStore.Head best = hs.get(0);
        for (ForecastStore.Head h : hs) {
            if (h.origin().equals(origin)) return h;
            if (h.origin().isAfter(best.origin())) best = h;
        }
        return best;
    }

    /** Reads of forecasts so far (tests: a few for a whole scan, not one per symbol). */
    int reads() { return queries; }
}
