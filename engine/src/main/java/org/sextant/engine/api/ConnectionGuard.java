package org.sextant.engine.api;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
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
 * oldest refused over it: answered 503 resource_limit by a refusal writer, then its connection closed), before the
 * request takes a slot: a client stalling many bodies holds no slot and cannot hold the lane, nor the body that
 * took the refused one's place (a 503 its client does not take is closed at the refused body's deadline). A
 * body has a longer deadline than a head, and a short one for its next byte; an answer must be taken by its client within the body's deadline, so a client that
 * stops reading cannot hold a slot either. Idle connections hold no thread. The same sweep tells
 * reads still computing whether their client went away ({@link ClientWatch}). Sweeps run every 100 ms
 * only while something is open (or the listener's thread ended); an idle guard's thread wakes only every
 * {@link #LISTENER_WATCH} to ask whether the listener needs its check (a thread that ended out of memory may not have woken it).
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
        /** A refused body's: when its 503 must have been taken (its own deadline when refused), else its connection is closed. */
        long refusalDeadlineNanos; // guarded by the guard
        /** The thread writing its 503 (null before and after): interrupted, its write fails and the connection closes. */
        Thread refusalWriter; // guarded by the guard
        /** Its 503 was not taken in time (or before its write began): the connection is closed, the 503 is not written. */
        boolean refusalCut; // guarded by the guard
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
    private final java.util.concurrent.ScheduledThreadPoolExecutor sweeper;
    /**
     * Writes the 503s of bodies refused over the lane, off the thread of the body that took their place: a refused client
     * that does not read cannot hold it. At most {@code maxBodies} threads write; at most twice that many refusals are
     * pending ({@link #refusing}), each until its refused body's deadline.
     */
    private final ThreadPoolExecutor refusals;
    private final Deque<Reader> readers = new ArrayDeque<>(); // guarded by this; oldest first
    /** Bodies refused over the lane whose 503 is not yet written, oldest first; each closed at its deadline. */
    private final Deque<Reader> refusing = new ArrayDeque<>(); // guarded by this
    private final ThreadLocal<Reader> current = new ThreadLocal<>();
    private final ClientWatch clients = new ClientWatch();
    private volatile Runnable alsoEachSweep = () -> {};
    private volatile java.util.function.BooleanSupplier alsoPending = () -> false;
    /** The one sweep planned; null while nothing is open (the sweeper then sleeps: an idle app is never woken). */
    private ScheduledFuture<?> nextSweep; // guarded by this
    /** Which planned sweep is the live one: a sweep called off as it started must not run on beside a new one. */
    private long sweepNumber; // guarded by this
    private long sweeps; // guarded by this

    /** How often an idle guard asks whether the listener needs its check: what a listener that ended unheard waits at most. */
    static final java.time.Duration LISTENER_WATCH = java.time.Duration.ofSeconds(10);

    /** How the listener's idle watch is run: {@code check} every {@code period} (the guard's own thread; a test runs it by hand). */
    interface ListenerWatch {
        void every(java.time.Duration period, Runnable check);
    }

    ConnectionGuard(ConnectionLimits limits, ApiTraffic traffic) {
        this(limits, traffic, null);
    }

    /** As above, the listener's idle watch run by {@code watch} (null: on the guard's thread, every {@link #LISTENER_WATCH}). */
    ConnectionGuard(ConnectionLimits limits, ApiTraffic traffic, ListenerWatch watch) {
        this.limits = limits;
        this.traffic = traffic;
        // threads are reused for 60 s; the head readers among them are capped above
        this.workers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), org.sextant.engine.DaemonThreads.named("sextant-api"));
        this.sweeper = new java.util.concurrent.ScheduledThreadPoolExecutor(1, org.sextant.engine.DaemonThreads.named("sextant-api-guard"));
        sweeper.setRemoveOnCancelPolicy(true); // a sweep called off leaves nothing to wake for
        this.refusals = new ThreadPoolExecutor(limits.maxBodies(), limits.maxBodies(), 60, TimeUnit.SECONDS, new java.util.concurrent.LinkedBlockingQueue<>(),
                org.sextant.engine.DaemonThreads.named("sextant-api-refusal"));
        refusals.allowCoreThreadTimeOut(true); // no thread kept while nothing is refused
        traffic.whenCounted(this::wake);
        ListenerWatch onSweeper = (period, check) -> sweeper.scheduleWithFixedDelay(check, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
        (watch != null ? watch : onSweeper).every(LISTENER_WATCH, this::watchListener);
    }

    /**
     * The idle watch: a listener whose thread ended is checked as when that thread woke the sweeps. Its ending thread wakes
     * them itself, but out of memory there that wake-up may be lost; this one comes within {@link #LISTENER_WATCH}.
     */
    private void watchListener() {
        try {
            if (alsoPending.getAsBoolean()) wake();
        } catch (Throwable outOfMemory) { // a periodic task that throws is never run again: the next turn asks again
        }
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
     * The body of a request refused for its token, Host or Origin is read to be dropped: guarded as its head was (the
     * head's deadline, among the heads' cap), so what a caller without the token holds stays bounded as its heads are.
     */
    void refusedBodyStarted() {
        begin(Phase.HEAD, limits.headTimeout().toNanos(), null);
    }

    /** The refused body is dropped: false when it was cut meanwhile (its connection closes). */
    boolean refusedBodyDropped() {
        return end();
    }

    /**
     * The handler starts reading the body of an authenticated request. Over the lane the oldest body still arriving is
     * refused: its {@code overLane} answer is written by a refusal writer, not here, so this body is read at once even
     * when the refused client does not read (its 503 then waits, at most until the refused body's own deadline).
     */
    void bodyStarted(OverLane overLane) {
        Reader refused = begin(Phase.BODY, limits.bodyTimeout().toNanos(), overLane);
        if (refused == null) return;
        try {
            refusals.execute(() -> writeRefusal(refused));
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            refusalDone(refused); // the API is closing: woken unanswered
        }
    }

    /** On a refusal writer: the 503 written (unless cut first), then its reader woken (its connection then closes). */
    private void writeRefusal(Reader refused) {
        synchronized (this) {
            if (refused.refusalCut) {
                refusalDone(refused);
                return;
            }
            refused.refusalWriter = Thread.currentThread();
        }
        try {
            refused.overLane.answer();
        } catch (java.io.IOException | RuntimeException gone) {
            // its client went away, or did not take it in time: it is cut all the same
        } finally {
            refusalDone(refused);
            Thread.interrupted(); // a cut that came as the write ended must not reach the next refusal on this thread
        }
    }

    private void refusalDone(Reader refused) {
        synchronized (this) {
            refused.refusalWriter = null;
            refusing.remove(refused);
            if (!refused.ended) refused.thread.interrupt(); // its blocked read fails and its connection closes
        }
        refused.refusalWritten.countDown();
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
        wake();
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
                r.refusalDeadlineNanos = Math.min(r.deadlineNanos, r.lastBytesNanos + limits.bodyStall().toNanos());
                // pending refusals are bounded: past twice the lane (a burst of refusals waiting for a writer fits), the
                // oldest one's connection is closed unanswered
                if (refusing.size() >= 2 * limits.maxBodies()) closeRefused(refusing.pollFirst());
                refusing.addLast(r);
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
        for (Iterator<Reader> it = refusing.iterator(); it.hasNext(); ) {
            Reader r = it.next();
            if (now - r.refusalDeadlineNanos >= 0) {
                it.remove();
                closeRefused(r);
            }
        }
    }

    /**
     * A 503 not taken by its refused body's deadline: its connection closed by interrupting whichever thread is blocked on
     * it (its writer, its reader), so the refusal writer is free again.
     */
    private void closeRefused(Reader r) {
        r.refusalCut = true;
        traffic.count(ApiTraffic.Event.SLOW_ANSWER_CUT);
        if (r.refusalWriter != null) r.refusalWriter.interrupt();
        if (!r.ended) r.thread.interrupt();
    }

    /** Bodies refused over the lane whose 503 is still to be written (tests). */
    synchronized int refusing() {
        return refusing.size();
    }

    /** Starts watching a request's connection (server's and client's port) until {@link #unwatch}: the flag turns true once the client went away. */
    ClientWatch.Watched watch(int localPort, int remotePort) {
        ClientWatch.Watched w = clients.watch(localPort, remotePort);
        wake();
        return w;
    }

    void unwatch(ClientWatch.Watched w) {
        clients.unwatch(w);
    }

    /** Runs {@code check} at each sweep too (the listener's watch), sweeping on while {@code pending} (and {@link #wake}). */
    void alsoEachSweep(Runnable check, java.util.function.BooleanSupplier pending) {
        this.alsoEachSweep = check;
        this.alsoPending = pending;
    }

    /** Sweeps start again (within {@value #SWEEP_MILLIS} ms) if they slept: something was opened, counted or must be checked. */
    synchronized void wake() {
        if (nextSweep != null && nextSweep.getDelay(TimeUnit.MILLISECONDS) <= SWEEP_MILLIS) return;
        planSweep(SWEEP_MILLIS);
    }

    private static final long SWEEP_MILLIS = 100;

    private void planSweep(long millis) { // guarded by this
        if (nextSweep != null) nextSweep.cancel(false);
        nextSweep = null;
        if (sweeper.isShutdown()) return;
        long number = ++sweepNumber;
        nextSweep = sweeper.schedule(() -> sweep(number), millis, TimeUnit.MILLISECONDS);
    }

    private void sweep(long number) {
        synchronized (this) {
            if (number != sweepNumber) return; // called off, or planned again, as it started
            nextSweep = null;
            sweeps++;
        }
        try {
            cutOverdue();
            clients.sweep();
            traffic.summarize(false);
            alsoEachSweep.run();
        } catch (RuntimeException e) { // the sweeps must go on
            org.slf4j.LoggerFactory.getLogger(ConnectionGuard.class).error("sweeping the local API's connections failed", e);
        } finally {
            planNext();
        }
    }

    /**
     * Every {@value #SWEEP_MILLIS} ms while a connection is guarded, a refusal waits, a read is watched or the listener
     * needs its check; only at the next summary while counts wait for it; else no sweep until {@link #wake}.
     */
    private synchronized void planNext() {
        if (nextSweep != null) return; // woken meanwhile
        if (!readers.isEmpty() || !refusing.isEmpty() || clients.watching() || alsoPending.getAsBoolean()) planSweep(SWEEP_MILLIS);
        else if (traffic.unsummarized()) planSweep(Math.max(SWEEP_MILLIS, traffic.millisToSummary()));
    }

    /** Sweeps run since the start (each one a wake-up of the guard's thread; tests). */
    synchronized long sweeps() {
        return sweeps;
    }

    /** Whether a sweep is planned: none while nothing is open (tests). */
    synchronized boolean sweepPending() {
        return nextSweep != null;
    }

    /** Requests still reading their head (for tests and the health line). */
    synchronized int unauthenticated() { return readers(Phase.HEAD); }

    /** Authenticated requests whose body is still arriving (tests). */
    synchronized int bodiesArriving() { return readers(Phase.BODY); }

    @Override
    public void close() {
        synchronized (this) {
            sweeper.shutdownNow();
        }
        refusals.shutdownNow();
        workers.shutdownNow();
        traffic.summarize(true);
    }
}
