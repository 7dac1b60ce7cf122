package org.sextant.engine.store;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The versions of the stored prices, bars and symbols: every write of them moves the version on, and a write that said which
 * symbols it changed ({@link Store#changesOnly}) moves only theirs, so what is kept per symbol (a listing's bars-only rows, a
 * symbol's stored intervals) is read again for those alone. A version and the changes up to it are read together, under
 * one lock, so no reader sees a version whose changes are not recorded yet.
 */
final class PriceChanges {
    /** Past this many symbols named since the last write of any symbol, they are forgotten and every symbol counts as changed. */
    static final int MOST_NAMED = 100_000;

    private long version;
    /** The last version a write that did not name its symbols made: every symbol changed then. */
    private long anyAt;
    /** Each named symbol's last version. */
    private final Map<String, Long> namedAt = new HashMap<>();
    /**
     * The same names by the version that last named them (a name sits under its last version alone): {@link #since} reads
     * the versions after the one asked about, not every name held (up to {@link #MOST_NAMED}) under the lock.
     */
    private final TreeMap<Long, Set<String>> byVersion = new TreeMap<>();

    /** A committed write of prices: of {@code symbols} alone, or of any symbol when null. */
    synchronized void committed(Collection<String> symbols) {
        version++;
        if (symbols == null || namedAt.size() + symbols.size() > MOST_NAMED) {
            anyAt = version;
            namedAt.clear();
            byVersion.clear();
            return;
        }
        if (symbols.isEmpty()) return;
        Set<String> now = new TreeSet<>(symbols);
        for (String s : now) {
            Long was = namedAt.put(s, version);
            if (was == null) continue;
            Set<String> then = byVersion.get(was);
            then.remove(s);
            if (then.isEmpty()) byVersion.remove(was);
        }
        byVersion.put(version, now);
    }

    synchronized long version() {
        return version;
    }

    /** The version at which {@code symbol}'s prices, bars or symbol row last changed (or any symbol's did, unnamed). */
    synchronized long of(String symbol) {
        return Math.max(anyAt, namedAt.getOrDefault(symbol, 0L));
    }

    /** The version now and the symbols changed after {@code since} up to it (null: a write since may have changed any). */
    synchronized Store.SymbolChanges since(long since) {
        if (anyAt > since) return new Store.SymbolChanges(version, null);
        Set<String> out = new TreeSet<>();
        for (Set<String> named : byVersion.tailMap(since, false).values()) out.addAll(named);
        return new Store.SymbolChanges(version, java.util.Collections.unmodifiableSet(out));
    }

    /** How many names are held (at most {@link #MOST_NAMED}). */
    synchronized int named() {
        return namedAt.size();
    }
}
