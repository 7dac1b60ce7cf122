package org.sextant.engine;

import java.nio.file.Path;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.home.Settings;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.ingest.PriceGatherer;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.ingest.SampleUniverse;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.analog.AnalogueResponse;
import org.sextant.engine.analog.AnalogueService;
import org.sextant.engine.analog.CalibrationReport;
import org.sextant.engine.analog.SignalDefinition;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.ResearchSession;
import org.sextant.engine.sql.DbSchema;
import org.sextant.engine.sql.ReadOnlySql;
import org.sextant.engine.sql.SelectResult;
import org.sextant.engine.store.Store;

/**
 * The engine's one facade. The GUI, the CLI and the local API call these methods and nothing
 * else; resolution, validation and policy live here or below, never in a transport.
 */
public final class Sextant implements AutoCloseable {
    private final SextantHome home;
    private final Store store;
    private final ReadOnlySql readOnlySql;
    private final Jobs jobs;
    private final ResearchService research;
    private final AnalogueService analogues;
    private final List<Runnable> dataListeners = new CopyOnWriteArrayList<>();

    private Sextant(SextantHome home, Store store) {
        this.home = home;
        this.store = store;
        this.readOnlySql = new ReadOnlySql(store);
        this.jobs = new Jobs(home.jobsDir());
        this.research = new ResearchService(store);
        this.analogues = new AnalogueService(store);
        onDataChanged(analogues::invalidate); // signals are derived from prices
    }

    /** Opens the store under {@code home}, migrating it, and loads the sample universe into an empty one. */
    public static Sextant open(SextantHome home) {
        home.ensureLayout();
        Store store = Store.open(home.database(), home.stagingDir());
        SampleUniverse.loadIfEmpty(store);
        Sextant engine = new Sextant(home, store);
        StartupTimeline.mark("engine ready");
        return engine;
    }

    public SextantHome home() { return home; }

    /** Called after any change to prices or symbols (GUI refresh, state.json). */
    public void onDataChanged(Runnable listener) { dataListeners.add(listener); }

    // ---- store reads -------------------------------------------------------------------

    /** Symbols whose name or ticker contains {@code query} (case-insensitive); all when null or blank. */
    public List<SymbolInfo> listSymbols(String query) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        return store.read(c -> {
            List<SymbolInfo> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT symbol, name, currency, exchange, first_date, last_date, rows, source FROM symbols "
                            + "WHERE ? = '' OR lower(symbol) LIKE '%' || ? || '%' OR lower(coalesce(name,'')) LIKE '%' || ? || '%' "
                            + "ORDER BY symbol")) {
                p.setString(1, q);
                p.setString(2, q);
                p.setString(3, q);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new SymbolInfo(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                                toLocal(r.getDate(5)), toLocal(r.getDate(6)), r.getLong(7), r.getString(8)));
                    }
                }
            }
            return out;
        });
    }

    /** Daily closes of {@code symbol} between {@code from} and {@code to} inclusive (either may be null). */
    public PriceSeries closePrices(String symbol, LocalDate from, LocalDate to) {
        List<PriceBar> bars = bars(symbol, from, to);
        List<LocalDate> dates = new ArrayList<>(bars.size());
        double[] close = new double[bars.size()];
        double[] adj = new double[bars.size()];
        for (int i = 0; i < bars.size(); i++) {
            PriceBar b = bars.get(i);
            dates.add(b.date());
            close[i] = b.close();
            adj[i] = b.adjClose() == null ? b.close() : b.adjClose();
        }
        LocalDate first = dates.isEmpty() ? from : dates.get(0);
        LocalDate last = dates.isEmpty() ? to : dates.get(dates.size() - 1);
        return new PriceSeries(symbolOf(symbol), first, last, dates, close, adj);
    }

    /** Daily bars of {@code symbol}, oldest first. */
    public List<PriceBar> bars(String symbol, LocalDate from, LocalDate to) {
        String sym = requireSymbol(symbol);
        if (from != null && to != null && from.isAfter(to)) {
            throw SextantException.invalid("start", "start " + from + " is after end " + to, "give a start on or before the end");
        }
        return store.read(c -> {
            List<PriceBar> out = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement(
                    "SELECT date, open, high, low, close, adj_close, volume FROM prices WHERE symbol = ? "
                            + "AND date >= coalesce(?, DATE '0001-01-01') AND date <= coalesce(?, DATE '9999-12-31') ORDER BY date")) {
                p.setString(1, sym);
                p.setObject(2, from);
                p.setObject(3, to);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        out.add(new PriceBar(toLocal(r.getDate(1)), obj(r, 2), obj(r, 3), obj(r, 4), r.getDouble(5), obj(r, 6), obj(r, 7)));
                    }
                }
            }
            return out;
        });
    }

    public DataSummary dataSummary() {
        return store.read(c -> {
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT (SELECT count(*) FROM symbols), count(*), min(date), max(date) FROM prices")) {
                r.next();
                return new DataSummary(r.getLong(1), r.getLong(2), toLocal(r.getDate(3)), toLocal(r.getDate(4)));
            }
        });
    }

    // ---- ingest ------------------------------------------------------------------------

    /** Imports CSV/Parquet files in one transaction: all or nothing. */
    public ImportReport importFiles(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        ImportReport report = new PriceImporter(store).importFiles(files);
        fireDataChanged();
        return report;
    }

    /** Fetches daily history for {@code symbols} from a provider (null: the default) and imports it. */
    public ImportReport gather(List<String> symbols, String provider) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to gather", "name one or more tickers, e.g. MSFT.US");
        }
        ImportReport report = new PriceGatherer(store, settings()).gather(symbols, provider);
        fireDataChanged();
        return report;
    }

    /** Most symbols one gather request may name; a longer list is refused, never truncated. */
    public static final int MAX_GATHER_SYMBOLS = 100;

    /** {@link #importFiles} as a background writer job. */
    public JobStatus startImport(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        List<String> subjects = files.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList();
        return jobs.submit("import", subjects, true, ctx -> {
            ctx.progress(0.05, "importing " + files.size() + " file(s)");
            return importFiles(files);
        });
    }

    /** {@link #gather} as a background writer job; a request covered by the running gather joins it. */
    public JobStatus startGather(List<String> symbols, String provider) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to gather", "name one or more tickers, e.g. MSFT.US");
        }
        if (symbols.size() > MAX_GATHER_SYMBOLS) {
            throw SextantException.invalid("symbols", symbols.size() + " symbols given, at most " + MAX_GATHER_SYMBOLS + " per request",
                    "split the list into requests of at most " + MAX_GATHER_SYMBOLS + " symbols");
        }
        List<String> subjects = symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).distinct().toList();
        return jobs.submit("gather", subjects, true, ctx -> {
            ctx.progress(0.05, "fetching " + subjects.size() + " symbol(s)");
            return gather(symbols, provider);
        });
    }

    // ---- SQL ---------------------------------------------------------------------------

    /** One read-only SELECT, LIMIT-wrapped (default 5000); hostile statements are refused with a reason. */
    public SelectResult runSelect(String sql, Integer limit) {
        return readOnlySql.run(sql, limit);
    }

    public DbSchema dbSchema() {
        return readOnlySql.schema();
    }

    // ---- forecasts ----------------------------------------------------------------------

    /** Model used when a caller names none: Theta on log prices (robust, fast, the M3 winner's method). */
    public static final String DEFAULT_FORECAST_MODEL = "theta";
    public static final int DEFAULT_FORECAST_HORIZON = 20;
    public static final double[] DEFAULT_LEVELS = {0.80, 0.95, 0.99};

    public List<String> forecastModels() {
        return ForecastModels.names();
    }

    /** A live forecast of {@code symbol}: median and bands on its business-day calendar, with reward/risk. */
    public PriceForecast forecast(String symbol, String model, Integer horizon, double[] levels) {
        return PriceForecast.of(closePrices(symbol, null, null), model == null ? DEFAULT_FORECAST_MODEL : model,
                horizon(horizon), levels == null ? DEFAULT_LEVELS : levels);
    }

    /**
     * Walk-forward forecast errors of {@code model} on {@code symbol}: origins every {@code every}
     * days over the last {@code evalFraction} of the history; mean absolute log error, pinball loss
     * and coverage per level for the model's own, conformal and adaptive conformal bands.
     */
    public WalkForwardBacktest.Result backtestForecast(String symbol, String model, Integer horizon, Integer every,
                                                       Double evalFraction, double[] levels) {
        double[] y = closePrices(symbol, null, null).adjClose();
        return WalkForwardBacktest.run(ForecastModels.forPrices(model == null ? DEFAULT_FORECAST_MODEL : model), y, 1,
                horizon(horizon), every == null ? 20 : every, evalFraction == null ? 0.4 : evalFraction,
                levels == null ? DEFAULT_LEVELS : levels, 5);
    }

    /** {@link #backtestForecast} for several symbols as a background job (it can take minutes). */
    public JobStatus startForecastBacktest(List<String> symbols, String model, Integer horizon) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to backtest", "name one or more symbols from list_symbols");
        }
        List<String> syms = symbols.stream().map(this::requireSymbol).toList();
        String m = model == null ? DEFAULT_FORECAST_MODEL : model;
        ForecastModels.create(m); // an unknown model is refused before the job exists
        return jobs.submit("forecast_backtest", syms.stream().map(x -> x + ":" + m).toList(), false, ctx -> {
            Map<String, Object> results = new java.util.LinkedHashMap<>();
            for (int i = 0; i < syms.size(); i++) {
                ctx.checkCancelled();
                ctx.progress((double) i / syms.size(), "backtesting " + syms.get(i));
                results.put(syms.get(i), backtestForecast(syms.get(i), m, horizon, null, null, null));
            }
            return results;
        });
    }

    /**
     * One-shot chart payload: the last {@code days} closes (default about two years), the live
     * forecast with its bands and reward/risk, and hints for drawing it.
     */
    public Map<String, Object> chartData(String symbol, Integer days, String model, Integer horizon) {
        int n = days == null ? 504 : days;
        if (n < 20 || n > 20000) throw SextantException.invalid("days", "days must be 20..20000, was " + n, "e.g. 504 for about two years");
        PriceSeries all = closePrices(symbol, null, null);
        int from = Math.max(0, all.size() - n);
        List<Map<String, Object>> closes = new ArrayList<>(all.size() - from);
        for (int i = from; i < all.size(); i++) {
            Map<String, Object> row = new java.util.LinkedHashMap<>();
            row.put("date", all.dates().get(i));
            row.put("close", all.close()[i]);
            closes.add(row);
        }
        PriceForecast f = PriceForecast.of(all, model == null ? DEFAULT_FORECAST_MODEL : model, horizon(horizon), DEFAULT_LEVELS);
        Map<String, Object> hints = new java.util.LinkedHashMap<>();
        hints.put("title", all.symbol() + " daily close with a " + f.targetDates().size() + "-day " + f.model() + " forecast");
        hints.put("x", "date");
        hints.put("y", "close");
        hints.put("draw", "closes as a solid line; forecast median dashed from the last close; one translucent band per level, widest palest");
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("symbol", all.symbol());
        out.put("closes", closes);
        out.put("forecast", f);
        out.put("plot_hints", hints);
        return out;
    }

    private static int horizon(Integer h) {
        int v = h == null ? DEFAULT_FORECAST_HORIZON : h;
        if (v < 1 || v > 260) throw SextantException.invalid("horizon", "horizon must be 1..260 business days, was " + v, "e.g. 20 for about a month");
        return v;
    }

    // ---- strategy research ----------------------------------------------------------

    /** The node catalogue: name, category, description, inputs, output, parameter schemas. */
    public List<Map<String, Object>> listStrategyNodes() {
        return research.listNodes();
    }

    /** Validates a graph spec and counts its configurations; runs nothing. */
    public Map<String, Object> composeGraph(String specJson) {
        if (specJson == null || specJson.isBlank()) {
            throw SextantException.invalid("spec", "spec is missing", "pass a graph spec (docs/research.md), e.g. {\"version\":1,\"nodes\":{...}}");
        }
        return research.composeGraph(specJson).toWire();
    }

    /**
     * Runs every configuration of a spec over a universe, in and out of sample, and returns the
     * verdict. Without an out-of-sample start, the last 30% of the dates are held out.
     */
    public StrategyRunSummary backtest(StrategyRunRequest request) {
        StrategyRunRequest r = withDefaultSplit(request);
        return research.runStrategy(r);
    }

    /** {@link #backtest} as a background writer job (it saves the run and counts it in the session). */
    public JobStatus startBacktest(StrategyRunRequest request) {
        StrategyRunRequest r = withDefaultSplit(request);
        research.composeGraph(r.spec()).requireOk(); // refuse a bad spec before a job exists
        String session = r.sessionId() == null ? "default" : r.sessionId();
        return jobs.submit("backtest", List.of(session + ":" + Integer.toHexString(r.hashCode())), true, ctx -> {
            ctx.progress(0.05, "running the sweep");
            return research.runStrategy(r);
        });
    }

    /** The research session's ledger of runs and configurations tried (created empty if new). */
    public ResearchSession researchSession(String sessionId) {
        return new ResearchStore(store).session(sessionId == null || sessionId.isBlank() ? "default" : sessionId);
    }

    private StrategyRunRequest withDefaultSplit(StrategyRunRequest r) {
        if (r == null || r.symbols() == null || r.symbols().isEmpty()) {
            throw SextantException.invalid("symbols", "no symbols to backtest", "name the universe, e.g. [\"AA\",\"IBM\",\"MSFT\"]");
        }
        List<String> symbols = r.symbols().stream().map(this::requireSymbol).toList();
        if (r.oosStart() != null) return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, r.from(), r.to(), r.oosStart(), r.threads());
        LocalDate from = r.from(), to = r.to();
        if (from == null || to == null) {
            List<SymbolInfo> infos = listSymbols(null).stream().filter(i -> symbols.contains(i.symbol())).toList();
            if (from == null) from = infos.stream().map(SymbolInfo::firstDate).filter(java.util.Objects::nonNull).max(LocalDate::compareTo).orElse(null);
            if (to == null) to = infos.stream().map(SymbolInfo::lastDate).filter(java.util.Objects::nonNull).min(LocalDate::compareTo).orElse(null);
        }
        if (from == null || to == null || !from.isBefore(to)) {
            throw SextantException.invalid("from", "the symbols share no common date range", "pick symbols with overlapping history or give from/to");
        }
        LocalDate oos = from.plusDays((long) (java.time.temporal.ChronoUnit.DAYS.between(from, to) * 0.7));
        return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, from, to, oos, r.threads());
    }

    // ---- analogues ---------------------------------------------------------------------

    /** compare_to_history: "when markets looked like this before, what happened next" (docs/analogues.md). */
    public AnalogueResponse compareToHistory(Map<String, ?> args) {
        return analogues.compareToHistory(args == null ? Map.of() : args);
    }

    /** Walk-forward calibration of the matcher: band coverage and mean error against the base rate. */
    public CalibrationReport analogueCalibration(Map<String, ?> args) {
        return analogues.calibration(args == null ? Map.of() : args);
    }

    /** The signal dimensions the matcher uses for {@code benchmark} (null: the default). */
    public List<SignalDefinition> signalDefinitions(String benchmark) {
        return analogues.signalDefinitions(benchmark);
    }

    /** Imports a user signal (date,value CSV) as live or backfill data; all or nothing. */
    public int importSignal(Path csv, SignalDefinition definition, String provenance) {
        return analogues.importSignal(csv, definition, provenance); // the service drops its cached signals itself
    }

    // ---- jobs --------------------------------------------------------------------------

    /** Background jobs (status persisted under SEXTANT_HOME/jobs). */
    public Jobs jobs() { return jobs; }

    // ---- settings ----------------------------------------------------------------------

    public Settings settings() {
        return Settings.load(home.settingsJson());
    }

    // ---- helpers -----------------------------------------------------------------------

    /** Canonical ticker for {@code symbol}, or a not_found error that suggests close names. */
    public String requireSymbol(String symbol) {
        if (symbol == null || symbol.isBlank()) {
            throw SextantException.invalid("symbol", "symbol is missing", "pass a ticker from list_symbols, e.g. MSFT");
        }
        String s = symbolOf(symbol);
        boolean known = store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT 1 FROM symbols WHERE symbol = ?")) {
                p.setString(1, s);
                try (ResultSet r = p.executeQuery()) {
                    return r.next();
                }
            }
        });
        if (!known) {
            List<String> near = listSymbols(s.length() > 2 ? s.substring(0, 2) : s).stream().limit(5).map(SymbolInfo::symbol).toList();
            throw SextantException.notFound("symbol", "unknown symbol '" + symbol + "'",
                    near.isEmpty() ? "call list_symbols for the symbols in the store, or import/gather it first"
                            : "did you mean one of " + near + "? list_symbols shows all");
        }
        return s;
    }

    private static String symbolOf(String symbol) {
        return symbol == null ? null : symbol.trim().toUpperCase(Locale.ROOT);
    }

    private void fireDataChanged() {
        for (Runnable r : dataListeners) {
            try {
                r.run();
            } catch (RuntimeException ignored) {
                // a listener's failure must not undo a committed import
            }
        }
    }

    private static LocalDate toLocal(Date d) {
        return d == null ? null : d.toLocalDate();
    }

    private static Double obj(ResultSet r, int col) throws java.sql.SQLException {
        double v = r.getDouble(col);
        return r.wasNull() ? null : v;
    }

    /** For engine-internal subsystems and tests. */
    public Store store() { return store; }

    @Override
    public void close() {
        jobs.close();
        store.close();
    }
}
