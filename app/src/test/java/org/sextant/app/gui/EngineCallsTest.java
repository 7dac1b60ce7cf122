package org.sextant.app.gui;

import org.sextant.contract.FailReason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.jobs.Jobs;

/**
 * The one way ViewModels call the engine, without a screen or an engine: the "ui" executor is a
 * queue the test drains (or a named thread), the background one runs tasks in the order the test
 * chooses, so late and out-of-order answers are made on purpose rather than by timing.
 */
class EngineCallsTest {
    /** Liveness guard for background work, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 60;

    private final QueueExecutor ui = new QueueExecutor();
    private final QueueExecutor background = new QueueExecutor();
    private final List<String> shown = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private EngineCalls calls;

    @AfterEach
    void close() {
        if (calls != null) calls.close();
    }

    @Test
    void aSlowOlderAnswerArrivingAfterANewerRequestIsDropped() throws Exception {
        calls = new EngineCalls(background, ui, "test", errors::add);
        EngineCalls.Latest prices = new EngineCalls.Latest();
        CompletableFuture<String> older = calls.run(prices, () -> "AA", shown::add, "load AA");
        CompletableFuture<String> newer = calls.run(prices, () -> "IBM", shown::add, "load IBM");

        background.runNewestFirst(); // the older call is the slow one: it answers last
        ui.runAll();

        assertEquals(List.of("IBM"), shown, "only the newest request's answer reaches the view");
        assertEquals("IBM", newer.get());
        assertEquals("AA", older.get(), "the older call completes, but is not shown");
        assertEquals(Collections.singletonList(null), errors, "the applied success clears the error line once");
    }

    @Test
    void anOlderFailureAfterANewerRequestIsDroppedToo() throws Exception {
        calls = new EngineCalls(background, ui, "test", errors::add);
        EngineCalls.Latest prices = new EngineCalls.Latest();
        CompletableFuture<String> older = calls.run(prices, () -> {
            throw SextantException.notFound("symbol", "unknown symbol 'NOPE'", "list_symbols shows the symbols");
        }, shown::add, "load NOPE");
        calls.run(prices, () -> "IBM", shown::add, "load IBM");

        background.runNewestFirst();
        ui.runAll();

        assertEquals(List.of("IBM"), shown);
        assertEquals(Collections.singletonList(null), errors, "the superseded failure is not shown over the newer answer");
        assertThrows(ExecutionException.class, older::get);
    }

    @Test
    void requestsOfOtherPurposesOrOfNoneAreAllApplied() {
        calls = new EngineCalls(background, ui, "test", errors::add);
        calls.run(new EngineCalls.Latest(), () -> "symbols", shown::add, "list the symbols");
        calls.run(new EngineCalls.Latest(), () -> "summary", shown::add, "read the summary");
        calls.run(() -> "jobs", shown::add, errors::add, "list the jobs");
        calls.run(() -> "jobs again", shown::add, errors::add, "list the jobs");

        background.runNewestFirst();
        ui.runAll();

        assertEquals(List.of("jobs again", "jobs", "summary", "symbols"), shown);
    }

    @Test
    void answersArrivingAfterCloseAreDroppedAndNoCallStartsAfterIt() throws Exception {
        calls = new EngineCalls(background, ui, "test", errors::add);
        CompletableFuture<String> running = calls.run(new EngineCalls.Latest(), () -> "late", shown::add, "load");
        CompletableFuture<String> failing = calls.run(new EngineCalls.Latest(), () -> {
            throw new IllegalStateException("store closed");
        }, shown::add, "load");

        calls.close(); // the view closes while both calls are still running
        background.runNewestFirst();
        ui.runAll();

        assertEquals(List.of(), shown, "nothing is applied to a closed view");
        assertEquals(List.of(), errors, "nor any error");
        assertEquals("late", running.get(), "whoever waits still gets the answer");
        assertThrows(ExecutionException.class, failing::get);

        List<String> called = new ArrayList<>();
        CompletableFuture<String> after = calls.run(() -> {
            called.add("called");
            return "x";
        }, shown::add, errors::add, "load");
        background.runNewestFirst();
        ui.runAll();
        assertTrue(called.isEmpty(), "a closed model calls the engine no more");
        assertTrue(after.isCompletedExceptionally());
    }

    @Test
    void aFailureReachesTheViewOnTheUiExecutorWithTheEnginesFix() throws Exception {
        ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-fx"));
        try {
            List<String> errorThreads = new ArrayList<>();
            calls = new EngineCalls(null, fx, "test-engine", message -> {
                errorThreads.add(Thread.currentThread().getName());
                errors.add(message);
            });
            List<String> callThreads = new ArrayList<>();
            CompletableFuture<String> failed = calls.run(new EngineCalls.Latest(), () -> {
                callThreads.add(Thread.currentThread().getName() + (Thread.currentThread().isDaemon() ? " (daemon)" : ""));
                throw SextantException.invalid("top_k", "top_k must be an integer in 1..500", "pass top_k between 1 and 500");
            }, shown::add, "compare with history");

            ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(GIVE_UP_SECONDS, TimeUnit.SECONDS));
            assertInstanceOf(SextantException.class, e.getCause(), "the future fails with the engine's own exception");
            assertEquals(List.of("test-engine (daemon)"), callThreads, "the call ran on the model's own daemon thread");
            assertEquals(List.of("test-fx"), errorThreads, "the error was applied on the ui executor");
            assertEquals(List.of("Could not compare with history: top_k must be an integer in 1..500 (pass top_k between 1 and 500)"), errors);
            assertTrue(shown.isEmpty());
        } finally {
            fx.shutdownNow();
        }
    }

    @Test
    void nothingIsAppliedBeforeTheUiExecutorRuns() {
        calls = new EngineCalls(background, ui, "test", errors::add);
        CompletableFuture<String> done = calls.run(null, () -> "AA", shown::add, "load");
        background.runNewestFirst();
        assertTrue(shown.isEmpty(), "the answer waits for the ui executor");
        assertFalse(done.isDone(), "the future completes once the answer is applied");
        ui.runAll();
        assertEquals(List.of("AA"), shown);
        assertTrue(done.isDone());
    }

    @Test
    void busyWhileAnyCallIsInFlightSupersededOnesIncluded() {
        calls = new EngineCalls(background, ui, "test", errors::add);
        EngineCalls.Latest purpose = new EngineCalls.Latest();
        calls.run(purpose, () -> "a", shown::add, "load");
        calls.run(purpose, () -> "b", shown::add, "load");
        ui.runAll();
        assertTrue(calls.busyProperty().get());
        background.runOldestFirst(1);
        ui.runAll();
        assertTrue(calls.busyProperty().get(), "the newer call still runs");
        background.runNewestFirst();
        ui.runAll();
        assertFalse(calls.busyProperty().get());
        assertEquals(List.of("b"), shown);
    }

    @Test
    void aFailingApplyIsReportedLikeAFailingCall() {
        calls = new EngineCalls(background, ui, "test", errors::add);
        CompletableFuture<String> done = calls.run(null, () -> "{bad", text -> {
            throw new IllegalArgumentException("unreadable answer " + text);
        }, "open the run");
        background.runNewestFirst();
        ui.runAll();
        assertEquals(List.of("Could not open the run: unreadable answer {bad"), errors);
        assertTrue(done.isCompletedExceptionally());
        assertFalse(calls.busyProperty().get());
    }

    @Test
    void aFollowedJobShowsEachStatusThenItsEndWhileOtherCallsStillGetThrough(@TempDir Path dir) throws Exception {
        ExecutorService fx = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-fx"));
        Jobs jobs = new Jobs(dir);
        try {
            calls = new EngineCalls(null, fx, "test-engine", errors::add);
            CountDownLatch halfway = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            List<String> statuses = Collections.synchronizedList(new ArrayList<>());
            List<JobState> ends = new ArrayList<>();
            CompletableFuture<JobStatus> followed = calls.followJob(() -> jobs.submit("test_wait", List.of("x"), false, IfInterrupted.KEEPS_AT_END, ctx -> {
                ctx.progress(0.5, "halfway");
                halfway.countDown();
                if (!release.await(GIVE_UP_SECONDS, TimeUnit.SECONDS)) throw new IllegalStateException("never released");
                return "done";
            }), jobs::status, 10, s -> statuses.add(s.state() + " " + s.message()), s -> ends.add(s.state()), errors::add, "wait");

            assertTrue(halfway.await(GIVE_UP_SECONDS, TimeUnit.SECONDS));
            // the job is running and followed by polls on the model's single engine thread: another call still gets through
            assertEquals("listed", calls.run(null, () -> "listed", shown::add, errors::add, "list").get(GIVE_UP_SECONDS, TimeUnit.SECONDS));
            for (int i = 0; i < GIVE_UP_SECONDS * 200 && !statuses.contains("RUNNING halfway"); i++) Thread.sleep(5);
            assertTrue(statuses.contains("RUNNING halfway"), "the running job's progress is shown: " + statuses);
            assertFalse(followed.isDone());
            release.countDown();

            JobStatus end = followed.get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
            assertEquals(JobState.SUCCEEDED, end.state());
            assertEquals(List.of(JobState.SUCCEEDED), ends, "the end is shown once, after the statuses");
            assertTrue(statuses.get(statuses.size() - 1).startsWith("SUCCEEDED"), statuses.toString());
            assertTrue(errors.isEmpty(), errors.toString());
        } finally {
            fx.shutdownNow();
            jobs.close();
        }
    }

    @Test
    void aJobThatCannotStartSaysWhy() throws Exception {
        calls = new EngineCalls(background, ui, "test", errors::add);
        CompletableFuture<JobStatus> followed = calls.followJob(() -> {
            throw SextantException.invalid("symbols", "unknown symbol 'NOSUCH'", "list_symbols shows the symbols");
        }, id -> { throw new AssertionError("no job to read"); }, 10, s -> shown.add("status"), s -> shown.add("end"), errors::add, "start the sweep");
        background.runNewestFirst();
        ui.runAll();
        assertEquals(List.of("Could not start the sweep: unknown symbol 'NOSUCH' (list_symbols shows the symbols)"), errors);
        assertTrue(shown.isEmpty());
        assertInstanceOf(SextantException.class, assertThrows(ExecutionException.class, followed::get).getCause());
    }

    @Test
    void describeNamesWhatFailedAndTheFix() {
        assertEquals("Could not list the symbols: store is closed", EngineCalls.describe("list the symbols", new IllegalStateException("store is closed")));
        assertEquals("Could not scan: NullPointerException", EngineCalls.describe("scan", new NullPointerException()));
        SextantException noFix = new SextantException(FailReason.NOT_FOUND, "no run 'r1'", "run_id", null);
        assertEquals("Could not open the run: no run 'r1'", EngineCalls.describe("open the run", new java.util.concurrent.CompletionException(noFix)));
        assertNull(noFix.fix());
    }

    /** Holds tasks until the test runs them, in the order it chooses. */
    private static final class QueueExecutor implements Executor {
        private final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public synchronized void execute(Runnable task) {
            tasks.add(task);
        }

        /** Runs every task, including those queued meanwhile, oldest first. */
        void runAll() {
            Runnable next;
            while ((next = poll(true)) != null) next.run();
        }

        void runNewestFirst() {
            Runnable next;
            while ((next = poll(false)) != null) next.run();
        }

        void runOldestFirst(int n) {
            for (int i = 0; i < n; i++) poll(true).run();
        }

        private synchronized Runnable poll(boolean oldest) {
            return oldest ? tasks.pollFirst() : tasks.pollLast();
        }
    }
}
