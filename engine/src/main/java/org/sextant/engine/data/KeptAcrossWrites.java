package org.sextant.engine.data;

import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.sextant.engine.store.Store;

/**
 * A value derived from every symbol's stored rows (the bars-only symbols, every symbol's stored intervals), kept per prices
 * version and brought up to date after a write by reading again only the symbols it changed ({@link Store#changesOnly}):
 * the first list_symbols after an import of one symbol no longer reads every bar. A write that did not name its symbols,
 * or named more than {@link #MOST_REREAD}, reads the whole again.
 */
final class KeptAcrossWrites<T> {
    /** Past this many changed symbols one read of all is cheaper than reading them by name. */
    static final int MOST_REREAD = 1_000;

    private record At<T>(long version, T value) {}

    private volatile At<T> kept;

    /**
     * The value at the current prices version: kept, or {@code changed(kept value, changed symbols)} (null: it cannot be
     * brought up to date, read the whole), or {@code whole}'s. The version is read before the rows, as {@link BarReadCache}'s.
     */
    T get(Store store, Supplier<T> whole, BiFunction<T, Set<String>, T> changed) {
        At<T> k = kept;
        long version = store.pricesVersion();
        if (k != null && k.version() == version) return k.value();
        T value = null;
        if (k != null) {
            Store.SymbolChanges since = store.symbolsChangedSince(k.version());
            version = since.version();
            if (since.symbols() != null && since.symbols().size() <= MOST_REREAD) value = changed.apply(k.value(), since.symbols());
        }
        if (value == null) value = whole.get();
        synchronized (this) {
            if (kept == null || kept.version() <= version) kept = new At<>(version, value);
        }
        return value;
    }
}
