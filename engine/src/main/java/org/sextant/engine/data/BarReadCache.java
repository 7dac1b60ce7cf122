package org.sextant.engine.data;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What a read derives from a symbol's whole series (its outside-session bars, its trading-day span, the bad ticks of
 * its closes: {@link org.sextant.engine.forecast.OutlierWarnings}), kept per (symbol, what) for one version of the
 * store's data ({@link org.sextant.engine.store.Store#commits()}): every import or delete commits, so a re-imported
 * series is computed again, never answered stale. Holds at most {@code capacity} entries, the least recently used
 * dropped first; capacity 0 computes every time.
 */
public final class BarReadCache {
    private record Entry(long version, Object value) {}

    private final int capacity;
    private final Map<String, Entry> entries;
    /** How many values were computed (not answered as kept). */
    private final java.util.concurrent.atomic.LongAdder computed = new java.util.concurrent.atomic.LongAdder();

    public BarReadCache(int capacity) {
        if (capacity < 0) throw new IllegalArgumentException("capacity " + capacity + " < 0");
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > BarReadCache.this.capacity;
            }
        };
    }

    /**
     * The value kept for {@code key} at {@code version}, else {@code compute}'s (kept under that version). The version
     * is read by the caller before computing: a write meanwhile only makes the next call compute again.
     */
    @SuppressWarnings("unchecked")
    public <T> T get(String key, long version, Supplier<T> compute) {
        if (capacity == 0) return compute.get();
        synchronized (entries) {
            Entry e = entries.get(key);
            if (e != null && e.version() == version) return (T) e.value();
        }
        computed.increment();
        T value = compute.get(); // outside the lock: two readers of one key may both compute, never wait on each other's query
        synchronized (entries) {
            Entry e = entries.get(key);
            if (e == null || e.version() <= version) entries.put(key, new Entry(version, value));
        }
        return value;
    }

    /** How many values were computed rather than answered as kept (with capacity 0 none are counted). */
    long computed() {
        return computed.sum();
    }

    /** At most how many entries are kept (0: none, every value computed). */
    int capacity() {
        return capacity;
    }

    /** How many entries are kept (at most the capacity). */
    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
