package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.PATIENCE_S;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.envelope.ToolFailure;

/** The quick lane's shares by session, and a quick call's wait for the app counted from its reading. */
class QuickLaneSharesTest {
    @TempDir Path home;

    /**
     * Two quick calls of one session read together, one worker for it: the second waits while the app stalls the first.
     * Its wait counts from its reading, so once a worker takes it its time is gone: it is answered at once, not sent to
     * the app. Before, its 5 s started at the worker: it reached the app and waited its own quick timeout on top.
     */
    @Test
    void aQuickCallWhoseTimeWentWaitingForAWorkerIsAnsweredAtOnceAndNeverSent(@TempSextant Sextant engine) throws Exception {
        Duration quickTimeout = Duration.ofSeconds(2);
        QuickLane lane = new QuickLane("test-quick", 1, QuickLane.MOST);
        try (TappedApp app = TappedApp.start(engine, home)) {
            app.hold(HttpSessions.STALLED_QUICK);
            try {
                AppClient client = new AppClient(home.resolve("run/app.json"), Duration.ofSeconds(300), quickTimeout);
                long readAt = System.nanoTime();
                CompletableFuture<Map<String, Object>> first = listJobs(lane, client, readAt);
                CompletableFuture<Map<String, Object>> second = listJobs(lane, client, readAt);

                ToolFailure stalled = failure(first);
                assertEquals("timeout", stalled.failReason());
                assertEquals(AppClient.quickTimeout("list_jobs", quickTimeout), stalled.getMessage());
                ToolFailure inLine = failure(second);
                assertEquals("timeout", inLine.failReason());
                assertEquals(AppClient.quickTimeoutInLine("list_jobs", quickTimeout), inLine.getMessage());
                assertEquals(AppClient.QUICK_TIMEOUT_FIX, inLine.clientHint());
                assertEquals(1, app.calls(HttpSessions.STALLED_QUICK), "the call whose time went in line never reached the app");
            } finally {
                app.release(HttpSessions.STALLED_QUICK);
            }
        }
    }

    /** One session's calls past its share wait for its own; another session's call runs at once beside them. */
    @Test
    void aSessionPastItsShareWaitsForItsOwnCallsAndAnotherSessionRunsAtOnce() throws Exception {
        QuickLane lane = new QuickLane("test-quick", 2, QuickLane.MOST);
        CountDownLatch stalled = new CountDownLatch(1);
        try {
            for (int i = 0; i < 3; i++) lane.run("a", true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            assertTrue(HttpSessions.eventually(() -> lane.running("a") == 2, PATIENCE_S), "a runs its share");
            assertEquals("b's", lane.run("b", true, () -> "b's").toFuture().get(PATIENCE_S, TimeUnit.SECONDS));
            assertEquals(2, lane.running("a"), "a's third call waits for one of a's own");
        } finally {
            stalled.countDown();
        }
        assertTrue(HttpSessions.eventually(() -> lane.running("a") == 0, PATIENCE_S), "a's waiting call ran once one of its own ended");
    }

    /** Past all sessions' bound a call waits for any session's call to end; a call cancelled while waiting never runs. */
    @Test
    void pastAllSessionsBoundACallWaitsForAnyAndACancelledOneNeverRuns() throws Exception {
        QuickLane lane = new QuickLane("test-quick", 8, 2);
        CountDownLatch stalled = new CountDownLatch(1);
        CountDownLatch ran = new CountDownLatch(1);
        boolean[] cancelledRan = new boolean[1];
        try {
            lane.run("a", true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            lane.run("b", true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            assertTrue(HttpSessions.eventually(() -> lane.running("a") + lane.running("b") == 2, PATIENCE_S));
            lane.run("c", true, () -> cancelledRan[0] = true).subscribe().dispose();
            CompletableFuture<String> waiting = lane.run("c", true, () -> {
                ran.countDown();
                return "c's";
            }).toFuture();
            assertFalse(ran.await(200, TimeUnit.MILLISECONDS), "c waits while the lane runs its most");
            stalled.countDown();
            assertEquals("c's", waiting.get(PATIENCE_S, TimeUnit.SECONDS));
            assertFalse(cancelledRan[0], "the call cancelled while it waited never ran");
        } finally {
            stalled.countDown();
        }
    }

    /** A call that takes no slot of the app (health_check) runs at once past all sessions' bound. */
    @Test
    void aCallTakingNoSlotOfTheAppRunsPastAllSessionsBound() throws Exception {
        QuickLane lane = new QuickLane("test-quick", 8, 1);
        CountDownLatch stalled = new CountDownLatch(1);
        try {
            lane.run("a", true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            assertTrue(HttpSessions.eventually(() -> lane.running("a") == 1, PATIENCE_S));
            assertEquals("health", lane.run("b", false, () -> "health").toFuture().get(PATIENCE_S, TimeUnit.SECONDS));
        } finally {
            stalled.countDown();
        }
    }

    /** A freed worker goes to the waiting session that runs fewest, not back to the session whose call ended. */
    @Test
    void aFreedWorkerGoesToTheWaitingSessionThatRunsFewest() throws Exception {
        QuickLane lane = new QuickLane("test-quick", 8, 2);
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch rest = new CountDownLatch(1);
        try {
            lane.run("a", true, () -> first.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            lane.run("a", true, () -> rest.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            assertTrue(HttpSessions.eventually(() -> lane.running("a") == 2, PATIENCE_S));
            lane.run("a", true, () -> rest.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe(); // a's third waits
            CompletableFuture<String> b = lane.run("b", true, () -> "b's").toFuture(); // b's waits behind it
            first.countDown();
            assertEquals("b's", b.get(PATIENCE_S, TimeUnit.SECONDS), "b, running none, took the worker a's first call freed");
        } finally {
            first.countDown();
            rest.countDown();
        }
    }

    private static CompletableFuture<Map<String, Object>> listJobs(QuickLane lane, AppClient client, long readAt) {
        return lane.run("s", true, () -> AppClient.quick(readAt, () -> client.call(Capabilities.LIST_JOBS, Map.of()))).toFuture();
    }

    private static ToolFailure failure(CompletableFuture<?> call) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(PATIENCE_S, TimeUnit.SECONDS));
        return assertInstanceOf(ToolFailure.class, e.getCause());
    }
}
