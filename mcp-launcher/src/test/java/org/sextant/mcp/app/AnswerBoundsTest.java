package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Attack 36b: the launcher read and parsed every app answer whole, with no bound, so a few sessions' legal large answers at
 * once ran its 1 GB heap out. One answer is bounded in bytes, and large answers together by a launcher-wide budget: one past
 * it waits for room or is refused with resource_limit; small answers (every quick call's) reserve nothing.
 */
class AnswerBoundsTest {
    private static final Duration CONNECT = Duration.ofSeconds(3);
    private static final Duration ANSWER = Duration.ofSeconds(60);
    /** How long the test waits for what should come before it calls it a hang; measures nothing. */
    private static final long PATIENCE_S = 60;
    private static final long MB = 1 << 20;

    private LoopbackHttpTest.ScriptedServer server;

    @AfterEach
    void stop() throws IOException {
        if (server != null) server.close();
    }

    /** A JSON answer of {@code bytes} bytes ({"ok":true,"data":{"text":"xxx..."}}). */
    static String answerOf(long bytes) {
        String head = "{\"ok\":true,\"data\":{\"text\":\"", tail = "\"}}";
        return head + "x".repeat((int) (bytes - head.length() - tail.length())) + tail;
    }

    @Test
    void anAnswerOverTheBoundOnOneAnswerIsRefusedUnreadNamingTheBoundAndTheFix() throws Exception {
        server = new LoopbackHttpTest.ScriptedServer(n -> LoopbackHttpTest.ok(n == 0 ? answerOf(5000) : "{\"ok\":true,\"n\":1}"), n -> false);
        LoopbackHttp http = new LoopbackHttp(new AnswersInFlight(64 * MB, 0), 4096);
        LoopbackHttp.AnswerTooLarge e = assertThrows(LoopbackHttp.AnswerTooLarge.class,
                () -> http.exchange(server.port(), "/api/v1/run_select", "t", null, CONNECT, ANSWER));
        assertEquals(5000, e.bytes);
        ToolFailure f = AppClient.tooLarge("run_select", e);
        assertEquals("resource_limit", f.failReason());
        assertEquals("the app's answer to 'run_select' has 5000 bytes of JSON, over the 4096 bytes the launcher reads of one answer"
                + " (answers are parsed in its memory); it was not read", f.getMessage());
        assertTrue(f.clientHint().contains("a narrower SELECT (fewer columns) or a LIMIT, and page with OFFSET"), f.clientHint());
        // the unread answer's connection is not used again: the next call is answered its own answer
        assertEquals("{\"ok\":true,\"n\":1}", http.exchange(server.port(), "/api/v1/health", "t", null, CONNECT, ANSWER).body());
        assertEquals(2, server.connections.get());
    }

    @Test
    void aChunkedAnswerGrowingPastTheBoundIsRefused() throws Exception {
        String chunk = "x".repeat(1000);
        StringBuilder chunked = new StringBuilder("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (int i = 0; i < 6; i++) chunked.append("3e8\r\n").append(chunk).append("\r\n");
        String answer = chunked.append("0\r\n\r\n").toString();
        server = new LoopbackHttpTest.ScriptedServer(n -> answer, n -> false);
        LoopbackHttp http = new LoopbackHttp(new AnswersInFlight(64 * MB, 0), 4096);
        LoopbackHttp.AnswerTooLarge e = assertThrows(LoopbackHttp.AnswerTooLarge.class,
                () -> http.exchange(server.port(), "/api/v1/run_select", "t", null, CONNECT, ANSWER));
        assertEquals(5000, e.bytes);
        assertTrue(AppClient.tooLarge("run_select", e).getMessage().contains("has over 5000 bytes of JSON"));
    }

    @Test
    void largeAnswersPastTheLauncherBudgetAreRefusedWhileOthersHoldItAndSmallOnesNever() throws Exception {
        String large = answerOf(3 * MB), small = "{\"ok\":true,\"data\":{}}"; // a large one holds 2 MB (past the first, free MB)
        server = new LoopbackHttpTest.ScriptedServer(n -> LoopbackHttpTest.ok(n == 2 || n == 4 ? small : large), n -> false);
        AnswersInFlight budget = new AnswersInFlight(4 * MB, 0); // two large answers at once; no wait
        LoopbackHttp http = new LoopbackHttp(budget, 32 * MB);
        LoopbackHttp.Response first = http.exchange(server.port(), "/api/v1/a", "t", null, CONNECT, ANSWER);
        LoopbackHttp.Response second = http.exchange(server.port(), "/api/v1/b", "t", null, CONNECT, ANSWER);
        assertEquals(4 * MB, budget.reserved());
        assertEquals(small, http.exchange(server.port(), "/api/v1/health", "t", null, CONNECT, ANSWER).body(), "a small answer is read");
        AnswersInFlight.Busy busy = assertThrows(AnswersInFlight.Busy.class,
                () -> http.exchange(server.port(), "/api/v1/run_select", "t", null, CONNECT, ANSWER));
        ToolFailure f = AppClient.busy("run_select", busy);
        assertEquals("resource_limit", f.failReason());
        assertEquals("the app's answer to 'run_select' (" + 3 * MB + " bytes of JSON) found no room: the launcher reads at most 4 MB"
                + " of large answers at once, over all sessions, and other calls' answers held 4 MB all the time it waited; it was"
                + " not read", f.getMessage());
        assertEquals(small, http.exchange(server.port(), "/api/v1/health", "t", null, CONNECT, ANSWER).body(), "still read when full");
        first.close();
        try (LoopbackHttp.Response third = http.exchange(server.port(), "/api/v1/c", "t", null, CONNECT, ANSWER)) {
            assertEquals(3 * MB, third.bytes().length, "room given back by a parsed answer is used again");
        }
        second.close();
        assertEquals(0, budget.reserved());
        assertEquals(4 * MB, budget.peak());
    }

    @Test
    void aLargeAnswerPastTheBudgetWaitsForRoomAndIsReadOnceAnotherIsParsed() throws Exception {
        String large = answerOf(3 * MB);
        server = new LoopbackHttpTest.ScriptedServer(n -> LoopbackHttpTest.ok(large), n -> false);
        AnswersInFlight budget = new AnswersInFlight(4 * MB, TimeUnit.SECONDS.toNanos(PATIENCE_S));
        LoopbackHttp http = new LoopbackHttp(budget, 32 * MB);
        LoopbackHttp.Response first = http.exchange(server.port(), "/api/v1/a", "t", null, CONNECT, ANSWER);
        LoopbackHttp.Response second = http.exchange(server.port(), "/api/v1/b", "t", null, CONNECT, ANSWER);
        int[] read = new int[1];
        Thread third = new Thread(() -> {
            try (LoopbackHttp.Response r = http.exchange(server.port(), "/api/v1/c", "t", null, CONNECT, ANSWER)) {
                read[0] = r.bytes().length;
            } catch (IOException e) {
                read[0] = -1;
            }
        });
        third.start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_S);
        while (third.getState() != Thread.State.TIMED_WAITING || budget.reserved() != 4 * MB) {
            if (System.nanoTime() > until) throw new AssertionError("the third answer did not wait for room (a hang?)");
            Thread.sleep(10);
        }
        assertEquals(0, read[0], "read while two others held the budget");
        first.close();
        third.join(TimeUnit.SECONDS.toMillis(PATIENCE_S));
        assertEquals(3 * MB, read[0]);
        second.close();
        assertEquals(4 * MB, budget.peak(), "never more than the budget at once");
    }

    @Test
    void theLaunchersBudgetIsAnEighthOfItsHeapAndAtLeastTheLargestAnswer() {
        assertEquals(128 * MB, AnswersInFlight.launcherBytes(1024 * MB));
        assertEquals(LoopbackHttp.MAX_ANSWER_BYTES, AnswersInFlight.launcherBytes(64 * MB));
    }
}
