package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue #14: no single read can take the app down. A corpus of resource-exhaustion calls (SQL
 * and every read argument that scales work) goes through sextant-mcp with the official
 * TypeScript MCP client to the real headless app, while a sampler watches the app's resident
 * memory. Each hostile call must end within its bound with a named fail_reason, the app must
 * stay under 3 GB resident (docs/local-api.md, bounds) and answer a normal read right after.
 */
class ResourceExhaustionIT {
    /** The bar of issue #14 on this 24 GB machine; the app's own cap for agent SQL is 2.5 GB. */
    private static final long RSS_BAR = 3L << 30;
    /** run_select's 30 s bound, its 1 s stop grace, and the launcher's and client's own time. */
    private static final long SQL_BOUND_MS = 36_000;
    private static final long ARGUMENT_BOUND_MS = 10_000;

    @TempDir Path home;

    record Hostile(String tool, Map<String, Object> args, Set<String> reasons, long boundMs) {}

    /** SQL that builds huge values chunk by chunk: stopped by the app's memory watchdog or its time bound. */
    static List<Hostile> growingQueries() {
        Set<String> stopped = Set.of("resource_limit", "timeout");
        return List.of(
                new Hostile("run_select", Map.of("sql", "SELECT length(list(range)::VARCHAR) FROM range(400000000)"), stopped, SQL_BOUND_MS),
                // len() makes DuckDB build the list; under count(*) it drops the unused aggregate and answers at once
                new Hostile("run_select", Map.of("sql", "SELECT len(list(repeat('y', 100))) FROM range(100000000)"), stopped, SQL_BOUND_MS),
                new Hostile("run_select", Map.of("sql", "SELECT length(string_agg(repeat('x', 1000), '')) FROM range(3000000)"), stopped, SQL_BOUND_MS),
                new Hostile("run_select", Map.of("sql", "SELECT count(*) FROM range(100000) a, range(100000) b, range(100000) c"), stopped, SQL_BOUND_MS),
                new Hostile("run_select", Map.of("sql", "WITH RECURSIVE r(i, s) AS (SELECT 0, 'x' UNION ALL SELECT i + 1, s || s FROM r WHERE i < 40) "
                        + "SELECT max(length(s)) FROM r"), Set.of("resource_limit", "timeout", "invalid_input"), SQL_BOUND_MS));
    }

    /** Calls refused before they run: one-step value builders and every other read argument that scales work. */
    static List<Hostile> refusedCalls() {
        Set<String> refused = Set.of("invalid_input");
        List<Hostile> c = new ArrayList<>();
        c.add(new Hostile("run_select", Map.of("sql", "SELECT repeat('x', 2000000000)"), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("run_select", Map.of("sql", "SELECT printf('%1500000000d', 1)"), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("run_select", Map.of("sql", "SELECT len(range(1000000000))"), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("run_select", Map.of("sql", "SELECT lpad('a', 2000000000, 'b')"), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("run_select", Map.of("sql", "SELECT 1", "limit", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("get_chart_data", Map.of("symbol", "AA", "days", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("get_forecast", Map.of("symbol", "AA", "horizon", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("get_forecast", Map.of("symbol", "AA", "levels", Collections.nCopies(5000, 0.5)), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("get_backtest_error", Map.of("symbol", "AA", "origins", "1", "eval_fraction", 0.99), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("scan_forecasts", Map.of("top", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("scan_forecasts", Map.of("symbols", Collections.nCopies(5000, "AA")), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("compare_to_history", Map.of("top_k", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("compare_to_history", Map.of("horizon", 1_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("get_close_price", Map.of("symbol", "A".repeat(100_000)), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("list_symbols", Map.of("query", "x".repeat(100_000)), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("list_runs", Map.of("limit", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        c.add(new Hostile("read_app_log", Map.of("lines", 1_000_000_000), refused, ARGUMENT_BOUND_MS));
        return c;
    }

    @Test
    void hostileReadsEndWithANamedReasonTheAppStaysSmallAndAnswersTheNextCall() throws Exception {
        List<Hostile> growing = growingQueries();
        List<McpDriver> agents = new ArrayList<>();
        // not the common pool: on 2 cores it runs one task at a time
        ExecutorService pool = Executors.newFixedThreadPool(growing.size());
        long start = System.nanoTime();
        List<String> phases = new ArrayList<>();
        try (HeadlessApp app = HeadlessApp.start(home);
             ResidentPeak peak = new ResidentPeak(app.pid());
             McpDriver reader = new McpDriver(home, Map.of());
             // sessions end before the app does, as an editor's would; a launcher whose app is gone lingers
             AutoCloseable closeAgents = () -> {
                 for (McpDriver a : agents) a.close();
             }) {
            for (CompletableFuture<McpDriver> f : growing.stream().map(h -> CompletableFuture.supplyAsync(() -> {
                try {
                    return new McpDriver(home, Map.of());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, pool)).toList()) agents.add(f.join());
            phases.add("app and " + (agents.size() + 1) + " sessions up " + since(start));
            // Each growing query may run its whole 30 s bound: one agent each, all at once, so the
            // corpus fits CI's budget and the cap is shown to hold with several hostile queries together.
            List<CompletableFuture<String>> running = new ArrayList<>();
            for (int i = 0; i < growing.size(); i++) {
                Hostile h = growing.get(i);
                McpDriver agent = agents.get(i);
                running.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        return callAndCheck(agent, h, peak);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, pool));
            }
            Thread.sleep(2000);
            assertTrue(running.stream().anyMatch(f -> !f.isDone()), "every growing query ended before the concurrent read could be tried");
            assertNormalReadAnswers(reader, "while the growing queries run");
            List<String> report = new ArrayList<>();
            for (CompletableFuture<String> f : running) report.add(f.join());
            phases.add("growing queries ended " + since(start));
            for (Hostile h : refusedCalls()) report.add(callAndCheck(reader, h, peak));
            phases.add("refused calls ended " + since(start));
            System.out.println("resource-exhaustion corpus, app peak resident " + (peak.bytes() >> 20) + " MB:\n  " + String.join("\n  ", report));
            assertTrue(peak.bytes() < RSS_BAR, "peak resident " + (peak.bytes() >> 20) + " MB:\n  " + String.join("\n  ", report));
        } finally {
            phases.add("sessions closed and app stopped " + since(start));
            pool.shutdownNow();
            System.out.println("phases: " + String.join(", ", phases));
        }
    }

    /** One hostile call, checked, then a normal read on the same session; returns its report line. */
    private static String callAndCheck(McpDriver client, Hostile h, ResidentPeak peak) throws Exception {
        long t0 = System.nanoTime();
        JsonNode answer = McpEndToEndIT.envelope(client.call(h.tool(), h.args()));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        check(h, answer, ms);
        assertNormalReadAnswers(client, "after " + abbreviated(h.args()));
        assertTrue(peak.bytes() < RSS_BAR, "the app's resident memory reached " + (peak.bytes() >> 20) + " MB by " + abbreviated(h.args()));
        return h.tool() + " " + abbreviated(h.args()) + " -> " + answer.path("fail_reason").asString() + " in " + ms + " ms, peak so far "
                + (peak.bytes() >> 20) + " MB";
    }

    private static String since(long start) {
        return "at " + (System.nanoTime() - start) / 1_000_000_000 + " s";
    }

    private static void check(Hostile h, JsonNode answer, long ms) {
        String what = h.tool() + " " + abbreviated(h.args());
        assertFalse(answer.path("ok").asBoolean(), what + " must be refused or stopped: " + answer);
        assertTrue(h.reasons().contains(answer.path("fail_reason").asString()), what + " ended with " + answer);
        assertFalse(answer.path("error").asString("").isBlank(), what + ": an error must say what failed");
        assertTrue(ms <= h.boundMs(), what + " took " + ms + " ms, over its bound of " + h.boundMs() + " ms");
    }

    private static void assertNormalReadAnswers(McpDriver client, String when) throws Exception {
        JsonNode aa = McpEndToEndIT.envelope(client.call("get_close_price", Map.of("symbol", "AA", "start", "2000-12-29", "end", "2000-12-29")));
        assertTrue(aa.path("ok").asBoolean(), "get_close_price " + when + ": " + aa);
        JsonNode sql = McpEndToEndIT.envelope(client.call("run_select", Map.of("sql", "SELECT count(*) AS n FROM prices WHERE symbol = 'AA'")));
        assertTrue(sql.path("ok").asBoolean(), "run_select " + when + ": " + sql);
        assertEquals(1, sql.path("data").path("rows").size(), sql.toString());
    }

    /** The app's highest resident memory seen, sampled every 10 ms from /proc (Linux) until closed. */
    static final class ResidentPeak implements AutoCloseable {
        private final AtomicLong peak = new AtomicLong();
        private final AtomicBoolean watching = new AtomicBoolean(true);

        ResidentPeak(long pid) {
            Path statm = Path.of("/proc/" + pid + "/statm");
            Thread sampler = new Thread(() -> {
                while (watching.get()) {
                    try {
                        peak.accumulateAndGet(Long.parseLong(Files.readString(statm).trim().split(" ")[1]) * 4096, Math::max);
                    } catch (Exception e) {
                        // the app exited: the checks after the call report it
                    }
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "rss-sampler");
            sampler.setDaemon(true);
            sampler.start();
        }

        long bytes() {
            return peak.get();
        }

        @Override
        public void close() {
            watching.set(false);
        }
    }

    private static String abbreviated(Map<String, Object> args) {
        String s = args.toString();
        return s.length() <= 120 ? s : s.substring(0, 120) + "…";
    }
}
