package org.sextant.contract;

import static org.sextant.contract.CapabilityClass.READ;
import static org.sextant.contract.CapabilityClass.WRITE;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every capability the app serves on its local API, declared once. The app refuses to start a
 * route that is not declared here (and a declared capability without a route); the launcher's
 * tools name the capabilities they call, and the self-test checks that a read tool reaches only
 * read capabilities and that a read route reaches no store or file write.
 */
public final class Capabilities {
    private Capabilities() {}

    /** Major of the local API these capabilities form (run/app.json "contract"): the app serves it, the launcher checks it. */
    public static final int MAJOR = 1;

    private static final String SYMBOL = "the symbol as list_symbols shows it, e.g. \"AAPL\"";
    private static final String MODEL = "forecast model name (default theta; list_forecast_models names them)";
    /** A forecast's horizon as every schema says it (the window's start_forecast too: {@link PilotCommands}). */
    static final String HORIZON = "how far ahead, in " + Bounds.HORIZON_UNIT + ", 1.." + Bounds.MAX_HORIZON + " (default 20)";
    /** The bar intervals the store holds, finest first (the engine's BarInterval holds the same names). */
    public static final List<String> INTERVALS = List.of("1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w", "1mo");
    /**
     * An interval's letter case is its unit ("1M" is a month in pandas and charting tools, "1m" a
     * minute here), so no transport reads one in another case as a listed one; other listed words
     * (calibration "Adaptive") carry nothing in their case and are still read as the listed one.
     */
    public static final java.util.Set<String> CASE_SENSITIVE_ENUMS = java.util.Set.of("interval");
    private static final String INTERVAL_CASE = "case-sensitive: 1m is a minute, 1mo a month";
    private static final String INTERVAL = "bar interval, " + INTERVAL_CASE + " (default 1d, the daily answer as before; list_symbols says which each symbol has: stored ones and every coarser one, resampled along its session)";
    /** The one default rule of the charts, forecasts and backtests (the engine's PriceRepository.readInterval). */
    private static final String BARS_ONLY_DEFAULT = "; a symbol with bars only is read at its finest stored one when none is asked, the answer's interval_note says so";
    private static final List<String> CALIBRATIONS = List.of("conformal", "adaptive", "model");
    /** The forward horizons the analogue matcher reports, in trading days (the engine's DailySignals.HORIZONS). */
    public static final List<Integer> ANALOGUE_HORIZONS = List.of(1, 3, 5, 20);
    private static final String CALIBRATION = "which bands: conformal (default: widths from the model's walk-forward misses, with their coverage), adaptive (conformal adjusted after each miss) or model (the model's own)";

    private static ArgumentSchema forecast() {
        return ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, SYMBOL, true).string("model", MODEL, false)
                .integer("horizon", 1, Bounds.MAX_HORIZON, HORIZON);
    }

    private static ArgumentSchema levels(ArgumentSchema s) {
        return s.levelArray("levels", Bounds.MAX_LEVELS, "band levels, each once, at least " + Bounds.MIN_LEVEL + " and below 1 (default [0.8, 0.95, 0.99])");
    }

    private static ArgumentSchema strategyRun() {
        return ArgumentSchema.object()
                .spec("spec", "the graph spec (object or JSON text); compose_graph checks it without running")
                .stringArray("symbols", Bounds.MAX_SWEEP_SYMBOLS, "symbols in the store to run on, e.g. [\"AA\", \"IBM\"]", true)
                .date("from", "first date (default: the symbols' common first date)")
                .date("to", "last date (default: the symbols' common last date)")
                .date("oos_start", "first out-of-sample date (default: the last 30%)")
                .string("session_id", Bounds.MAX_SESSION_ID_CHARS, Bounds.SESSION_ID_CHARS, "research session that counts the configurations tried", false)
                .integer("threads", 1, Bounds.MAX_SWEEP_THREADS, "worker threads (default: the app's choice)")
                .integer("selected_configuration", 0, Integer.MAX_VALUE, "configuration to replay as the selected one (default: the best in-sample)")
                .oneOf("interval", INTERVALS, "bar interval to run on, " + INTERVAL_CASE + " (default 1d, the daily prices as before; finer stored bars are resampled along the session); "
                        + "windows count bars and every annual figure is annualised with the interval's bars a year", false);
    }

    /**
     * Why as_of is refused with a model forecasting with the global model (global, comb_global): the sentence the
     * as_of arguments and the engine's refusal share.
     */
    public static final String AS_OF_NOT_GLOBAL = "the global model (global, comb_global) is trained on the first 60% of every stored series "
            + "whatever the day, closes after as_of included";

    private static ArgumentSchema scan() {
        return ArgumentSchema.object()
                .stringArray("symbols", Bounds.MAX_SCAN_SYMBOLS, "stored symbols to scan (default: every stored symbol)", false)
                .string("model", MODEL, false)
                .integer("horizon", 1, Bounds.MAX_HORIZON, HORIZON)
                .oneOfNumbers("level", List.of(0.8, 0.95, 0.99, 80, 95, 99), "the band level that ranks: 0.8, 0.95 or 0.99 (or 80, 95, 99; default 95)")
                .number("min_reward_risk", 0, "keep only symbols whose reward/risk ratio is at least this (default: keep all)")
                .integer("top", 1, Bounds.MAX_SCAN_TOP, "how many of the best to return, 1.." + Bounds.MAX_SCAN_TOP + " (default 20)")
                .integer("min_history", 1, 100_000, "closes on or before the start (see as_of) a symbol needs to be ranked (default 250)")
                .oneOf("calibration", CALIBRATIONS, "which bands: the model's own, conformal (default) or adaptive", false)
                .date("as_of", "scan as if on this day, yyyy-MM-dd (default: each symbol's last close); refused with global and comb_global: "
                        + AS_OF_NOT_GLOBAL);
    }

    /** {@code s} with a job's time limit; {@code kept}: what the job keeps when stopped by it, as is true of that job. */
    private static ArgumentSchema timeLimited(ArgumentSchema s, String kept) {
        return s.integer("time_limit_minutes", 1, Bounds.MAX_JOB_MINUTES, "minutes the job may compute before it stops as TIMED_OUT, " + kept
                + " (default " + Bounds.DEFAULT_JOB_MINUTES + ", at most " + Bounds.MAX_JOB_MINUTES + ")");
    }

    private static ArgumentSchema paths() {
        return ArgumentSchema.object().stringArray("paths", Bounds.MAX_IMPORT_FILES, "absolute paths of CSV (Yahoo, Stooq, generic) or Parquet files", true)
                .string("timezone", Bounds.MAX_TIMEZONE_CHARS, "time zone of bar times written without one, e.g. \"America/New_York\" (default UTC; stored in UTC)", false);
    }

    private static ArgumentSchema providerSymbols() {
        return ArgumentSchema.object()
                .stringArray("symbols", Bounds.MAX_JOB_SYMBOLS, "provider symbols, e.g. [\"MSFT.US\", \"AAPL.US\"] (at most " + Bounds.MAX_JOB_SYMBOLS + ")", true)
                .string("provider", "data provider name (default: the app's configured provider)", false);
    }

    private static ArgumentSchema forecastJob() {
        return ArgumentSchema.object()
                .stringArray("symbols", Bounds.MAX_JOB_SYMBOLS, "stored symbols, e.g. [\"AAPL\", \"MSFT\"] (at most " + Bounds.MAX_JOB_SYMBOLS + ")", true)
                .string("model", MODEL, false)
                .integer("horizon", 1, Bounds.MAX_HORIZON, HORIZON)
                .date("as_of", "forecast as if on this day, yyyy-MM-dd, within each symbol's stored days: from the week-aligned start on or "
                        + "before it (resolve_forecast_start), no close after the start used; the result adds how the closes after the start fell "
                        + "in the bands; stored under that start, its backtest not stored (default: the last completed week); refused with global "
                        + "and comb_global: " + AS_OF_NOT_GLOBAL);
    }

    private static ArgumentSchema jobId() {
        return ArgumentSchema.object().string("job_id", "the job's id (list_jobs, or the call that started it)", true);
    }

    private static ArgumentSchema analogue() {
        return ArgumentSchema.object()
                .object("signals_dict", "dimension -> value to match (default: the as-of row)", false)
                .oneOfIntegers("horizon", ANALOGUE_HORIZONS, "forward horizon in trading days for the headline: 1, 3, 5 or 20")
                .string("mode", "soft (default), hard, tag or hybrid", false)
                .integer("top_k", 1, Bounds.MAX_TOP_K, "how many analogues (default 100)")
                .integer("recency_half_life_days", 0, 36_500, "calendar days; 0 disables the recency decay (default 730)")
                .number("backfill_weight", 0, "weight of backfill rows, 0..1 (default 0.5)")
                .object("dim_trust", "dimension -> trust 0..10 (default: the documented trust column)", false)
                .bool("include_analogue_dates", "also return the analogue dates (default false)")
                .date("as_of", "match as if on this day (walk-forward; default: latest row)")
                .string("benchmark", Bounds.MAX_SYMBOL_CHARS, "a symbol in the store (default NYSE)", false);
    }

    private static Capability read(String name, String effect, ArgumentSchema schema) {
        return new Capability(name, READ, effect, schema.build());
    }

    private static Capability write(String name, String effect, ArgumentSchema schema) {
        return new Capability(name, WRITE, effect, schema.build());
    }

    // --- data
    public static final Capability LIST_SYMBOLS = read("list_symbols", "the stored symbols with their first and last dates, row counts and bar intervals",
            ArgumentSchema.object().search("query", Bounds.MAX_QUERY_CHARS, "optional filter on symbol or name, e.g. \"AAPL\" or \"apple\"")
                    .integer("limit", 1, Bounds.MAX_SYMBOL_LIST, "most symbols to list, in symbol order (default " + Bounds.DEFAULT_SYMBOL_LIST
                            + "); count covers every matching symbol, truncated says some were left out")
                    .integer("offset", 0, Integer.MAX_VALUE, "matching symbols to skip in symbol order (default 0; the answer's next_offset reads on)"));
    public static final Capability GET_CLOSE_PRICE = read("get_close_price", "daily closes and adjusted closes of one symbol between two optional dates",
            ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, SYMBOL, true)
                    .date("start", "first date to include, yyyy-MM-dd (default: the first stored date)")
                    .date("end", "last date to include, yyyy-MM-dd (default: the last stored date)")
                    .oneOf("interval", INTERVALS, INTERVAL + BARS_ONLY_DEFAULT, false)
                    .integer("limit", 1, Bounds.MAX_PRICE_ROWS, "maximum rows (default " + Bounds.MAX_PRICE_ROWS
                            + "), cut at a whole trading day; more answers truncated with next_start"));
    public static final Capability GET_DB_SCHEMA = read("get_db_schema", "the store's tables and columns for read-only SQL", ArgumentSchema.object());
    public static final Capability RUN_SELECT = read("run_select", "the rows of one read-only SELECT, bounded in rows, time and memory",
            ArgumentSchema.object().string("sql", Bounds.MAX_SQL_CHARS, "one SELECT or WITH ... SELECT statement; see get_db_schema for tables", true)
                    .integer("limit", 1, Bounds.MAX_SELECT_ROWS, "maximum rows to return (default " + Bounds.MAX_SELECT_ROWS + ")"));
    public static final Capability IMPORT_PRICES = write("import_prices", "imports price files into the store in one transaction and waits for it", paths());
    public static final Capability START_IMPORT = write("start_import", "starts a background job that imports price files into the store in one transaction", paths());
    public static final Capability GATHER = write("gather", "fetches daily history from a data provider into the store and waits for it", providerSymbols());
    public static final Capability START_GATHER = write("start_gather", "starts a background job that fetches daily history from a data provider into the store", providerSymbols());
    public static final Capability START_REFRESH = write("start_refresh", "starts a gather job that re-downloads stored symbols (default: all, when there are at most "
            + Bounds.MAX_JOB_SYMBOLS + ")", ArgumentSchema.object()
            .stringArray("symbols", Bounds.MAX_JOB_SYMBOLS, "stored symbols as list_symbols shows them (default: all, when there are at most "
                    + Bounds.MAX_JOB_SYMBOLS + ")", false)
            .string("provider", "data provider name (default: the app's configured provider)", false));
    public static final Capability DELETE_PRICES = write("delete_prices",
            "deletes one symbol's prices (every interval or one) and what its daily ones made, in one transaction, keeping a CSV import_prices puts back",
            ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, SYMBOL, true)
                    .oneOf("interval", INTERVALS, "only the rows at this interval, " + INTERVAL_CASE + ": 1d the daily prices, 1w, 1h, ... bars"
                            + " (default: every interval the symbol has; list_symbols names them)", false));
    public static final Capability LIST_DELETED_PRICES = read("list_deleted_prices",
            "the CSVs delete_prices kept under SEXTANT_HOME/data/deleted, newest first, with symbol, interval, when deleted and size, and the folder's total size",
            ArgumentSchema.object().integer("limit", 1, Bounds.MAX_KEPT_LIST, "most files to list, the newest (default 100); count and total_bytes cover every file"));

    /** The sessions a symbol trades in, as the engine's TradingSession names them (a test holds the two lists equal). */
    public static final List<String> TRADING_SESSIONS = List.of("fx", "us_equity", "eu_equity", "xetra", "six", "lse", "euronext", "continuous");
    /** Each of {@link #TRADING_SESSIONS} with its hours, as the tool and `sextant session` describe them (a constant: picocli's annotation takes it). */
    public static final String TRADING_SESSION_HOURS = "fx (24x5, the trading day ends 17:00 New York), us_equity (09:30-16:00 New York, "
            + "Monday to Friday but NYSE holidays), eu_equity or its other name xetra (Xetra: 09:00-17:30 Berlin and the closing auction to 17:35, "
            + "Monday to Friday but Xetra holidays), six (SIX Swiss Exchange: 09:00-17:20 Zurich and the closing auction to 17:30, but Swiss "
            + "exchange holidays), lse (London Stock Exchange: 08:00-16:30 London and the closing auction to 16:35, but UK bank holidays; "
            + "12:30 on 24 and 31 December), euronext (Euronext Paris, Amsterdam, Brussels, Lisbon: 09:00-17:30 Paris and the closing auction "
            + "to 17:35, but Euronext holidays; 14:05 on 24 and 31 December) or continuous (24x7 on UTC days)";
    public static final Capability SET_TRADING_SESSION = write("set_trading_session",
            "sets the trading session a stored symbol's bars are resampled and annualised along (an import guesses it from the bars); "
                    + "stored forecasts are not recomputed",
            ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, SYMBOL, true)
                    .oneOf("session", TRADING_SESSIONS, TRADING_SESSION_HOURS, true));

    // --- jobs
    public static final Capability LIST_JOBS = read("list_jobs", "the app's background jobs, newest first, with state and progress (job_status gives one job's result)",
            ArgumentSchema.object().integer("limit", 1, Bounds.MAX_JOB_LIST, "most jobs to list, the newest (default 50); count covers every known job"));
    public static final Capability JOB_STATUS = read("job_status", "one job's state, progress and result", jobId());
    public static final Capability CANCEL_JOB = write("cancel_job", "asks a running job to stop", jobId());
    public static final Capability READ_LOG = read("read_log", "the last lines of the app's log",
            ArgumentSchema.object().integer("lines", 1, Bounds.MAX_LOG_LINES, "how many lines from the end (default 200)"));
    public static final Capability READ_STATE = read("read_state", "the app's state as state.json holds it (secrets masked)", ArgumentSchema.object());

    // --- research
    public static final Capability LIST_NODE_CATALOGUE = read("list_node_catalogue", "the strategy graph's node types with their parameters", ArgumentSchema.object());
    public static final Capability COMPOSE_GRAPH = read("compose_graph", "checks a strategy graph spec and reports every error at once, without running it",
            ArgumentSchema.object().spec("spec", "the graph spec (object or JSON text)"));
    public static final Capability BACKTEST = write("backtest", "runs a strategy sweep, waits for it and stores the run", strategyRun());
    public static final Capability START_BACKTEST = write("start_backtest", "starts a background job that runs a strategy sweep and stores the run",
            timeLimited(strategyRun(), "storing nothing"));
    public static final Capability LIST_RUNS = read("list_runs", "stored strategy runs, newest first",
            ArgumentSchema.object().string("session_id", Bounds.MAX_SESSION_ID_CHARS, Bounds.SESSION_ID_CHARS, "only this research session's runs (default: every session)", false)
                    .integer("limit", 1, Bounds.MAX_RUN_LIST, "most runs to return (default 50)"));
    public static final Capability GET_RUN = read("get_run", "one stored run: statistics, verdict and optionally its configurations and curves",
            ArgumentSchema.object().string("run_id", "the run (list_runs)", true)
                    .bool("include_configurations", "add the configurations' in/out-of-sample metrics, best in-sample Sharpe first, a page at a time (default false)")
                    .integer("configurations_offset", 0, Integer.MAX_VALUE, "with include_configurations: configurations to skip in that order (default 0;"
                            + " the answer's next_configurations_offset reads on)")
                    .integer("configurations_limit", 1, Bounds.MAX_RUN_CONFIGURATIONS, "with include_configurations: most configurations in the answer (default and at most "
                            + Bounds.MAX_RUN_CONFIGURATIONS + ")")
                    .bool("include_equity", "add the daily equity and drawdown curves (default false)"));
    public static final Capability SELECT_CONFIGURATION = write("select_configuration", "replays another configuration of a stored run and stores it as the run's selected one",
            ArgumentSchema.object().string("run_id", "the run (list_runs)", true)
                    .requiredInteger("configuration", 0, Integer.MAX_VALUE, "a configuration index from get_run"));
    public static final Capability EXPORT_REPORT = write("export_report", "writes a run's HTML report under SEXTANT_HOME",
            ArgumentSchema.object().string("run_id", "the run (list_runs)", true)
                    .oneOf("format", List.of("html", "pdf"), "html (default); pdf is refused with a clear error", false)
                    .string("path", "file name inside SEXTANT_HOME/reports, or an absolute .html path under SEXTANT_HOME (default reports/run-<run_id>.html)", false));
    public static final Capability GET_SESSION_REGISTRY = read("get_session_registry", "a research session's counts of runs and configurations tried",
            ArgumentSchema.object().string("session_id", Bounds.MAX_SESSION_ID_CHARS, Bounds.SESSION_ID_CHARS, "the session (default: \"default\")", false));

    // --- analogues
    public static final Capability COMPARE_TO_HISTORY = read("compare_to_history", "what followed the past days most like today (the base rate)", analogue());
    public static final Capability ANALOGUE_CALIBRATION = read("analogue_calibration", "how often compare_to_history's ranges held out of sample",
            analogue().integer("step_days", 1, 250, "days between replayed origins (default 20)")
                    .integer("warmup_days", 300, 100_000, "rows of history before the first replayed origin (default 1000; below the benchmark's rows)")
                    .bool("include_points", "also return every replayed point (default false)"));
    public static final Capability LIST_SIGNALS = read("list_signals", "the signals the analogue matcher can compare, with their trust and coverage",
            ArgumentSchema.object().string("benchmark", Bounds.MAX_SYMBOL_CHARS, "a benchmark symbol in the store (default: the app's default)", false));
    public static final Capability IMPORT_SIGNAL = write("import_signal", "imports a user signal's CSV into the store",
            ArgumentSchema.object().string("path", "absolute path of the signal's CSV (date, value)", true)
                    .string("name", "lower_snake_case signal name, e.g. \"vix\"", true)
                    .oneOf("kind", List.of("numeric", "categorical"), "numeric (default) or categorical", false)
                    .stringArray("levels", 100, "a categorical signal's levels, e.g. [\"LOW\", \"HIGH\"]", false)
                    .numberArray("bins", 100, "ascending bin edges of a numeric signal, e.g. [15, 20, 30]")
                    .number("default_trust", 0, "the signal's trust 0..10 (default 1)")
                    .string("description", "what the signal is", false)
                    .integer("max_fill_days", 0, 260, "business days a value stays valid (default 5)")
                    .oneOf("provenance", List.of("live", "backfill"), "live or backfill", true));

    // --- forecasts
    public static final Capability LIST_FORECAST_MODELS = read("list_forecast_models", "the forecast models and the default", ArgumentSchema.object());
    public static final Capability GET_FORECAST = read("get_forecast", "a live quantile forecast of one symbol from its last stored close, with reward/risk and band coverage",
            levels(forecast()).oneOf("calibration", CALIBRATIONS, CALIBRATION, false)
                    .oneOf("interval", INTERVALS, INTERVAL + "; other than the daily answer the horizon counts bars and the answer adds each target bar's "
                            + "open time along the session's calendar (UTC and the session's clock); its horizon_days then names the bars the horizon "
                            + "counts (e.g. \"30m bars of the fx session\"), not days" + BARS_ONLY_DEFAULT, false));
    public static final Capability GET_BACKTEST_ERROR = read("get_backtest_error", "walk-forward forecast errors and band coverage of one symbol, computed and not stored",
            levels(forecast())
                    .wordOrCount("origins", 1, "forecast origins: monthly (default, the last close of each month), weekly, or a number of closes between origins, e.g. 20")
                    .fraction("eval_fraction", "share of the history evaluated, at its end, strictly between 0 and 1 (default 0.4)")
                    .oneOf("interval", INTERVALS, INTERVAL + "; other than the daily answer origins and horizon count bars and each origin is named by its bar's open time" + BARS_ONLY_DEFAULT, false));
    public static final Capability START_FORECAST = write("start_forecast", "starts a job that forecasts symbols from the last completed week's close (resolve_forecast_start), optionally backtests them, and stores the results",
            forecastJob().bool("backtest", "also run and store each symbol's walk-forward backtest (default false)"));
    public static final Capability START_FORECAST_BACKTEST = write("start_forecast_backtest", "starts a background job that backtests forecasts of symbols and stores the errors", forecastJob());
    public static final Capability TRAIN_GLOBAL_MODEL = write("train_global_model",
            "starts a background job that trains the global forecaster (model global) on every stored symbol and keeps it under SEXTANT_HOME/models",
            ArgumentSchema.object().integer("horizon", 1, Bounds.MAX_HORIZON, "longest horizon it will forecast, in " + Bounds.HORIZON_UNIT + " (default 20)"));
    public static final Capability RESOLVE_FORECAST_START = read("resolve_forecast_start", "the week-aligned start a forecast run uses",
            ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, SYMBOL, true).date("as_of", "resolve as if on this day, yyyy-MM-dd (default: the last stored day)"));
    public static final Capability SCAN_FORECASTS = read("scan_forecasts", "symbols ranked by forecast reward/risk", scan());
    public static final Capability START_SCAN = write("start_scan", "starts a background job that ranks symbols by forecast reward/risk (a job record)",
            timeLimited(scan(), "keeping the forecasts it stored so far (it stores them as it goes; starting it again ranks them without fitting)"));
    public static final Capability GET_CHART_DATA = read("get_chart_data", "the closes, live forecast bands and backtest overlays of one symbol's chart",
            forecast().oneOf("calibration", CALIBRATIONS, CALIBRATION, false)
                    .integer("days", Bounds.MIN_CHART_DAYS, Bounds.MAX_CHART_DAYS, "how many of the last closes to include (default 250, about a year)")
                    .bool("overlays", "also return the forecast of every stored backtest origin in the window (default false: only their count)")
                    .oneOf("interval", INTERVALS, INTERVAL + "; other than 1d the answer is the bars without a forecast" + BARS_ONLY_DEFAULT, false));
    // no calibration: the app draws the default bands, as the workstation opens a chart
    public static final Capability RENDER_CHART = read("render_chart", "a PNG of the chart the workstation shows for one symbol, returned inline",
            forecast().integer("days", Bounds.MIN_CHART_DAYS, Bounds.MAX_CHART_DAYS, "trading days on screen before the forecast (default 500)")
                    .integer("width", Bounds.MIN_WIDTH, Bounds.MAX_WIDTH, "image width in pixels (default 1000)")
                    .integer("height", Bounds.MIN_HEIGHT, Bounds.MAX_HEIGHT, "image height in pixels (default 600)")
                    .oneOf("interval", INTERVALS, INTERVAL + "; other than the daily chart the bars are drawn by index with their forecast's fan and days counts bars "
                            + "(default for a symbol with bars only: its finest stored one)", false));

    /** Every capability, in the order docs/local-api.md lists them. */
    public static final List<Capability> ALL = List.of(
            LIST_SYMBOLS, GET_CLOSE_PRICE, GET_DB_SCHEMA, RUN_SELECT, IMPORT_PRICES, GATHER, START_IMPORT, START_GATHER, START_REFRESH,
            DELETE_PRICES, LIST_DELETED_PRICES, SET_TRADING_SESSION, LIST_JOBS, JOB_STATUS, CANCEL_JOB, READ_LOG, LIST_NODE_CATALOGUE, COMPOSE_GRAPH, BACKTEST, START_BACKTEST, LIST_RUNS,
            GET_RUN, SELECT_CONFIGURATION, EXPORT_REPORT, GET_SESSION_REGISTRY, COMPARE_TO_HISTORY, ANALOGUE_CALIBRATION,
            LIST_SIGNALS, IMPORT_SIGNAL, LIST_FORECAST_MODELS, GET_FORECAST, GET_BACKTEST_ERROR, START_FORECAST,
            START_FORECAST_BACKTEST, TRAIN_GLOBAL_MODEL, RESOLVE_FORECAST_START, SCAN_FORECASTS, START_SCAN, GET_CHART_DATA, READ_STATE,
            RENDER_CHART);

    private static final Map<String, Capability> BY_NAME = index();

    private static Map<String, Capability> index() {
        Map<String, Capability> m = new java.util.LinkedHashMap<>();
        for (Capability c : ALL) {
            if (m.put(c.name(), c) != null) throw new IllegalStateException("capability declared twice: " + c.name());
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    public static Optional<Capability> named(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }
}
