package org.sextant.mcp.tools;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The tools/calls read and not yet answered, by the client's session and JSON-RPC id, so that a
 * client's {@code notifications/cancelled} stops one. MCP asks the receiver of a cancellation to
 * stop the work and send no response for it: the call's thread is interrupted, which closes its
 * connection to the app (the app then stops the read and gives back its turn), and
 * {@link #run} answers null, for which the server sends nothing.
 *
 * <p>--http serves many sessions from these bounds: each session holds at most
 * {@link #PER_SESSION} calls and all of them at most {@link #MAX}; a call past either is refused
 * ({@link #expect}), never made room for by forgetting another session's call, whose cancel would
 * then be lost. A call whose id its session's earlier call still holds is refused too ({@link IdInUse}): taken in its place,
 * the earlier call ran on uncounted and could no longer be cancelled, so one id reused past every bound. Slow calls (every tool but the quick ones) of all sessions together are held at most
 * {@link #WORKING}, the workers they run on, so however many sessions send them, a quick call
 * (health_check, cancel_job) never waits behind them. The stdio session ({@code ""}) is the only one of its process: past {@link #MAX}
 * its new call is refused too. It once forgot its own oldest call instead, which might be running: that call ran on
 * uncancellable and its id was free for a second call, against the rule above.
 */
public final class InFlightCalls {
    /** Calls remembered at most, all sessions together. */
    public static final int MAX = 1024;
    /**
     * --http: the calls (and resource reads) one session may have read and not yet answered. Below {@link #WORKING}, so one
     * session's slow calls always leave workers for another's.
     */
    public static final int PER_SESSION = 8;
    /**
     * --http: the slow tool calls all sessions together may hold; as many as the launcher's workers for them, so each
     * one held runs at once and the quick calls' own workers are never taken (several sessions filled a shared pool).
     */
    public static final int WORKING = 16;
    /** The stdio session's name (the process has no other). */
    public static final String STDIO = "";

    /** What {@link #expect(String, String, boolean)} answers: the call taken, or why it was not. */
    public sealed interface Expected permits Call, Refusal, IdInUse {}

    /**
     * Not taken: the session's earlier call (or resource read) under the same id is still read and not yet answered. It
     * keeps the id, its cancel and its room; JSON-RPC ids name one pending request of a session.
     */
    public record IdInUse() implements Expected {}

    private static final IdInUse ID_IN_USE = new IdInUse();

    /** Why a call was not taken: the bound it would have passed. */
    public enum Refusal implements Expected { SESSION_FULL, WORKERS_BUSY, LAUNCHER_FULL }

    /**
     * A call taken: which one it is, so that its request's end ({@link #handled}) and its worker ({@link #run}) find it and
     * never a later call reusing its id.
     */
    public static final class Call implements Expected {
        private final String key;
        private final String token;
        private final String session;
        private final boolean slow; // held in the bound of slow calls (--http only)
        private final long readAt = System.nanoTime(); // a quick call's wait for the app counts from here
        private Thread thread; // while it runs
        private boolean cancelled;

        Call(String key, String token, String session, boolean slow) {
            this.key = key;
            this.token = token;
            this.session = session;
            this.slow = slow;
        }

        /** What its worker names it by ({@link #run}): this call only, whatever id a later call reuses. */
        public String token() {
            return token;
        }

        /** When it was read ({@link System#nanoTime}): a quick call's wait for the app starts then, not when a worker takes it. */
        public long readAt() {
            return readAt;
        }
    }

    private final LinkedHashMap<String, Call> calls = new LinkedHashMap<>();
    /** The same calls by token: a worker finds its own call, not one that took its id meanwhile. */
    private final Map<String, Call> byToken = new HashMap<>();
    private long taken; // numbers the tokens
    private final Map<String, Integer> bySession = new HashMap<>();
    private int slowHeld; // --http sessions' slow calls

    /** The stdio session's call was read: from now it can be cancelled, even before a worker runs it. */
    public Expected expect(String key) {
        return expect(STDIO, key);
    }

    /** A quick call (or --http resource read) of {@code session}: {@link #expect(String, String, boolean)}, not slow. */
    public Expected expect(String session, String key) {
        return expect(session, key, false);
    }

    /**
     * A tools/call of {@code session} was read: from now it can be cancelled, even before a worker runs it.
     * The call when it is taken; otherwise the bound it would pass, or {@link IdInUse}, and it must not run. A {@code slow} call of an
     * --http session also counts in {@link #WORKING}; the stdio session's wait their turn (it is the process's only client).
     */
    public synchronized Expected expect(String session, String key, boolean slow) {
        String s = session == null ? STDIO : session;
        boolean bounded = slow && !STDIO.equals(s);
        if (calls.containsKey(key)) return ID_IN_USE;
        if (STDIO.equals(s)) {
            if (calls.size() >= MAX) return Refusal.LAUNCHER_FULL;
        } else if (held(s) >= PER_SESSION) {
            return Refusal.SESSION_FULL;
        } else if (bounded && slowHeld >= WORKING) {
            return Refusal.WORKERS_BUSY;
        } else if (calls.size() >= MAX) {
            return Refusal.LAUNCHER_FULL;
        }
        Call call = new Call(key, ++taken + " " + key, s, bounded);
        put(call);
        return call;
    }

    /** When the call of {@code token} was read ({@link Call#readAt}); empty when it is not held (null, or answered). */
    public synchronized java.util.OptionalLong readAt(String token) {
        Call c = token == null ? null : byToken.get(token);
        return c == null ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(c.readAt);
    }

    /** The calls {@code session} holds now. */
    public synchronized int held(String session) {
        return bySession.getOrDefault(session == null ? STDIO : session, 0);
    }

    /**
     * --http: the request of {@code call} was handled. Forgets it unless it runs: the SDK refused it
     * (an unknown session) or answered it, so it will never run and must not hold its session's room. A later call the
     * client sent with the same id, once this one was answered, is another call and is kept.
     */
    public synchronized void handled(Call call) {
        if (call.thread == null) remove(call);
    }

    /**
     * Runs the call of {@code token} ({@link Call#token}; null: a call nobody can cancel) on this thread: its answer,
     * or null when the client cancelled it before or while it ran.
     */
    public <T> T run(String token, Supplier<T> call) {
        Call c;
        synchronized (this) {
            c = token == null ? null : byToken.get(token);
            if (c != null && c.cancelled) {
                remove(c);
                return null;
            }
            if (c != null) c.thread = Thread.currentThread();
        }
        T answer;
        try {
            answer = call.get();
        } catch (RuntimeException | Error e) {
            if (!ended(c)) throw e;
            return null;
        }
        return ended(c) ? null : answer;
    }

    /** Forgets a call that ran: true when it was cancelled (its interrupt is cleared: the worker goes back to its pool unmarked). */
    private synchronized boolean ended(Call c) {
        if (c == null) return false;
        c.thread = null;
        remove(c);
        if (c.cancelled) Thread.interrupted();
        return c.cancelled;
    }

    /** The client cancelled the call {@code key}: false when no such call is waiting or running (answered already, or never read). */
    public synchronized boolean cancel(String key) {
        Call c = calls.get(key);
        if (c == null) return false;
        c.cancelled = true;
        if (c.thread != null) c.thread.interrupt();
        return true;
    }

    private void put(Call c) {
        calls.put(c.key, c);
        byToken.put(c.token, c);
        bySession.merge(c.session, 1, Integer::sum);
        if (c.slow) slowHeld++;
    }

    private void remove(Call c) {
        if (!calls.remove(c.key, c)) return;
        byToken.remove(c.token);
        bySession.computeIfPresent(c.session, (s, n) -> n > 1 ? n - 1 : null);
        if (c.slow) slowHeld--;
    }
}
