package org.sextant.engine.data;

import java.time.LocalDate;

/** One instrument in the store, with the span of its price history. */
public record SymbolInfo(String symbol, String name, String currency, String exchange,
                         LocalDate firstDate, LocalDate lastDate, long rows, String source) {

    /**
     * The row a listing reads, columns symbol, then name, currency and exchange of {@link SymbolDescription#STORED}, first and
     * last date, rows and source: the description as {@link SymbolDescription#read} shows it.
     */
    static SymbolInfo read(java.sql.ResultSet r) throws java.sql.SQLException {
        SymbolDescription d = SymbolDescription.read(r, 2);
        return new SymbolInfo(r.getString(1), d.name(), d.currency(), d.exchange(), day(r.getDate(5)), day(r.getDate(6)), r.getLong(7), r.getString(8));
    }

    private static LocalDate day(java.sql.Date d) {
        return d == null ? null : d.toLocalDate();
    }
}
