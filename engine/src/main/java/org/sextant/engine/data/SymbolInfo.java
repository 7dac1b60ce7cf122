package org.sextant.engine.data;

import java.time.LocalDate;

/** One instrument in the store, with the span of its price history. */
public record SymbolInfo(String symbol, String name, String currency, String exchange,
                         LocalDate firstDate, LocalDate lastDate, long rows, String source) {}
