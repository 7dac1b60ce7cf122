package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;

/**
 * Attack 35, F6: sessions reading big tables together took every core from the quick calls of others. Pages are written
 * in turns, at most so many at once over all sessions; the others wait (their answers are not refused).
 */
class TableReadTurnsTest {
    /** How long the test waits for what should come before it calls it a hang; measures nothing. */
    private static final long PATIENCE_S = 60;

    /** A page writer that can be held: how many pages are being written at once is then seen. */
    static final class HeldWriter {
        static volatile CountDownLatch release;
        static final AtomicInteger writing = new AtomicInteger();

        static String write(Object page) {
            CountDownLatch held = release;
            if (held != null) {
                writing.incrementAndGet();
                try {
                    held.await(PATIENCE_S, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Json.write(page);
        }
    }

    @Test
    void twoSessionsReadingAtOnceWithOneTurnWriteOnePageAtATime() throws Exception {
        SessionTables tables = new SessionTables(() -> new TableStore(TableStore.MAX_TABLES, TableStore.MAX_ROWS, TableStore.MAX_BYTES,
                TableStore.PAGE_BYTES, HeldWriter::write), SessionTables.LAUNCHER_BYTES, 1);
        String a = tables.of("a").put("a", List.of(), List.of(List.of(1))).uri();
        String b = tables.of("b").put("b", List.of(), List.of(List.of(1))).uri();
        HeldWriter.release = new CountDownLatch(1);
        HeldWriter.writing.set(0);
        Optional<?>[] answers = new Optional<?>[2];
        Thread first = reader(tables, "a", a, answers, 0);
        waitUntil(() -> HeldWriter.writing.get() == 1);
        Thread second = reader(tables, "b", b, answers, 1);
        waitUntil(() -> second.getState() == Thread.State.WAITING || second.getState() == Thread.State.TIMED_WAITING);
        assertEquals(1, HeldWriter.writing.get(), "a second page was written while one was");
        HeldWriter.release.countDown();
        first.join();
        second.join();
        assertTrue(answers[0].isPresent() && answers[1].isPresent(), "the read that waited its turn was answered");
        assertEquals(2, HeldWriter.writing.get());
    }

    /** A session ended (DELETE, expiry) while its read waited its turn gets no page: as any read of an ended session, none found. */
    @Test
    void aSessionEndedWhileItsReadWaitsItsTurnGetsNoPage() throws Exception {
        java.util.Set<String> open = java.util.concurrent.ConcurrentHashMap.newKeySet();
        open.addAll(List.of("a", "b"));
        SessionTables tables = new SessionTables(() -> new TableStore(TableStore.MAX_TABLES, TableStore.MAX_ROWS, TableStore.MAX_BYTES,
                TableStore.PAGE_BYTES, HeldWriter::write), SessionTables.LAUNCHER_BYTES, 1);
        tables.openWhile(open::contains);
        String a = tables.of("a").put("a", List.of(), List.of(List.of(1))).uri();
        String b = tables.of("b").put("b", List.of(), List.of(List.of(1))).uri();
        HeldWriter.release = new CountDownLatch(1);
        HeldWriter.writing.set(0);
        Optional<?>[] answers = new Optional<?>[2];
        Thread first = reader(tables, "a", a, answers, 0);
        waitUntil(() -> HeldWriter.writing.get() == 1);
        Thread second = reader(tables, "b", b, answers, 1);
        waitUntil(() -> second.getState() == Thread.State.WAITING || second.getState() == Thread.State.TIMED_WAITING);
        open.remove("b"); // its DELETE was answered; its tables are dropped just after
        HeldWriter.release.countDown();
        first.join();
        second.join();
        assertTrue(answers[0].isPresent(), "the open session's read is answered");
        assertEquals(Optional.empty(), answers[1], "the ended session's read found its page");
        assertEquals(1, HeldWriter.writing.get(), "a page was written for the ended session");
    }

    private static Thread reader(SessionTables tables, String session, String uri, Optional<?>[] answers, int at) {
        Thread t = new Thread(() -> {
            try {
                answers[at] = tables.read(session, uri);
            } catch (Exception e) {
                answers[at] = Optional.empty();
            }
        });
        t.start();
        return t;
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_S);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) throw new AssertionError("not within " + PATIENCE_S + " s (a hang)");
            Thread.sleep(10);
        }
    }
}
