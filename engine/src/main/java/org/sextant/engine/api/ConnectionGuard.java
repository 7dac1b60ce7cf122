package org.sextant.engine.api;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The executor of the local API's JDK server, bounding what slow clients can hold.
 *
 * <p>The JDK server reads each request's line and headers on an executor thread, blocking, with
 * no deadline (its maxReqTime only closes connections once a second, and a fixed pool still
 * waits behind them). So every request runs on its own thread here, the requests still reading
 * their head are tracked in arrival order, and a reader is cut by interrupting its thread (the
 * blocking socket channel then closes, and the JDK closes the connection quietly) when it is
 * older than the head timeout or when more than {@code maxUnauthenticated} are reading: the
 * oldest goes, so a new caller whose head arrives at once is never refused. The bodies of
 * authenticated requests are read the same way, in a lane of their own ({@code maxBodies}, the
 * oldest refused over it: answered 503 resource_limit, then its connection closed), before the
 * request takes a slot: a client stalling many bodies holds no slot and cannot hold the lane. A
 * body has a longer deadline than a head, and a short one for its next byte; an answer must be taken by its client within the body's deadline, so a client that
 * stops reading cannot hold a slot either. Idle connections hold no thread. The same sweep tells
 * reads still computing whether their client went away ({@link ClientWatch}).
 */
final class ConnectionGuard implements Executor, AutoCloseable {
    private enum Phase { HEAD, BODY, ANSWER }

    private static final class Reader {
        final Thread thread;
        final Phase phase;
        final long deadlineNanos;
        /** When its last bytes arrived (a body's), for its stall deadline. */
        volatile long lastBytesNanos;
        /** A body's: writes its 503 from another thread while it is blocked reading (null for heads and answers). */
        final OverLane overLane;
        /** Refused over the lane: its 503 is being written; it is woken only after, and only while it has not ended. */
        boolean refused; // guarded by the guard
        boolean ended; // guarded by the guard
        final java.util.concurrent.CountDownLatch refusalWritten = new java.util.concurrent.CountDownLatch(1);

        Reader(Thread thread, Phase phase, long deadlineNanos, long now, OverLane overLane) {
            this.thread = thread;
            this.phase = phase;
            this.deadlineNanos = deadlineNanos;
            this.lastBytesNanos = now;
            this.overLane = overLane;
        }
    }

    /** Answers a body refused over the lane (503 resource_limit), written while its own reader is blocked on the body. */
    interface OverLane {
        void answer() throws java.io.IOException;
    }

    private final ConnectionLimits limits;
    private final ApiTraffic traffic;
    private final ExecutorService workers;
    private final ScheduledExecutorService sweeper;
    private final Deque<Reader> readers = new ArrayDeque<>(); // guarded by this; oldest first
    private final ThreadLocal<Reader> current = new ThreadLocal<>();
    private final ClientWatch clients = new ClientWatch();
    private volatile Runnable alsoEachSweep = () -> {};

    ConnectionGuard(ConnectionLimits limits, ApiTraffic traffic) {
        this.limits = limits;
        this.traffic = traffic;
        // threads are reused for 60 s; the head readers among them are capped above
        this.workers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), org.sextant.engine.DaemonThreads.named("sextant-api"));
        this.sweeper = Executors.newSingleThreadScheduledExecutor(org.sextant.engine.DaemonThreads.named("sextant-api-guard"));
        sweeper.scheduleWithFixedDelay(this::sweep, 100, 100, TimeUnit.MILLISECONDS);
    }

    /** Runs one exchange of the JDK server: the reading of its head is guarded from the start. */
    @Override
    public void execute(Runnable exchange) {
        workers.execute(() -> {
            begin(Phase.HEAD, limits.headTimeout().toNanos(), null);
            try {
                exchange.run();
            } finally {
                end();
                Thread.interrupted(); // a late cut must not reach the next exchange on this thread
            }
        });
    }

    /** The head has arrived (the handler runs): false when it was cut meanwhile, and the exchange must be dropped. */
    boolean headArrived() {
        return end();
    }

    /**
     * The handler starts reading the body of an authenticated request. Over the lane the oldest body still arriving is
     * refused: its {@code overLane} answer is written here, then its reader woken (its connection then closes).
     */
    void bodyStarted(OverLane overLane) {
        Reader refused = begin(Phase.BODY, limits.bodyTimeout().toNanos(), overLane);
        if (refused == null) return;
        try {
            refused.overLane.answer();
        } catch (java.io.IOException | RuntimeException gone) {
            // its client went away: it is cut all the same
        } finally {
            synchronized (this) {
                if (!refused.ended) refused.thread.interrupt(); // its blocked read fails and its connection closes
            }
            refused.refusalWritten.countDown();
        }
    }

    /** Bytes of the body being read on this thread have arrived: its stall deadline starts again. */
    void bodyProgress() {
        Reader r = current.get();
        if (r != null) r.lastBytesNanos = System.nanoTime();
    }

    /** The body is read: false when it was cut meanwhile. */
    boolean bodyRead() {
        return end();
    }

    /** The handler starts writing an answer, which its client must take within the body deadline (a slot is held meanwhile). */
    void answerStarted() {
        begin(Phase.ANSWER, limits.bodyTimeout().toNanos(), null);
    }

    /** The answer is written: false when it was cut meanwhile. */
    boolean answerSent() {
        return end();
    }

    /** Guards this thread in {@code phase}; the body refused over the lane, if any, for its caller to answer and wake. */
    private synchronized Reader begin(Phase phase, long timeoutNanos, OverLane overLane) {
        Reader refused = null;
        if (phase != Phase.ANSWER && readers(phase) >= (phase == Phase.HEAD ? limits.maxUnauthenticated() : limits.maxBodies())) {
            refused = cutOldest(phase);
        }
        long now = System.nanoTime();
        Reader r = new Reader(Thread.currentThread(), phase, now + timeoutNanos, now, overLane);
        readers.addLast(r);
        current.set(r);
        return refused;
    }

    /** Stops guarding this thread; false when it was cut or refused (its interrupt is then consumed here). */
    private boolean end() {
        Reader r = current.get();
        current.remove();
        if (r == null) return true;
        synchronized (this) {
            r.ended = true;
            if (readers.remove(r)) return true;
        }
        if (r.refused) { // its 503 is written before its exchange is closed here: one writer at a time
            while (true) {
                try {
                    r.refusalWritten.await();
                    break;
                } catch (InterruptedException wokenToRefuse) {
                    // the wake-up that refused it: consumed
                }
            }
            Thread.interrupted();
            return false;
        }
        return !Thread.interrupted();
    }

    private int readers(Phase phase) {
        int n = 0;
        for (Reader r : readers) if (r.phase == phase) n++;
        return n;
    }

    /** Cuts the oldest head, or takes the oldest body out of the lane to be answered (returned: its answer is written outside the lock). */
    private Reader cutOldest(Phase phase) {
        for (Iterator<Reader> it = readers.iterator(); it.hasNext(); ) {
            Reader r = it.next();
            if (r.phase == phase) {
                it.remove();
                traffic.count(phase == Phase.HEAD ? ApiTraffic.Event.OVER_CAP_CUT : ApiTraffic.Event.OVER_CAP_BODY_CUT);
                if (r.overLane == null) {
                    r.thread.interrupt();
                    return null;
                }
                r.refused = true;
                return r;
            }
        }
        return null;
    }

    private synchronized void cutOverdue() {
        long now = System.nanoTime(), stall = limits.bodyStall().toNanos();
        for (Iterator<Reader> it = readers.iterator(); it.hasNext(); ) {
            Reader r = it.next();
            if (now - r.deadlineNanos >= 0 || r.phase == Phase.BODY && now - r.lastBytesNanos >= stall) {
                it.remove();
                r.thread.interrupt();
                traffic.count(switch (r.phase) {
                    case HEAD -> ApiTraffic.Event.SLOW_HEAD_CUT;
                    case BODY -> ApiTraffic.Event.SLOW_BODY_CUT;
                    case ANSWER -> ApiTraffic.Event.SLOW_ANSWER_CUT;
                });
            }
        }
    }

    /** Starts watching a request's connection (server's and client's port) until {@link #unwatch}: the flag turns true once the client went away. */
    ClientWatch.Watched watch(int localPort, int remotePort) {
        return clients.watch(localPort, remotePort);
    }

    void unwatch(ClientWatch.Watched w) {
        clients.unwatch(w);
    }

    /** Runs {@code check} at each sweep too (the listener's watch). */
    void alsoEachSweep(Runnable check) {
        this.alsoEachSweep = check;
    }

    private void sweep() {
        cutOverdue();
        clients.sweep();
        traffic.summarize(false);
        try {
            alsoEachSweep.run();
        } catch (RuntimeException e) { // a task that throws is never scheduled again: the sweep must go on
            org.slf4j.LoggerFactory.getLogger(ConnectionGuard.class).error("checking the local API's listener failed", e);
        }
    }

    /** Requests still reading their head (for tests and the health line). */
    synchronized int unauthenticated() { return readers(Phase.HEAD); }

    /** Authenticated requests whose body is still arriving (tests). */
    synchronized int bodiesArriving() { return readers(Phase.BODY); }

    @Override
    public void close() {
        sweeper.shutdownNow();
        workers.shutdownNow();
        traffic.summarize(true);
    }
}
