package org.sextant.app.crash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.sextant.app.fixtures.ChildClassPath;
import tools.jackson.databind.JsonNode;

/**
 * Starts the real headless app as a child JVM, kill -9s it at a random moment of one workload
 * phase (its first start on a new home, a restart replaying the last kill's log, an import, a
 * strategy sweep, a forecast backtest job, an idle spell, a shutdown), restarts it and checks
 * that the store holds every write the app acknowledged before the kill, and that a write the
 * kill interrupted is whole or absent. Acknowledged writes are logged in acks.log, outside the
 * store. Kills fall at a random point of the phase's own duration (measured as it runs), not
 * after fixed waits. Used by CrashHarnessTest (30 kills) and crash-bench.sh (500).
 */
public final class CrashHarness {
    public enum Phase { FIRST_START, RESTART, IMPORT, SWEEP, FORECAST_BACKTEST, IDLE, SHUTDOWN }

    /**
     * {@code killsMidRequest}: kills that hit an import, sweep or forecast job before its answer;
     * {@code replayedStarts}: starts that found a log to replay; {@code lossReports}: starts that
     * reported lost writes (a torn log; a kill alone must cause none).
     */
    public record Result(int kills, Map<Phase, Integer> byPhase, int cleanStops, int refusedStarts, int ackedWrites, int killsMidRequest,
                         int replayedStarts, int lossReports, List<String> missing, List<Long> restartMillis, long elapsedMillis) {}

    private final Path root;
    private final Path home;
    private final Random random;
    private final List<String> acked = Collections.synchronizedList(new ArrayList<>());
    /** Every import sent, acknowledged or not, with its row count: a store holds each whole or not at all. */
    private final Map<String, Integer> importsSent = new ConcurrentHashMap<>();
    private final Map<String, Long> typicalMillis = new ConcurrentHashMap<>();
    private final Map<Phase, Integer> byPhase = new EnumMap<>(Phase.class);
    private final List<String> missing = new ArrayList<>();
    private final List<Long> restarts = new ArrayList<>();
    private AppProcess app;
    private long sampleRows;
    private int sequence, cleanStops, refused, killsMidRequest, replayed, lossReports;

    public CrashHarness(Path root, long seed) {
        this.root = root;
        this.home = root.resolve("home");
        this.random = new Random(seed);
    }

    public Result run(int kills) throws Exception {
        try {
            return runKills(kills);
        } finally {
            if (app != null) app.kill(); // a failed check or a timeout leaves no app running
        }
    }

    private Result runKills(int kills) throws Exception {
        long t0 = System.nanoTime();
        prepare();
        List<Phase> schedule = schedule(kills);
        for (int done = 0; done < kills && refused == 0; ) {
            Phase phase = schedule.get(done);
            if (killDuring(phase)) {
                byPhase.merge(phase, 1, Integer::sum);
                done++;
                System.out.println("crash harness: kill " + done + "/" + kills + " during " + phase + ", acknowledged " + acked.size() + ", missing " + missing.size());
                if (done % 25 == 0 && done < kills) System.out.print("so far (a long run stopped early keeps this):\n" + table(result(t0)));
            }
        }
        if (refused == 0 && ensureRunning()) {
            app.quit();
            app.awaitExit();
        }
        return result(t0);
    }

    private Result result(long t0) {
        return new Result(byPhase.values().stream().mapToInt(Integer::intValue).sum(), new EnumMap<>(byPhase), cleanStops, refused, acked.size(), killsMidRequest,
                replayed, lossReports, List.copyOf(missing), List.copyOf(restarts), (System.nanoTime() - t0) / 1_000_000);
    }

    /** One first start per 15 kills (they cost two full starts each); the other phases in equal shares, shuffled. */
    private List<Phase> schedule(int kills) {
        List<Phase> s = new ArrayList<>();
        Phase[] others = {Phase.RESTART, Phase.IMPORT, Phase.SWEEP, Phase.FORECAST_BACKTEST, Phase.IDLE, Phase.SHUTDOWN};
        int firstStarts = Math.max(1, kills / 15);
        for (int i = 0; i < kills; i++) s.add(i < firstStarts ? Phase.FIRST_START : others[i % others.length]);
        Collections.shuffle(s, random);
        return s;
    }

    /** The main home's first start (timed, not killed: a first start is killed on its own new home), stopped cleanly. */
    private void prepare() throws Exception {
        app = AppProcess.launch(home, root.resolve("tmp"));
        if (!app.awaitPublished()) throw new IllegalStateException("the first start failed: " + app.firstErrorLine());
        typicalMillis.put("first start", app.millisSinceLaunch());
        sampleRows = census().getOrDefault("sample", 0L);
        if (sampleRows == 0) throw new IllegalStateException("the first start loaded no sample rows");
        long quit = System.nanoTime();
        app.quit();
        app.awaitExit();
        typicalMillis.put("shutdown", (System.nanoTime() - quit) / 1_000_000);
        app = null;
        if (ChildClassPath.archiveMissing()) { // a start quit cleanly leaves the classes it loaded for the next 20 starts (untimed: its exit writes them)
            AppProcess archiving = AppProcess.launchToQuit(home, root.resolve("tmp"));
            if (!archiving.awaitPublished()) throw new IllegalStateException("the second start failed: " + archiving.firstErrorLine());
            archiving.quit();
            archiving.awaitExit();
        }
    }

    /** Drives {@code phase} and SIGKILLs the app at a random moment of it; false when the app stopped first (a clean stop). */
    private boolean killDuring(Phase phase) throws Exception {
        switch (phase) {
            case FIRST_START -> {
                Path fresh = root.resolve("first-" + sequence++);
                AppProcess first = AppProcess.launch(fresh, root.resolve("tmp"));
                Thread.sleep(randomPart("first start"));
                first.kill();
                AppProcess again = AppProcess.launch(fresh, root.resolve("tmp"));
                if (!again.awaitPublished()) {
                    refused++;
                    missing.add("a new home killed in its first start refused the next: " + again.firstErrorLine());
                    again.kill();
                    return true;
                }
                long sample = census(again).getOrDefault("sample", 0L);
                if (sample != sampleRows) missing.add("a new home killed in its first start holds " + sample + " sample rows, not " + sampleRows);
                again.kill();
                AppProcess.deleteTree(fresh);
                return true;
            }
            case RESTART -> {
                if (app != null) killQuietly();
                boolean replays = logPending();
                app = AppProcess.launch(home, root.resolve("tmp"));
                Thread.sleep(randomPart(replays ? "restart with a log" : "restart"));
                app.kill();
                app = null;
                return true;
            }
            case SHUTDOWN -> {
                if (!ensureRunning()) return true;
                app.quit();
                Thread.sleep(randomPart("shutdown"));
                boolean hit = app.kill();
                app = null;
                if (!hit) cleanStops++;
                return hit;
            }
            case IDLE -> {
                if (!ensureRunning()) return true;
                importOne();
                Thread.sleep(random.nextInt(3_000)); // the store checkpoints (and may back up) 2 s after the last write
                return killNow();
            }
            default -> {
                if (!ensureRunning()) return true;
                String kind = phase.name();
                int ackedBefore = acked.size();
                Thread request = new Thread(() -> {
                    try {
                        long t = System.nanoTime();
                        switch (phase) {
                            case IMPORT -> importOne();
                            case SWEEP -> sweep();
                            default -> forecastBacktest();
                        }
                        typicalMillis.merge(kind, (System.nanoTime() - t) / 1_000_000, (a, b) -> (a + b) / 2);
                    } catch (Exception killed) {
                        // the call in flight when the app died was not acknowledged
                    }
                }, "crash-workload");
                request.setDaemon(true);
                request.start();
                Thread.sleep(randomPart(kind));
                boolean hit = killNow();
                request.join(60_000);
                if (acked.size() == ackedBefore) killsMidRequest++;
                return hit;
            }
        }
    }

    /** A random moment within 1.2 times the phase's typical length, so most kills land inside it and some just after. */
    private long randomPart(String kind) {
        return (long) (random.nextDouble() * 1.2 * typicalMillis.getOrDefault(kind, typicalMillis.getOrDefault("restart", 1_500L)));
    }

    private boolean killNow() throws InterruptedException {
        boolean hit = app.kill();
        app = null;
        return hit;
    }

    private void killQuietly() throws InterruptedException {
        app.kill();
        app = null;
    }

    /** Starts the main home's app unless it runs, timing the start, then checks every acknowledged write; false when it refused to start. */
    private boolean ensureRunning() throws Exception {
        if (app != null && app.isAlive()) return true;
        boolean replays = logPending();
        app = AppProcess.launch(home, root.resolve("tmp"));
        if (!app.awaitPublished()) {
            refused++;
            missing.add("start refused: " + app.firstErrorLine());
            return false;
        }
        long millis = app.millisSinceLaunch();
        restarts.add(millis);
        typicalMillis.put(replays ? "restart with a log" : "restart", millis);
        if (replays) replayed++;
        if (Files.readString(home.resolve("console.log")).contains("tore its log")) lossReports++;
        verify();
        return true;
    }

    private boolean logPending() throws IOException {
        Path wal = home.resolve("data/sextant.duckdb.wal");
        return Files.exists(wal) && Files.size(wal) > 0;
    }

    private void importOne() throws Exception {
        String symbol = "CRASH" + (sequence++);
        int rows = 20 + random.nextInt(200);
        Path csv = Files.createDirectories(root.resolve("inbox")).resolve(symbol + ".csv");
        StringBuilder sb = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < rows; i++) sb.append(symbol).append(',').append(LocalDate.of(2001, 1, 1).plusDays(i)).append(',').append(50 + i % 13).append('\n');
        Files.writeString(csv, sb);
        importsSent.put(symbol, rows);
        ApiCall.post(app, "import_prices", Map.of("paths", List.of(csv.toString())));
        ack("import " + symbol + " " + rows);
    }

    private void sweep() throws Exception {
        String spec = Files.readString(repoFile("docs/examples/sma-cross.json"));
        JsonNode r = ApiCall.post(app, "backtest", Map.of("spec", spec, "symbols", List.of("AA", "KO"), "session_id", "crash"));
        ack("run " + r.path("run_id").asString());
    }

    private void forecastBacktest() throws Exception {
        String symbol = List.of("AA", "IBM", "KO", "MSFT", "GE").get(random.nextInt(5));
        int horizon = 1 + random.nextInt(20);
        AppProcess on = app;
        String id = ApiCall.post(on, "start_forecast_backtest", Map.of("symbols", List.of(symbol), "model", "naive", "horizon", horizon)).path("id").asString();
        while (true) {
            JsonNode s = ApiCall.post(on, "job_status", Map.of("job_id", id));
            String state = s.path("state").asString();
            if (state.equalsIgnoreCase("done")) break;
            if (state.equalsIgnoreCase("failed") || state.equalsIgnoreCase("cancelled")) throw new IllegalStateException("job " + id + ": " + s);
            Thread.sleep(20);
        }
        ack("forecast_backtest " + symbol + " " + horizon);
    }

    private void ack(String write) throws IOException {
        synchronized (acked) {
            acked.add(write);
            Files.writeString(root.resolve("acks.log"), write + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    /** Every acknowledged write is in the store, every import sent is whole or absent, the sample is whole: one query per start. */
    private void verify() throws Exception {
        Map<String, Long> found = census();
        for (String w : List.copyOf(acked)) {
            String[] f = w.split(" ");
            String key = switch (f[0]) {
                case "import" -> "import " + f[1];
                case "run" -> "run " + f[1];
                default -> "forecast " + f[1] + " " + f[2];
            };
            if (!found.containsKey(key)) missing.add("acknowledged but missing: " + w);
        }
        for (Map.Entry<String, Integer> sent : importsSent.entrySet()) {
            Long rows = found.get("import " + sent.getKey());
            if (rows != null && rows.longValue() != sent.getValue()) missing.add("import " + sent.getKey() + " half kept: " + rows + " of " + sent.getValue() + " rows");
        }
        if (found.getOrDefault("sample", 0L) != sampleRows) missing.add("sample rows " + found.get("sample") + ", not " + sampleRows);
    }

    private Map<String, Long> census() throws Exception { return census(app); }

    /** What the store holds of the harness's writes, keyed as in {@link #verify}: import SYMBOL → rows, run ID, forecast SYMBOL H, sample → rows. */
    private Map<String, Long> census(AppProcess on) throws Exception {
        String sql = "SELECT 'import ' || symbol, count(*) FROM prices WHERE symbol LIKE 'CRASH%' GROUP BY symbol "
                + "UNION ALL SELECT 'run ' || CAST(run_id AS VARCHAR), 1 FROM strategy_runs "
                + "UNION ALL SELECT 'forecast ' || symbol || ' ' || horizon, count(*) FROM forecast_backtests WHERE model = 'naive' GROUP BY symbol, horizon "
                + "UNION ALL SELECT 'sample', count(*) FROM prices WHERE symbol NOT LIKE 'CRASH%'";
        Map<String, Long> m = new HashMap<>();
        for (JsonNode row : ApiCall.post(on, "run_select", Map.of("sql", sql)).path("rows")) m.put(row.path(0).asString(), row.path(1).asLong());
        return m;
    }

    static Path repoFile(String path) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve(path))) p = p.getParent();
        if (p == null) throw new IllegalStateException(path + " not found above " + Path.of("").toAbsolutePath());
        return p.resolve(path);
    }

    /** {@code CrashHarness DIR KILLS SEED}: the harness outside JUnit, for long runs. */
    public static void main(String[] args) throws Exception {
        Result r = new CrashHarness(Path.of(args[0]), Long.parseLong(args[2])).run(Integer.parseInt(args[1]));
        r.missing().forEach(System.out::println);
        System.out.print(table(r));
        System.exit(r.missing().isEmpty() && r.refusedStarts() == 0 ? 0 : 1);
    }

    /** The result as tables for docs/benchmarks.md. */
    public static String table(Result r) {
        List<Long> sorted = r.restartMillis().stream().sorted().toList();
        long median = sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        long max = sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1);
        StringBuilder phases = new StringBuilder();
        for (Phase p : Phase.values()) phases.append(String.format("| %s | %d |%n", p.name().toLowerCase().replace('_', ' '), r.byPhase().getOrDefault(p, 0)));
        return String.format("| kill -9 | clean stops | kills mid-request | refused starts | starts replaying a log | starts reporting a loss "
                        + "| acknowledged writes | acknowledged but missing | start to app.json, median / max ms | total s | s per kill |%n"
                        + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|%n| %d | %d | %d | %d | %d | %d | %d | %d | %d / %d | %.0f | %.1f |%n%n"
                        + "| kills during | count |%n|---|---:|%n%s",
                r.kills(), r.cleanStops(), r.killsMidRequest(), r.refusedStarts(), r.replayedStarts(), r.lossReports(), r.ackedWrites(),
                r.missing().size(), median, max, r.elapsedMillis() / 1000.0, r.elapsedMillis() / 1000.0 / Math.max(1, r.kills()), phases);
    }
}
