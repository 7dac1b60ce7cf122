package org.sextant.engine.data;

import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.sextant.contract.Bounds;
import org.sextant.contract.ShownText;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * The stored symbols and their daily prices, read with SQL: the one place the facade's reads
 * touch JDBC. Symbols are matched case-insensitively and reported canonical (upper case).
 */
public final class PriceRepository {
    private final Store store;
    /** One reader for the repository's life: it keeps what it derives from whole bar series per data version. */
    private final BarReader barReader;
    /** Series read through {@link #closes} and {@link #bars}: what a test counts to show a path reads a series once. */
    private final java.util.concurrent.atomic.LongAdder seriesReads = new java.util.concurrent.atomic.LongAdder();
    /** Queries run over a whole series in the store through {@link #overBars}: what a test counts to show a path does not scan it again. */
    private final java.util.concurrent.atomic.LongAdder seriesScans = new java.util.concurrent.atomic.LongAdder();
    /** Symbols' rows read through {@link #symbols}, {@link #barsOnlySymbols} and {@link #describe}: what a test counts to show describing one reads only it. */
    private final java.util.concurrent.atomic.LongAdder symbolsRead = new java.util.concurrent.atomic.LongAdder();

    public PriceRepository(Store store) {
        this(store, new BarReader(store));
    }

    /** A repository reading bars through {@code barReader} (a benchmark's baseline keeps no bars-only symbols). */
    PriceRepository(Store store, BarReader barReader) {
        this.store = store;
        this.barReader = barReader;
    }

    /**
     * A symbols row (joined with its description as d) whose ticker or name contains the query (three parameters: the lower-case
     * query thrice; "" matches all); contains, not LIKE: a query's "_" or "%" is a character to find, not a wildcard.
     */
    private static final String MATCHES = "(? = '' OR contains(lower(symbol), ?) OR contains(lower(coalesce(d.name, '')), ?))";

    /**
     * Symbols whose name or ticker contains {@code query} (case-insensitive); all when null or blank. Every row: for the
     * workstation's own views, which show a user's whole store; an agent's list_symbols reads a {@link #symbolPage}.
     */
    public List<SymbolInfo> symbols(String query) {
        String q = searchText(query);
        return listed(MATCHES + " ORDER BY symbol", q, q, q);
    }

    /**
     * The {@code limit} symbols from {@code offset} on, in symbol order, of those with daily prices and those with bars only whose
     * ticker or name contains {@code query}, and how many match: only the page's rows are read, whatever the store holds.
     */
    public SymbolPage symbolPage(String query, int offset, int limit) {
        if (limit < 1 || limit > Bounds.MAX_SYMBOL_LIST) {
            throw SextantException.invalid("limit", "limit is " + limit + ", not within 1.." + Bounds.MAX_SYMBOL_LIST, "ask for at most "
                    + Bounds.MAX_SYMBOL_LIST + " symbols and read on with offset");
        }
        if (offset < 0) throw SextantException.invalid("offset", "offset is " + offset + ", below 0", "omit it for the first page, or pass the answer's next_offset");
        String q = searchText(query);
        // the bars-only symbols as kept per prices version: no scan of every bar on each call (docs/benchmarks.md, "Symbol listing")
        BarsOnlySymbols kept = barReader.barsOnlySymbols();
        List<SymbolInfo> rows = new ArrayList<>();
        Map<String, SymbolDescription> barsOnly = new java.util.LinkedHashMap<>();
        // one query on a warm connection, prepared once: the page's rows as listed, and how many match (counted before the cut)
        long count = store.readPrepared("SELECT *, count(*) OVER () FROM (" + listing(kept) + ") WHERE " + LISTED_MATCHES
                + " ORDER BY symbol LIMIT ? OFFSET ?", p -> {
            int at = bindListing(p, kept, q);
            p.setInt(at, limit);
            p.setLong(at + 1, offset);
            long all = -1;
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    all = r.getLong(10);
                    if (r.getBoolean(9)) rows.add(SymbolInfo.read(r));
                    else barsOnly.put(r.getString(1), SymbolDescription.read(r, 2));
                }
            }
            return all;
        });
        if (count < 0) { // an empty page (past the end): counted on its own
            count = store.readPrepared("SELECT count(*) FROM (" + listing(kept) + ") WHERE " + LISTED_MATCHES, p -> {
                bindListing(p, kept, q);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getLong(1);
                }
            });
        }
        symbolsRead.add(rows.size());
        List<SymbolInfo> bars = barReader.barsOnlySymbols(kept, barsOnly);
        symbolsRead.add(bars.size());
        rows.addAll(bars);
        rows.sort(Comparator.comparing(SymbolInfo::symbol));
        // the intervals as kept per prices version: no scan of every price and bar on each call (docs/benchmarks.md, "Metadata reads")
        Map<String, List<String>> stored = barReader.storedIntervals(), intervals = new java.util.TreeMap<>();
        for (SymbolInfo s : rows) intervals.put(s.symbol(), stored.getOrDefault(s.symbol(), List.of()));
        return new SymbolPage(List.copyOf(rows), intervals, Math.toIntExact(count), offset, limit);
    }

    /**
     * Every listed symbol as {@link SymbolInfo#read} reads it, then whether it has daily prices: those with daily prices with
     * their row and description ({@link SymbolDescription#STORED}, without its full join), the bars-only ones ({@code kept}'s
     * relation, one parameter) with their name only, their counts added by the reader.
     */
    private static String listing(BarsOnlySymbols kept) {
        return "SELECT s.symbol, coalesce(s.name, n.name) AS name, coalesce(s.currency, n.currency), coalesce(s.exchange, n.exchange), "
                + "s.first_date, s.last_date, s.rows, s.source, true FROM symbols s LEFT JOIN bars_only_names n USING (symbol) "
                + "UNION ALL SELECT b.symbol, n.name, n.currency, n.exchange, NULL, NULL, NULL, NULL, false FROM " + kept.relation()
                + " b LEFT JOIN bars_only_names n USING (symbol)";
    }

    /** A {@link #listing} row whose ticker or name contains the query (three parameters, as {@link #MATCHES}). */
    private static final String LISTED_MATCHES = "(? = '' OR contains(lower(symbol), ?) OR contains(lower(coalesce(name, '')), ?))";

    /** Binds {@link #listing}'s parameter and {@link #LISTED_MATCHES}'s; returns the next index. */
    private static int bindListing(PreparedStatement p, BarsOnlySymbols kept, String q) throws SQLException {
        int at = kept.bind(p.getConnection(), p, 1);
        for (int i = 0; i < 3; i++) p.setString(at + i, q);
        return at + 3;
    }

    /** The rows of symbols with daily prices {@code where} selects (its parameters {@code args}), as list_symbols lists them. */
    private List<SymbolInfo> listed(String where, String... args) {
        List<SymbolInfo> out = store.read(c -> {
            List<SymbolInfo> rows = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, d.name, d.currency, d.exchange, first_date, last_date, rows, source "
                    + "FROM symbols LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol) WHERE " + where)) {
                for (int i = 0; i < args.length; i++) p.setString(i + 1, args[i]);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) rows.add(SymbolInfo.read(r));
                }
            }
            return rows;
        });
        symbolsRead.add(out.size());
        return out;
    }

    /** Bars at {@code interval} (null = 1d) whose trading day is within from..to; see {@link BarReader}. */
    public BarSeries bars(String symbol, String interval, LocalDate from, LocalDate to) {
        return bars(symbol, interval, from, to, 0);
    }

    /** As {@link #bars(String, String, LocalDate, LocalDate)}, but at most {@code maxRows + 1} bars when {@code maxRows > 0} (one more says there are more). */
    public BarSeries bars(String symbol, String interval, LocalDate from, LocalDate to, int maxRows) {
        if (from != null && to != null && from.isAfter(to)) {
            throw SextantException.invalid("start", "start " + from + " is after end " + to, "give a start on or before the end");
        }
        seriesReads.increment();
        return barReader.read(canonical(requireText(symbol)), BarInterval.of("interval", interval), from, to, maxRows);
    }

    /** Runs {@code query} over every bar of {@code symbol} at {@code interval} in the store, handing back only its answer; see {@link BarReader#overSeries}. */
    public <T> T overBars(String symbol, String interval, String query, Store.PreparedWork<T> rows) {
        seriesScans.increment();
        return barReader.overSeries(canonical(requireText(symbol)), BarInterval.of("interval", interval), query, rows);
    }

    /** How many series {@link #closes} and {@link #bars} have read so far. */
    public long seriesReads() {
        return seriesReads.sum();
    }

    /** How many queries {@link #overBars} has run over a series in the store so far. */
    public long seriesScans() {
        return seriesScans.sum();
    }

    /** The newest {@code count} bars at {@code interval} (null = 1d), oldest first, without reading the older ones; see {@link BarReader#readNewest}. */
    public BarSeries newestBars(String symbol, String interval, int count) {
        return barReader.readNewest(canonical(requireText(symbol)), BarInterval.of("interval", interval), count);
    }

    /** Stored bars a read at {@code interval} leaves out for being outside the session, by UTC date within from..to; see {@link BarReader#outsideSession}. */
    public long barsOutsideSession(String symbol, String interval, LocalDate from, LocalDate to) {
        return barReader.outsideSession(canonical(requireText(symbol)), BarInterval.of("interval", interval), from, to);
    }

    /** For a bars symbol stored as eu_equity whose days are another venue's, the note that says how to set it; see {@link BarReader#venueNote}. */
    public String venueNote(String symbol) {
        return barReader.venueNote(canonical(requireText(symbol)));
    }

    /** The first and last trading day of the bars {@link #bars(String, String, LocalDate, LocalDate)} reads, without reading them (null when none). */
    public TradingDays barSpan(String symbol, String interval) {
        return barReader.span(canonical(requireText(symbol)), BarInterval.of("interval", interval));
    }

    public Map<String, List<String>> storedIntervals() { return barReader.storedIntervals(); }

    /** The intervals stored for {@code symbol} (finest first; daily prices count as 1d); empty for an unknown symbol. */
    public List<String> storedIntervals(String symbol) { return barReader.storedIntervals(canonical(requireText(symbol))); }

    /**
     * The bar interval a request about {@code symbol} at {@code asked} reads, or null for the daily
     * answer it has always had: no interval asked, or 1d of a symbol with daily prices.
     */
    public String barInterval(String symbol, String asked) {
        if (asked == null || asked.isBlank()) return null;
        return asked.trim().equals("1d") && storedIntervals(symbol).contains("1d") ? null : asked;
    }

    /**
     * As {@link #barInterval}, for a chart, a forecast or a backtest (one rule for all): with no
     * interval asked, a symbol with bars only (the USD/CHF sample) is read at its finest stored
     * interval, as the workstation opens it.
     */
    public String readInterval(String symbol, String asked) {
        return asked == null || asked.isBlank() ? BarReader.barsOnlyFinest(storedIntervals(symbol)) : barInterval(symbol, asked);
    }

    /** What an answer says when {@link #readInterval} chose its interval ({@code at}, none asked); null when the caller asked one or it is daily. */
    public static String defaultIntervalNote(String symbol, String asked, String at) {
        if (at == null || (asked != null && !asked.isBlank())) return null;
        // the symbol as stored, not as sent: " usdchf\u0007" finds USDCHF, and its control characters are no note's
        return "no interval asked: " + canonical(symbol) + " has no daily prices, so its finest stored bars (" + at + ") were used; pass interval for another";
    }

    /** {@code symbol}'s row as list_symbols lists it when it has daily prices (only its row is read); null when it has none. */
    public SymbolInfo dailySymbol(String symbol) {
        List<SymbolInfo> row = listed("symbol = ?", requireCanonical(symbol));
        return row.isEmpty() ? null : row.get(0);
    }

    /** Symbols with bars but no daily prices, the query bounded as for {@link #symbols}. */
    public List<SymbolInfo> barsOnlySymbols(String query) {
        List<SymbolInfo> out = barReader.barsOnlySymbols(searchText(query));
        symbolsRead.add(out.size());
        return out;
    }

    /** How many symbols' rows {@link #symbols}, {@link #barsOnlySymbols} and {@link #describe} have read so far. */
    public long symbolsRead() {
        return symbolsRead.sum();
    }

    /** A symbol search as matched (trimmed, lower case; "" for all), refused past the bound. */
    private static String searchText(String query) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        if (q.length() > Bounds.MAX_QUERY_CHARS) {
            throw SextantException.invalid("query", "query is " + q.length() + " characters, more than " + Bounds.MAX_QUERY_CHARS,
                    "search by a part of a ticker or name, e.g. micro");
        }
        return q;
    }

    /** Daily bars of {@code symbol} between {@code from} and {@code to} inclusive (either may be null), oldest first. */
    public List<PriceBar> bars(String symbol, LocalDate from, LocalDate to) {
        String sym = canonical(requireText(symbol));
        if (from != null && to != null && from.isAfter(to)) {
            requireDaily(symbol); // an unknown symbol is named first, as for any other bad range
            throw SextantException.invalid("start", "start " + from + " is after end " + to, "give a start on or before the end");
        }
        // No ORDER BY: on a short read DuckDB's sort costs as much as the scan (it wakes its
        // worker threads). Rows come back in insertion order, which for imported history is
        // date order, so the sort below is mostly a check.
        List<PriceBar> bars = store.readPrepared("SELECT date, open, high, low, close, adj_close, volume FROM prices WHERE symbol = ? "
                + "AND date >= coalesce(?, DATE '0001-01-01') AND date <= coalesce(?, DATE '9999-12-31')", p -> {
            List<PriceBar> out = new ArrayList<>();
            p.setString(1, sym);
            p.setObject(2, from);
            p.setObject(3, to);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    out.add(new PriceBar(toLocal(r.getDate(1)), obj(r, 2), obj(r, 3), obj(r, 4), r.getDouble(5), obj(r, 6), obj(r, 7)));
                }
            }
            return out;
        });
        // Only an empty answer needs the symbols table: unknown symbol (not_found) or no rows in range.
        if (bars.isEmpty()) requireDaily(symbol);
        return inDateOrder(bars);
    }

    /** Daily closes of {@code symbol} between {@code from} and {@code to} inclusive (either may be null). */
    public PriceSeries closes(String symbol, LocalDate from, LocalDate to) {
        seriesReads.increment();
        return PriceSeries.of(canonical(symbol), from, to, bars(symbol, from, to));
    }

    /** How many symbols and rows the store holds, the span of the daily prices' dates, and the bars of other intervals. */
    public DataSummary summary() {
        // the bars-only symbols as kept per prices version (list_symbols keeps them too): no scan of every bar per health check
        BarsOnlySymbols kept = barReader.barsOnlySymbols();
        return store.read(c -> {
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT (SELECT count(*) FROM symbols), count(*), min(date), max(date), (SELECT count(*) FROM bars), "
                         + (kept.kept() ? kept.rows().size() : "(" + BarsOnlySymbols.COUNT + ")")
                         + " FROM prices")) {
                r.next();
                return new DataSummary(r.getLong(1), r.getLong(2), toLocal(r.getDate(3)), toLocal(r.getDate(4)), r.getLong(6), r.getLong(5));
            }
        });
    }

    /**
     * Stores an instrument's name, currency and exchange (an empty one is cleared) and returns its row as
     * list_symbols lists it: a symbol with bars only is named as one with daily prices ({@link SymbolDescription#name});
     * one with no prices at all is refused as unknown, with stored ones a typo away.
     */
    public SymbolInfo describe(String symbol, SymbolDescription description) {
        String s = requireCanonical(symbol);
        if (!store.inTransaction(c -> description.name(c, s))) throw unknownSymbol(symbol);
        // only the described symbol's row, not a listing of every symbol to pick it from
        SymbolInfo daily = dailySymbol(s);
        if (daily != null) return daily;
        SymbolInfo barsOnly = barReader.barsOnlySymbol(s);
        if (barsOnly == null) throw unknownSymbol(symbol); // its last prices were deleted since it was named
        symbolsRead.increment();
        return barsOnly;
    }

    /** Canonical ticker for {@code symbol}, or a not_found error that suggests close names. */
    public String requireSymbol(String symbol) {
        String s = canonical(requireText(symbol));
        boolean known = store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM symbols WHERE symbol = ?")) {
                p.setString(1, s);
                try (ResultSet r = p.executeQuery()) {
                    return r.next();
                }
            }
        });
        if (!known) throw unknownSymbol(symbol, false);
        return s;
    }

    /** The not_found of a symbol the store holds no price or bar of, suggesting stored ones a typo away (bars-only ones too). */
    public SextantException unknownSymbol(String symbol) {
        return unknownSymbol(symbol, true);
    }

    private SextantException unknownSymbol(String symbol, boolean barsOnly) {
        BarsOnlySymbols kept = barsOnly ? barReader.barsOnlySymbols() : null;
        List<SymbolSuggestions.Candidate> candidates = store.read(c -> SymbolSuggestions.candidates(c, symbol, kept));
        symbolsRead.add(candidates.size());
        List<String> near = SymbolSuggestions.nearOf(symbol, candidates);
        return SextantException.notFound("symbol", "unknown symbol '" + ShownText.name(symbol) + "'",
                near.isEmpty() ? "call list_symbols for the symbols in the store, or import/gather it first"
                        : "did you mean one of " + near + "? list_symbols shows all");
    }

    /** The symbol as sent, refused naming {@code symbol} when it is missing or too long; canonical (trimmed, upper case). */
    public static String requireCanonical(String symbol) {
        return canonical(requireText(symbol));
    }

    /**
     * Canonical ticker for {@code symbol} if it has daily prices; a symbol with bars only (the
     * USD/CHF sample's 30-minute bars) is no unknown symbol but a request that needs its interval.
     */
    public String requireDaily(String symbol) {
        return requireDaily(symbol, "interval", "ask at an interval");
    }

    /**
     * As {@link #requireDaily(String)} for a request that has no interval of its own: a symbol with
     * bars only is refused in {@code field}, the fix starting with {@code fix} and naming its intervals.
     */
    public String requireDaily(String symbol, String field, String fix) {
        try {
            return requireSymbol(symbol);
        } catch (SextantException unknown) {
            List<String> stored = storedIntervals(symbol);
            // unknown: named in the request's own field (scans name "symbols"); an interval request's symbol is "symbol"
            if (stored.isEmpty()) throw field.equals("interval") ? unknown : SextantException.notFound(field, unknown.getMessage(), unknown.fix());
            List<String> coarser = BarReader.readable(stored).subList(1, BarReader.readable(stored).size());
            throw SextantException.invalid(field, "'" + symbol + "' has no daily prices, only bars at " + String.join(", ", stored),
                    fix + ": " + stored.get(0) + (coarser.isEmpty() ? "" : " or a coarser one resampled from it (" + String.join(", ", coarser) + ")"));
        }
    }

    private static String requireText(String symbol) {
        if (symbol == null || symbol.isBlank()) {
            throw SextantException.invalid("symbol", "symbol is missing", "pass a ticker from list_symbols, e.g. MSFT");
        }
        if (symbol.length() > Bounds.MAX_SYMBOL_CHARS) {
            throw SextantException.invalid("symbol", "symbol is " + symbol.length() + " characters, more than " + Bounds.MAX_SYMBOL_CHARS,
                    "pass a ticker from list_symbols, e.g. MSFT");
        }
        return symbol;
    }

    /** The stored spelling of a ticker: trimmed, upper case. */
    public static String canonical(String symbol) {
        return symbol == null ? null : symbol.trim().toUpperCase(Locale.ROOT);
    }

    private static List<PriceBar> inDateOrder(List<PriceBar> bars) {
        for (int i = 1; i < bars.size(); i++) {
            if (bars.get(i).date().isBefore(bars.get(i - 1).date())) {
                bars.sort(Comparator.comparing(PriceBar::date));
                break;
            }
        }
        return bars;
    }

    private static LocalDate toLocal(Date d) {
        return d == null ? null : d.toLocalDate();
    }

    private static Double obj(ResultSet r, int col) throws SQLException {
        double v = r.getDouble(col);
        return r.wasNull() ? null : v;
    }
}
