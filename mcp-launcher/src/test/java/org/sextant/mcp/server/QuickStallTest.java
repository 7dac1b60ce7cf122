package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                assertTrue(HttpSessions.eventually(() -> app.holding(STALLED_QUICK) == QuickLane.SHARE, PATIENCE_S),
                        () -> "A's share of quick calls reached the app (its others wait for them): held " + app.holding(STALLED_QUICK));
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
     * Each session runs its quick calls in its own share of the quick lane: however many sessions the app stalls, every
     * one of their calls reaches the app (none waits for a worker) and another session's health_check is answered while
     * the app still holds them all. Before, 16 workers were shared: 2 sessions' stalled calls filled them, the rest waited,
     * and the victim waited until a round of stalled calls was answered (the app's wait is long here: it never was).
     */
    @Test
    void stalledQuickCallsOfThreeSessionsHoldNoWorkerAnotherSessionNeeds(@TempSextant Sextant engine) throws Exception {
        victimBeside(engine, 3, Duration.ofSeconds(120));
    }

    @Test
    void stalledQuickCallsOfSixSessionsHoldNoWorkerAnotherSessionNeeds(@TempSextant Sextant engine) throws Exception {
        victimBeside(engine, 6, Duration.ofSeconds(120));
    }

    /** With the real quick timeout the stalled calls are answered as the app not answering, with the fix, while it holds them. */
    @Test
    void stalledQuickCallsAreAnsweredAsTheAppNotAnsweringAndTheVictimIsServed(@TempSextant Sextant engine) throws Exception {
        for (Future<String> call : victimBeside(engine, 3, AppClient.QUICK_TIMEOUT)) {
            String answer = call.get(PATIENCE_S, TimeUnit.SECONDS); // sent and not answered, or its time gone waiting for its share
            assertTrue(answer.contains("\"isError\":true") && answer.contains("\"fail_reason\":\"timeout\"") && answer.contains(AppClient.QUICK_TIMEOUT_FIX)
                    && (answer.contains(AppClient.quickTimeout("list_jobs", AppClient.QUICK_TIMEOUT))
                    || answer.contains(AppClient.quickTimeoutInLine("list_jobs", AppClient.QUICK_TIMEOUT))), answer);
        }
    }

    /**
     * {@code sessions} sessions each send their share of quick calls the app stalls; once the app holds every one, another
     * session's health_check must be answered. The stalled calls' futures (answered once the app lets them go, or by the
     * quick timeout).
     */
    private List<Future<String>> victimBeside(Sextant engine, int sessions, Duration quickTimeout) throws Exception {
        int calls = sessions * InFlightCalls.PER_SESSION;
        ExecutorService clients = Executors.newFixedThreadPool(calls);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start(quickTimeout)) {
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
                // a session's share each, all together at most MOST (the tap holds a request until released, answered or not)
                int reaching = Math.min(sessions * QuickLane.SHARE, QuickLane.MOST);
                assertTrue(HttpSessions.eventually(() -> app.holding(STALLED_QUICK) >= reaching, PATIENCE_S),
                        () -> "the stalled calls reached the app: held " + app.holding(STALLED_QUICK) + " of " + reaching);
                String victim = HttpSessions.open(server.port());
                long asked = System.nanoTime();
                String health = answerOrReleased(CompletableFuture.supplyAsync(
                        () -> HttpSessions.post(server.port(), victim, HttpSessions.call(100, "health_check"))), app);
                System.out.printf("victim health_check beside %d stalled quick calls of %d sessions (quick timeout %d s): %.0f ms%n",
                        calls, sessions, quickTimeout.toSeconds(), (System.nanoTime() - asked) / 1e6);
                assertTrue(health.startsWith("HTTP/1.1 200") && health.contains("\"id\":100") && health.contains("\"isError\":false"),
                        () -> "answered while the app held the stalled calls: " + health);
                if (quickTimeout.compareTo(Duration.ofSeconds(PATIENCE_S)) < 0) {
                    for (Future<String> f : stalled) f.get(PATIENCE_S, TimeUnit.SECONDS); // answered by the quick timeout
                } else {
                    assertEquals(reaching, app.holding(STALLED_QUICK), "no more stalled calls reached the app than the lane's bounds");
                }
                return stalled;
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
                "at most " + QuickLane.SHARE + " quick calls of one session run at once", "the quick calls of all sessions at most "
                        + QuickLane.MOST, "a work lane of " + InFlightCalls.WORKING + " workers", AppClient.quickTimeoutInLine("list_jobs", AppClient.QUICK_TIMEOUT),
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
