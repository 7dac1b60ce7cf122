package org.sextant.engine.data;

import java.util.List;
import java.util.Map;

/**
 * One page of list_symbols: the matching symbols from {@code offset} on in symbol order, those with daily prices and those
 * with bars only together, at most {@code limit} of them, each with its stored intervals; {@code count} every matching symbol.
 */
public record SymbolPage(List<SymbolInfo> symbols, Map<String, List<String>> intervals, int count, int offset, int limit) {
    /** Whether matching symbols follow this page. */
    public boolean truncated() {
        return offset + (long) symbols.size() < count;
    }

    /** The offset of the next page; null when this one is the last. */
    public Integer nextOffset() {
        return truncated() ? offset + symbols.size() : null;
    }
}
