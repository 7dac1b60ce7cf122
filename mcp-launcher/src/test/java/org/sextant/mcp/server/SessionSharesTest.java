package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import reactor.core.scheduler.Schedulers;

/**
 * --http serves several sessions at once (attack 31): one session's calls must neither forget another
 * session's calls (R1: its cancel was lost) nor take every worker another session's calls need (R2).
 * Two real sessions over the launcher's Jetty, against the app's real local API behind a tap that holds
 * one route (a slow app).
 */
class SessionSharesTest {
    private static final String SLOW = "list_symbols"; // the app route held: the tool of the same name waits on it
    /** Guards a hang; measures nothing: a call that should answer at once but has not by then never will. */
    private static final long PATIENCE_S = 60;

    @TempDir Path home;

    /** R1: 1,025 calls the SDK never runs (an unknown session's) forgot the oldest call, another session's, so its cancel was ignored. */
    @Test
    void callsTheSdkRefusesDoNotForgetAnotherSessionsCallSoItsCancelStillStopsIt(@TempSextant Sextant engine) throws Exception {
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start()) {
            app.hold(SLOW);
            try {
                String b = openSession(server.port());
                CompletableFuture<String> held = CompletableFuture.supplyAsync(() -> post(server.port(), b, call(2, SLOW)));
                assertTrue(eventually(() -> app.holding(SLOW) == 1), "session B's call never reached the app");
                // a few at a time, below the unknown session's own share: each is the SDK's to refuse
                int clients = InFlightCalls.PER_SESSION / 2;
                List<CompletableFuture<Void>> flood = new ArrayList<>();
                for (int client = 0; client < clients; client++) {
                    int first = client;
                    flood.add(CompletableFuture.runAsync(() -> {
                        for (int id = 1 + first; id <= InFlightCalls.MAX + 1; id += clients) {
                            String refused = post(server.port(), "no-such-session", call(id, SLOW));
                            assertFalse(refused.startsWith("HTTP/1.1 200"), refused);
                        }
                    }));
                }
                CompletableFuture.allOf(flood.toArray(CompletableFuture[]::new)).get();
                assertTrue(post(server.port(), b, cancel(2)).startsWith("HTTP/1.1 202"), "a notification is accepted");
                String answer = answerOrReleased(held, app);
                assertFalse(answer.contains("\"id\":2"), "session B's cancel was lost: its call was answered: " + answer);
            } finally {
                app.release(SLOW);
            }
        }
    }

    /**
     * R2: session A's slow calls, as many as Reactor's shared pool has workers (20 on 2 cores), held every worker and
     * session B's health_check waited behind them. Now A holds at most its share; the rest are refused, named and fixed.
     */
    @Test
    void oneSessionsSlowCallsTakeItsShareAndAnotherSessionIsStillServed(@TempSextant Sextant engine) throws Exception {
        int flood = Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE;
        assertTrue(InFlightCalls.PER_SESSION < flood, "a session's share leaves workers for the others");
        ExecutorService clients = Executors.newFixedThreadPool(flood);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start()) {
            app.hold(SLOW);
            try {
                String a = openSession(server.port());
                String b = openSession(server.port());
                List<Future<String>> calls = new ArrayList<>();
                for (int id = 1; id <= flood; id++) {
                    int callId = id;
                    calls.add(clients.submit(() -> post(server.port(), a, call(callId, SLOW))));
                }
                // each of A's calls is held in the app or answered already
                assertTrue(eventually(() -> app.holding(SLOW) + calls.stream().filter(Future::isDone).count() == flood),
                        () -> "held " + app.holding(SLOW));
                CompletableFuture<String> health = CompletableFuture.supplyAsync(() -> post(server.port(), b, call(100, "health_check")));
                String answer = answerOrReleased(health, app);
                assertEquals(InFlightCalls.PER_SESSION, app.holding(SLOW), "B was answered while A's calls were still held: " + answer);
                assertTrue(answer.contains("\"id\":100") && answer.contains("\"isError\":false"), answer);

                String read = post(server.port(), a, "{\"jsonrpc\":\"2.0\",\"id\":200,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://session-registry\"}}");
                assertTrue(read.contains("\"id\":200") && read.contains("\"code\":-32003") && read.contains("\"fail_reason\":\"resource_limit\"")
                        && read.contains(CallShares.problem(InFlightCalls.Refusal.SESSION_FULL)), () -> "a read (it asks the app) counts in A's share: " + read);

                assertRefusedAtOnceAndTheRestAnswered(calls, flood - InFlightCalls.PER_SESSION, InFlightCalls.Refusal.SESSION_FULL, app);
                String again = post(server.port(), a, call(flood + 1, SLOW));
                assertTrue(again.contains("\"isError\":false"), () -> "A's share is free again once answered: " + again);
            } finally {
                app.release(SLOW);
                clients.shutdownNow();
            }
        }
    }

    /**
     * Attack 32: 20 slow calls of 10 sessions, 2 each and so within every share, took every worker of Reactor's shared
     * pool and another session's health_check waited 28 s. Now the slow calls of all sessions hold at most the workers
     * they run on; the rest are refused, named and fixed, and quick calls (health_check, cancel_job, a resource read)
     * of another session are answered while every one of them is held.
     */
    @Test
    void manySessionsSlowCallsTogetherNeverMakeAnotherSessionsQuickCallsWait(@TempSextant Sextant engine) throws Exception {
        int perSession = 2;
        // more slow calls than the shared pool had workers, and than the launcher runs at once
        int sessions = Math.max(Schedulers.DEFAULT_BOUNDED_ELASTIC_SIZE, InFlightCalls.WORKING) / perSession + 1;
        int slow = sessions * perSession;
        ExecutorService clients = Executors.newFixedThreadPool(slow);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start()) {
            app.hold(SLOW);
            try {
                List<Future<String>> calls = new ArrayList<>();
                for (int i = 0; i < sessions; i++) {
                    String s = openSession(server.port());
                    for (int id = 1; id <= perSession; id++) {
                        int callId = id;
                        calls.add(clients.submit(() -> post(server.port(), s, call(callId, SLOW))));
                    }
                }
                assertTrue(eventually(() -> app.holding(SLOW) + calls.stream().filter(Future::isDone).count() == slow),
                        () -> "each slow call is held in the app or answered: held " + app.holding(SLOW) + ", answered "
                                + calls.stream().filter(Future::isDone).count() + " of " + slow + " (the rest wait for a worker)");
                String b = openSession(server.port());
                CompletableFuture<String> health = CompletableFuture.supplyAsync(() -> post(server.port(), b, call(100, "health_check")));
                String answer = answerOrReleased(health, app);
                assertEquals(InFlightCalls.WORKING, app.holding(SLOW), "B was answered while the slow calls were still held: " + answer);
                assertTrue(answer.contains("\"id\":100") && answer.contains("\"isError\":false"), answer);
                String cancel = post(server.port(), b, "{\"jsonrpc\":\"2.0\",\"id\":101,\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"sextant__cancel_job\",\"arguments\":{\"job_id\":\"gather-00000000\"}}}");
                assertTrue(cancel.contains("\"id\":101,\"result\""), () -> "cancel_job (by an alias) is answered: " + cancel);
                String read = post(server.port(), b, "{\"jsonrpc\":\"2.0\",\"id\":102,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://session-registry\"}}");
                assertTrue(read.contains("\"id\":102") && read.contains("\"contents\""), () -> "a resource read is answered: " + read);

                assertRefusedAtOnceAndTheRestAnswered(calls, slow - InFlightCalls.WORKING, InFlightCalls.Refusal.WORKERS_BUSY, app);
                String again = post(server.port(), b, call(103, SLOW));
                assertTrue(again.contains("\"isError\":false"), () -> "the workers are free again once answered: " + again);
            } finally {
                app.release(SLOW);
                clients.shutdownNow();
            }
        }
    }

    @Test
    void docsMcpSaysTheSharesAsTheLauncherAnswersThem() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        for (InFlightCalls.Refusal r : InFlightCalls.Refusal.values()) {
            assertTrue(doc.contains(CallShares.problem(r)), () -> "docs/mcp.md does not quote: " + CallShares.problem(r));
            assertTrue(doc.contains(CallShares.fix(r)), () -> "docs/mcp.md does not quote: " + CallShares.fix(r));
        }
    }

    /**
     * The calls answered while the app is held are the {@code refused}, each the call's own resource_limit answer naming
     * {@code why} and its fix; once the app is let through, every other call is answered.
     */
    private static void assertRefusedAtOnceAndTheRestAnswered(List<Future<String>> calls, int refused, InFlightCalls.Refusal why,
                                                               TappedApp app) throws Exception {
        List<String> answered = new ArrayList<>();
        for (Future<String> c : calls) if (c.isDone()) answered.add(c.get());
        assertEquals(refused, answered.size(), "the calls past the bound are refused at once");
        for (String r : answered) {
            assertTrue(r.startsWith("HTTP/1.1 200"), () -> "the call's own answer, not a transport error: " + r);
            assertTrue(r.contains("\"isError\":true") && r.contains("\"fail_reason\":\"resource_limit\""), r);
            assertTrue(r.contains(CallShares.problem(why)) && r.contains(CallShares.fix(why)), r);
        }
        app.release(SLOW);
        for (Future<String> c : calls) {
            String r = c.get(PATIENCE_S, TimeUnit.SECONDS);
            if (!answered.contains(r)) assertTrue(r.contains("\"isError\":false"), r);
        }
    }

    private HttpMcpServer start() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(120), true);
        return HttpMcpServer.start(0, HttpToken.of(HttpSessions.TOKEN), new ToolDispatcher(context), context.sessionTables());
    }

    private static String answerOrReleased(CompletableFuture<String> call, TappedApp app) throws Exception {
        return HttpSessions.answerOrReleased(call, app, SLOW, PATIENCE_S);
    }

    private static String openSession(int port) {
        return HttpSessions.open(port);
    }

    private static String call(int id, String tool) {
        return HttpSessions.call(id, tool);
    }

    private static String cancel(int id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id + "}}";
    }

    private static String post(int port, String session, String body) {
        return HttpSessions.post(port, session, body);
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        return HttpSessions.eventually(condition, PATIENCE_S);
    }
}
