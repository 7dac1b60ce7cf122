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
 * from the finest stored interval below them (the store's resample_bars macro, along the session; a read from one
 * stored interval groups only the stored bars of the days it may answer, {@link BarWindows}).
 */
public final class BarReader {
    /** Entries of what is derived from whole series kept per reader: a few dozen symbol-intervals, each a few days' counts. */
    static final int CACHE_ENTRIES = 64;
    /**
     * Symbols whose stored intervals are kept per reader, apart from the costly whole-series values above so that a scan
     * of a large universe does not push those out: a few labels each (a symbol is at most 64 characters), about 3 MB
     * when full; beyond it the least recently read symbols are scanned again.
     */
    static final int INTERVAL_ENTRIES = 10_000;
    /**
     * Bars-only symbols kept per reader at most, each with its bars' dates, count and source: about 3 MB when full; past it
     * list_symbols and an unknown symbol's suggestions read them from the bars on each call, as before they were kept.
     */
    static final int BARS_ONLY_KEPT = 10_000;

    private final Store store;
    private final BarReadCache derived;
    private final BarReadCache intervals;
    /** The store's bars-only symbols ({@link BarsOnlySymbols}), brought up to date with the symbols each write changed. */
    private final KeptAcrossWrites<BarsOnlySymbols> barsOnly = new KeptAcrossWrites<>();
    /** Every symbol's stored intervals, brought up to date the same way. */
    private final KeptAcrossWrites<Map<String, List<String>>> allIntervals = new KeptAcrossWrites<>();
    private final int barsOnlyBound;
    /** Reads of the bars-only symbols from the bars themselves: what a test counts to show list_symbols scans them once per data version. */
    private final java.util.concurrent.atomic.LongAdder barsOnlyScans = new java.util.concurrent.atomic.LongAdder();
    /** False only for the benchmark's baseline: every read scans the stored intervals and resamples the whole series, and list_symbols counts every call. */
    private final boolean windows;

    /** A reader that keeps what it derives from whole series (outside-session counts, trading-day spans) per data version. */
    public BarReader(Store store) {
        this(store, CACHE_ENTRIES);
    }

    /** As {@link #BarReader(Store)}, keeping at most {@code cacheEntries} derived values; 0 derives them on every call. */
    public BarReader(Store store, int cacheEntries) {
        this(store, cacheEntries, true);
    }

    /** As {@link #BarReader(Store, int)}; {@code windows} false reads as before windows and kept counts (BarReadCostBench's baseline). */
    BarReader(Store store, int cacheEntries, boolean windows) {
        this(store, cacheEntries, windows, cacheEntries == 0 || !windows ? 0 : BARS_ONLY_KEPT);
    }

    /** As {@link #BarReader(Store, int, boolean)}, keeping at most {@code barsOnlyBound} bars-only symbols (0: none, each call reads the bars). */
    BarReader(Store store, int cacheEntries, boolean windows, int barsOnlyBound) {
        this.store = store;
        this.derived = new BarReadCache(cacheEntries);
        this.intervals = new BarReadCache(cacheEntries == 0 ? 0 : INTERVAL_ENTRIES);
        this.barsOnlyBound = barsOnlyBound;
        this.windows = windows;
    }

    /**
     * Per symbol, the intervals stored (finest first); daily prices count as 1d. A scan of every stored
     * price and bar, so it is kept per data version: list_symbols then reads only the small symbols table,
     * and needs few turns of a core while heavy reads hold them (docs/benchmarks.md, "Metadata reads under heavy reads").
     */
    public Map<String, List<String>> storedIntervals() {
        if (!windows || derived.capacity() == 0) return scannedIntervals(new TreeMap<>(), null);
        return allIntervals.get(store, () -> scannedIntervals(new TreeMap<>(), null), (kept, changed) -> {
            Map<String, List<String>> out = new TreeMap<>(kept);
            out.keySet().removeAll(changed);
            return changed.isEmpty() ? kept : scannedIntervals(out, changed);
        });
    }

    /** {@code out} with the stored intervals of {@code only}'s symbols (null: every symbol) read from the prices and bars. */
    private Map<String, List<String>> scannedIntervals(Map<String, List<String>> out, java.util.Set<String> only) {
        // by placeholders: DuckDB prunes the bars' row groups by a list of constants
        String where = only == null ? "" : " WHERE symbol IN (" + placeholders(only.size()) + ")";
        return store.read(c -> {
            Map<String, List<String>> read = new TreeMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, interval FROM (SELECT DISTINCT symbol, '1d' AS interval FROM prices" + where
                    + " UNION SELECT DISTINCT symbol, interval FROM bars" + where + ") ORDER BY symbol, list_position(" + intervalList() + ", interval)")) {
                if (only != null) {
                    int at = 1;
                    for (int twice = 0; twice < 2; twice++) for (String s : only) p.setString(at++, s);
                }
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) read.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
                }
            }
            read.forEach((symbol, intervals) -> out.put(symbol, List.copyOf(intervals)));
            return java.util.Collections.unmodifiableMap(out); // kept: no caller may change it
        });
    }

    /**
     * The intervals stored for one symbol (finest first; daily prices count as 1d); empty when it has none. A scan of
     * the symbol's bars that every read, span and outside-session count starts with, so it is kept per data version:
     * a page of bars no longer scans them all once more.
     */
    public List<String> storedIntervals(String symbol) {
        if (!windows) return scannedIntervals(symbol);
        return intervals.get(symbol, store.symbolVersion(symbol), () -> scannedIntervals(symbol));
    }

    // dup: the JDBC bind-and-read shape every store query has; the statement and its row differ
    private List<String> scannedIntervals(String symbol) {
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
            return List.copyOf(out); // kept: no caller may change it
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
        return read(symbol, interval, from, to, 0);
    }

    /**
     * As {@link #read(String, BarInterval, LocalDate, LocalDate)}, but at most {@code maxRows + 1} bars when
     * {@code maxRows > 0}: one past the bound tells the caller there is more (it cuts at a whole trading day).
     */
    public BarSeries read(String symbol, BarInterval interval, LocalDate from, LocalDate to, int maxRows) {
        return read(symbol, interval, from, to, maxRows > 0 ? maxRows + 1 : 0, false);
    }

    /**
     * The newest {@code count} bars of {@code symbol} at {@code interval}, oldest first, refused as {@link #read} refuses:
     * the store sorts newest-first and hands over only those, so a chart of years of 1-minute bars moves only what it shows.
     */
    public BarSeries readNewest(String symbol, BarInterval interval, int count) {
        if (count < 1) throw new IllegalArgumentException("count " + count + " < 1");
        return read(symbol, interval, null, null, count, true);
    }

    /** The bars within from..to, at most {@code limit} (0: all), oldest first or newest first (then handed back oldest first). */
    private BarSeries read(String symbol, BarInterval interval, LocalDate from, LocalDate to, int limit, boolean newestFirst) {
        Source src = source(symbol, interval);
        if (windows && windowed(src, interval)) {
            BarWindows w = new BarWindows(this, symbol, BarInterval.of("interval", src.stored().get(0)), interval, src.session());
            return series(symbol, interval, src, w.read(from, to, limit, newestFirst));
        }
        String orderAndLimit = order(newestFirst) + (limit > 0 ? " LIMIT " + limit : "");
        // the trading days asked for are chosen in the query: a narrow range of a long bar series moves only its rows
        String sql = "SELECT ts, date, open, high, low, close, volume, stored_interval FROM (" + src.sql()
                + ") WHERE (? IS NULL OR date >= ?) AND (? IS NULL OR date <= ?) " + orderAndLimit;
        java.util.Set<String> used = new java.util.HashSet<>();
        List<IntervalBar> bars = store.read(c -> {
            List<IntervalBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql)) {
                bindDays(p, src.bindSymbol(p, symbol), from, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new IntervalBar(r.getTimestamp(1).toLocalDateTime(), r.getDate(2).toLocalDate(), nullable(r, 3), nullable(r, 4), nullable(r, 5), r.getDouble(6), nullable(r, 7)));
                        used.add(r.getString(8));
                    }
                }
            }
            if (newestFirst) java.util.Collections.reverse(out);
            return out;
        });
        return series(symbol, interval, src, new Read(bars, used));
    }

    /**
     * Runs {@code query} over every bar {@link #read} gives at {@code interval} without handing the bars over: it reads
     * them from {@code series} (columns ts, date, close; unordered), the first query of its WITH clause, and continues
     * that clause (it starts with ", name AS (" or " SELECT"); it takes no parameters of its own. An aggregate over
     * 2,000,000 bars then hands back only its answer. Refused as {@link #read} refuses.
     */
    public <T> T overSeries(String symbol, BarInterval interval, String query, Store.PreparedWork<T> rows) {
        Source src = source(symbol, interval);
        boolean window = windows && windowed(src, interval);
        String series = "SELECT ts, date, close FROM (" + (window ? ResampleWindow.sql(BarInterval.of("interval", src.stored().get(0)), interval) : src.sql()) + ")";
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("WITH series AS (" + series + ")" + query)) {
                if (window) ResampleWindow.bind(p, 1, symbol, null, null, interval); // the whole span, as a read with no days
                else src.bindSymbol(p, symbol);
                return rows.run(p);
            }
        });
    }

    /** Bars read and the stored intervals that gave them. */
    record Read(List<IntervalBar> bars, java.util.Set<String> used) {}

    private BarSeries series(String symbol, BarInterval interval, Source src, Read read) {
        List<IntervalBar> bars = read.bars();
        java.util.Set<String> used = read.used();
        String mixed = src.stored().size() > 1 ? mixedNote(symbol, interval, src.stored()) : null;
        String open = OpenLastDay.note(this, symbol, interval, src.stored(), src.session(), bars);
        return new BarSeries(symbol, interval.label, src.session().label(), resampledFrom(src.stored(), interval, used), src.barsPerYear(), List.copyOf(bars),
                mixed == null ? open : open == null ? mixed : mixed + "; " + open);
    }

    /**
     * Whether the bars come from one stored interval through resampling: then only the stored bars of the trading days
     * asked are resampled ({@link BarWindows}). Several stored intervals are layered by their whole spans, and daily
     * prices read at 1d are read as stored: both read as before.
     */
    private static boolean windowed(Source src, BarInterval interval) {
        return src.stored().size() == 1 && !(interval == BarInterval.D1 && src.stored().get(0).equals("1d"));
    }

    /** The first and last UTC open time of {@code symbol}'s stored bars at {@code stored} (null when none), kept per version of the symbol's data (a write of another symbol keeps it). */
    java.time.LocalDateTime[] storedExtent(String symbol, BarInterval stored) {
        return derived.get(symbol + "\0extent\0" + stored.label, store.symbolVersion(symbol), () -> store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT min(ts), max(ts) FROM price_bars WHERE symbol = ? AND interval = ?")) {
                p.setString(1, symbol);
                p.setString(2, stored.label);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getTimestamp(1) == null ? null : new java.time.LocalDateTime[] {r.getTimestamp(1).toLocalDateTime(), r.getTimestamp(2).toLocalDateTime()};
                }
            }
        }));
    }

    /** How many values derived from a symbol's whole series (extent, outside-session days, venue note, spans) were computed, not kept. */
    long derivedComputed() { return derived.computed(); }

    Store store() { return store; }

    static String order(boolean newestFirst) {
        return newestFirst ? "ORDER BY date DESC, ts DESC" : "ORDER BY date, ts";
    }

    static Double nullable(ResultSet r, int col) throws java.sql.SQLException {
        double v = r.getDouble(col);
        return r.wasNull() ? null : v;
    }

    /** The finest stored interval other than the one read that gave bars, or null when every bar is stored as it is. */
    private static String resampledFrom(List<String> sources, BarInterval interval, java.util.Set<String> used) {
        for (String s : sources) if (!s.equals(interval.label) && used.contains(s)) return s;
        return null;
    }

    /** Said whenever more than one stored interval could give the bars, so a reader knows which one gave which span. */
    private static String mixedNote(String symbol, BarInterval interval, List<String> sources) {
        return symbol + " has bars stored at " + String.join(", ", sources) + ": each gives the " + interval.label
                + " bars of its own span, the coarser one where spans overlap, and the finest is resampled everywhere else";
    }

    /**
     * How many stored bars that a read at {@code interval} could use belong to no bar because they fall outside the
     * symbol's session (a Friday 17:00 New York fx bar in summer, a weekend), whose UTC date is within from..to
     * (either may be null): they have no trading day, so the answer's count alone would not show them.
     */
    public long outsideSession(String symbol, BarInterval interval, LocalDate from, LocalDate to) {
        Source src = source(symbol, interval);
        List<String> counted = new ArrayList<>();
        for (String s : src.stored()) if (BarInterval.of("interval", s).ordinal() <= BarInterval.D1.ordinal()) counted.add(s); // a week's bar is not dated by a session
        if (counted.isEmpty()) return 0;
        // the whole series is resampled once per version of the symbol's data, not once per page of a paged read
        long version = store.symbolVersion(symbol);
        OutsideDays days = derived.get(symbol + "\0outside\0" + String.join(",", counted), version, () -> outsideDays(symbol, counted));
        return days.count(from, to);
    }

    /**
     * For a symbol read on Xetra's calendar (eu_equity) whose bars are another venue's (Euronext's 24 and 31 December, a Whit
     * Monday): the note that says so and how to set the venue ({@link VenueFit#storedNote}); null otherwise. Kept per version of the symbol's data.
     */
    public String venueNote(String symbol) {
        if (!TradingSession.EU_EQUITY.label().equals(sessionLabel(symbol))) return null;
        return derived.get(symbol + "\0venue", store.symbolVersion(symbol), () -> java.util.Optional.ofNullable(store.read(c -> VenueFit.storedNote(c, symbol)))).orElse(null);
    }

    /** Per UTC date (a daily price: its date), how many stored bars of {@code counted} fall in no bar of their own interval (outside the session). */
    private OutsideDays outsideDays(String symbol, List<String> counted) {
        StringBuilder sql = new StringBuilder("SELECT d, count(*) FROM (");
        for (int i = 0; i < counted.size(); i++) {
            // a daily price opens on the session's clock, maybe the UTC evening before (fx): it is counted on its own date
            String day = counted.get(i).equals("1d") ? TradingSession.of(sessionLabel(symbol)).tradingDaySql("ts") : "CAST(ts AS DATE)";
            sql.append(i > 0 ? " UNION ALL " : "").append("SELECT ").append(day).append(" AS d FROM (")
                    .append(ResampleWindow.outside(BarInterval.of("interval", counted.get(i)))).append(")");
        }
        sql.append(") GROUP BY d ORDER BY d");
        return store.read(c -> {
            List<long[]> rows = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(sql.toString())) {
                int at = 1;
                for (String s : counted) at = ResampleWindow.bind(p, at, symbol, null, null, BarInterval.of("interval", s));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) rows.add(new long[] {r.getDate(1).toLocalDate().toEpochDay(), r.getLong(2)});
                }
            }
            return OutsideDays.of(rows);
        });
    }

    /** The first and last trading day of {@code symbol}'s bars at {@code interval} (null when none), refused as {@link #read} refuses. */
    public TradingDays span(String symbol, BarInterval interval) {
        Source src = source(symbol, interval);
        return store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT min(date), max(date) FROM (" + src.sql() + ")")) {
                src.bindSymbol(p, symbol);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getDate(1) == null ? null : new TradingDays(r.getDate(1).toLocalDate(), r.getDate(2).toLocalDate());
                }
            }
        });
    }

    /**
     * Where bars at an interval come from: the stored intervals read (finest first), the session, bars per year and
     * the query, whose parameters are the symbol once per stored interval read.
     */
    private record Source(List<String> stored, TradingSession session, double barsPerYear, String sql) {
        /** Binds the symbol to each of the query's own parameters; returns the next parameter's index. */
        int bindSymbol(PreparedStatement p, String symbol) throws java.sql.SQLException {
            for (int i = 1; i <= stored.size(); i++) p.setString(i, symbol);
            return stored.size() + 1;
        }
    }

    private Source source(String symbol, BarInterval interval) {
        List<String> stored = storedIntervals(symbol);
        if (stored.isEmpty()) {
            throw SextantException.notFound("symbol", "no prices for " + symbol, "list_symbols names the symbols and their intervals");
        }
        List<String> sources = new ArrayList<>(); // every stored interval at or below the one asked, finest first
        for (String s : stored) if (BarInterval.of("interval", s).ordinal() <= interval.ordinal()) sources.add(s);
        if (sources.isEmpty()) {
            throw SextantException.invalid("interval", symbol + " has no bars as fine as " + interval.label + " (stored: " + String.join(", ", stored) + ")",
                    "ask for one of " + String.join(", ", readable(stored)));
        }
        String recorded = sessionLabel(symbol);
        TradingSession session = TradingSession.of(recorded);
        String coarsest = sources.get(sources.size() - 1);
        // daily prices without a recorded session annualise as they always have: 252 trading days
        double perYear = recorded == null && interval == BarInterval.D1 && coarsest.equals("1d") ? 252 : session.barsPerYear(interval);
        return new Source(List.copyOf(sources), session, perYear, layered(sources, interval, session));
    }

    /**
     * The bars at {@code interval} from every stored interval at or below it: each gives the bars of its own span
     * (measured at the interval read), a coarser one winning where spans overlap, so ten hourly bars added to five
     * years of 30-minute ones replace only the hours they cover instead of hiding the years (docs/data.md).
     */
    private static String layered(List<String> sources, BarInterval interval, TradingSession session) {
        // intraday bars are placed by open time; daily and coarser by trading day
        String key = interval.intraday() ? "ts" : "date";
        StringBuilder sql = new StringBuilder("WITH ");
        for (int i = 0; i < sources.size(); i++) {
            String s = sources.get(i);
            if (i > 0) sql.append(", ");
            // daily prices are read as stored (price_bars opens each on the session's clock, its date the trading day);
            // anything else through the macro, which also dates intraday bars by trading day
            sql.append("l").append(i).append(" AS (").append(interval == BarInterval.D1 && s.equals("1d")
                    ? "SELECT ts, " + session.tradingDaySql("ts") + " AS date, open, high, low, close, volume FROM price_bars WHERE symbol = ? AND interval = '1d'"
                    : "SELECT ts, date, open, high, low, close, volume FROM resample_bars(?, '" + s + "', '" + interval.label + "')").append(")");
        }
        sql.append(" ");
        for (int i = sources.size() - 1; i >= 0; i--) {
            if (i < sources.size() - 1) sql.append(" UNION ALL ");
            sql.append("SELECT *, '").append(sources.get(i)).append("' AS stored_interval FROM l").append(i);
            for (int j = i + 1; j < sources.size(); j++) {
                String lj = "l" + j;
                sql.append(j == i + 1 ? " WHERE " : " AND ").append("NOT coalesce(").append(key).append(" BETWEEN (SELECT min(").append(key).append(") FROM ")
                        .append(lj).append(") AND (SELECT max(").append(key).append(") FROM ").append(lj).append("), false)");
            }
        }
        return sql.toString();
    }

    /**
     * Symbols that have bars but no daily prices (so no row in symbols), with the name they were given
     * (bars_only_names), whose ticker or name contains {@code query} (lower case; all when empty): their first and last trading day (as a read at the
     * finest stored interval dates its first and last bar, so list_symbols and get_close_price agree) and bar count.
     */
    public List<SymbolInfo> barsOnlySymbols(String query) {
        // the per-symbol count over the whole bars table: once per data version, not on every list_symbols
        long version = store.pricesVersion();
        if (!windows) return barsOnlyCounted(MATCHES, query, query, query).stream().map(this::onTradingDays).toList();
        BarsOnlySymbols kept = barsOnlySymbols();
        if (kept.kept()) return barsOnlySymbols(kept, matching(kept, query));
        return derived.get("\0barsOnly\0" + query, version, () -> List.copyOf(barsOnlyCounted(MATCHES, query, query, query))).stream().map(this::onTradingDays).toList();
    }

    /**
     * The store's bars-only symbols with their bars' dates and counts, read from the bars once per data version (list_symbols
     * asks on every call, and the bars are the store's largest table); {@link BarsOnlySymbols#SCANNED} past the bound.
     */
    BarsOnlySymbols barsOnlySymbols() {
        BarsOnlySymbols kept = barsOnlyBound < 1 ? BarsOnlySymbols.SCANNED : barsOnly.get(store, () -> {
            barsOnlyScans.increment();
            return store.read(c -> BarsOnlySymbols.scan(c, barsOnlyBound));
        }, (was, changed) -> store.read(c -> was.withChanged(c, changed, barsOnlyBound)));
        if (!kept.kept()) barsOnlyScans.increment(); // the caller's query reads them from the bars
        return kept;
    }

    /** How many times the bars-only symbols were read from the bars: once per data version while they are kept, else on every call. */
    long barsOnlyScans() {
        return barsOnlyScans.sum();
    }

    /** The kept bars-only symbols whose ticker or name contains {@code query} (lower case; all when empty), in symbol order, with their names. */
    private Map<String, SymbolDescription> matching(BarsOnlySymbols kept, String query) {
        return store.read(c -> {
            Map<String, SymbolDescription> out = new java.util.LinkedHashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT b.symbol, n.name, n.currency, n.exchange FROM " + kept.relation()
                    + " b LEFT JOIN bars_only_names n USING (symbol) WHERE (? = '' OR contains(lower(b.symbol), ?) OR contains(lower(coalesce(n.name, '')), ?)) ORDER BY b.symbol")) {
                int at = kept.bind(c, p, 1);
                for (int i = 0; i < 3; i++) p.setString(at + i, query);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) out.put(r.getString(1), SymbolDescription.read(r, 2));
                }
            }
            return out;
        });
    }

    /**
     * A bars' symbol whose ticker or the name it was given contains the query (three parameters: the lower-case query
     * thrice; "" matches all); contains, not LIKE, as list_symbols' search of symbols with daily prices.
     */
    static final String MATCHES = "(? = '' OR contains(lower(symbol), ?) OR symbol IN (SELECT symbol FROM " + SymbolDescription.STORED
            + " WHERE contains(lower(name), ?)))";

    /**
     * The rows of {@code named}'s symbols (bars-only ones, as {@link #barsOnlySymbols} lists them, each with its name as
     * {@link SymbolDescription#STORED} gives it), in the order given: one page's, not the store's; their counts from
     * {@code kept} when it holds them, else from their bars (names read again with them).
     */
    List<SymbolInfo> barsOnlySymbols(BarsOnlySymbols kept, Map<String, SymbolDescription> named) {
        if (named.isEmpty()) return List.of();
        if (!kept.kept()) return barsOnlyCounted("symbol IN (" + placeholders(named.size()) + ")", named.keySet().toArray(String[]::new)).stream().map(this::onTradingDays).toList();
        List<SymbolInfo> out = new ArrayList<>();
        named.forEach((symbol, d) -> {
            SymbolInfo s = kept.rows().get(symbol);
            out.add(onTradingDays(new SymbolInfo(symbol, d.name(), d.currency(), d.exchange(), s.firstDate(), s.lastDate(), s.rows(), s.source())));
        });
        return out;
    }

    /** "?, ?, ?" for {@code n} parameters. */
    static String placeholders(int n) {
        return String.join(", ", java.util.Collections.nCopies(n, "?"));
    }

    /** {@code symbol}'s row as {@link #barsOnlySymbols} lists it, counting its bars only; null when it has daily prices or no bars. */
    public SymbolInfo barsOnlySymbol(String symbol) {
        return barsOnlyCounted("symbol = ?", symbol).stream().map(this::onTradingDays).findFirst().orElse(null);
    }

    /** The bars-only symbols {@code where} selects among the bars (its parameters {@code args}), with their UTC first and last dates. */
    private List<SymbolInfo> barsOnlyCounted(String where, String... args) {
        return store.read(c -> {
            List<SymbolInfo> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT b.symbol, d.name, d.currency, d.exchange, b.first, b.last, b.rows, b.source FROM "
                    + "(SELECT symbol, CAST(min(ts) AS DATE) AS first, CAST(max(ts) AS DATE) AS last, count(*) AS rows, max(source) AS source FROM bars "
                    + "WHERE symbol NOT IN (SELECT symbol FROM symbols) AND " + where + " GROUP BY symbol) b "
                    + "LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol) ORDER BY b.symbol")) {
                for (int i = 0; i < args.length; i++) p.setString(i + 1, args[i]);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) out.add(SymbolInfo.read(r));
                }
            }
            return out;
        });
    }

    /** The symbol with the first and last trading day of its finest stored interval instead of its bars' UTC dates. */
    private SymbolInfo onTradingDays(SymbolInfo s) {
        // the span resamples the whole series: once per version of the symbol's data, not on every list_symbols
        long version = store.symbolVersion(s.symbol());
        List<String> stored = storedIntervals(s.symbol());
        if (stored.isEmpty()) return s; // deleted since the kept list was read: listed as that read found it
        TradingDays days = derived.get(s.symbol() + "\0tradingDays", version,
                () -> java.util.Optional.ofNullable(span(s.symbol(), BarInterval.of("interval", stored.get(0))))).orElse(null);
        if (days == null) return s; // every bar outside the session: the UTC dates are all there is to show
        return new SymbolInfo(s.symbol(), s.name(), s.currency(), s.exchange(), days.first(), days.last(), s.rows(), s.source());
    }

    /** Binds "(? IS NULL OR d >= ?) AND (? IS NULL OR d <= ?)" from parameter {@code at} on (either day may be null). */
    static void bindDays(PreparedStatement p, int at, LocalDate from, LocalDate to) throws java.sql.SQLException {
        java.sql.Date f = from == null ? null : java.sql.Date.valueOf(from), t = to == null ? null : java.sql.Date.valueOf(to);
        p.setDate(at, f);
        p.setDate(at + 1, f);
        p.setDate(at + 2, t);
        p.setDate(at + 3, t);
    }


    private static String intervalList() {
        return "['" + String.join("', '", BarInterval.labels()) + "']";
    }
}
