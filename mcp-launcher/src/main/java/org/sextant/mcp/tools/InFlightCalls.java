package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The tools/calls read and not yet answered, by the client's session and JSON-RPC id, so that a
 * client's {@code notifications/cancelled} stops one. MCP asks the receiver of a cancellation to
 * stop the work and send no response for it: the call's thread is interrupted, which closes its
 * connection to the app (the app then stops the read and gives back its turn), and
 * {@link #run} answers null, for which the server sends nothing.
 */
public final class InFlightCalls {
    /** Calls remembered at most: one the SDK never runs (refused before initialize) is forgotten after this many others. */
    static final int MAX = 1024;

    private static final class Call {
        Thread thread; // while it runs
        boolean cancelled;
    }

    private final Map<String, Call> calls = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Call> eldest) {
            return size() > MAX;
        }
    };

    /** A tools/call was read: from now it can be cancelled, even before a worker runs it. */
    public synchronized void expect(String key) {
        calls.put(key, new Call());
    }

    /**
     * Runs the call named {@code key} (null: a call nobody can cancel) on this thread: its answer,
     * or null when the client cancelled it before or while it ran.
     */
    public <T> T run(String key, Supplier<T> call) {
        Call c;
        synchronized (this) {
            c = key == null ? null : calls.get(key);
            if (c != null && c.cancelled) {
                calls.remove(key);
                return null;
            }
            if (c != null) c.thread = Thread.currentThread();
        }
        T answer;
        try {
            answer = call.get();
        } catch (RuntimeException | Error e) {
            if (!ended(key, c)) throw e;
            return null;
        }
        return ended(key, c) ? null : answer;
    }

    /** Forgets a call that ran: true when it was cancelled (its interrupt is cleared: the worker goes back to its pool unmarked). */
    private synchronized boolean ended(String key, Call c) {
        if (c == null) return false;
        c.thread = null;
        calls.remove(key, c);
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
}
