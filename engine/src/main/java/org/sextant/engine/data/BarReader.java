package org.sextant.engine.data;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Bars of any interval from the store: stored ones as they are, coarser ones resampled on the fly
 * from the finest stored interval below them (the store's resample_bars macro, along the session).
 */
public final class BarReader {
    private final Store store;

    public BarReader(Store store) {
        this.store = store;
    }

    /** Per symbol, the intervals stored (finest first); daily prices count as 1d. */
    public Map<String, List<String>> storedIntervals() {
        return store.read(c -> {
            Map<String, List<String>> out = new TreeMap<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT symbol, interval FROM (SELECT DISTINCT symbol, '1d' AS interval FROM prices UNION SELECT DISTINCT symbol, interval FROM bars) "
                            + "ORDER BY symbol, list_position(" + intervalList() + ", interval)")) {
                while (r.next()) out.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
            }
            return out;
        });
    }

    /** The intervals stored for one symbol (finest first; daily prices count as 1d); empty when it has none. */
    // dup: the JDBC bind-and-read shape every store query has; the statement and its row differ
    public List<String> storedIntervals(String symbol) {
        return store.read(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT interval FROM (SELECT '1d' AS interval FROM (SELECT 1 FROM prices WHERE symbol = ? LIMIT 1) "
                            + "UNION SELECT DISTINCT interval FROM bars WHERE symbol = ?) ORDER BY list_position(" + intervalList() + ", interval)")) {
                p.setString(1, symbol);
                p.setString(2, symbol);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) out.add(r.getString(1));
                }
            }
            return out;
        });
    }

    /**
     * The finest stored interval of a symbol with bars but no daily prices (the USD/CHF sample's
     * 30m), what its chart opens at when no interval is asked; null when it has daily prices or
     * nothing stored.
     */
    public static String barsOnlyFinest(List<String> stored) {
        return stored == null || stored.isEmpty() || stored.contains("1d") ? null : stored.get(0);
    }

    /** Every interval a symbol can be read at: the stored ones and every coarser one. */
    public static List<String> readable(List<String> stored) {
        List<String> out = new ArrayList<>();
        if (stored == null || stored.isEmpty()) return out;
        BarInterval finest = BarInterval.of("interval", stored.get(0));
        for (BarInterval i : BarInterval.values()) if (i.ordinal() >= finest.ordinal()) out.add(i.label);
        return out;
    }

    /** The symbol's recorded session, or null when it has none (then resampling treats it as continuous). */
    // dup: the JDBC bind-and-read shape every store query has; the statement and its row differ
    public String sessionLabel(String symbol) {
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT session FROM symbol_sessions WHERE symbol = ?")) {
                p.setString(1, symbol);
                try (ResultSet r = p.executeQuery()) {
                    return r.next() ? r.getString(1) : null;
                }
            }
        });
    }

    /**
     * The bars of {@code symbol} at {@code interval} whose trading day is within from..to (either may be null).
     * Refused, naming what exists, when the symbol has no bars at or finer than the interval.
     */
    public BarSeries read(String symbol, BarInterval interval, LocalDate from, LocalDate to) {
        Source src = source(symbol, interval);
        // the trading days asked for are chosen in the query: a narrow range of a long bar series moves only its rows
        String sql = "SELECT ts, date, open, high, low, close, volume FROM (" + src.sql() + ") WHERE (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?) ORDER BY ts";
        List<IntervalBar> bars = store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql)) {
                p.setString(1, symbol);
                java.sql.Date f = from == null ? null : java.sql.Date.valueOf(from), t = to == null ? null : java.sql.Date.valueOf(to);
                p.setDate(2, f);
                p.setDate(3, f);
                p.setDate(4, t);
                p.setDate(5, t);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), nullable(r, 3), nullable(r, 4), nullable(r, 5), r.getDouble(6), nullable(r, 7)));
                    }
                }
            }
            return out;
        });
        return new BarSeries(symbol, interval.label, src.session().label(), src.stored().equals(interval.label) ? null : src.stored(), src.barsPerYear(), List.copyOf(bars));
    }

    /** The first and last trading day of {@code symbol}'s bars at {@code interval} (null when none), refused as {@link #read} refuses. */
    public TradingDays span(String symbol, BarInterval interval) {
        Source src = source(symbol, interval);
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT min(date), max(date) FROM (" + src.sql() + ")")) {
                p.setString(1, symbol);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getDate(1) == null ? null : new TradingDays(r.getDate(1).toLocalDate(), r.getDate(2).toLocalDate());
                }
            }
        });
    }

    /** Where bars at an interval come from: the stored interval read, its session, bars per year and the query (one parameter: the symbol). */
    private record Source(String stored, TradingSession session, double barsPerYear, String sql) {}

    private Source source(String symbol, BarInterval interval) {
        List<String> stored = storedIntervals(symbol);
        if (stored.isEmpty()) {
            throw SextantException.notFound("symbol", "no prices for " + symbol, "list_symbols names the symbols and their intervals");
        }
        String source = null;
        for (String s : stored) {
            if (BarInterval.of("interval", s).ordinal() <= interval.ordinal()) source = s; // the coarsest stored one at or below
        }
        if (source == null) {
            throw SextantException.invalid("interval", symbol + " has no bars as fine as " + interval.label + " (stored: " + String.join(", ", stored) + ")",
                    "ask for one of " + String.join(", ", readable(stored)));
        }
        String recorded = sessionLabel(symbol);
        TradingSession session = TradingSession.of(recorded);
        // daily prices without a recorded session annualise as they always have: 252 trading days
        double perYear = recorded == null && interval == BarInterval.D1 && source.equals("1d") ? 252 : session.barsPerYear(interval);
        // daily prices are read as stored; anything else through the macro, which also dates intraday bars by trading day
        String sql = interval == BarInterval.D1 && source.equals("1d")
                ? "SELECT ts, CAST(ts AS DATE) AS date, open, high, low, close, volume FROM price_bars WHERE symbol = ? AND interval = '1d'"
                : "SELECT ts, date, open, high, low, close, volume FROM resample_bars(?, '" + source + "', '" + interval.label + "')";
        return new Source(source, session, perYear, sql);
    }

    /**
     * Symbols that have bars but no daily prices (so no row in symbols), whose ticker contains
     * {@code query} (lower case; all when empty): their first and last trading day and bar count.
     */
    public List<SymbolInfo> barsOnlySymbols(String query) {
        return store.read(c -> {
            List<SymbolInfo> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, CAST(min(ts) AS DATE), CAST(max(ts) AS DATE), count(*), max(source) FROM bars "
                    + "WHERE symbol NOT IN (SELECT symbol FROM symbols) AND (? = '' OR contains(lower(symbol), ?)) GROUP BY symbol ORDER BY symbol")) {
                p.setString(1, query);
                p.setString(2, query);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new SymbolInfo(r.getString(1), null, null, null, r.getDate(2).toLocalDate(), r.getDate(3).toLocalDate(), r.getLong(4), r.getString(5)));
                    }
                }
            }
            return out;
        });
    }

    private static Double nullable(ResultSet r, int col) throws java.sql.SQLException {
        double v = r.getDouble(col);
        return r.wasNull() ? null : v;
    }

    private static String intervalList() {
        return "['" + String.join("', '", BarInterval.labels()) + "']";
    }
}
