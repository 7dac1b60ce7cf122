package org.sextant.engine;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueService;
import org.sextant.engine.analogue.CalibrationReport;
import org.sextant.engine.analogue.SignalDefinition;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.BarBacktestError;
import org.sextant.engine.forecast.BarBacktestOverlays;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.forecast.ChartData;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.forecast.ForecastStart;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.ScanResult;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.home.Settings;
import org.sextant.engine.ingest.DeletedPrices;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.ingest.ImportTurn;
import org.sextant.engine.ingest.IngestService;
import org.sextant.engine.ingest.KeptDeletions;
import org.sextant.engine.ingest.PriceDeletion;
import org.sextant.engine.ingest.PriceGatherer;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.ingest.SessionChange;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.jobs.JobReach;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;
import org.sextant.engine.research.ResearchService;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.report.ReportExport;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.source.MatcherAnalogueSource;
import org.sextant.engine.research.store.SessionLedger;
import org.sextant.engine.exchange.ScaleOutExchange;
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
    private final PriceRepository prices;
    private final ForecastService forecasts;
    private final IngestService ingest;
    private final PriceDeletion deletion;
    private final KeptDeletions keptDeletions;
    private final SessionChange sessions;
    private final ScaleOutExchange scaleOut;
    private final MatcherAnalogueSource analogueSeries;
    private final List<Runnable> dataListeners = new CopyOnWriteArrayList<>();

    private Sextant(SextantHome home, Store store) {
        this.home = home;
        this.store = store;
        this.readOnlySql = new ReadOnlySql(store);
        this.jobs = new Jobs(home.jobsDir());
        store.nameWriters(jobs::jobOn); // a write refused for the writer names the job holding it
        this.analogues = new AnalogueService(store);
        this.prices = new PriceRepository(store);
        this.forecasts = new ForecastService(store, prices, home.modelsDir().resolve("global"));
        this.ingest = new IngestService(store, prices, home.settingsJson(), this::settings);
        this.deletion = new PriceDeletion(store, prices, home.deletedPricesDir());
        this.keptDeletions = new KeptDeletions(home.root(), home.deletedPricesDir());
        this.sessions = new SessionChange(store, prices);
        this.analogueSeries = new MatcherAnalogueSource(analogues);
        this.research = new ResearchService(store, prices, analogueSeries, forecasts.models());
        this.scaleOut = new ScaleOutExchange(store, forecasts, research, () -> changed(null));
        onDataChanged(analogues::invalidate); // signals are derived from prices
        onDataChanged(analogueSeries::invalidate);
        onDataChanged(forecasts::invalidate);
    }

    /** Opens the store under {@code home}, migrating it, and loads the sample universe into an empty one. */
    public static Sextant open(SextantHome home) {
        Sextant engine = new Sextant(home, StoreStartup.open(home));
        StartupTimeline.mark("engine ready");
        return engine;
    }

    public SextantHome home() { return home; }
    /** Called after any change to prices or symbols (GUI refresh, state.json). */
    public void onDataChanged(Runnable listener) { dataListeners.add(listener); }

    // ---- store reads and SQL ---------------------------------------------------------------

    /** Symbols whose name or ticker contains {@code query} (case-insensitive); all when null or blank. */
    public List<SymbolInfo> listSymbols(String query) { return prices.symbols(query); }
    /** {@code symbol}'s row when it has daily prices, reading only it; null when it has none. */
    public SymbolInfo dailySymbol(String symbol) { return prices.dailySymbol(symbol); }
    /** One page of list_symbols: the {@code limit} symbols (daily and bars-only) from {@code offset} on whose name or ticker contains {@code query}, and how many match. */
    public org.sextant.engine.data.SymbolPage listSymbols(String query, int offset, int limit) { return prices.symbolPage(query, offset, limit); }
    /** Names an instrument (name, currency, exchange; empty clears); later imports keep it. */
    public SymbolInfo describeSymbol(String symbol, SymbolDescription d) { return changed(prices.describe(symbol, d)); }
    /** Bars at {@code interval} (1m .. 1mo; null = 1d): stored ones as they are, coarser ones resampled along the session. */
    public BarSeries getBars(String symbol, String interval, LocalDate from, LocalDate to) { return prices.bars(symbol, interval, from, to); }
    /** As {@link #getBars(String, String, LocalDate, LocalDate)}, at most {@code maxRows + 1} bars (one more says there are more). */
    public BarSeries getBars(String symbol, String interval, LocalDate from, LocalDate to, int maxRows) { return prices.bars(symbol, interval, from, to, maxRows); }
    /** The newest {@code count} bars at {@code interval}, oldest first, without reading the older ones. */
    public BarSeries getNewestBars(String symbol, String interval, int count) { return prices.newestBars(symbol, interval, count); }

    /** Stored bars of {@code symbol} a read at {@code interval} leaves out, outside its session (UTC dates within from..to). */
    public long getBarsOutsideSession(String symbol, String interval, LocalDate from, LocalDate to) { return prices.barsOutsideSession(symbol, interval, from, to); }
    /** For a bars symbol stored as eu_equity whose days fit another venue (Euronext's 24 December), what to tell and the command that sets it; else null. */
    public String getVenueNote(String symbol) { return prices.venueNote(symbol); }

    /** The first and last trading day of {@code symbol}'s bars at {@code interval}, without reading them (null when none). */
    public org.sextant.engine.data.TradingDays getBarSpan(String symbol, String interval) { return prices.barSpan(symbol, interval); }
    /** Per symbol, the bar intervals stored (finest first; daily prices are 1d); symbols with bars but no daily prices. */
    public Map<String, List<String>> storedIntervals() { return prices.storedIntervals(); }
    /** The bar intervals stored for {@code symbol} (finest first; daily prices are 1d); empty for an unknown symbol. */
    public List<String> storedIntervals(String symbol) { return prices.storedIntervals(symbol); }
    /** The bar interval a request about {@code symbol} at {@code asked} reads; null for the daily answer (none asked, or 1d of a symbol with daily prices). */
    public String barInterval(String symbol, String asked) { return prices.barInterval(symbol, asked); }
    /** As {@link #barInterval}, for a chart, a forecast or a backtest: with none asked, a symbol with bars only is read at its finest stored interval. */
    public String readInterval(String symbol, String asked) { return prices.readInterval(symbol, asked); }
    public List<SymbolInfo> listBarsOnlySymbols(String query) { return prices.barsOnlySymbols(query); }
    /** Daily closes of {@code symbol} between {@code from} and {@code to} inclusive (either may be null). */
    public PriceSeries getClosePrice(String symbol, LocalDate from, LocalDate to) { return prices.closes(symbol, from, to); }

    /** Daily bars of {@code symbol}, oldest first. */
    public List<PriceBar> bars(String symbol, LocalDate from, LocalDate to) { return prices.bars(symbol, from, to); }

    public DataSummary dataSummary() { return prices.summary(); }
    /** One read-only SELECT, LIMIT-wrapped (default 5000); hostile statements are refused with a reason. */
    public SelectResult runSelect(String sql, Integer limit) { return readOnlySql.run(sql, limit); }
    /** As above, for a client of the local API: it runs at most two queries at once, so other clients' SQL finds a slot. */
    public SelectResult runSelect(String sql, Integer limit, String client) { return readOnlySql.run(sql, limit, client); }
    public DbSchema getDbSchema() { return readOnlySql.schema(); }

    // ---- ingest (IngestService) -----------------------------------------------------------

    /** Most symbols one gather or refresh request may name; a longer list is refused, never truncated. */
    public static final int MAX_GATHER_SYMBOLS = IngestService.MAX_GATHER_SYMBOLS;

    /** Imports CSV/Parquet files in one transaction: all or nothing; bar times without a zone are read in {@code timezone} (null: UTC). */
    public ImportReport importPrices(List<Path> files) { return importPrices(files, null); }
    public ImportReport importPrices(List<Path> files, String timezone) { return importPrices(files, timezone, ImportTurn.WAITING); }

    /**
     * As above, waiting at most {@code writerWait} for the store's one writer (a job or another import may hold it for
     * minutes): past it refused with job_busy naming the job that held it, if one did, and the way on; nothing is written.
     */
    public ImportReport importPrices(List<Path> files, String timezone, java.time.Duration writerWait) {
        return importPrices(files, timezone, ImportTurn.within(writerWait, IngestService.WRITER_BUSY_FIX));
    }

    private ImportReport importPrices(List<Path> files, String timezone, ImportTurn turn) { return changed(ingest.importPrices(files, timezone, turn)); }

    /** The format, detected layout and first rows of a price file, read without importing it. */
    public org.sextant.engine.ingest.ImportPreview previewImport(Path file) { return previewImport(file, null); }
    /**
     * The preview with bar times written without a zone read in {@code timezone} (null or blank: UTC), as {@link #startImport(List, String)}
     * reads them, its bars compared with the stored bars of their symbol and interval.
     */
    public org.sextant.engine.ingest.ImportPreview previewImport(Path file, String timezone) {
        return org.sextant.engine.ingest.ImportPreview.of(file, IngestService.zone(timezone), store);
    }

    /** Fetches daily history for {@code symbols} from a provider (null: the default) and imports it. */
    public ImportReport gather(List<String> symbols, String provider) { return changed(ingest.gather(symbols, provider)); }

    /** {@link #importPrices} as a background writer job. */
    public JobStatus startImport(List<Path> files) { return startImport(files, null); }
    public JobStatus startImport(List<Path> files, String timezone) {
        IngestService.zone(timezone); // an unknown zone is refused before a job exists
        // its files' symbols are known once read: until then it covers every symbol, then only those it writes (before it commits)
        return jobs.submit("import", IngestService.importSubjects(files), true, PriceImporter.IF_INTERRUPTED, Jobs.DEFAULT_TIME_LIMIT, JobReach.UNTIL_READ, ctx -> {
            ctx.progress(0.05, "importing " + files.size() + " file(s)");
            return importPrices(files, timezone, ImportTurn.telling(symbols -> ctx.narrowReach(JobReach.of(symbols))));
        });
    }

    /** {@link #gather} as a background writer job; a request covered by the running gather joins it. */
    public JobStatus startGather(List<String> symbols, String provider) {
        List<String> subjects = IngestService.gatherSubjects(symbols);
        return jobs.submitWriter("gather", subjects, PriceGatherer.IF_INTERRUPTED, JobReach.of(subjects), "fetching " + subjects.size() + " symbol(s)", () -> gather(symbols, provider));
    }

    /** Re-downloads stored symbols (none named: every stored one, at most MAX_GATHER_SYMBOLS) as a gather job. */
    public JobStatus startRefresh(List<String> symbols, String provider) { return startGather(ingest.refreshSymbols(symbols), provider); }

    /**
     * Deletes {@code symbol}'s stored prices at {@code interval} (null: every interval it has) in one transaction, keeping
     * a CSV of them that import_prices puts back, with what was made from its daily prices (stored forecasts and
     * backtests); every cache of them is dropped as after an import. Refused while a job works on the symbol.
     */
    public DeletedPrices deletePrices(String symbol, String interval) {
        String sym = PriceRepository.requireCanonical(symbol);
        try (Jobs.ChangeUnderWay under = jobs.deleting(sym)) {
            return changed(deletion.delete(symbol, interval));
        }
    }

    /**
     * Sets a stored symbol's trading session (set_trading_session): reads resample and annualise along it, every cache of its
     * prices dropped as after an import; stored forecasts and backtests are counted, not recomputed. Refused while a job
     * reads the symbol's prices, and no such job starts while the change waits for the writer (as a deletion).
     */
    public SessionChange.SessionSet setTradingSession(String symbol, String session) {
        String sym = PriceRepository.requireCanonical(symbol);
        try (Jobs.ChangeUnderWay under = jobs.changing(sym, org.sextant.engine.jobs.SymbolChange.TRADING_SESSION)) {
            return changed(sessions.set(symbol, session));
        }
    }

    /** The CSVs delete_prices kept, the newest {@code limit} (null: {@link KeptDeletions#DEFAULT_LIMIT}) first, with the count and size of all; names and sizes only. */
    public KeptDeletions.Listing listDeletedPrices(Integer limit) {
        return keptDeletions.list(limit == null ? KeptDeletions.DEFAULT_LIMIT : limit);
    }

    /** Deletes one kept CSV ({@code file} as {@link #listDeletedPrices} names it), only inside data/deleted; the Data view's Remove file…, no API route. */
    public long removeDeletedPricesFile(String file) {
        return keptDeletions.remove(file);
    }

    /** Rows stored per interval of {@code symbol}, finest first (daily prices are 1d); empty for an unknown symbol. */
    public Map<String, Long> storedRows(String symbol) { return deletion.rows(symbol); }

    // ---- forecasts (ForecastService, docs/forecast.md) ---------------------------------------

    /** Model used when a caller names none: Theta on log prices (robust, fast, the M3 winner's method). */
    public static final String DEFAULT_FORECAST_MODEL = ForecastBacktestRun.DEFAULT_MODEL;
    public static final int DEFAULT_FORECAST_HORIZON = ForecastBacktestRun.DEFAULT_HORIZON;
    public static final double[] DEFAULT_LEVELS = ForecastBacktestRun.DEFAULT_LEVELS;

    public List<String> listForecastModels() { return ForecastModels.names(); }

    public PriceForecast getForecast(String symbol, String model, Integer horizon, double[] levels) { return getForecast(symbol, model, horizon, levels, null); }

    /** A live forecast from the last close with calibrated bands (model, conformal or adaptive), reward/risk and coverage. */
    public PriceForecast getForecast(String symbol, String model, Integer horizon, double[] levels, String calibration) {
        return forecasts.forecast(symbol, model, horizon, levels, calibration);
    }

    /** A live forecast of the bars at {@code interval} (not the daily prices): horizon in bars, targets along the session's calendar. */
    public BarForecast getForecast(String symbol, String interval, String model, Integer horizon, double[] levels, String calibration) { return forecasts.forecastBars(symbol, interval, model, horizon, levels, calibration); }
    /** The week-aligned start a forecast run uses, on or before {@code asOf} (null: the last close). */
    /** A warning naming closes that jump and fall straight back (a bad tick) among those a forecast at {@code interval} (null: daily) fits; null when none. */
    public String outlierWarning(String symbol, String interval) { return forecasts.outlierWarning(symbol, interval); }

    public ForecastStart resolveForecastStart(String symbol, LocalDate asOf) { return forecasts.resolveStart(symbol, asOf); }

    /** Walk-forward forecast errors of a model on a symbol (origins monthly, weekly or every N closes); a read. */
    public WalkForwardBacktest.Result getBacktestError(String symbol, String model, Integer horizon, String origins,
                                                       Double evalFraction, double[] levels) {
        return forecasts.backtestError(symbol, model, horizon, origins, evalFraction, levels);
    }

    /** {@link #getBacktestError} on the bars at {@code interval}: origins and horizon count bars, each origin named by its bar's time. */
    public BarBacktestError getBacktestError(String symbol, String interval, String model, Integer horizon, String origins, Double evalFraction, double[] levels) {
        return forecasts.backtestErrorBars(symbol, interval, model, horizon, origins, evalFraction, levels);
    }

    /** The walk-forward of the bars at {@code interval} (default origins and levels) with each origin's forecast, for the chart by bar; a read. */
    public BarBacktestOverlays barBacktestOverlays(String symbol, String interval, String model, Integer horizon, String calibration) {
        return forecasts.backtestOverlaysBars(symbol, interval, model, horizon, calibration);
    }

    /** {@link #getBacktestError} stored, replacing the previous one (what the Charts view overlays). A writer. */
    public WalkForwardBacktest.Result storeForecastBacktest(String symbol, String model, Integer horizon, String origins,
                                                            Double evalFraction, double[] levels) {
        return forecasts.storeBacktest(symbol, model, horizon, origins, evalFraction, levels);
    }

    /** Forecasts (with {@code backtest} also backtests) stored symbols as a writer job; result symbol → {forecast, backtest?}. */
    public JobStatus startForecast(List<String> symbols, String model, Integer horizon, boolean backtest) {
        return startForecast(symbols, model, horizon, backtest, null);
    }

    /**
     * As above, as of {@code asOf} (null: the last completed week): from the week-aligned start on or before it, no close after
     * it used, each symbol's result saying how the closes stored after the start fell in the bands.
     */
    public JobStatus startForecast(List<String> symbols, String model, Integer horizon, boolean backtest, LocalDate asOf) {
        ForecastService.JobRequest r = forecasts.forecastJobRequest(symbols, model, horizon, backtest, asOf);
        return jobs.submit(r.kind(), r.subjects(), true, r.ifInterrupted(), Jobs.DEFAULT_TIME_LIMIT, JobReach.of(r.symbols()), ctx -> forecasts.forecastJob(r, ctx));
    }

    /** Trains the global forecaster on every stored symbol as a background job; model {@code global} uses it afterwards. */
    public JobStatus trainGlobalModel(Integer horizon) { return forecasts.startGlobalTraining(jobs, horizon); }

    /** Whether model {@code global} (and the combinations with it) can forecast {@code horizon} steps (null: the default) without training first. */
    public boolean globalModelTrained(Integer horizon) { return forecasts.globalModelTrained(horizon); }
    public JobStatus startForecastBacktest(List<String> symbols, String model, Integer horizon) { return startForecast(symbols, model, horizon, true); }

    /** Ranks symbols by reward/risk from week-aligned forecasts; computes at most a few missing ones per call. */
    public ScanResult scanForecasts(ForecastScan.Request request) { return forecasts.scan(request); }

    /** {@link #scanForecasts} over any number of symbols as a writer job that stores its forecasts. */
    public JobStatus startScan(ForecastScan.Request request) { return startScan(request, null); }

    /** As above, stopped (TIMED_OUT, the forecasts stored so far kept) after {@code timeLimitMinutes} (null: Jobs.DEFAULT_TIME_LIMIT, at most Jobs.MAX_TIME_LIMIT). */
    public JobStatus startScan(ForecastScan.Request request, Integer timeLimitMinutes) {
        return forecasts.startScan(jobs, request, timeLimitMinutes);
    }

    public ChartData getChartData(String symbol, Integer days, String model, Integer horizon) { return getChartData(symbol, days, model, horizon, null, false); }

    /** The chart answer as columns ({@link ChartData}): closes, live forecast, stored backtest, its origins on request. */
    public ChartData getChartData(String symbol, Integer days, String model, Integer horizon, String calibration, boolean overlays) {
        return forecasts.chartData(symbol, days, model, horizon, calibration, overlays);
    }

    /** The stored walk-forward of a symbol: every origin on or after {@code from} (null: all) and the error summary. */
    public StoredForecastBacktest backtestOverlays(String symbol, String model, Integer horizon, String calibration, LocalDate from) {
        return forecasts.backtestOverlays(symbol, model, horizon, calibration, from);
    }

    // ---- scale-out exchange (docs/scale-out.md) -------------------------------------------

    /** Prices out as Parquet for a scale-out job; a finished job's output in, stored as local work is. */
    public ScaleOutExchange scaleOut() { return scaleOut; }
    // ---- strategy research (ResearchService, docs/research.md) ------------------------------

    /** Most runs {@link #listRuns} returns when the caller names no limit. */
    public static final int DEFAULT_RUN_LIST = ResearchService.DEFAULT_RUN_LIST;

    public List<Map<String, Object>> listNodeCatalogue() { return research.listNodes(); }

    /** Validates a graph spec and counts its configurations; runs nothing. */
    public Map<String, Object> composeGraph(String specJson) { return research.composeGraphAnswer(specJson); }

    /** A strategy backtest: every configuration of a spec over a universe, in and out of sample (default: last 30% held out). */
    public StrategyRunSummary backtest(StrategyRunRequest request) { return research.runSplit(research.withDefaultSplit(request), null); }

    /** {@link #backtest} as a background writer job (it saves the run and counts it in the session). */
    public JobStatus startBacktest(StrategyRunRequest request) { return startBacktest(request, null); }

    /** As above, stopped (TIMED_OUT, nothing stored or counted) after {@code timeLimitMinutes} (null: Jobs.DEFAULT_TIME_LIMIT, at most Jobs.MAX_TIME_LIMIT). */
    public JobStatus startBacktest(StrategyRunRequest request, Integer timeLimitMinutes) {
        java.time.Duration limit = Jobs.timeLimit(timeLimitMinutes); // refused before the request is read
        StrategyRunRequest r = research.withDefaultSplit(request);
        return jobs.submit("backtest", List.of(research.backtestSubject(r)), true, IfInterrupted.KEEPS_AT_END, limit, JobReach.of(research.backtestReads(r)), research.backtestJob(r));
    }

    /** The research session's ledger of runs and configurations tried (zero for a new session); reads only. */
    public SessionLedger getSessionRegistry(String sessionId) { return research.ledger(sessionId); }

    /** Stored strategy runs, newest first, of one session (every session when null), at most {@code limit} (1..1000). */
    public List<RunInfo> listRuns(String sessionId, int limit) { return research.listRuns(sessionId, limit); }

    /**
     * One stored run with spec, statistics, verdict, the equity curves and the first page of its configurations
     * (at most Bounds.MAX_RUN_CONFIGURATIONS, best in-sample Sharpe first, with their total): a sweep may hold a million.
     */
    public RunDetail getRun(String runId) { return getRun(runId, true, true); }
    public RunDetail getRun(String runId, boolean configurations, boolean equity) { return research.run(runId, configurations, null, null, equity); }
    /** get_run: a page of the configurations (offset, limit: null for the first, at most Bounds.MAX_RUN_CONFIGURATIONS), best in-sample Sharpe first. */
    public RunDetail getRun(String runId, boolean configurations, boolean equity, Integer offset, Integer limit) {
        return research.run(runId, configurations, offset, limit, equity);
    }

    /** Replays another configuration of a stored run and stores it as the run's selected curve. A writer. */
    public RunDetail selectConfiguration(String runId, int configuration) { return research.selectConfiguration(runId, configuration); }

    /** Writes a stored run's self-contained HTML report under SEXTANT_HOME/reports (or {@code path}); "pdf" is refused. */
    public ReportExport.Written exportReport(String runId, String format, String path) {
        ReportExport.format(format); // a refused format is reported before the run is read
        // the report lists the first RunReport.LISTED of the ranking: read no more, whatever the sweep's size
        return ReportExport.write(home, research.run(runId, true, 0, org.sextant.engine.research.report.RunReport.LISTED, true), format, path);
    }

    // ---- analogues (AnalogueService, docs/analogues.md) -------------------------------------

    /** compare_to_history: "when markets looked like this before, what happened next". */
    public AnalogueResponse compareToHistory(Map<String, ?> args) { return analogues.compareToHistory(args == null ? Map.of() : args); }
    /** Walk-forward calibration of the matcher: band coverage and mean error against the base rate. */
    public CalibrationReport analogueCalibration(Map<String, ?> args) { return analogues.calibration(args == null ? Map.of() : args); }
    /** The signal dimensions the matcher uses for {@code benchmark} (null: the default). */
    public List<SignalDefinition> listSignals(String benchmark) { return analogues.signalDefinitions(benchmark); }

    /** Imports a user signal (date,value CSV) as live or backfill data; all or nothing. */
    public int importSignal(Path csv, SignalDefinition definition, String provenance) {
        int rows = analogues.importSignal(csv, definition, provenance); // the service drops its cached signals itself
        analogueSeries.invalidate();                                    // and the analogue node's answers go with them
        return rows;
    }

    /** Background jobs (status persisted under SEXTANT_HOME/jobs). */
    public Jobs jobs() { return jobs; }
    public Settings settings() { return Settings.load(home.settingsJson()); }

    /** Canonical ticker for {@code symbol}, or a not_found error that suggests close names. */
    public String requireSymbol(String symbol) { return prices.requireSymbol(symbol); }

    /** Tells the listeners that prices changed; a listener's failure must not undo a committed import. */
    private <T> T changed(T result) {
        for (Runnable r : dataListeners) {
            try { r.run(); } catch (RuntimeException ignored) { /* see above */ }
        }
        return result;
    }

    public Store store() { return store; } // for engine-internal subsystems and tests

    @Override
    public void close() {
        forecasts.close(); // the scans' background fits stop
        jobs.close();
        readOnlySql.close();
        store.close();
    }
}
