package org.sextant.mcp;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.sextant.mcp.envelope.Json;

/**
 * A stand-in for the app's local API (docs/local-api.md, contract 1) on 127.0.0.1: checks the
 * bearer token, the Host and the absence of Origin like the real one, answers from a small fixed
 * data set, and writes SEXTANT_HOME/run/app.json the way the app does (temp file + rename).
 */
public final class FakeApp implements AutoCloseable {
    /** Symbol with 10 daily rows (under the inline limit). */
    public static final String SHORT = "AAPL";
    /** Symbol with 300 business-day rows (over the 200-row inline limit). */
    public static final String LONG = "LONGHIST";
    public static final LocalDate FIRST = LocalDate.of(2024, 1, 2);

    private final Path home;
    private final String token;
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    /** Jobs by id, in start order; each advances one step per job_status poll (QUEUED, RUNNING 0.5, SUCCEEDED). */
    private final Map<String, Map<String, Object>> jobs = new java.util.concurrent.ConcurrentSkipListMap<>();
    private final Map<String, Object> lastArgs = new ConcurrentHashMap<>();
    private final AtomicInteger jobSeq = new AtomicInteger();
    private volatile long delayMillis;
    private HttpServer server;

    public FakeApp(Path home) {
        this.home = home;
        this.token = "f".repeat(16) + Long.toHexString(System.nanoTime()) + "0".repeat(32);
    }

    public FakeApp start() throws IOException {
        return start(1);
    }

    /** Binds a fresh port and publishes it in run/app.json with the given contract major. */
    public FakeApp start(int contract) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/api/v1/", this::handle);
        server.start();
        writeAppJson(ProcessHandle.current().pid(), contract);
        return this;
    }

    public void writeAppJson(long pid, int contract) throws IOException {
        Map<String, Object> app = new LinkedHashMap<>();
        app.put("pid", pid);
        app.put("port", port());
        app.put("token", token);
        app.put("version", "0.1.0");
        app.put("contract", contract);
        app.put("started_at", "2026-11-30T15:04:05Z");
        Path file = home.resolve("run").resolve("app.json");
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), "app", ".tmp");
        Files.writeString(tmp, Json.write(app));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String token() {
        return token;
    }

    /** How many times the app was asked for this method (including refused requests). */
    public int calls(String method) {
        return calls.getOrDefault(method, new AtomicInteger()).get();
    }

    public int totalCalls() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Makes every answer wait, to provoke the launcher's request timeout. */
    public void delay(long millis) {
        this.delayMillis = millis;
    }

    /** Stops answering as a crashed app would: the port closes, app.json stays. */
    public void stop() {
        if (server != null) server.stop(0);
        server = null;
    }

    @Override
    public void close() {
        stop();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String method = ex.getRequestURI().getPath().substring("/api/v1/".length());
            calls.computeIfAbsent(method, m -> new AtomicInteger()).incrementAndGet();
            String host = ex.getRequestHeaders().getFirst("Host");
            if (ex.getRequestHeaders().containsKey("Origin")
                    || !("127.0.0.1:" + port()).equals(host) && !("localhost:" + port()).equals(host)) {
                reply(ex, 403, failure("forbidden host or origin", "forbidden", null, "call from loopback"));
                return;
            }
            if (!("Bearer " + token).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                reply(ex, 401, failure("missing or wrong token", "unauthorized", null, "read run/app.json"));
                return;
            }
            if (delayMillis > 0) Thread.sleep(delayMillis);
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Map<String, Object> args = body.isBlank() ? Map.of() : Json.readObject(body);
            lastArgs.put(method, args);
            boolean get = "GET".equals(ex.getRequestMethod());
            if (get != method.equals("health")) {
                reply(ex, 405, failure("wrong HTTP method", "invalid_input", null, "GET health, POST the rest"));
                return;
            }
            switch (method) {
                case "health" -> ok(ex, health());
                case "list_symbols" -> ok(ex, listSymbols(args));
                case "get_close_price" -> closePrice(ex, args);
                case "get_db_schema" -> ok(ex, Map.of("tables", List.of(Map.of("name", "prices",
                        "description", "daily bars", "row_count", 310,
                        "columns", List.of(Map.of("name", "symbol", "type", "VARCHAR", "nullable", false)))),
                        "markdown", "| table | rows |\n|---|---|\n| prices | 310 |"));
                case "run_select" -> runSelect(ex, args);
                case "start_import" -> startJob(ex, "import", args.get("paths"), false, args);
                case "start_gather" -> startJob(ex, "gather", args.get("symbols"), false, args);
                // As the engine: a refresh names stored symbols only (default: all) and runs as a gather job.
                case "start_refresh" -> {
                    if (args.get("symbols") instanceof List<?> syms && !List.of(SHORT, LONG).containsAll(syms)) {
                        reply(ex, 400, failure("not in the store: " + syms, "invalid_input", "symbols", "refresh only stored symbols"));
                    } else {
                        startJob(ex, "gather", args.getOrDefault("symbols", List.of(SHORT, LONG)), false, args);
                    }
                }
                // As the engine: a backtest is a writer job whose subject is the request itself.
                case "start_backtest" -> startJob(ex, "backtest", args.get("symbols") == null ? null
                        : List.of(args.getOrDefault("session_id", "default") + ":" + Integer.toHexString(args.hashCode())), false, args);
                case "list_jobs" -> ok(ex, Map.of("jobs", new ArrayList<>(jobs.values())));
                case "job_status" -> jobStatus(ex, args, false);
                case "cancel_job" -> jobStatus(ex, args, true);
                case "read_log" -> ok(ex, Map.of("lines", List.of("16:00:01 INFO app started", "16:00:02 INFO api on 127.0.0.1"),
                        "size_bytes", 64));
                case "list_node_catalogue" -> ok(ex, Map.of("nodes", List.of(Map.of("name", "sma_cross",
                        "category", "signal", "description", "fast SMA crosses slow SMA", "inputs", List.of("close"),
                        "output", "signal", "params", Map.of("fast", "int", "slow", "int")))));
                case "compose_graph" -> composeGraph(ex, args);
                case "get_session_registry" -> ok(ex, Map.of("session_id", String.valueOf(args.getOrDefault("session_id", "default")),
                        "runs", 2, "configurations_tried", 14));
                case "compare_to_history" -> compareToHistory(ex, args);
                case "list_runs" -> ok(ex, Map.of("count", 1, "runs", List.of(runInfo())));
                case "get_run" -> getRun(ex, args);
                case "export_report" -> exportReport(ex, args);
                case "list_signals" -> ok(ex, Map.of("signals", List.of(Map.of("name", "ret_1d", "kind", "builtin"))));
                case "read_state" -> ok(ex, Map.of("version", "0.1.0"));
                case "get_forecast" -> forecast(ex, args);
                case "get_backtest_error" -> backtestError(ex, args);
                // As the engine: a forecast backtest is a reader job, refused for an unknown symbol before it exists.
                case "start_forecast_backtest" -> {
                    if (args.get("symbols") instanceof List<?> syms && !List.of(SHORT, LONG).containsAll(syms)) {
                        reply(ex, 404, failure("unknown symbol in " + syms, "not_found", "symbols", "call list_symbols"));
                    } else {
                        startJob(ex, "forecast_backtest", args.get("symbols"), true, args);
                    }
                }
                // As the engine: training reads the store (a reader job) for horizons up to at least 20.
                case "train_global_model" -> startJob(ex, "global_training",
                        List.of("global:" + Math.max(20, ((Number) args.getOrDefault("horizon", 20)).intValue())), true, args);
                case "get_chart_data" -> chartData(ex, args);
                case "list_forecast_models" -> ok(ex, Map.of("models", List.of("naive", "theta", "ets"), "default", "theta"));
                case "scan_forecasts" -> scan(ex, args);
                case "resolve_forecast_start" -> {
                    if (knownSymbol(ex, args.get("symbol"))) {
                        List<LocalDate> d = dates((String) args.get("symbol"));
                        ok(ex, Map.of("symbol", args.get("symbol"), "start_date", d.get(d.size() - 1).toString(),
                                "as_of", args.getOrDefault("as_of", d.get(d.size() - 1).toString())));
                    }
                }
                // As the engine: the calibration's arguments are the matcher's knobs, checked by the app.
                case "analogue_calibration" -> {
                    if (args.keySet().stream().anyMatch(k -> !MATCHER_ARGUMENTS.contains(k)
                            && !List.of("step_days", "warmup_days", "include_points").contains(k))) {
                        reply(ex, 400, failure("unknown argument in " + args.keySet(), "invalid_input", "arguments", "see docs/analogues.md"));
                    } else {
                        ok(ex, Map.of("steps", 12, "coverage_90", 0.88, "coverage_50", 0.5, "arguments", args));
                    }
                }
                case "render_chart" -> {
                    if (knownSymbol(ex, args.get("symbol"))) {
                        Map<String, Object> r = new LinkedHashMap<>();
                        r.put("symbol", args.get("symbol"));
                        r.put("mime_type", "image/png");
                        r.put("width", args.getOrDefault("width", 1000));
                        r.put("height", args.getOrDefault("height", 600));
                        r.put("png_base64", PNG_1X1);
                        ok(ex, r);
                    }
                }
                default -> reply(ex, 404, failure("no method " + method, "not_found", null, "see docs/local-api.md"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            reply(ex, 500, failure(e.toString(), "internal_error", null, "bug in the fake app"));
        }
    }

    /** A forecast shaped like the engine's PriceForecast: median and bands per level, reward/risk per level. */
    private static Map<String, Object> forecastOf(String symbol, Map<String, Object> args) {
        int h = args.get("horizon") instanceof Number n ? n.intValue() : 20;
        List<?> levels = args.get("levels") instanceof List<?> l ? l : List.of(0.8, 0.95, 0.99);
        List<LocalDate> d = dates(symbol);
        double last = close(d.size() - 1);
        List<Map<String, Object>> bands = new ArrayList<>();
        List<Map<String, Object>> rr = new ArrayList<>();
        for (Object level : levels) {
            double w = ((Number) level).doubleValue() * 0.1;
            bands.add(Map.of("level", level, "lower", List.of(Math.log(last) - w), "upper", List.of(Math.log(last) + w)));
            rr.add(Map.of("level", level, "step", h, "upside", w, "downside", w, "ratio", 1.0));
        }
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("symbol", symbol);
        f.put("model", args.getOrDefault("model", "theta"));
        f.put("origin", d.get(d.size() - 1).toString());
        f.put("last_close", last);
        f.put("target_dates", List.of(d.get(d.size() - 1).plusDays(1).toString()));
        f.put("forecast", Map.of("median", List.of(Math.log(last)), "bands", bands));
        f.put("reward_risk", rr);
        return f;
    }

    private boolean knownSymbol(HttpExchange ex, Object symbol) throws IOException {
        if (SHORT.equals(symbol) || LONG.equals(symbol)) return true;
        reply(ex, 404, failure("unknown symbol '" + symbol + "'", "not_found", "symbol", "call list_symbols for the stored symbols"));
        return false;
    }

    private void forecast(HttpExchange ex, Map<String, Object> args) throws IOException {
        if (knownSymbol(ex, args.get("symbol"))) ok(ex, forecastOf((String) args.get("symbol"), args));
    }

    private void backtestError(HttpExchange ex, Map<String, Object> args) throws IOException {
        if (!knownSymbol(ex, args.get("symbol"))) return;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("origins", 5);
        r.put("male", 0.031);
        r.put("levels", List.of(0.8, 0.95, 0.99));
        r.put("coverage", List.of(0.78, 0.93, 0.99));
        r.put("conformal_coverage", List.of(0.8, 0.95, 0.99));
        r.put("adaptive_coverage", List.of(0.79, 0.95, 0.98));
        ok(ex, r);
    }

    /** docs/analogues.md, "Arguments". */
    static final List<String> MATCHER_ARGUMENTS = List.of("signals_dict", "horizon", "mode", "top_k", "recency_half_life_days",
            "backfill_weight", "dim_trust", "include_analogue_dates", "as_of", "benchmark");

    /** A 1x1 PNG: the fake app draws nothing, the launcher only passes the picture on. */
    public static final String PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    /** Both symbols ranked by a made-up ratio: LONG 1.5, SHORT 0.5; min_reward_risk and top applied. */
    private void scan(HttpExchange ex, Map<String, Object> args) throws IOException {
        List<?> symbols = args.get("symbols") instanceof List<?> l ? l : List.of(LONG, SHORT);
        for (Object s : symbols) if (!knownSymbol(ex, s)) return;
        double min = args.get("min_reward_risk") instanceof Number n ? n.doubleValue() : 0;
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String s : List.of(LONG, SHORT)) {
            double ratio = s.equals(LONG) ? 1.5 : 0.5;
            if (symbols.contains(s) && ratio >= min) rows.add(Map.of("symbol", s, "ratio", ratio));
        }
        int top = args.get("top") instanceof Number n ? n.intValue() : rows.size();
        ok(ex, Map.of("rows", rows.subList(0, Math.min(top, rows.size())), "level", args.getOrDefault("level", 95)));
    }

    /** Closes of the last {@code days} business days (default 250) as columns, in the app's chart form. */
    private void chartData(HttpExchange ex, Map<String, Object> args) throws IOException {
        String symbol = (String) args.get("symbol");
        if (!knownSymbol(ex, symbol)) return;
        int days = args.get("days") instanceof Number n ? n.intValue() : 250;
        List<String> dates = new ArrayList<>();
        List<Double> close = new ArrayList<>();
        LocalDate d = FIRST;
        for (int i = 0; i < days; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            dates.add(d.toString());
            close.add(close(i++));
        }
        Map<String, Object> f = forecastOf(symbol, args);
        @SuppressWarnings("unchecked") Map<String, Object> paths = (Map<String, Object>) f.remove("forecast");
        f.putAll(paths);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", symbol);
        out.put("closes", Map.of("dates", dates, "close", close));
        out.put("forecast", f);
        out.put("backtest", null);
        out.put("backtest_origins", 0);
        if (Boolean.TRUE.equals(args.get("overlays"))) out.put("overlays", List.of());
        out.put("plot_hints", Map.of("title", symbol + " daily close"));
        ok(ex, out);
    }

    /** The arguments of the last request for this method, as the app received them. */
    public Object lastArgs(String method) {
        return lastArgs.get(method);
    }

    private synchronized void startJob(HttpExchange ex, String kind, Object subjectsArg, boolean reader,
                                       Map<String, Object> args) throws IOException {
        if (!(subjectsArg instanceof List<?> subjects) || subjects.isEmpty()) {
            reply(ex, 400, failure("subjects are required", "invalid_input", kind.equals("import") ? "paths" : "symbols",
                    "pass a non-empty array"));
            return;
        }
        if ("bad".equals(args.get("spec"))) {
            reply(ex, 400, failure("spec is not a graph", "invalid_input", "spec", "see list_node_catalogue"));
            return;
        }
        for (Map<String, Object> j : jobs.values()) {
            boolean active = "QUEUED".equals(j.get("state")) || "RUNNING".equals(j.get("state"));
            if (active && j.get("kind").equals(kind) && ((List<?>) j.get("subjects")).containsAll(subjects)) {
                Map<String, Object> joined = new LinkedHashMap<>(j);
                joined.put("coalesced", true);
                ok(ex, joined);
                return;
            }
        }
        if (!reader) {
            for (Map<String, Object> j : jobs.values()) {
                boolean active = "QUEUED".equals(j.get("state")) || "RUNNING".equals(j.get("state"));
                if (active && Boolean.TRUE.equals(j.get("writer"))) {
                    Map<String, Object> f = failure("another writing job is running: " + j.get("kind") + " " + j.get("id"),
                            "job_busy", "job_id", "wait for job " + j.get("id") + " to finish or cancel it");
                    f.put("details", Map.of("active_job_id", j.get("id")));
                    reply(ex, 409, f);
                    return;
                }
            }
        }
        String id = kind + "-" + String.format("%04d", jobSeq.incrementAndGet());
        Map<String, Object> job = new LinkedHashMap<>();
        job.put("id", id);
        job.put("kind", kind);
        job.put("subjects", List.copyOf(subjects));
        job.put("writer", !reader);
        job.put("state", "QUEUED");
        job.put("progress", 0.0);
        job.put("message", "queued");
        job.put("created_at", "2026-11-30T16:00:00Z");
        job.put("error", null);
        job.put("result", null);
        job.put("coalesced", false);
        jobs.put(id, job);
        ok(ex, job);
    }

    private synchronized void jobStatus(HttpExchange ex, Map<String, Object> args, boolean cancel) throws IOException {
        Map<String, Object> job = jobs.get(String.valueOf(args.get("job_id")));
        if (job == null) {
            reply(ex, 404, failure("no job with id '" + args.get("job_id") + "'", "job_unknown", "job_id",
                    "list_jobs shows the known job ids"));
            return;
        }
        String state = (String) job.get("state");
        if (cancel && ("QUEUED".equals(state) || "RUNNING".equals(state))) {
            job.put("state", "CANCELLED");
            job.put("message", "cancelled");
        } else if (!cancel && "QUEUED".equals(state)) {
            job.put("state", "RUNNING");
            job.put("progress", 0.5);
            job.put("message", "half way");
        } else if (!cancel && "RUNNING".equals(state)) {
            if (((List<?>) job.get("subjects")).contains("FAILME")) {
                job.put("state", "FAILED");
                job.put("error", "provider refused FAILME");
            } else {
                job.put("state", "SUCCEEDED");
                job.put("progress", 1.0);
                job.put("message", "done");
                Map<String, Object> perSymbol = new LinkedHashMap<>();
                for (Object sym : (List<?>) job.get("subjects")) perSymbol.put(String.valueOf(sym), Map.of("male", 0.031));
                job.put("result", switch ((String) job.get("kind")) {
                    case "backtest" -> Map.of("verdict", "REJECT", "run_id", "run-0001", "psr", 0.41);
                    case "forecast_backtest" -> perSymbol;
                    default -> Map.of("rows_inserted", 10, "symbols", job.get("subjects"));
                });
            }
        }
        ok(ex, new LinkedHashMap<>(job));
    }

    private void composeGraph(HttpExchange ex, Map<String, Object> args) throws IOException {
        Object spec = args.get("spec");
        if (spec == null) {
            reply(ex, 400, failure("spec is required", "invalid_input", "spec", "pass a graph spec"));
            return;
        }
        boolean good = spec instanceof Map<?, ?>;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("ok", good);
        data.put("configurations", good ? 4 : 0);
        data.put("errors", good ? List.of() : List.of(Map.of("path", "$", "message", "not an object")));
        data.put("warnings", List.of());
        data.put("graph", good ? spec : null);
        ok(ex, data);
    }

    /** Configurations of the fake run: more than the launcher's inline row limit. */
    public static final int RUN_CONFIGURATIONS = 240;
    public static final String RUN_ID = "run-1";

    private static Map<String, Object> runInfo() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", RUN_ID);
        m.put("session_id", "default");
        m.put("name", "sma cross");
        m.put("symbols", List.of("AA", "IBM"));
        m.put("configurations", RUN_CONFIGURATIONS);
        m.put("verdict", "not significant");
        m.put("verdict_text", "not significant: DSR 0.41 after 240 configurations");
        return m;
    }

    /** As the engine: an unknown run is not_found naming run_id; lists only when asked for. */
    private void getRun(HttpExchange ex, Map<String, Object> args) throws IOException {
        if (!RUN_ID.equals(args.get("run_id"))) {
            reply(ex, 404, failure("no run with id '" + args.get("run_id") + "'", "not_found", "run_id", "call list_runs"));
            return;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("info", runInfo());
        d.put("chosen_configuration", 7);
        List<Object> configs = new ArrayList<>();
        if (Boolean.TRUE.equals(args.get("include_configurations"))) {
            for (int k = 0; k < RUN_CONFIGURATIONS; k++) {
                configs.add(Map.of("configuration", k, "parameters", Map.of("fast.length", k),
                        "in_sample", Map.of("sharpe", k / 100.0, "cagr", 0.01, "max_drawdown", 0.2),
                        "out_of_sample", Map.of("sharpe", -k / 100.0, "cagr", -0.01, "max_drawdown", 0.3)));
            }
        }
        d.put("configurations", configs);
        List<Object> equity = new ArrayList<>();
        if (Boolean.TRUE.equals(args.get("include_equity"))) {
            List<String> days = new ArrayList<>();
            List<Double> eq = new ArrayList<>(), dd = new ArrayList<>();
            for (int t = 0; t < 300; t++) {
                days.add(FIRST.plusDays(t).toString());
                eq.add(1 + t / 1000.0);
                dd.add(t == 150 ? -0.25 : 0.0);
            }
            equity.add(Map.of("role", "best", "configuration", 7, "dates", days, "equity", eq, "drawdown", dd, "oos_index", 200));
        }
        d.put("equity", equity);
        ok(ex, d);
    }

    /** As the engine: pdf is refused naming format; the path is reported where it was written. */
    private void exportReport(HttpExchange ex, Map<String, Object> args) throws IOException {
        if ("pdf".equals(args.get("format"))) {
            reply(ex, 400, failure("PDF export is not supported; html is", "invalid_input", "format", "use format html"));
            return;
        }
        if (!RUN_ID.equals(args.get("run_id"))) {
            reply(ex, 404, failure("no run with id '" + args.get("run_id") + "'", "not_found", "run_id", "call list_runs"));
            return;
        }
        ok(ex, Map.of("run_id", RUN_ID, "format", "html", "path", "/home/me/.sextant/reports/run-1.html", "bytes", 12345));
    }

    private void compareToHistory(HttpExchange ex, Map<String, Object> args) throws IOException {
        for (String key : args.keySet()) {
            if (!MATCHER_ARGUMENTS.contains(key)) {
                reply(ex, 400, failure("unknown argument '" + key + "'", "invalid_input", key, "see docs/analogues.md"));
                return;
            }
        }
        ok(ex, Map.of("headline", "5 analogues", "arguments", args));
    }

    private static Map<String, Object> health() {
        return Map.of("version", "0.1.0", "contract", 1, "pid", ProcessHandle.current().pid(), "mode", "headless",
                "data", Map.of("symbols", 2, "price_rows", 310, "first_date", FIRST.toString(),
                        "last_date", dates(LONG).get(299).toString()));
    }

    private static Map<String, Object> listSymbols(Map<String, Object> args) {
        List<Map<String, Object>> all = new ArrayList<>();
        for (String s : List.of(SHORT, LONG)) {
            List<LocalDate> d = dates(s);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("symbol", s);
            m.put("name", s.equals(SHORT) ? "Apple Inc." : "Long History Co.");
            m.put("currency", "USD");
            m.put("exchange", "NASDAQ");
            m.put("first_date", d.get(0).toString());
            m.put("last_date", d.get(d.size() - 1).toString());
            m.put("rows", d.size());
            m.put("source", "fake");
            all.add(m);
        }
        Object q = args.get("query");
        if (q instanceof String query) {
            all.removeIf(m -> !String.valueOf(m.get("symbol")).toLowerCase().contains(query.toLowerCase())
                    && !String.valueOf(m.get("name")).toLowerCase().contains(query.toLowerCase()));
        }
        return Map.of("count", all.size(), "symbols", all);
    }

    private void closePrice(HttpExchange ex, Map<String, Object> args) throws IOException {
        Object symbol = args.get("symbol");
        if (!SHORT.equals(symbol) && !LONG.equals(symbol)) {
            reply(ex, 404, failure("unknown symbol '" + symbol + "'", "not_found", "symbol",
                    "call list_symbols for the stored symbols"));
            return;
        }
        LocalDate start = args.get("start") == null ? LocalDate.MIN : LocalDate.parse((String) args.get("start"));
        LocalDate end = args.get("end") == null ? LocalDate.MAX : LocalDate.parse((String) args.get("end"));
        List<Map<String, Object>> rows = new ArrayList<>();
        List<LocalDate> d = dates((String) symbol);
        for (int i = 0; i < d.size(); i++) {
            if (d.get(i).isBefore(start) || d.get(i).isAfter(end)) continue;
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("date", d.get(i).toString());
            r.put("close", close(i));
            r.put("adj_close", close(i) * 0.99);
            rows.add(r);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("symbol", symbol);
        data.put("from", rows.isEmpty() ? null : rows.get(0).get("date"));
        data.put("to", rows.isEmpty() ? null : rows.get(rows.size() - 1).get("date"));
        data.put("count", rows.size());
        data.put("rows", rows);
        ok(ex, data);
    }

    /** A deterministic path: rises from 100.0 (index 0) to 200.0 (index 200), then falls. */
    public static double close(int i) {
        return i <= 200 ? 100.0 + 0.5 * i : 200.0 - 0.25 * (i - 200);
    }

    private void runSelect(HttpExchange ex, Map<String, Object> args) throws IOException {
        String sql = (String) args.get("sql");
        if (sql == null || !sql.trim().toLowerCase().startsWith("select")) {
            reply(ex, 400, failure("only SELECT is allowed", "invalid_input", "sql", "send one SELECT statement"));
            return;
        }
        int limit = args.get("limit") instanceof Number n ? n.intValue() : 5000;
        int produced = sql.contains("big") ? 250 : 1;
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < Math.min(produced, limit); i++) rows.add(List.of(i, i * 1.5, "r" + i));
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("columns", List.of("n", "x", "label"));
        data.put("types", List.of("INTEGER", "DOUBLE", "VARCHAR"));
        data.put("rows", rows);
        data.put("row_count", rows.size());
        data.put("limit", limit);
        data.put("truncated", produced > limit);
        data.put("elapsed_millis", 1);
        ok(ex, data);
    }

    /** Business days from FIRST: 10 for SHORT, 300 for LONG. */
    public static List<LocalDate> dates(String symbol) {
        int n = SHORT.equals(symbol) ? 10 : 300;
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = FIRST; out.size() < n; d = d.plusDays(1)) {
            if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY) out.add(d);
        }
        return out;
    }

    private static Map<String, Object> failure(String error, String reason, String field, String fix) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", false);
        m.put("error", error);
        m.put("fail_reason", reason);
        m.put("field", field);
        m.put("fix", fix);
        return m;
    }

    private static void ok(HttpExchange ex, Object data) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", true);
        m.put("data", data);
        reply(ex, 200, m);
    }

    private static void reply(HttpExchange ex, int status, Object body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
