package org.sextant.engine.api;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.analog.SignalDefinition;
import org.sextant.engine.analog.SignalKind;
import org.sextant.engine.research.StrategyRunRequest;

/**
 * The local API's methods: each parses its arguments, calls the facade, and returns what is
 * serialized. Nothing else lives here (DESIGN.md: transports stay thin).
 */
public final class ApiRoutes {
    private final Map<String, Function<ApiCall, Object>> routes = new LinkedHashMap<>();

    public ApiRoutes(Sextant engine, Supplier<Object> state) {
        routes.put("list_symbols", call -> {
            List<SymbolInfo> symbols = engine.listSymbols(call.text("query"));
            return Map.of("count", symbols.size(), "symbols", symbols);
        });
        routes.put("get_close_price", call -> closes(engine.closePrices(
                call.requiredText("symbol", "\"MSFT\""), call.date("start"), call.date("end"))));
        routes.put("get_db_schema", call -> engine.dbSchema());
        routes.put("run_select", call -> engine.runSelect(call.requiredText("sql", "\"SELECT symbol, count(*) FROM prices GROUP BY 1\""), call.integer("limit")));
        routes.put("import_prices", call -> engine.importFiles(
                call.textList("paths", "[\"/home/me/MSFT.csv\"]").stream().map(Path::of).toList()));
        routes.put("gather", call -> engine.gather(call.textList("symbols", "[\"MSFT.US\"]"), call.text("provider")));
        routes.put("start_import", call -> engine.startImport(
                call.textList("paths", "[\"/home/me/MSFT.csv\"]").stream().map(Path::of).toList()));
        routes.put("start_gather", call -> engine.startGather(call.textList("symbols", "[\"MSFT.US\"]"), call.text("provider")));
        routes.put("list_jobs", call -> Map.of("jobs", engine.jobs().list()));
        routes.put("job_status", call -> engine.jobs().status(call.requiredText("job_id", "\"gather-1a2b3c4d\"")));
        routes.put("cancel_job", call -> engine.jobs().cancel(call.requiredText("job_id", "\"gather-1a2b3c4d\"")));
        routes.put("read_log", call -> AppLog.tail(engine.home().logFile(), call.integer("lines")));
        routes.put("list_node_catalogue", call -> Map.of("nodes", engine.listStrategyNodes()));
        routes.put("compose_graph", call -> engine.composeGraph(call.json("spec")));
        routes.put("backtest", call -> engine.backtest(strategyRequest(call)));
        routes.put("start_backtest", call -> engine.startBacktest(strategyRequest(call)));
        routes.put("list_runs", call -> {
            Integer limit = call.integer("limit");
            List<org.sextant.engine.research.run.RunInfo> runs = engine.listRuns(call.text("session_id"), limit == null ? Sextant.DEFAULT_RUN_LIST : limit);
            return Map.of("count", runs.size(), "runs", runs);
        });
        routes.put("get_run", call -> engine.run(call.requiredText("run_id", "\"<id from list_runs>\""),
                Boolean.TRUE.equals(call.bool("include_configurations")), Boolean.TRUE.equals(call.bool("include_equity"))));
        routes.put("select_configuration", call -> {
            Integer k = call.integer("configuration");
            if (k == null) throw SextantException.invalid("configuration", "configuration is missing", "pass a configuration index from get_run, e.g. 3");
            return engine.selectConfiguration(call.requiredText("run_id", "\"<id from list_runs>\""), k);
        });
        routes.put("export_report", call -> engine.exportReport(call.requiredText("run_id", "\"<id from list_runs>\""),
                call.text("format"), call.text("path")));
        routes.put("get_session_registry", call -> engine.researchSession(call.text("session_id")));
        routes.put("compare_to_history", call -> engine.compareToHistory(call.asMap()));
        routes.put("analogue_calibration", call -> engine.analogueCalibration(call.asMap()));
        routes.put("list_signals", call -> Map.of("signals", engine.signalDefinitions(call.text("benchmark"))));
        routes.put("import_signal", call -> Map.of("rows", engine.importSignal(Path.of(call.requiredText("path", "\"/home/me/vix.csv\"")),
                userSignal(call), call.requiredText("provenance", "\"live\" or \"backfill\""))));
        routes.put("list_forecast_models", call -> Map.of("models", engine.forecastModels(), "default", Sextant.DEFAULT_FORECAST_MODEL));
        routes.put("get_forecast", call -> engine.forecast(call.requiredText("symbol", "\"MSFT\""), call.text("model"),
                call.integer("horizon"), levels(call), call.text("calibration")));
        routes.put("get_backtest_error", call -> engine.backtestForecast(call.requiredText("symbol", "\"MSFT\""), call.text("model"),
                call.integer("horizon"), origins(call), number(call, "eval_fraction"), levels(call)));
        routes.put("start_forecast", call -> engine.startForecast(call.textList("symbols", "[\"AA\",\"IBM\"]"),
                call.text("model"), call.integer("horizon"), bool(call, "backtest")));
        routes.put("start_forecast_backtest", call -> engine.startForecastBacktest(call.textList("symbols", "[\"AA\",\"IBM\"]"),
                call.text("model"), call.integer("horizon")));
        routes.put("resolve_forecast_start", call -> engine.resolveForecastStart(call.requiredText("symbol", "\"MSFT\""), call.date("as_of")));
        routes.put("scan_forecasts", call -> engine.scanForecasts(scanRequest(call)));
        routes.put("start_scan", call -> engine.startScan(scanRequest(call)));
        routes.put("get_chart_data", call -> engine.chartData(call.requiredText("symbol", "\"MSFT\""), call.integer("days"),
                call.text("model"), call.integer("horizon"), call.text("calibration")));
        routes.put("read_state", call -> state.get());
    }

    /**
     * Adds a route served by the hosting process rather than the engine (the app's render_chart
     * draws with JavaFX, which the engine must not know). An engine method cannot be replaced.
     */
    public void add(String method, Function<ApiCall, Object> route) {
        if (routes.putIfAbsent(method, route) != null) {
            throw new IllegalArgumentException("API method '" + method + "' is already served");
        }
    }

    public Object dispatch(ApiCall call) {
        Function<ApiCall, Object> route = routes.get(call.method());
        if (route == null) {
            throw new SextantException("unknown_method", "unknown API method '" + call.method() + "'", "method",
                    "use one of " + routes.keySet() + " (docs/local-api.md)");
        }
        return route.apply(call);
    }

    /**
     * A user signal's definition from the call: name, kind (numeric, the default, or categorical
     * with its levels), bins, trust, description, max_fill_days.
     */
    private static SignalDefinition userSignal(ApiCall call) {
        String name = call.requiredText("name", "\"vix\"");
        List<Double> bins = new java.util.ArrayList<>();
        if (call.args().has("bins")) {
            for (tools.jackson.databind.JsonNode b : call.args().get("bins")) {
                if (!b.isNumber()) throw SextantException.invalid("bins", "bins must be numbers", "e.g. [15, 20, 30]");
                bins.add(b.asDouble());
            }
        }
        double trust = call.args().has("default_trust") ? call.args().get("default_trust").asDouble() : 1.0;
        Integer fill = call.integer("max_fill_days");
        if (fill != null && (fill < 0 || fill > SignalDefinition.MAX_FILL_DAYS_LIMIT)) {
            throw SextantException.invalid("max_fill_days", "max_fill_days must be in 0.." + SignalDefinition.MAX_FILL_DAYS_LIMIT + " (got " + fill + ")",
                    "pass the business days a value stays valid (e.g. 5 for a weekly series, 23 for a monthly one, 0 for exact dates), or omit it for "
                            + SignalDefinition.DEFAULT_MAX_FILL_DAYS);
        }
        String kind = call.text("kind");
        boolean categorical = kind != null && kind.trim().equalsIgnoreCase("categorical");
        if (kind != null && !categorical && !kind.trim().equalsIgnoreCase("numeric")) {
            throw SextantException.invalid("kind", "kind must be numeric or categorical (got '" + kind + "')",
                    "omit kind for a numeric signal, or pass \"categorical\" with its levels");
        }
        List<String> levels = categorical ? call.textList("levels", "[\"LOW\", \"HIGH\"]") : List.of();
        if (categorical && !bins.isEmpty()) {
            throw SextantException.invalid("bins", "a categorical signal has levels, not bins", "drop bins; hard mode compares the levels");
        }
        try {
            return new SignalDefinition(name, categorical ? SignalKind.CATEGORICAL : SignalKind.NUMERIC, bins, levels, trust,
                    call.text("description"), SignalDefinition.USER, fill == null ? SignalDefinition.DEFAULT_MAX_FILL_DAYS : fill);
        } catch (IllegalArgumentException e) {
            throw SextantException.invalid("name", e.getMessage(), "use a lower_snake_case name, ascending bins and a trust >= 0");
        }
    }

    private static ForecastScan.Request scanRequest(ApiCall call) {
        List<String> symbols = call.args().has("symbols") && !call.args().get("symbols").isNull() && !call.args().get("symbols").isEmpty()
                ? call.textList("symbols", "[\"AA\",\"IBM\"]") : null;
        return new ForecastScan.Request(symbols, call.text("model"), call.integer("horizon"), number(call, "level"),
                number(call, "min_reward_risk"), call.integer("top"), call.integer("min_history"), call.text("calibration"), call.date("as_of"));
    }

    /** origins ("monthly", "weekly" or N) or, as the first API had it, every (N closes). */
    private static String origins(ApiCall call) {
        String o = call.text("origins");
        if (o != null) return o;
        Integer every = call.integer("every");
        return every == null ? null : String.valueOf(every);
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
                call.integer("selected_configuration"));
    }

    private static Map<String, Object> closes(PriceSeries s) {
        List<Map<String, Object>> rows = new java.util.ArrayList<>(s.size());
        for (int i = 0; i < s.size(); i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("date", s.dates().get(i));
            row.put("close", s.close()[i]);
            row.put("adj_close", s.adjClose()[i]);
            rows.add(row);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", s.symbol());
        out.put("from", s.from());
        out.put("to", s.to());
        out.put("count", s.size());
        out.put("rows", rows);
        return out;
    }
}
