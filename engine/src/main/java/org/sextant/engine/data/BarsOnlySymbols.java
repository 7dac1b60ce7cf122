package org.sextant.engine.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The symbols with bars but no daily prices as one scan of the bars found them at one data version, each with its bars'
 * UTC first and last date, count and source (no description: a symbol's name is read with the page). list_symbols and an
 * unknown symbol's suggestions read these instead of scanning every bar on each call (attack 30 F5); {@link BarReader}
 * keeps one per data version. Null rows: more of them than the bound, so none kept and each query reads the bars again.
 */
record BarsOnlySymbols(Map<String, SymbolInfo> rows) {
    /** None kept (past the bound, or a reader that keeps nothing): queries read the bars as they always did. */
    static final BarsOnlySymbols SCANNED = new BarsOnlySymbols(null);

    /** The bars-only symbols as the bars give them (queries order them); {@link #SCANNED} when more than {@code bound}. */
    static BarsOnlySymbols scan(Connection c, int bound) throws SQLException {
        if (bound < 1) return SCANNED;
        Map<String, SymbolInfo> rows = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement(SELECT + " GROUP BY symbol ORDER BY symbol LIMIT " + (bound + 1))) {
            if (!read(p, rows, bound)) return SCANNED;
        }
        return new BarsOnlySymbols(java.util.Collections.unmodifiableMap(rows));
    }

    /** The bars of symbols without daily prices. */
    private static final String BARS_ONLY = " FROM bars WHERE symbol NOT IN (SELECT symbol FROM symbols)";
    private static final String SELECT = "SELECT symbol, CAST(min(ts) AS DATE), CAST(max(ts) AS DATE), count(*), max(source)" + BARS_ONLY;
    /** How many bars-only symbols there are, read from the bars (when none are kept). */
    static final String COUNT = "SELECT count(DISTINCT symbol)" + BARS_ONLY;

    /**
     * These rows with {@code changed}'s read from the bars again (a symbol that lost its bars or gained daily prices gone, a new
     * one added), the others kept: what {@link #scan} would give now when only {@code changed} were written since; null when
     * none are kept, {@link #SCANNED} past {@code bound}.
     */
    BarsOnlySymbols withChanged(Connection c, java.util.Set<String> changed, int bound) throws SQLException {
        if (!kept()) return null;
        if (changed.isEmpty()) return this;
        Map<String, SymbolInfo> out = new LinkedHashMap<>(rows);
        out.keySet().removeAll(changed);
        // by placeholders, not an array: DuckDB prunes the bars' row groups by a list of constants
        try (PreparedStatement p = c.prepareStatement(SELECT + " AND symbol IN (" + BarReader.placeholders(changed.size()) + ") GROUP BY symbol")) {
            int at = 1;
            for (String s : changed) p.setString(at++, s);
            if (!read(p, out, bound)) return SCANNED;
        }
        return new BarsOnlySymbols(java.util.Collections.unmodifiableMap(out));
    }

    /** Adds the query's rows to {@code rows}; false once they pass {@code bound}. */
    private static boolean read(PreparedStatement p, Map<String, SymbolInfo> rows, int bound) throws SQLException {
        try (ResultSet r = p.executeQuery()) {
            while (r.next()) {
                if (rows.size() == bound) return false;
                rows.put(r.getString(1), new SymbolInfo(r.getString(1), null, null, null, r.getDate(2).toLocalDate(), r.getDate(3).toLocalDate(),
                        r.getLong(4), r.getString(5)));
            }
        }
        return true;
    }

    boolean kept() {
        return rows != null;
    }

    /**
     * The relation (symbol) of the bars-only symbols for a query: the kept ones as one array parameter ({@link #bind}), still
     * without a symbol that has gained daily prices since; else every bar's symbol, as before they were kept.
     */
    String relation() {
        return kept() ? "(SELECT symbol FROM (SELECT unnest(?::VARCHAR[]) AS symbol) WHERE symbol NOT IN (SELECT symbol FROM symbols))"
                : "(SELECT DISTINCT symbol FROM bars WHERE symbol NOT IN (SELECT symbol FROM symbols))";
    }

    /** Binds {@link #relation}'s parameter at {@code at} when it has one; returns the next parameter's index. */
    int bind(Connection c, PreparedStatement p, int at) throws SQLException {
        if (!kept()) return at;
        p.setObject(at, c.createArrayOf("VARCHAR", rows.keySet().toArray()));
        return at + 1;
    }
}
