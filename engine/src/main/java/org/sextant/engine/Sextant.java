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
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastInput;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.ForecastStart;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.analog.AnalogueResponse;
import org.sextant.engine.analog.AnalogueService;
import org.sextant.engine.analog.CalibrationReport;
import org.sextant.engine.analog.SignalDefinition;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.report.ReportExport;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.source.MatcherAnalogueSource;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.store.ResearchStore;
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
    private final ForecastStore forecastStore;
    private final org.sextant.engine.forecast.LiveForecastCache liveCache = new org.sextant.engine.forecast.LiveForecastCache();
    private final MatcherAnalogueSource analogueSeries;
    private final List<Runnable> dataListeners = new CopyOnWriteArrayList<>();
    private final org.sextant.engine.forecast.global.GlobalPriceModels globalModels;

    private Sextant(SextantHome home, Store store) {
        this.home = home;
        this.store = store;
        this.readOnlySql = new ReadOnlySql(store);
        this.jobs = new Jobs(home.jobsDir());
        this.analogues = new AnalogueService(store);
        this.forecastStore = new ForecastStore(store);
        this.analogueSeries = new MatcherAnalogueSource(analogues);
        this.research = new ResearchService(store, analogueSeries);
        onDataChanged(analogues::invalidate); // signals are derived from prices
        onDataChanged(analogueSeries::invalidate);
        onDataChanged(liveCache::clear);
        this.globalModels = org.sextant.engine.forecast.global.StoredPrices.models(store, home.modelsDir().resolve("global"));
        onDataChanged(globalModels::dataChanged);
        org.sextant.engine.forecast.global.GlobalModels.install(globalModels::current);
    }

    /** Opens the store under {@code home}, migrating it, and loads the sample universe into an empty one. */
    public static Sextant open(SextantHome home) {
        home.ensureLayout();
        Store store = Store.open(home.database(), home.stagingDir());
        // the store is ours now (one writer): nothing in staging belongs to a running import
        int leftovers = org.sextant.engine.ingest.StagedFile.removeLeftovers(home.stagingDir());
        if (leftovers > 0) org.slf4j.LoggerFactory.getLogger(Sextant.class).info("removed {} staging file(s) left by an interrupted import", leftovers);
        store.afterCheckpoint(new org.sextant.engine.store.RollingBackups(home.database(),
                org.sextant.engine.store.RollingBackups.Policy.of(home))::takeIfDue);
        if (SampleUniverse.loadIfEmpty(store)) store.checkpoint(); // a kill right after the first start leaves a store that opens
        Sextant engine = new Sextant(home, store);
        StartupTimeline.mark("engine ready");
        return engine;
    }

    public SextantHome home() { return home; }

    /** Called after any change to prices or symbols (GUI refresh, state.json). */
    public void onDataChanged(Runnable listener) { dataListeners.add(listener); }

    // ---- store reads -------------------------------------------------------------------

    /** Longest list_symbols search text, and longest symbol any read accepts. */
    public static final int MAX_QUERY_CHARS = org.sextant.contract.Bounds.MAX_QUERY_CHARS;
    public static final int MAX_SYMBOL_CHARS = org.sextant.contract.Bounds.MAX_SYMBOL_CHARS;

    /** Symbols whose name or ticker contains {@code query} (case-insensitive); all when null or blank. */
    public List<SymbolInfo> listSymbols(String query) {
        String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
        if (q.length() > MAX_QUERY_CHARS) {
            throw SextantException.invalid("query", "query is " + q.length() + " characters, more than " + MAX_QUERY_CHARS, "search by a part of a ticker or name, e.g. micro");
        }
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
    public PriceSeries getClosePrice(String symbol, LocalDate from, LocalDate to) {
        return PriceSeries.of(symbolOf(symbol), from, to, bars(symbol, from, to));
    }

    /** Daily bars of {@code symbol}, oldest first. */
    public List<PriceBar> bars(String symbol, LocalDate from, LocalDate to) {
        String sym = symbolOf(requireText(symbol));
        if (from != null && to != null && from.isAfter(to)) {
            requireSymbol(symbol); // an unknown symbol is named first, as for any other bad range
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
        if (bars.isEmpty()) requireSymbol(symbol);
        return inDateOrder(bars);
    }

    private static List<PriceBar> inDateOrder(List<PriceBar> bars) {
        for (int i = 1; i < bars.size(); i++) {
            if (bars.get(i).date().isBefore(bars.get(i - 1).date())) {
                bars.sort(java.util.Comparator.comparing(PriceBar::date));
                break;
            }
        }
        return bars;
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
    public ImportReport importPrices(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        ImportReport report = new PriceImporter(store, priceRules()).importFiles(files);
        fireDataChanged();
        return report;
    }

    /** What a row must be to be stored as a price: settings.json {@code import} (docs/data.md). */
    private org.sextant.engine.ingest.PriceRules priceRules() {
        return org.sextant.engine.ingest.PriceRules.load(home.settingsJson());
    }

    /** The format, detected layout and first rows of a price file, read without importing it. */
    public org.sextant.engine.ingest.ImportPreview previewImport(Path file) {
        return org.sextant.engine.ingest.ImportPreview.of(file);
    }

    /** Fetches daily history for {@code symbols} from a provider (null: the default) and imports it. */
    public ImportReport gather(List<String> symbols, String provider) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to gather", "name one or more tickers, e.g. MSFT.US");
        }
        ImportReport report = new PriceGatherer(store, settings(), priceRules()).gather(symbols, provider);
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
            return importPrices(files);
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

    public DbSchema getDbSchema() {
        return readOnlySql.schema();
    }

    // ---- forecasts ----------------------------------------------------------------------

    /** Model used when a caller names none: Theta on log prices (robust, fast, the M3 winner's method). */
    public static final String DEFAULT_FORECAST_MODEL = ForecastBacktestRun.DEFAULT_MODEL;
    public static final int DEFAULT_FORECAST_HORIZON = ForecastBacktestRun.DEFAULT_HORIZON;
    public static final double[] DEFAULT_LEVELS = ForecastBacktestRun.DEFAULT_LEVELS;

    public List<String> listForecastModels() {
        return ForecastModels.names();
    }

    /** A live forecast of {@code symbol} from its last close, with conformal bands and their coverage (see the 5-argument form). */
    public PriceForecast getForecast(String symbol, String model, Integer horizon, double[] levels) {
        return getForecast(symbol, model, horizon, levels, null);
    }

    /**
     * A live forecast of {@code symbol} from its last close: median and bands on its business-day
     * calendar, reward/risk, and the walk-forward empirical coverage of the bands per level.
     * {@code calibration} is model, conformal (the default) or adaptive. The forecast is stored
     * (kind live) and served from the store while the prices it was made from are unchanged.
     */
    public PriceForecast getForecast(String symbol, String model, Integer horizon, double[] levels, String calibration) {
        return liveForecast(getClosePrice(symbol, null, null), model, horizon, levels, calibration);
    }

    /**
     * The week-aligned start a forecast run uses (docs/forecast.md): the last close on or before
     * the end of the last completed week on or before {@code asOf} (null: the series' last date).
     */
    public ForecastStart resolveForecastStart(String symbol, LocalDate asOf) {
        PriceSeries all = getClosePrice(symbol, null, null);
        return ForecastStart.resolve(all.symbol(), all.dates(), asOf);
    }

    /**
     * Walk-forward forecast errors of {@code model} on {@code symbol}: origins by {@code origins}
     * (monthly by default, weekly, or every N closes) over the last {@code evalFraction} (0.4) of the
     * history; mean absolute log error, pinball loss and coverage per level for the model's own,
     * conformal and adaptive conformal bands. A read: nothing is stored (start_forecast with
     * backtest stores a backtest for the Charts view).
     */
    public WalkForwardBacktest.Result getBacktestError(String symbol, String model, Integer horizon, String origins,
                                                       Double evalFraction, double[] levels) {
        return backtestRun(getClosePrice(symbol, null, null), model, horizon, origins, evalFraction, levels, null).result();
    }

    /** Most walk-forward origins one backtest computes (each is a model fit). */
    public static final int MAX_BACKTEST_ORIGINS = org.sextant.contract.Bounds.MAX_BACKTEST_ORIGINS;

    /**
     * {@link #getBacktestError} that also stores every origin's forecasts and the summary, replacing
     * the previous backtest of this symbol, model and horizon (what the Charts view overlays). A writer.
     */
    public WalkForwardBacktest.Result storeForecastBacktest(String symbol, String model, Integer horizon, String origins,
                                                            Double evalFraction, double[] levels) {
        return storeBacktest(backtestRun(getClosePrice(symbol, null, null), model, horizon, origins, evalFraction, levels, null));
    }

    /** Stores a computed backtest, replacing the previous one of its symbol, model and horizon. A writer. */
    private WalkForwardBacktest.Result storeBacktest(ForecastBacktestRun.Computed b) {
        forecastStore.deleteAll(b.symbol(), b.model(), b.horizon(), StoredForecast.BACKTEST);
        forecastStore.save(b.rows());
        forecastStore.saveBacktest(b.symbol(), b.model(), b.horizon(), b.originsRule(), b.result());
        return b.result();
    }

    /**
     * Stores backtests computed elsewhere (a scale-out job's output, docs/scale-out.md) exactly as a
     * forecast job stores its own: each replaces the previous backtest of its symbol, model and
     * horizon, so the Charts view and get_backtest_error show it. A writer.
     */
    public void storeForecastBacktests(List<ForecastBacktestRun.Computed> computed) {
        for (ForecastBacktestRun.Computed b : computed) storeBacktest(b);
        fireDataChanged();
    }

    /**
     * Writes every price in the store as Parquet partitioned by symbol into {@code target} (a new
     * or empty folder): the input of the scale-out jobs (docs/scale-out.md). Reads the store only.
     */
    public org.sextant.engine.exchange.PriceParquetExport.Written exportPricesParquet(Path target) {
        return org.sextant.engine.exchange.PriceParquetExport.export(store, target);
    }

    /**
     * Imports a finished scale-out forecast backtest job's output folder: every symbol's backtest
     * is stored as a local forecast job stores it; the symbols the job reported as failed are
     * returned under {@code failed}. A writer.
     */
    public Map<String, Object> importForecastBacktestJob(Path folder) {
        var read = org.sextant.engine.exchange.ForecastBacktestImport.read(store, folder);
        storeForecastBacktests(read.computed());
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("imported", read.computed().stream().map(ForecastBacktestRun.Computed::symbol).toList());
        out.put("failed", read.failed());
        return out;
    }

    /**
     * Imports a finished scale-out job's output folder, whichever job wrote it (told by its
     * columns): forecast backtests are stored as {@link #importForecastBacktestJob} stores them;
     * a strategy sweep becomes a run of research session {@code sessionId} ("default" when null)
     * as {@link #importStrategySweepJob} records it. The answer names the job under {@code job}. A writer.
     */
    public Map<String, Object> importJob(Path folder, String sessionId) {
        String kind = org.sextant.engine.exchange.JobOutput.kind(store, folder);
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("job", kind);
        if (kind.equals(org.sextant.engine.exchange.JobOutput.STRATEGY_SWEEP)) out.put("run", importStrategySweepJob(folder, sessionId));
        else out.putAll(importForecastBacktestJob(folder));
        return out;
    }

    /**
     * Imports a finished scale-out strategy sweep job's output folder as a run of research
     * session {@code sessionId}, with its configurations, equity curves and verdict, exactly as a
     * local backtest saves one; its configurations count in the session. Refused when the store's
     * prices are not the ones the job read, or when the job was imported before. A writer.
     */
    public StrategyRunSummary importStrategySweepJob(Path folder, String sessionId) {
        var read = org.sextant.engine.exchange.StrategySweepImport.read(store, folder);
        return research.recordSweepJob(read.job(), read.configurations(), read.computeSeconds(), sessionId);
    }

    private ForecastBacktestRun.Computed backtestRun(PriceSeries prices, String model, Integer horizon, String origins, Double evalFraction,
                                                          double[] levels, JobContext ctx) {
        return ForecastBacktestRun.run(prices, model, horizon, origins, evalFraction, null, levels, ctx == null ? null : ctx::checkCancelled);
    }

    /**
     * Forecasts {@code symbols} as a background writer job: each symbol's week-aligned live forecast
     * (resolve_forecast_start) and, with {@code backtest}, its walk-forward backtest; both stored.
     * The result maps symbol → {forecast, backtest?}; progress names the symbol being worked on.
     */
    public JobStatus startForecast(List<String> symbols, String model, Integer horizon, boolean backtest) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to forecast", "name one or more symbols from list_symbols");
        }
        List<String> syms = symbols.stream().map(this::requireSymbol).distinct().toList();
        String m = modelName(model);
        int h = horizon(horizon);
        return jobs.submit(backtest ? "forecast_backtest" : "forecast", syms.stream().map(x -> x + ":" + m + ":" + h).toList(), true, ctx -> {
            Map<String, Object> results = new java.util.LinkedHashMap<>();
            for (int i = 0; i < syms.size(); i++) {
                ctx.checkCancelled();
                String sym = syms.get(i);
                double share = 1.0 / syms.size();
                ctx.progress(i * share, "forecasting " + sym + " (" + (i + 1) + "/" + syms.size() + ")");
                Map<String, Object> one = new java.util.LinkedHashMap<>();
                one.put("forecast", storeLive(weekAligned(getClosePrice(sym, null, null), null), m, h, null));
                if (backtest) {
                    ctx.progress((i + 0.3) * share, "backtesting " + sym + " (" + (i + 1) + "/" + syms.size() + ")");
                    one.put("backtest", storeBacktest(backtestRun(getClosePrice(sym, null, null), m, h, null, null, null, ctx)));
                }
                results.put(sym, one);
            }
            return results;
        });
    }

    /**
     * Trains the global forecaster on every stored symbol's closes as a background job (progress,
     * cancel), for horizons up to {@code horizon} (default 20); reuses the stored model while the
     * data is unchanged. Model {@code global} forecasts with it afterwards.
     */
    public JobStatus trainGlobalModel(Integer horizon) {
        int h = Math.max(horizon(horizon), org.sextant.engine.forecast.global.GlobalPriceModels.DEFAULT_HORIZON);
        return jobs.submit("global_training", List.of("global:" + h), false, ctx -> globalModels.train(h, ctx));
    }

    /** {@link #startForecast} with backtests (kept for callers of the first API). */
    public JobStatus startForecastBacktest(List<String> symbols, String model, Integer horizon) {
        return startForecast(symbols, model, horizon, true);
    }

    /**
     * Ranks symbols by reward/risk at 80/95/99 from their week-aligned forecasts (stored ones are
     * reused while the prices are unchanged). At most {@link #SCAN_COMPUTE_LIMIT} forecasts are
     * computed per call; the symbols left over are listed under {@code not_computed} and
     * {@link #startScan} computes them all as a job.
     */
    public Map<String, Object> scanForecasts(ForecastScan.Request request) {
        return scan(request, SCAN_COMPUTE_LIMIT, (done, message) -> { }).answer();
    }

    /** {@link #scanForecasts} over any number of symbols as a background writer job with progress. */
    public JobStatus startScan(ForecastScan.Request request) {
        ForecastScan.Request r = request == null ? new ForecastScan.Request(null, null, null, null, null, null, null, null, null) : request;
        r.sortLevel();
        r.topN();
        r.minHistoryRows();
        List<String> subjects = scanSymbols(r).stream().map(x -> x + ":" + modelName(r.model()) + ":" + horizon(r.horizon())).toList();
        return jobs.submit("scan", subjects, true, ctx -> {
            ScanOutcome outcome = scan(r, Integer.MAX_VALUE, (done, message) -> {
                ctx.checkCancelled();
                ctx.progress(done, message);
            });
            String m = modelName(r.model());
            int h = horizon(r.horizon());
            BandCalibration cal = BandCalibration.parse(r.calibration());
            outcome.computed().forEach((prices, f) -> storeLive(prices, m, h, cal, f)); // the job keeps what it computed
            return outcome.answer();
        });
    }

    /** Most forecasts one synchronous scan computes (each costs seconds); the rest are left to start_scan. */
    public static final int SCAN_COMPUTE_LIMIT = 8;

    /** A scan's answer and the forecasts it computed from these prices (a scan job stores them). */
    private record ScanOutcome(Map<String, Object> answer, Map<PriceSeries, PriceForecast> computed) {}

    /** Where a scan reports its progress: nowhere for a read, the job's record for a scan job. */
    @FunctionalInterface
    private interface ScanProgress {
        void report(double done, String message);
    }

    private ScanOutcome scan(ForecastScan.Request req, int computeLimit, ScanProgress progress) {
        ForecastScan.Request r = req == null ? new ForecastScan.Request(null, null, null, null, null, null, null, null, null) : req;
        double level = r.sortLevel();
        int top = r.topN();
        int minHistory = r.minHistoryRows();
        String m = modelName(r.model());
        int h = horizon(r.horizon());
        BandCalibration cal = BandCalibration.parse(r.calibration());
        List<String> syms = scanSymbols(r);
        List<Map<String, Object>> rows = new ArrayList<>();
        List<Map<String, Object>> skipped = new ArrayList<>();
        List<String> notComputed = new ArrayList<>();
        Map<PriceSeries, PriceForecast> computed = new java.util.LinkedHashMap<>();
        int fresh = 0;
        for (int i = 0; i < syms.size(); i++) {
            String sym = syms.get(i);
            progress.report((double) i / syms.size(), "scanning " + sym + " (" + (i + 1) + "/" + syms.size() + ")");
            try {
                PriceSeries all = getClosePrice(sym, null, null);
                if (all.size() < minHistory) {
                    skipped.add(Map.of("symbol", sym, "reason", "history " + all.size() + " closes < min_history " + minHistory));
                    continue;
                }
                PriceSeries upTo = weekAligned(all, r.asOf());
                PriceForecast known = knownLive(upTo, m, h, DEFAULT_LEVELS, cal);
                if (fresh >= computeLimit && known == null) {
                    notComputed.add(sym);
                    continue;
                }
                if (known == null) fresh++;
                PriceForecast f = known != null ? known : liveForecast(upTo, m, h, DEFAULT_LEVELS, cal.wire());
                computed.put(upTo, f);
                rows.add(ForecastScan.row(f, upTo.size()));
            } catch (SextantException e) {
                skipped.add(Map.of("symbol", sym, "reason", e.getMessage()));
            }
        }
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("rows", ForecastScan.rank(rows, level, r.minRewardRisk(), top));
        out.put("model", m);
        out.put("horizon", h);
        out.put("level", level);
        out.put("calibration", cal.wire());
        out.put("min_reward_risk", r.minRewardRisk());
        out.put("min_history", minHistory);
        out.put("top", top);
        out.put("as_of", r.asOf());
        out.put("start_rule", ForecastStart.RULE);
        out.put("scanned", syms.size());
        out.put("ranked", rows.size());
        out.put("skipped", skipped);
        out.put("not_computed", notComputed);
        if (!notComputed.isEmpty()) {
            out.put("note", notComputed.size() + " symbol(s) have no stored forecast yet and were not computed in this call "
                    + "(at most " + computeLimit + " per call); start_scan computes them all as a job");
        }
        return new ScanOutcome(out, computed);
    }

    private List<String> scanSymbols(ForecastScan.Request r) {
        if (r.symbols() == null || r.symbols().isEmpty()) return listSymbols(null).stream().map(SymbolInfo::symbol).toList();
        r.checkSymbolCount();
        return r.symbols().stream().map(this::requireSymbol).distinct().toList();
    }

    private static PriceSeries weekAligned(PriceSeries all, LocalDate asOf) {
        ForecastStart start = ForecastStart.resolve(all.symbol(), all.dates(), asOf);
        int n = start.historyRows();
        if (n == all.size()) return all;
        return new PriceSeries(all.symbol(), all.from(), start.startDate(), List.copyOf(all.dates().subList(0, n)),
                java.util.Arrays.copyOf(all.close(), n), java.util.Arrays.copyOf(all.adjClose(), n));
    }

    /**
     * The live forecast made from exactly these prices: the stored one (a forecast job stored
     * it), else the one this process computed last (kept in memory), else computed now. A read:
     * it keeps what it computes in memory only ({@link #storeLive} is the writer).
     */
    private PriceForecast liveForecast(PriceSeries prices, String model, Integer horizon, double[] levels, String calibration) {
        String m = modelName(model);
        int h = horizon(horizon);
        double[] lv = levels == null ? DEFAULT_LEVELS : levels;
        ForecastInput.checkLevels(lv);
        BandCalibration cal = BandCalibration.parse(calibration);
        PriceForecast known = knownLive(prices, m, h, lv, cal);
        if (known != null) return known;
        PriceForecast f = PriceForecast.calibrated(prices, m, h, lv, cal);
        liveCache.put(prices, m, h, lv, cal.wire(), f);
        return f;
    }

    /** The live forecast with the default levels, stored unless the store has it. A writer (forecast jobs). */
    private PriceForecast storeLive(PriceSeries prices, String model, int horizon, String calibration) {
        return storeLive(prices, modelName(model), horizon, BandCalibration.parse(calibration),
                liveForecast(prices, model, horizon, DEFAULT_LEVELS, calibration));
    }

    private PriceForecast storeLive(PriceSeries prices, String m, int h, BandCalibration cal, PriceForecast f) {
        // a fallback to the model's bands is not stored under the requested calibration
        if (f.calibration().equals(cal.wire()) && storedLive(prices, m, h, DEFAULT_LEVELS, cal) == null) {
            forecastStore.save(List.of(new StoredForecast(prices.symbol(), m, StoredForecast.LIVE, cal.wire(), f.origin(), h, f.lastClose(),
                    prices.size(), f.targetDates(), f.forecast(), f.coverage())));
        }
        return f;
    }

    /** The stored or in-memory live forecast made from exactly these prices, or null. */
    private PriceForecast knownLive(PriceSeries prices, String m, int h, double[] levels, BandCalibration cal) {
        StoredForecast hit = storedLive(prices, m, h, levels, cal);
        if (hit != null) {
            return PriceForecast.assemble(prices, PriceForecast.closes(prices), ForecastModels.forPrices(m).name(), hit.forecast(), levels,
                    hit.calibration(), hit.coverage(), null);
        }
        return liveCache.get(prices, m, h, levels, cal.wire());
    }

    private StoredForecast storedLive(PriceSeries prices, String m, int h, double[] levels, BandCalibration cal) {
        if (prices.size() == 0) return null;
        LocalDate origin = prices.dates().get(prices.size() - 1);
        double last = PriceForecast.closes(prices)[prices.size() - 1];
        for (StoredForecast s : forecastStore.find(prices.symbol(), m, h, StoredForecast.LIVE, cal.wire(), origin, origin)) {
            boolean sameLevels = s.forecast().bands().size() == levels.length
                    && java.util.Arrays.stream(levels).allMatch(l -> s.forecast().bands().stream().anyMatch(b -> Math.abs(b.level() - l) < 1e-9));
            if (s.historyRows() == prices.size() && Math.abs(s.lastClose() - last) <= 1e-12 * Math.abs(last) && sameLevels) return s;
        }
        return null;
    }

    private static String modelName(String model) {
        return ForecastBacktestRun.modelName(model);
    }

    /** Closes a chart answer carries by default: about a year, which keeps an agent's answer small; more on request. */
    public static final int DEFAULT_CHART_DAYS = 250;

    /**
     * One-shot chart payload as columns (ChartPayload): the last {@code days} closes (default
     * DEFAULT_CHART_DAYS), the live forecast with its bands, coverage and reward/risk, the stored
     * backtest error summary (or null), how many stored backtest origins lie in the window and,
     * with {@code overlays}, their forecasts (in the requested calibration where it exists, else
     * the model's bands), and drawing hints. Prices keep the source's decimals, ratios 1e-6.
     */
    public Map<String, Object> getChartData(String symbol, Integer days, String model, Integer horizon) {
        return getChartData(symbol, days, model, horizon, null, false);
    }

    public Map<String, Object> getChartData(String symbol, Integer days, String model, Integer horizon, String calibration, boolean overlays) {
        int n = days == null ? DEFAULT_CHART_DAYS : days;
        if (n < 20 || n > 20000) throw SextantException.invalid("days", "days must be 20..20000, was " + n, "e.g. 504 for about two years");
        String m = modelName(model);
        int h = horizon(horizon);
        BandCalibration cal = BandCalibration.parse(calibration);
        PriceSeries all = getClosePrice(symbol, null, null);
        int from = Math.max(0, all.size() - n);
        int decimals = org.sextant.engine.forecast.ChartPayload.priceDecimals(all.close(), from);
        PriceForecast f = liveForecast(all, m, h, DEFAULT_LEVELS, cal.wire());
        LocalDate windowStart = all.size() == 0 ? null : all.dates().get(from);
        List<StoredForecast> backtests = backtestOverlays(all.symbol(), m, h, cal, windowStart).forecasts();
        Map<String, Object> hints = new java.util.LinkedHashMap<>();
        hints.put("title", all.symbol() + " daily close with a " + f.targetDates().size() + "-day " + m + " forecast (" + f.calibration() + " bands)");
        hints.put("draw", "closes as a line; the median dashed from the last close; one translucent band per level, widest palest");
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("symbol", all.symbol());
        out.put("closes", org.sextant.engine.forecast.ChartPayload.closes(all.dates(), all.close(), from, decimals));
        out.put("forecast", org.sextant.engine.forecast.ChartPayload.live(f, decimals));
        out.put("backtest", org.sextant.engine.forecast.ChartPayload.ratios(forecastStore.backtest(all.symbol(), m, h)));
        out.put("backtest_origins", backtests.size());
        if (overlays) {
            out.put("overlays", backtests.stream().map(s -> org.sextant.engine.forecast.ChartPayload.overlay(s, decimals)).toList());
        }
        out.put("plot_hints", hints);
        return out;
    }

    /**
     * The stored walk-forward of {@code symbol} (model and horizon default as elsewhere): every
     * origin on or after {@code from} (null: all), one forecast each in {@code calibration}
     * (default conformal) where the origin has it, else the model's bands; and the error summary.
     */
    public StoredBacktest backtestOverlays(String symbol, String model, Integer horizon, String calibration, LocalDate from) {
        String sym = requireSymbol(symbol);
        return backtestOverlays(sym, modelName(model), horizon(horizon), BandCalibration.parse(calibration), from);
    }

    private StoredBacktest backtestOverlays(String sym, String m, int h, BandCalibration cal, LocalDate from) {
        Map<LocalDate, StoredForecast> byOrigin = new java.util.TreeMap<>();
        for (StoredForecast s : forecastStore.find(sym, m, h, StoredForecast.BACKTEST, null, from, null)) {
            StoredForecast cur = byOrigin.get(s.origin());
            if (s.calibration().equals(cal.wire()) || (cur == null && s.calibration().equals(BandCalibration.MODEL.wire()))) byOrigin.put(s.origin(), s);
        }
        Map<String, Object> summary = forecastStore.backtest(sym, m, h);
        WalkForwardBacktest.Result result = null;
        String rule = null;
        if (summary != null) {
            rule = (String) summary.get("origins_rule");
            result = Json.MAPPER.convertValue(summary, WalkForwardBacktest.Result.class);
        }
        return new StoredBacktest(rule, result, new ArrayList<>(byOrigin.values()));
    }

    private static int horizon(Integer h) {
        return ForecastBacktestRun.horizon(h);
    }

    // ---- strategy research ----------------------------------------------------------

    /** The node catalogue: name, category, description, inputs, output, parameter schemas. */
    public List<Map<String, Object>> listNodeCatalogue() {
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
            return research.runStrategy(r, ctx);
        });
    }

    /** The research session's ledger of runs and configurations tried (zero for a new session); reads only. */
    public org.sextant.engine.research.store.SessionLedger getSessionRegistry(String sessionId) {
        return new ResearchStore(store).ledger(sessionId == null || sessionId.isBlank() ? "default" : sessionId);
    }

    /** Most runs {@link #listRuns} returns when the caller names no limit. */
    public static final int DEFAULT_RUN_LIST = 50;

    /** Stored strategy runs, newest first, of one research session (every session when null), at most {@code limit} (1..1000). */
    public List<RunInfo> listRuns(String sessionId, int limit) {
        if (limit < 1 || limit > 1000) throw SextantException.invalid("limit", "limit must be 1..1000, was " + limit, "e.g. " + DEFAULT_RUN_LIST);
        return research.listRuns(sessionId, limit);
    }

    /**
     * One stored run with everything a report shows: spec, statistics, verdict, every
     * configuration's in/out-of-sample metrics (the IS/OOS Sharpe scatter) and the equity and
     * drawdown curves of the best and the selected configuration.
     */
    public RunDetail getRun(String runId) {
        return research.run(runId, true, true);
    }

    /** {@link #run(String)} without the configurations and/or the equity curves (they can be large). */
    public RunDetail getRun(String runId, boolean includeConfigurations, boolean includeEquity) {
        return research.run(runId, includeConfigurations, includeEquity);
    }

    /**
     * Selects another configuration of a stored run (e.g. a point picked on the IS/OOS scatter):
     * its equity and drawdown are replayed and stored as the run's selected curve; returns the
     * run with its curves (no configuration list). Refused, naming run_id, when the run's prices
     * changed since it ran. A writer: it changes the stored run.
     */
    public RunDetail selectConfiguration(String runId, int configuration) {
        return research.selectConfiguration(runId, configuration);
    }

    /**
     * Writes a self-contained HTML report of a stored run (verdict, statistics with their
     * meaning, parameters, the top configurations, equity and drawdown as inline SVG) atomically
     * under SEXTANT_HOME/reports (or {@code path}: a file name there, or a path under the home
     * outside the app's own folders). format: "html" (default); "pdf" is refused.
     */
    public ReportExport.Written exportReport(String runId, String format, String path) {
        ReportExport.format(format); // a refused format is reported before the run is read
        return ReportExport.write(home, research.run(runId, true, true), format, path);
    }

    private StrategyRunRequest withDefaultSplit(StrategyRunRequest r) {
        if (r == null || r.symbols() == null || r.symbols().isEmpty()) {
            throw SextantException.invalid("symbols", "no symbols to backtest", "name the universe, e.g. [\"AA\",\"IBM\",\"MSFT\"]");
        }
        List<String> symbols = r.symbols().stream().map(this::requireSymbol).toList();
        if (r.oosStart() != null) return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, r.from(), r.to(), r.oosStart(), r.threads(), r.selectedConfiguration());
        LocalDate from = r.from(), to = r.to();
        if (from == null || to == null) {
            List<SymbolInfo> infos = listSymbols(null).stream().filter(i -> symbols.contains(i.symbol())).toList();
            if (from == null) from = infos.stream().map(SymbolInfo::firstDate).filter(java.util.Objects::nonNull).max(LocalDate::compareTo).orElse(null);
            if (to == null) to = infos.stream().map(SymbolInfo::lastDate).filter(java.util.Objects::nonNull).min(LocalDate::compareTo).orElse(null);
        }
        if (from == null || to == null || !from.isBefore(to)) {
            throw SextantException.invalid("from", "the symbols share no common date range", "pick symbols with overlapping history or give from/to");
        }
        LocalDate oos = ResearchService.defaultOutOfSampleStart(from, to);
        return new StrategyRunRequest(r.sessionId(), r.spec(), symbols, from, to, oos, r.threads(), r.selectedConfiguration());
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
    public List<SignalDefinition> listSignals(String benchmark) {
        return analogues.signalDefinitions(benchmark);
    }

    /** Imports a user signal (date,value CSV) as live or backfill data; all or nothing. */
    public int importSignal(Path csv, SignalDefinition definition, String provenance) {
        int rows = analogues.importSignal(csv, definition, provenance); // the service drops its cached signals itself
        analogueSeries.invalidate();                                    // and the analogue node's answers go with them
        return rows;
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
        String s = symbolOf(requireText(symbol));
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

    private static String requireText(String symbol) {
        if (symbol == null || symbol.isBlank()) {
            throw SextantException.invalid("symbol", "symbol is missing", "pass a ticker from list_symbols, e.g. MSFT");
        }
        if (symbol.length() > MAX_SYMBOL_CHARS) {
            throw SextantException.invalid("symbol", "symbol is " + symbol.length() + " characters, more than " + MAX_SYMBOL_CHARS, "pass a ticker from list_symbols, e.g. MSFT");
        }
        return symbol;
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
        readOnlySql.close();
        store.close();
    }
}
