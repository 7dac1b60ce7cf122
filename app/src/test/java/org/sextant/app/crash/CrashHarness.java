package org.sextant.app.crash;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;

/**
 * Starts the real headless app as a child JVM, drives a mixed workload over its local API
 * (imports, strategy sweeps, forecast backtests as jobs, idle spells, now and then a clean
 * shutdown), kill -9s it at a random moment, restarts it and checks that the store holds every
 * write the app acknowledged before the kill. Acknowledged writes are logged in acks.log in the
 * home, outside the store. Used by CrashHarnessTest (30 kills) and crash-bench.sh (500).
 */
public final class CrashHarness {
    /** {@code killsAfterAWrite}: stops that waited for one acknowledged write of their own first (about half, drawn at random). */
    public record Result(int kills, int cleanStops, int refusedStarts, int ackedWrites, int killsAfterAWrite, List<String> missing, List<Long> restartMillis) {}

    private final Path home;
    private final Random random;
    private final Path acks;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<String> acked = new ArrayList<>();
    private Process app;
    private JsonNode discovery;
    private int sequence;

    public CrashHarness(Path home, long seed) {
        this.home = home;
        this.random = new Random(seed);
        this.acks = home.resolve("acks.log");
    }

    public Result run(int kills, long maxKillDelayMillis) throws Exception {
        List<String> missing = new ArrayList<>();
        List<Long> restarts = new ArrayList<>();
        int refused = 0, clean = 0, done = 0, afterAWrite = 0;
        while (done < kills) {
            long t0 = System.nanoTime();
            if (!start()) {
                refused++;
                missing.add("start " + (done + clean) + " refused: " + Files.readString(home.resolve("console.log")).lines().filter(l -> l.startsWith("error")).findFirst().orElse("?"));
                break;
            }
            restarts.add((System.nanoTime() - t0) / 1_000_000);
            missing.addAll(verify());
            boolean cleanStop = random.nextInt(10) == 0;
            long delay = (long) (random.nextDouble() * maxKillDelayMillis);
            int ackedBefore = acked.size();
            Thread workload = new Thread(() -> drive(Long.MAX_VALUE / 2), "crash-workload");
            workload.setDaemon(true);
            workload.start();
            // half the stops fall anywhere (in the first call too), half after this start's first acknowledged write:
            // the workload is sure to have written between kills however slow the machine is
            if (random.nextBoolean() && awaitAck(ackedBefore + 1)) afterAWrite++;
            Thread.sleep(delay);
            if (cleanStop) {
                app.destroy(); // SIGTERM: the user quits
                clean++;
            } else {
                app.destroyForcibly(); // SIGKILL
                done++;
            }
            app.waitFor(60, TimeUnit.SECONDS);
            workload.join(60_000);
            System.out.println("crash harness: kill " + done + "/" + kills + ", clean stops " + clean + ", acknowledged " + acked.size() + ", missing " + missing.size());
        }
        if (refused == 0 && start()) {
            missing.addAll(verify());
            app.destroy();
            app.waitFor(60, TimeUnit.SECONDS);
        }
        return new Result(done, clean, refused, acked.size(), afterAWrite, missing, restarts);
    }

    /** Waits (at most 3 minutes) until {@code count} writes are acknowledged; false when the app died first. */
    private boolean awaitAck(int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline && app.isAlive()) {
            synchronized (this) {
                if (acked.size() >= count) return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** Starts the app and waits for its run/app.json; false when it exits instead (a refused start). */
    private boolean start() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx512m", "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                "org.sextant.app.Main", "--headless", "--home", home.toString())
                .redirectErrorStream(true).redirectOutput(home.resolve("console.log").toFile());
        Files.createDirectories(home);
        app = pb.start();
        long deadline = System.currentTimeMillis() + 180_000;
        Path appJson = home.resolve("run/app.json");
        while (System.currentTimeMillis() < deadline) {
            if (!app.isAlive()) return false;
            if (Files.exists(appJson)) {
                try {
                    JsonNode d = Json.MAPPER.readTree(Files.readString(appJson));
                    if (d.path("pid").asLong() == app.pid()) {
                        discovery = d;
                        return true;
                    }
                } catch (RuntimeException | IOException partial) {
                    // rewritten meanwhile
                }
            }
            Thread.sleep(50);
        }
        app.destroyForcibly();
        throw new IllegalStateException("the app did not publish run/app.json within 3 minutes");
    }

    /** Mixed writes until the app dies; each acknowledged one is logged before the next starts. */
    private void drive(long forMillis) {
        long end = forMillis >= Long.MAX_VALUE / 4 ? Long.MAX_VALUE : System.currentTimeMillis() + forMillis;
        try {
            while (app.isAlive() && System.currentTimeMillis() < end) {
                switch (random.nextInt(5)) {
                    case 0, 1 -> importOne();
                    case 2 -> sweep();
                    case 3 -> forecastBacktest();
                    default -> Thread.sleep(200 + random.nextInt(800)); // idle: the store checkpoints
                }
            }
        } catch (Exception killed) {
            // the call in flight when the app died was not acknowledged
        }
    }

    private void importOne() throws Exception {
        String symbol = "CRASH" + (sequence++);
        int rows = 20 + random.nextInt(200);
        Path csv = Files.createDirectories(home.resolve("inbox")).resolve(symbol + ".csv");
        StringBuilder sb = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < rows; i++) sb.append(symbol).append(',').append(LocalDate.of(2001, 1, 1).plusDays(i)).append(',').append(50 + i % 13).append('\n');
        Files.writeString(csv, sb);
        call("import_prices", Map.of("paths", List.of(csv.toString())));
        ack("import " + symbol + " " + rows);
    }

    private void sweep() throws Exception {
        String spec = Files.readString(repoFile("docs/examples/sma-cross.json"));
        JsonNode r = call("backtest", Map.of("spec", spec, "symbols", List.of("AA", "KO"), "session_id", "crash"));
        ack("run " + r.path("run_id").asString());
    }

    private void forecastBacktest() throws Exception {
        String symbol = List.of("AA", "IBM", "KO", "MSFT", "GE").get(random.nextInt(5));
        int horizon = 1 + random.nextInt(20);
        JsonNode job = call("start_forecast_backtest", Map.of("symbols", List.of(symbol), "model", "naive", "horizon", horizon));
        String id = job.path("id").asString();
        while (true) {
            JsonNode s = call("job_status", Map.of("job_id", id));
            String state = s.path("state").asString();
            if (state.equals("DONE") || state.equalsIgnoreCase("done")) break;
            if (state.equalsIgnoreCase("failed") || state.equalsIgnoreCase("cancelled")) throw new IllegalStateException("job " + id + ": " + s);
            Thread.sleep(50);
        }
        ack("forecast_backtest " + symbol + " " + horizon);
    }

    private synchronized void ack(String write) throws IOException {
        acked.add(write);
        Files.writeString(acks, write + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Every acknowledged write is in the store; the misses, in words. */
    private List<String> verify() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String w : List.copyOf(acked)) {
            String[] f = w.split(" ");
            String sql = switch (f[0]) {
                case "import" -> "SELECT count(*) = " + f[2] + " FROM prices WHERE symbol = '" + f[1] + "'";
                case "run" -> "SELECT count(*) = 1 FROM strategy_runs WHERE run_id = '" + f[1] + "'";
                default -> "SELECT count(*) = 1 FROM forecast_backtests WHERE symbol = '" + f[1] + "' AND model = 'naive' AND horizon = " + f[2];
            };
            JsonNode r = call("run_select", Map.of("sql", sql));
            if (!r.path("rows").path(0).path(0).asBoolean()) missing.add("acknowledged but missing: " + w);
        }
        return missing;
    }

    private JsonNode call(String method, Map<String, Object> args) throws IOException, InterruptedException {
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + discovery.path("port").asInt() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + discovery.path("token").asString())
                .header("Content-Type", "application/json").timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(args))).build();
        JsonNode body = Json.MAPPER.readTree(http.send(req, HttpResponse.BodyHandlers.ofString()).body());
        if (!body.path("ok").asBoolean(false)) throw new IOException(method + " refused: " + body.path("error").asString());
        return body.get("data");
    }

    static Path repoFile(String path) {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve(path))) p = p.getParent();
        if (p == null) throw new IllegalStateException(path + " not found above " + Path.of("").toAbsolutePath());
        return p.resolve(path);
    }

    /** {@code CrashHarness HOME KILLS SEED}: the harness outside JUnit, for long runs. */
    public static void main(String[] args) throws Exception {
        Result r = new CrashHarness(Path.of(args[0]), Long.parseLong(args[2])).run(Integer.parseInt(args[1]), 1_500);
        r.missing().forEach(System.out::println);
        System.out.print(table(r));
        System.exit(r.missing().isEmpty() && r.refusedStarts() == 0 ? 0 : 1);
    }

    /** The result as a table for docs/benchmarks.md. */
    public static String table(Result r) {
        List<Long> sorted = r.restartMillis().stream().sorted().toList();
        long median = sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2);
        long max = sorted.isEmpty() ? 0 : sorted.get(sorted.size() - 1);
        return String.format("| kill -9 | clean stops | stops after a write | refused starts | acknowledged writes | acknowledged but missing | start to app.json, median / max ms |%n"
                        + "|---:|---:|---:|---:|---:|---:|---:|%n| %d | %d | %d | %d | %d | %d | %d / %d |%n",
                r.kills(), r.cleanStops(), r.killsAfterAWrite(), r.refusedStarts(), r.ackedWrites(), r.missing().size(), median, max);
    }
}
