package org.sextant.engine.analogue;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The combination check's reference distribution ({@link Novelty}: 500 sampled days' nearest
 * distances, most of its CPU) does not depend on the query: kept per benchmark, version of the
 * store's data ({@link org.sextant.engine.store.Store#commits()} when the signals were read),
 * eligible cut, backfill rule, matched columns and their coefficients (which hold the dim_trust and
 * the spread over the cut). An import commits, so a changed store is a miss, never a stale answer.
 * At most {@code capacity} entries, each at most {@link Novelty#SEARCHED_DAYS} ints and
 * {@link Novelty#REFERENCE_DAYS} doubles (about 45 KB); the least recently used go first.
 */
final class NoveltyReferences {
    /** Entries kept by the service: an agent's sweep of queries over a few dates and trust sets, the GUI re-asking. */
    static final int CAPACITY = 32;
    /** The version of signals read while a write committed: which data they hold is unknown, so never kept. */
    static final long UNVERSIONED = -1;

    /**
     * The searched rows (ascending) and the sampled days' sorted squared nearest distances; {@link #NONE} when
     * too few eligible days have every matched dimension for a 99th percentile.
     */
    record Reference(int[] searched, double[] sorted) {
        static final Reference NONE = new Reference(new int[0], new double[0]);
    }

    /** The store's own cache of derived values per key and data version (least recently used dropped first). */
    private final org.sextant.engine.data.BarReadCache kept;
    private final boolean keeps;
    private final java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
    private final java.util.concurrent.atomic.AtomicLong computed = new java.util.concurrent.atomic.AtomicLong();

    /** {@code capacity} 0: computes every time (the benchmark's baseline). */
    NoveltyReferences(int capacity) {
        this.kept = new org.sextant.engine.data.BarReadCache(capacity);
        this.keeps = capacity > 0;
    }

    /** The kept reference of this plan, else {@code compute}'s (computed outside the cache's lock: readers never wait on each other). */
    Reference get(String benchmark, long dataVersion, AnalogueMatcher.Plan p, boolean skipBackfill, Supplier<Reference> compute) {
        calls.incrementAndGet();
        Supplier<Reference> counted = () -> {
            computed.incrementAndGet();
            return compute.get();
        };
        if (!keeps || dataVersion == UNVERSIONED) return counted.get();
        return kept.get(key(benchmark, p, skipBackfill), dataVersion, counted);
    }

    /** Answers given from a kept reference (tests: a repeated call is served by the cache). */
    long hits() {
        return calls.get() - computed.get();
    }

    /** Everything but the data version, which the cache compares itself: an entry of another version is computed again. */
    private static String key(String benchmark, AnalogueMatcher.Plan p, boolean skipBackfill) {
        StringBuilder k = new StringBuilder(benchmark).append('|').append(p.cut)
                .append('|').append(skipBackfill).append('|').append(Arrays.toString(p.cols)).append('|');
        for (double c : p.coef) k.append(Long.toHexString(Double.doubleToLongBits(c))).append(',');
        return k.toString();
    }
}
