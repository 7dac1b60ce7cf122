package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.PATIENCE_S;
import static org.sextant.mcp.server.HttpSessions.STALLED_QUICK;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * A quick tool the app stalls (its route held: the app hung or answers slowly) must not make another session's
 * health_check wait. Before, the quick lane had 8 workers, one session's share: 8 stalled list_jobs of one session held
 * every quick worker for --timeout (45 s), and every other session's health_check and cancel_job waited behind them.
 */
class QuickStallTest {
    @TempDir Path home;

    /** One session's share of stalled quick calls leaves quick workers for another session (here the app's wait is long). */
    @Test
    void oneSessionsStalledQuickCallsLeaveAnotherSessionsHealthCheckAnswered(@TempSextant Sextant engine) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(InFlightCalls.PER_SESSION);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start(Duration.ofSeconds(120))) {
            app.hold(STALLED_QUICK);
            try {
                String a = HttpSessions.open(server.port());
                String b = HttpSessions.open(server.port());
                List<Future<String>> stalled = new ArrayList<>();
                for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) {
                    int callId = id;
                    stalled.add(clients.submit(() -> HttpSessions.post(server.port(), a, HttpSessions.call(callId, STALLED_QUICK))));
                }
                assertTrue(HttpSessions.eventually(() -> app.holding(STALLED_QUICK) == InFlightCalls.PER_SESSION, PATIENCE_S),
                        () -> "each of A's calls reached the app: held " + app.holding(STALLED_QUICK));
                long asked = System.nanoTime();
                String health = answerOrReleased(CompletableFuture.supplyAsync(
                        () -> HttpSessions.post(server.port(), b, HttpSessions.call(100, "health_check"))), app);
                System.out.printf("victim health_check beside %d stalled quick calls of one session: %.0f ms%n",
                        InFlightCalls.PER_SESSION, (System.nanoTime() - asked) / 1e6);
                assertTrue(health.contains("\"id\":100") && health.contains("\"isError\":false"), health);
                assertTrue(stalled.stream().noneMatch(Future::isDone), "B was answered while every call of A was still held");
            } finally {
                app.release(STALLED_QUICK);
                clients.shutdownNow();
            }
        }
    }

    /**
     * A stalled quick call is answered within the quick timeout, naming the app as not answering and the fix, while the
     * app still holds it; so the stalled calls of many sessions (more than the quick lane's workers) hold their workers
     * for moments, and another session's health_check is answered while the app still holds every one of them.
     */
    @Test
    void stalledQuickCallsOfManySessionsAreAnsweredAsTheAppNotAnsweringAndTheVictimIsServed(@TempSextant Sextant engine)
            throws Exception {
        int sessions = Lanes.QUICK_WORKERS / InFlightCalls.PER_SESSION + 1; // more stalled calls than quick workers
        int calls = sessions * InFlightCalls.PER_SESSION;
        ExecutorService clients = Executors.newFixedThreadPool(calls);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start(AppClient.QUICK_TIMEOUT)) {
            app.hold(STALLED_QUICK);
            try {
                List<Future<String>> stalled = new ArrayList<>();
                for (int s = 0; s < sessions; s++) {
                    String session = HttpSessions.open(server.port());
                    for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) {
                        int callId = id;
                        stalled.add(clients.submit(() -> HttpSessions.post(server.port(), session, HttpSessions.call(callId, STALLED_QUICK))));
                    }
                }
                assertTrue(HttpSessions.eventually(() -> app.holding(STALLED_QUICK) >= Lanes.QUICK_WORKERS, PATIENCE_S),
                        () -> "the stalled calls reached the app: held " + app.holding(STALLED_QUICK));
                String victim = HttpSessions.open(server.port());
                long asked = System.nanoTime();
                String health = answerOrReleased(CompletableFuture.supplyAsync(
                        () -> HttpSessions.post(server.port(), victim, HttpSessions.call(100, "health_check"))), app);
                System.out.printf("victim health_check behind %d stalled quick calls of %d sessions: %.0f ms%n",
                        calls, sessions, (System.nanoTime() - asked) / 1e6);
                assertTrue(health.contains("\"id\":100") && health.contains("\"isError\":false"), health);

                String first = stalled.get(0).get(PATIENCE_S, TimeUnit.SECONDS);
                assertTrue(first.contains("\"isError\":true") && first.contains("\"fail_reason\":\"timeout\""), first);
                assertTrue(first.contains(AppClient.quickTimeout("list_jobs", AppClient.QUICK_TIMEOUT)) && first.contains(AppClient.QUICK_TIMEOUT_FIX), first);
            } finally {
                app.release(STALLED_QUICK);
                clients.shutdownNow();
            }
        }
    }

    @Test
    void docsMcpSaysTheQuickTimeoutTheLanesAndJettysThreadsAsTheLauncherHasThem() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        for (String said : List.of(AppClient.quickTimeout("list_jobs", AppClient.QUICK_TIMEOUT), AppClient.QUICK_TIMEOUT_FIX,
                "A quick call waits for the app at most " + AppClient.QUICK_TIMEOUT.toSeconds() + " s",
                "a quick lane of " + Lanes.QUICK_WORKERS + " workers", "a work lane of " + InFlightCalls.WORKING + " workers",
                "Jetty has " + HttpMcpServer.THREADS + " threads, the " + InFlightCalls.MAX + " calls all sessions may hold and "
                        + HttpMcpServer.HEADROOM + " over")) {
            assertTrue(doc.contains(said), () -> "docs/mcp.md does not say: " + said);
        }
    }

    /** The launcher over the tapped app, its quick calls waiting for the app at most {@code quickTimeout}. */
    private HttpMcpServer start(Duration quickTimeout) throws Exception {
        ToolContext context = HttpSessions.context(home, quickTimeout);
        return HttpSessions.start(context, new ToolDispatcher(context));
    }

    private static String answerOrReleased(CompletableFuture<String> call, TappedApp app) throws Exception {
        return HttpSessions.answerOrReleased(call, app, STALLED_QUICK, PATIENCE_S);
    }
}
