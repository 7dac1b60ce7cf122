package org.sextant.engine.api;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sextant.contract.ArgumentCheck;
import org.sextant.contract.Capabilities;
import org.sextant.contract.Capability;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.analogue.SignalDefinition;
import org.sextant.engine.research.StrategyRunRequest;

/**
 * The local API's routes, one per capability of the contract: a route checks its arguments
 * against the capability's schema, runs a read capability inside {@link ReadOnlyScope} (where the
 * store and the home's files refuse writes), calls the facade and returns what is serialized.
 * Each route is the method named after its capability (list_symbols: {@code listSymbols}), which
 * is where the self-test starts its walk for "a read route reaches no write".
 */
public final class ApiRoutes {
    /** Capabilities the hosting app serves itself (render_chart draws with JavaFX, which the engine must not know). */
    public static final Set<Capability> APP_HOSTED = Set.of(Capabilities.RENDER_CHART);

    /**
     * How long a read may compute: under the launcher's 45 s request timeout, so the app's own
     * {@code timeout} reaches the agent first, and no read keeps a core busy for an answer nobody awaits.
     */
    public static final java.time.Duration READ_BUDGET = java.time.Duration.ofSeconds(40);

    /**
     * How long a computing read waits for a turn before it is turned away: a burst of heavy reads
     * would otherwise queue each for its whole budget, and one that got its turn late would have
     * too little budget left to finish (30 at once all failed after 40 s, none answered). render_chart waits
     * as long for a turn held by a picture stopped at its budget.
     */
    public static final java.time.Duration TURN_WAIT = java.time.Duration.ofSeconds(5);

    /**
     * Reads that fit models, so they share a few cores ({@link #computing}); the others answer from the
     * store at once. run_select is not one: with a turn, two hostile growing queries (30 s each) refused
     * every other agent's SQL (ResourceExhaustionIT); it keeps its own bounds (30 s, memory, 8 at once, 2 per client).
     */
    static final Set<Capability> COMPUTING = Set.of(Capabilities.GET_FORECAST, Capabilities.GET_BACKTEST_ERROR,
            Capabilities.SCAN_FORECASTS, Capabilities.COMPARE_TO_HISTORY, Capabilities.ANALOGUE_CALIBRATION,
            Capabilities.GET_CHART_DATA, Capabilities.RENDER_CHART);

    /**
     * Reads that only look up what is kept (the store's small tables, the jobs, the app's state):
     * bounded, never a turn, so they answer while every core computes. health, served by the
     * server itself, is one too.
     */
    static final Set<Capability> METADATA = Set.of(Capabilities.LIST_SYMBOLS, Capabilities.LIST_JOBS, Capabilities.JOB_STATUS,
            Capabilities.READ_STATE, Capabilities.READ_LOG, Capabilities.GET_DB_SCHEMA, Capabilities.LIST_NODE_CATALOGUE,
            Capabilities.LIST_RUNS, Capabilities.GET_SESSION_REGISTRY, Capabilities.LIST_SIGNALS, Capabilities.LIST_FORECAST_MODELS,
            Capabilities.LIST_DELETED_PRICES);

    private static final String READ_FIX = "ask for less (a shorter horizon, fewer origins or symbols, a faster model such as theta),"
            + " or run it as a background job (start_forecast, start_forecast_backtest, start_scan, start_backtest) and poll job_status";

    /** A synchronous backtest stopped at its budget: the job form computes up to the jobs' time limit and can be cancelled. */
    static final String BACKTEST_FIX = "nothing was stored; run it as a background job with start_backtest (same arguments), which "
            + org.sextant.engine.jobs.Jobs.MAY_COMPUTE + "; poll job_status and stop it with cancel_job if need be, or ask for less: fewer symbols or parameter values,"
            + " or a forecast node with a larger every or a faster model such as theta";

    /** The fix of a picture that took its whole budget: fewer bars and pixels to draw, or a cheaper forecast to fan. */
    public static final String RENDER_FIX = "ask for fewer days or a smaller width and height (fewer bars and pixels to draw),"
            + " or a shorter horizon or a faster model such as theta (its forecast); get_chart_data answers the same data without a picture";

    /** The fix of a read that ran out of time or got no turn: the analogue reads have no model or background job to name. */
    static String readFix(Capability c) {
        if (c == Capabilities.RENDER_CHART) return RENDER_FIX;
        if (c == Capabilities.ANALOGUE_CALIBRATION) return org.sextant.engine.analogue.WalkForwardCalibration.TIMEOUT_FIX;
        if (c == Capabilities.COMPARE_TO_HISTORY) return org.sextant.engine.analogue.AnalogueDefaults.TIMEOUT_FIX;
        return READ_FIX;
    }

    private record Route(Capability capability, Function<ApiCall, Object> handler) {}

    private final Map<String, Route> routes = new LinkedHashMap<>();
    private final Sextant engine;
    private final Supplier<Object> state;
    private final java.time.Duration readBudget;
    private final java.time.Duration turnWait;
    /** How long import_prices waits for the store's writer ({@link org.sextant.engine.ingest.IngestService#SYNC_WRITER_WAIT}; tests shorten it). */
    java.time.Duration importWriterWait = org.sextant.engine.ingest.IngestService.SYNC_WRITER_WAIT;
    /** Turns for {@link #COMPUTING} reads: one per core (at least two), so a burst of them cannot starve the app's other callers, with a share per client. */
    final ComputingTurns computing; // package: tests hold its turns
    /** Where a chart at an interval reads its bars: the engine's newest-first read. */
    BarAnswers.NewestBars chartBars; // package: tests count the bars it reads

    public ApiRoutes(Sextant engine, Supplier<Object> state) {
        this(engine, state, READ_BUDGET, Math.max(2, Runtime.getRuntime().availableProcessors()), TURN_WAIT);
    }

    ApiRoutes(Sextant engine, Supplier<Object> state, java.time.Duration readBudget, int computingPermits, java.time.Duration turnWait) {
        this.engine = engine;
        this.state = state;
        this.readBudget = readBudget;
        this.turnWait = turnWait;
        this.computing = new ComputingTurns(computingPermits);
        this.chartBars = engine::getNewestBars;
        serve(Capabilities.LIST_SYMBOLS, this::listSymbols);
        serve(Capabilities.GET_CLOSE_PRICE, this::getClosePrice);
        serve(Capabilities.GET_DB_SCHEMA, this::getDbSchema);
        serve(Capabilities.RUN_SELECT, this::runSelect);
        serve(Capabilities.IMPORT_PRICES, this::importPrices);
        serve(Capabilities.GATHER, this::gather);
        serve(Capabilities.START_IMPORT, this::startImport);
        serve(Capabilities.START_GATHER, this::startGather);
        serve(Capabilities.START_REFRESH, this::startRefresh);
        serve(Capabilities.DELETE_PRICES, this::deletePrices);
        serve(Capabilities.LIST_DELETED_PRICES, this::listDeletedPrices);
        serve(Capabilities.SET_TRADING_SESSION, this::setTradingSession);
        serve(Capabilities.LIST_JOBS, this::listJobs);
        serve(Capabilities.JOB_STATUS, this::jobStatus);
        serve(Capabilities.CANCEL_JOB, this::cancelJob);
        serve(Capabilities.READ_LOG, this::readLog);
        serve(Capabilities.READ_STATE, this::readState);
        serve(Capabilities.LIST_NODE_CATALOGUE, this::listNodeCatalogue);
        serve(Capabilities.COMPOSE_GRAPH, this::composeGraph);
        serve(Capabilities.BACKTEST, this::backtest);
        serve(Capabilities.START_BACKTEST, this::startBacktest);
        serve(Capabilities.LIST_RUNS, this::listRuns);
        serve(Capabilities.GET_RUN, this::getRun);
        serve(Capabilities.SELECT_CONFIGURATION, this::selectConfiguration);
        serve(Capabilities.EXPORT_REPORT, this::exportReport);
        serve(Capabilities.GET_SESSION_REGISTRY, this::getSessionRegistry);
        serve(Capabilities.COMPARE_TO_HISTORY, this::compareToHistory);
        serve(Capabilities.ANALOGUE_CALIBRATION, this::analogueCalibration);
        serve(Capabilities.LIST_SIGNALS, this::listSignals);
        serve(Capabilities.IMPORT_SIGNAL, this::importSignal);
        serve(Capabilities.LIST_FORECAST_MODELS, this::listForecastModels);
        serve(Capabilities.GET_FORECAST, this::getForecast);
        serve(Capabilities.GET_BACKTEST_ERROR, this::getBacktestError);
        serve(Capabilities.START_FORECAST, this::startForecast);
        serve(Capabilities.START_FORECAST_BACKTEST, this::startForecastBacktest);
        serve(Capabilities.RESOLVE_FORECAST_START, this::resolveForecastStart);
        serve(Capabilities.SCAN_FORECASTS, this::scanForecasts);
        serve(Capabilities.START_SCAN, this::startScan);
        serve(Capabilities.TRAIN_GLOBAL_MODEL, this::trainGlobalModel);
        serve(Capabilities.GET_CHART_DATA, this::getChartData);
        for (Capability c : Capabilities.ALL) {
            if (!routes.containsKey(c.name()) && !APP_HOSTED.contains(c)) throw new IllegalStateException("capability " + c.name() + " has no route");
        }
        for (Capability c : COMPUTING) {
            if (!c.isRead()) throw new IllegalStateException(c.name() + " is a write: the read budget and turns do not apply to it");
            if (METADATA.contains(c)) throw new IllegalStateException(c.name() + " cannot both take a turn and answer without one");
        }
    }

    private void serve(Capability capability, Function<ApiCall, Object> handler) {
        if (routes.putIfAbsent(capability.name(), new Route(capability, handler)) != null) {
            throw new IllegalArgumentException("API method '" + capability.name() + "' is already served");
        }
    }

    /** Adds a route the hosting app serves ({@link #APP_HOSTED}); an engine route cannot be replaced. */
    public void add(Capability capability, Function<ApiCall, Object> route) {
        if (!APP_HOSTED.contains(capability)) throw new IllegalArgumentException(capability.name() + " is not served by the app host");
        serve(capability, route);
    }

    /** The capability a method name serves, if any. */
    public java.util.Optional<Capability> capability(String method) {
        Route r = routes.get(method);
        return r == null ? java.util.Optional.empty() : java.util.Optional.of(r.capability());
    }

    public Object dispatch(ApiCall call) {
        return dispatch(call, () -> false);
    }

    /**
     * As above, for a caller that may go away before the answer: once {@code abandoned} turns true,
     * a read stops at its next checkpoint (as at the end of its budget) with a CancellationException
     * and gives back its turn. A write is not stopped: it must not be left half done. import_prices
     * is, up to its commit: it writes in one transaction, rolled back when stopped. The synchronous
     * backtest is the exception: it stores its run only at its end, so it is bound like a read (the
     * read budget, its caller gone) and stopped before that leaves nothing; start_backtest has no budget, only the jobs' time limit.
     * A number no double holds (1e400, 1e-400) is refused with the other argument problems; the route gets every other
     * number as its double ({@link ApiCall#held}), as the check did.
     */
    public Object dispatch(ApiCall call, java.util.function.BooleanSupplier abandoned) {
        Route route = routes.get(call.method());
        if (route == null) {
            throw new SextantException(FailReason.UNKNOWN_METHOD, "unknown API method '" + org.sextant.contract.ShownText.name(call.method()) + "'", "method",
                    "use one of " + routes.keySet() + " (docs/local-api.md)");
        }
        List<ArgumentCheck.Problem> problems = ArgumentCheck.problems(route.capability(), call.args());
        if (!problems.isEmpty()) {
            ArgumentCheck.Problem p = problems.get(0);
            String more = ArgumentCheck.alsoWrong(problems);
            throw SextantException.invalid(p.field(), call.method() + ": " + p.field() + " " + p.message() + more,
                    "pass " + p.field() + " as: " + p.expected());
        }
        return run(route, call.held(), abandoned);
    }

    private Object run(Route route, ApiCall call, java.util.function.BooleanSupplier abandoned) {
        Capability c = route.capability();
        if (c == Capabilities.BACKTEST) {
            // it writes only once its sweep is done: stopped before that (budget spent, caller gone) it leaves nothing behind
            return org.sextant.engine.jobs.Cancellation.within(readBudget, c.name(), BACKTEST_FIX,
                    () -> org.sextant.engine.jobs.Cancellation.unlessAbandoned(abandoned, () -> route.handler().apply(call)));
        }
        if (c == Capabilities.IMPORT_PRICES) {
            // nothing is written before its commit: stopped before that (caller gone, even while it waits for the writer) it leaves nothing
            return org.sextant.engine.ingest.AbandonedImport.run(abandoned, () -> route.handler().apply(call));
        }
        if (!c.isRead()) return route.handler().apply(call);
        Supplier<Object> read = () -> org.sextant.engine.jobs.Cancellation.unlessAbandoned(abandoned,
                () -> ReadOnlyScope.run(c.name(), () -> route.handler().apply(call)));
        return org.sextant.engine.jobs.Cancellation.within(readBudget, c.name(), readFix(c), COMPUTING.contains(c) ? () -> withPermit(c, call.client(), read) : read);
    }

    /** Runs a computing read once a turn is free for its client ({@link ComputingTurns}), waiting at most {@link #turnWait} (and never past its budget). */
    private Object withPermit(Capability c, String client, Supplier<Object> read) {
        ComputingTurns.Refusal refused;
        long wait = Math.min(turnWait.toNanos(), Math.max(0, org.sextant.engine.jobs.Cancellation.nanosLeft()));
        try {
            refused = computing.acquire(client, wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SextantException(FailReason.TIMEOUT, c.name() + " was interrupted waiting for a turn to compute", null, readFix(c));
        }
        String orJob = readFix(c) == READ_FIX ? READ_FIX.substring(READ_FIX.indexOf("run it as")) : readFix(c);
        // field: no argument of this call is at fault (its own arguments passed their checks)
        if (refused == ComputingTurns.Refusal.OVER_SHARE) {
            throw new SextantException(FailReason.RESOURCE_LIMIT, c.name() + " waited " + seconds(wait)
                    + " for a turn: this client already holds a computing turn; another client is waiting (or asked within the last "
                    + seconds(ComputingTurns.ACTIVE_WINDOW_NANOS) + "), so this client's share is half the turns", null,
                    "send your heavy reads one after another: send this one again once your earlier one answers, or " + orJob);
        }
        if (refused != null) {
            throw new SextantException(FailReason.RESOURCE_LIMIT, c.name() + " waited " + seconds(wait)
                    + " for a turn: other calls' forecasts, backtests or scans held every core", null, "retry once they finish, or " + orJob);
        }
        try {
            return read.get();
        } finally {
            computing.release(client);
        }
    }

    private static String seconds(long nanos) {
        return nanos < 500_000_000L ? nanos / 1_000_000 + " ms" : String.format(java.util.Locale.ROOT, "%.0f s", nanos / 1e9);
    }

    // --- the routes: each parses its arguments and calls the facade

    private Object listSymbols(ApiCall call) {
        Integer limit = call.integer("limit"), offset = call.integer("offset");
        org.sextant.engine.data.SymbolPage page = engine.listSymbols(call.text("query"), offset == null ? 0 : offset,
                limit == null ? org.sextant.contract.Bounds.DEFAULT_SYMBOL_LIST : limit);
        return Json.object("count", page.count(), "offset", page.offset(), "limit", page.limit(), "truncated", page.truncated(),
                "next_offset", page.nextOffset(), "symbols", BarAnswers.withIntervals(page.symbols(), page.intervals()));
    }

    private Object getClosePrice(ApiCall call) {
        String symbol = call.requiredText("symbol", "\"MSFT\"");
        String interval = call.text("interval");
        String at = engine.readInterval(symbol, interval);
        java.time.LocalDate start = call.date("start"), end = call.date("end");
        int limit = call.integer("limit") == null ? org.sextant.contract.Bounds.MAX_PRICE_ROWS : call.integer("limit");
        if (at == null) {
            PriceSeries s = engine.getClosePrice(symbol, start, end);
            // an empty range is read again whole (only then) for the span the caller should ask within
            PriceSeries all = s.size() > 0 ? s : engine.getClosePrice(symbol, null, null);
            return RowBound.cut(DataSpan.noted(closes(s), s.size(), s.symbol(), start, end, all.size() > 0 ? all.from() : null, all.to()), limit, "1d", null);
        }
        // one bar past the bound is read to know there are more: 400,000 1-minute bars never leave the store at once
        org.sextant.engine.data.BarSeries s = engine.getBars(symbol, at, start, end, limit);
        // an empty range asks the store for the span only (a 30m series holds 100k bars)
        org.sextant.engine.data.TradingDays span = s.size() > 0 ? null : engine.getBarSpan(symbol, at);
        Map<String, Object> answer = BarAnswers.withNote(BarAnswers.withOutsideSession(BarAnswers.rows(s), engine.getBarsOutsideSession(symbol, at, start, end)),
                engine.getVenueNote(symbol));
        return RowBound.cut(DataSpan.noted(answer, s.size(), s.symbol(), start, end, span == null ? null : span.first(),
                span == null ? null : span.last()), limit, at, org.sextant.engine.data.PriceRepository.defaultIntervalNote(symbol, interval, at));
    }

    private Object getDbSchema(ApiCall call) {
        return engine.getDbSchema();
    }

    private Object runSelect(ApiCall call) {
        return engine.runSelect(call.requiredText("sql", "\"SELECT symbol, count(*) FROM prices GROUP BY 1\""), call.integer("limit"), call.client());
    }

    private Object importPrices(ApiCall call) {
        return engine.importPrices(paths(call), call.text("timezone"), importWriterWait);
    }

    private Object gather(ApiCall call) {
        return engine.gather(call.textList("symbols", "[\"MSFT.US\"]"), call.text("provider"));
    }

    private Object startImport(ApiCall call) {
        return engine.startImport(paths(call), call.text("timezone"));
    }

    private Object startGather(ApiCall call) {
        return engine.startGather(call.textList("symbols", "[\"MSFT.US\"]"), call.text("provider"));
    }

    private Object startRefresh(ApiCall call) {
        List<String> symbols = call.args().has("symbols") && !call.args().get("symbols").isNull() ? call.textList("symbols", "[\"MSFT\"]") : null;
        return engine.startRefresh(symbols, call.text("provider"));
    }

    private Object deletePrices(ApiCall call) {
        return engine.deletePrices(call.requiredText("symbol", "\"STRAYW\""), call.text("interval"));
    }

    private Object setTradingSession(ApiCall call) {
        return engine.setTradingSession(call.requiredText("symbol", "\"DAX.FUT\""), call.requiredText("session", "\"us_equity\""));
    }

    private Object listDeletedPrices(ApiCall call) {
        return engine.listDeletedPrices(call.integer("limit")).shown();
    }

    private Object listJobs(ApiCall call) {
        return engine.jobs().listing(call.integer("limit"));
    }

    private Object jobStatus(ApiCall call) {
        return engine.jobs().status(call.requiredText("job_id", "\"gather-1a2b3c4d\""));
    }

    private Object cancelJob(ApiCall call) {
        return engine.jobs().cancel(call.requiredText("job_id", "\"gather-1a2b3c4d\""));
    }

    private Object readLog(ApiCall call) {
        return AppLog.tail(engine.home().logFile(), call.integer("lines"), engine.home().root(), java.nio.file.Path.of(System.getProperty("user.home")));
    }

    private Object readState(ApiCall call) {
        return state.get();
    }

    private Object listNodeCatalogue(ApiCall call) {
        return Map.of("nodes", engine.listNodeCatalogue());
    }

    private Object composeGraph(ApiCall call) {
        return engine.composeGraph(call.json("spec"));
    }

    private Object backtest(ApiCall call) {
        return engine.backtest(strategyRequest(call));
    }

    private Object startBacktest(ApiCall call) {
        return engine.startBacktest(strategyRequest(call), call.integer(org.sextant.engine.jobs.Jobs.TIME_LIMIT_ARGUMENT));
    }

    private Object listRuns(ApiCall call) {
        Integer limit = call.integer("limit");
        List<org.sextant.engine.research.run.RunInfo> runs = engine.listRuns(call.text("session_id"), limit == null ? Sextant.DEFAULT_RUN_LIST : limit);
        return Map.of("count", runs.size(), "runs", runs);
    }

    private Object getRun(ApiCall call) {
        return engine.getRun(call.requiredText("run_id", "\"<id from list_runs>\""), Boolean.TRUE.equals(call.bool("include_configurations")),
                Boolean.TRUE.equals(call.bool("include_equity")), call.integer("configurations_offset"), call.integer("configurations_limit"));
    }

    private Object selectConfiguration(ApiCall call) {
        return engine.selectConfiguration(call.requiredText("run_id", "\"<id from list_runs>\""), call.integer("configuration"));
    }

    private Object exportReport(ApiCall call) {
        return engine.exportReport(call.requiredText("run_id", "\"<id from list_runs>\""), call.text("format"), call.text("path"));
    }

    private Object getSessionRegistry(ApiCall call) {
        return engine.getSessionRegistry(call.text("session_id"));
    }

    private Object compareToHistory(ApiCall call) {
        return engine.compareToHistory(call.asMap());
    }

    private Object analogueCalibration(ApiCall call) {
        return engine.analogueCalibration(call.asMap());
    }

    private Object listSignals(ApiCall call) {
        return Map.of("signals", engine.listSignals(call.text("benchmark")));
    }

    private Object importSignal(ApiCall call) {
        return Map.of("rows", engine.importSignal(Path.of(call.requiredText("path", "\"/home/me/vix.csv\"")),
                userSignal(call), call.requiredText("provenance", "\"live\" or \"backfill\"")));
    }

    private Object listForecastModels(ApiCall call) {
        // what would answer invalid_input until train_global_model has run on the current prices
        List<String> needsTraining = engine.globalModelTrained(null) ? List.of() : org.sextant.engine.forecast.ForecastModels.needingGlobalModel();
        return Map.of("models", engine.listForecastModels(), "default", Sextant.DEFAULT_FORECAST_MODEL, "needs_training", needsTraining);
    }

    private Object getForecast(ApiCall call) {
        String symbol = call.requiredText("symbol", "\"MSFT\""), asked = call.text("interval"), interval = engine.readInterval(symbol, asked);
        Object answer = interval != null
                ? engine.getForecast(symbol, interval, call.text("model"), call.integer("horizon"), levels(call), call.text("calibration"))
                : engine.getForecast(symbol, call.text("model"), call.integer("horizon"), levels(call), call.text("calibration"));
        return forecastNotes(answer, symbol, asked, interval);
    }

    private Object getBacktestError(ApiCall call) {
        String symbol = call.requiredText("symbol", "\"MSFT\""), asked = call.text("interval"), interval = engine.readInterval(symbol, asked);
        Object answer = interval != null
                ? engine.getBacktestError(symbol, interval, call.text("model"), call.integer("horizon"), call.text("origins"), number(call, "eval_fraction"), levels(call))
                : engine.getBacktestError(symbol, call.text("model"), call.integer("horizon"), call.text("origins"), number(call, "eval_fraction"), levels(call));
        return forecastNotes(answer, symbol, asked, interval);
    }

    /**
     * A forecast's or backtest's answer with {@code interval_note} when the interval was chosen for the
     * caller, and {@code data_warning} when its closes hold a bad-tick spike; as it was otherwise.
     */
    private Object forecastNotes(Object answer, String symbol, String asked, String interval) {
        String note = org.sextant.engine.data.PriceRepository.defaultIntervalNote(symbol, asked, interval);
        String warning = engine.outlierWarning(symbol, interval);
        if (note == null && warning == null) return answer;
        tools.jackson.databind.node.ObjectNode out = Json.MAPPER.valueToTree(answer);
        if (note != null) out.put("interval_note", note);
        if (warning != null) out.put("data_warning", warning);
        return out;
    }

    private Object startForecast(ApiCall call) {
        return engine.startForecast(call.textList("symbols", "[\"AA\",\"IBM\"]"), call.text("model"), call.integer("horizon"), bool(call, "backtest"),
                call.date("as_of"));
    }

    private Object startForecastBacktest(ApiCall call) {
        return engine.startForecast(call.textList("symbols", "[\"AA\",\"IBM\"]"), call.text("model"), call.integer("horizon"), true, call.date("as_of"));
    }

    private Object resolveForecastStart(ApiCall call) {
        return engine.resolveForecastStart(call.requiredText("symbol", "\"MSFT\""), call.date("as_of"));
    }

    private Object scanForecasts(ApiCall call) {
        return engine.scanForecasts(scanRequest(call));
    }

    private Object trainGlobalModel(ApiCall call) {
        return engine.trainGlobalModel(call.integer("horizon"));
    }

    private Object startScan(ApiCall call) {
        return engine.startScan(scanRequest(call), call.integer(org.sextant.engine.jobs.Jobs.TIME_LIMIT_ARGUMENT));
    }

    private Object getChartData(ApiCall call) {
        String symbol = call.requiredText("symbol", "\"MSFT\""), asked = call.text("interval"), interval = engine.readInterval(symbol, asked);
        if (interval != null) {
            Map<String, Object> bars = BarAnswers.chart(chartBars, symbol, interval, call.integer("days"));
            String note = org.sextant.engine.data.PriceRepository.defaultIntervalNote(symbol, asked, interval);
            if (note != null) bars.put("interval_note", note);
            // the bar forecast's warning: from the whole series at the interval, worked out in the store and kept per data version (OutlierWarnings)
            String warning = engine.outlierWarning(symbol, interval);
            if (warning != null) bars.put("data_warning", warning);
            String venue = engine.getVenueNote(symbol);
            if (venue != null) bars.put("session_note", venue);
            return bars;
        }
        return forecastNotes(engine.getChartData(symbol, call.integer("days"), call.text("model"), call.integer("horizon"),
                call.text("calibration"), Boolean.TRUE.equals(call.bool("overlays"))), symbol, asked, null);
    }

    /** The files to import, each absolute as docs/local-api.md asks: the app does not share the caller's working folder. */
    private static List<Path> paths(ApiCall call) {
        List<Path> out = new java.util.ArrayList<>();
        for (String p : call.textList("paths", "[\"/home/me/MSFT.csv\"]")) {
            Path path;
            try {
                path = Path.of(p);
            } catch (java.nio.file.InvalidPathException e) {
                path = null;
            }
            if (path == null || !path.isAbsolute()) {
                throw SextantException.invalid("paths", "'" + p + "' is not an absolute path",
                        "pass absolute file paths, e.g. /home/me/MSFT.csv; the app does not know your working folder");
            }
            out.add(path);
        }
        return out;
    }

    /** A user signal's definition from the call; its rules are the engine's ({@link SignalDefinition#user}). */
    private static SignalDefinition userSignal(ApiCall call) {
        String name = call.requiredText("name", "\"vix\"");
        List<Double> bins = new java.util.ArrayList<>();
        if (call.args().has("bins")) {
            for (tools.jackson.databind.JsonNode b : call.args().get("bins")) {
                if (!b.isNumber()) throw SextantException.invalid("bins", "bins must be numbers", "e.g. [15, 20, 30]");
                bins.add(b.asDouble());
            }
        }
        String kind = call.text("kind");
        boolean categorical = kind != null && kind.trim().equalsIgnoreCase("categorical");
        return SignalDefinition.user(name, kind, bins, categorical ? call.textList("levels", "[\"LOW\", \"HIGH\"]") : List.of(),
                number(call, "default_trust"), call.text("description"), call.integer("max_fill_days"));
    }

    private static ForecastScan.Request scanRequest(ApiCall call) {
        List<String> symbols = call.args().has("symbols") && !call.args().get("symbols").isNull() && !call.args().get("symbols").isEmpty()
                ? call.textList("symbols", "[\"AA\",\"IBM\"]") : null;
        return new ForecastScan.Request(symbols, call.text("model"), call.integer("horizon"), number(call, "level"),
                number(call, "min_reward_risk"), call.integer("top"), call.integer("min_history"), call.text("calibration"), call.date("as_of"));
    }

    private static Double number(ApiCall call, String field) {
        tools.jackson.databind.JsonNode n = call.args().get(field);
        if (n == null || n.isNull()) return null;
        if (!n.isNumber()) throw SextantException.invalid(field, field + " must be a number", "pass " + field + " as a JSON number, e.g. 1.5");
        return n.asDouble();
    }

    private static boolean bool(ApiCall call, String field) {
        tools.jackson.databind.JsonNode n = call.args().get(field);
        if (n == null || n.isNull()) return false;
        if (!n.isBoolean()) throw SextantException.invalid(field, field + " must be true or false", "pass " + field + " as a JSON boolean");
        return n.asBoolean();
    }

    private static double[] levels(ApiCall call) {
        if (!call.args().has("levels") || call.args().get("levels").isNull()) return null;
        tools.jackson.databind.JsonNode n = call.args().get("levels");
        if (!n.isArray() || n.isEmpty()) throw SextantException.invalid("levels", "levels must be a non-empty array", "e.g. [0.8, 0.95, 0.99]");
        double[] out = new double[n.size()];
        for (int i = 0; i < out.length; i++) {
            if (!n.get(i).isNumber()) throw SextantException.invalid("levels", "levels must be numbers in (0,1)", "e.g. [0.8, 0.95, 0.99]");
            out[i] = n.get(i).asDouble();
        }
        return out;
    }

    private static StrategyRunRequest strategyRequest(ApiCall call) {
        return new StrategyRunRequest(call.text("session_id"), call.json("spec"),
                call.textList("symbols", "[\"AA\",\"IBM\"]"), call.date("from"), call.date("to"), call.date("oos_start"), call.integer("threads"),
                call.integer("selected_configuration"), call.text("interval"));
    }

    private static Map<String, Object> closes(PriceSeries s) {
        List<Map<String, Object>> rows = new java.util.ArrayList<>(s.size());
        for (int i = 0; i < s.size(); i++) rows.add(Json.object("date", s.dates().get(i), "close", s.close()[i], "adj_close", s.adjClose()[i]));
        return Json.object("symbol", s.symbol(), "from", s.from(), "to", s.to(), "count", s.size(), "rows", rows);
    }
}
