package org.sextant.mcp.server;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.sextant.mcp.tools.InFlightCalls;
import reactor.core.publisher.Mono;

/**
 * The workers of the quick tools, resource reads and prompts, shared out by session: each session runs at most
 * {@link #SHARE} quick calls at once, and its others wait for one of its own to end. All sessions together send the app
 * at most {@link #MOST} at once (its metadata reads have 8 slots beside its 32: 1,024 at once were mostly refused by it);
 * past that a call waits, and a freed worker goes to the waiting session that runs fewest. A health_check takes no slot
 * of the app (GET /health) and runs at once past {@link #MOST}: no set of sessions whose quick calls the app stalls can
 * make another session's health_check wait. Before, 16 workers were shared by all: two sessions' stalled calls filled
 * them, and another session's health_check waited up to 5 s for each round of 16 stalled calls ahead of it.
 *
 * <p>Workers start as calls need them and end after 60 s idle.
 */
final class QuickLane {
    /** Quick calls one session runs at once: half its calls (--http), so four sessions are needed to fill {@link #MOST}. */
    static final int SHARE = InFlightCalls.PER_SESSION / 2;
    /** Quick calls all sessions send the app at once (a health_check past them). */
    static final int MOST = 16;

    private final int share;
    private final int most;
    private final ExecutorService workers;
    /** The sessions with quick calls running or waiting, in the order they came. */
    private final Map<String, Session> sessions = new LinkedHashMap<>();
    private int running;

    QuickLane(String name) {
        this(name, SHARE, MOST);
    }

    QuickLane(String name, int share, int most) {
        this.share = share;
        this.most = most;
        AtomicInteger numbered = new AtomicInteger();
        // threads are bounded by the counts here, not by the pool: a thread ending one call may still be counted by it
        this.workers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, name + "-" + numbered.incrementAndGet());
            t.setDaemon(true); // the launcher exits when its transport ends, whatever a worker still waits on
            return t;
        });
    }

    private static final class Session {
        final ArrayDeque<Task> waiting = new ArrayDeque<>();
        int running;
    }

    /** One call: dropped when its subscriber cancels (not run if it waits; interrupted if it runs). */
    private static final class Task {
        final String session;
        final boolean bounded; // counted in MOST: it may take a slot of the app
        final Runnable body;
        private Thread thread;
        private boolean dropped;

        Task(String session, boolean bounded, Runnable body) {
            this.session = session;
            this.bounded = bounded;
            this.body = body;
        }

        void runHere() {
            synchronized (this) {
                if (dropped) return;
                thread = Thread.currentThread();
            }
            try {
                body.run();
            } finally {
                synchronized (this) {
                    thread = null;
                }
                Thread.interrupted(); // a drop's interrupt was this call's, not the worker's
            }
        }

        synchronized void drop() {
            dropped = true;
            if (thread != null) thread.interrupt();
        }
    }

    /**
     * {@code call} of {@code session} on a worker of its share: its answer (empty for null), or its error. A call not
     * {@code bounded} (it takes no slot of the app) is not counted in {@link #MOST}.
     */
    <T> Mono<T> run(String session, boolean bounded, Callable<T> call) {
        String key = session == null ? "" : session;
        return Mono.create(sink -> {
            Task task = new Task(key, bounded, () -> {
                T answer;
                try {
                    answer = call.call();
                } catch (Throwable e) {
                    sink.error(e);
                    return;
                }
                sink.success(answer);
            });
            sink.onCancel(task::drop);
            start(task);
        });
    }

    /** The quick calls of {@code session} running now. */
    synchronized int running(String session) {
        Session s = sessions.get(session == null ? "" : session);
        return s == null ? 0 : s.running;
    }

    private void start(Task task) {
        synchronized (this) {
            Session s = sessions.computeIfAbsent(task.session, k -> new Session());
            if (!mayRun(s, task)) {
                s.waiting.add(task);
                return;
            }
            count(s, task, 1);
        }
        workers.execute(() -> work(task));
    }

    private boolean mayRun(Session s, Task task) {
        return s.running < share && (!task.bounded || running < most);
    }

    private void count(Session s, Task task, int by) {
        s.running += by;
        if (task.bounded) running += by;
    }

    /** Runs the task, then each call that waited for its room, on this thread. */
    private void work(Task first) {
        for (Task task = first; task != null; task = ended(task)) task.runHere();
    }

    /**
     * The task ended: the next call to run on this worker, counted as running; null when none may. The waiting session
     * that runs fewest goes first (the first to come of those), so one session's queue does not keep the lane.
     */
    private synchronized Task ended(Task task) {
        Session own = sessions.get(task.session);
        count(own, task, -1);
        Session next = null;
        for (Session s : sessions.values()) {
            if (!s.waiting.isEmpty() && mayRun(s, s.waiting.peek()) && (next == null || s.running < next.running)) next = s;
        }
        Task taken = null;
        if (next != null) {
            taken = next.waiting.poll();
            count(next, taken, 1);
        }
        if (own.running == 0 && own.waiting.isEmpty()) sessions.remove(task.session);
        return taken;
    }
}
