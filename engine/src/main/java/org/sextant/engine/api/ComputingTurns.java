package org.sextant.engine.api;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The computing turns (one per core, at least two) that model-fitting reads take, handed out in the
 * order asked, with a per-client share. The rule: while another client holds a turn, waits for one or
 * asked for one within the last {@link #ACTIVE_WINDOW_NANOS 40 s}, a client gets at most half the turns
 * (rounded up: 1 of 2); a client alone gets them all. Why "asked within 40 s" and not only "is waiting":
 * a running read cannot be stopped to hand its turn over, so one client's two whole-store scans, started
 * while nobody waited, held both turns for their 40 s and refused every other client's forecast (attack 13
 * M3, attack 15); a client seen within one read's budget is taken to still be working and keeps its share
 * free. A client is the caller {@link LocalApiServer#client} names (its X-Sextant-Client header, else one
 * client for every caller without it); null, the app's own calls (the window), counts as one client.
 */
final class ComputingTurns {
    /** How long after its last ask or answer a client still counts as working: one read's budget. */
    static final long ACTIVE_WINDOW_NANOS = ApiRoutes.READ_BUDGET.toNanos();
    private static final String APP = "\u0000app"; // no header value can spell it (LocalApiServer.CLIENT_ID)

    private final int turns;
    private int free; // guarded by this
    private final Map<String, Integer> held = new HashMap<>();
    private final Map<String, Long> lastSeen = new HashMap<>(); // client -> clock at its last ask or answer
    private final ArrayDeque<Object[]> queue = new ArrayDeque<>(); // waiters in the order asked: {client}

    ComputingTurns(int turns) {
        if (turns < 1) throw new IllegalArgumentException("turns: " + turns);
        this.turns = turns;
        this.free = turns;
    }

    /** Why a turn was not given within the wait. */
    enum Refusal { ALL_HELD, OVER_SHARE }

    /** Takes a turn for {@code client}, waiting at most {@code nanos}; null when taken, else why not. */
    synchronized Refusal acquire(String client, long nanos) throws InterruptedException {
        String who = client == null ? APP : client;
        Object[] me = {who};
        queue.addLast(me);
        seen(who);
        long end = System.nanoTime() + nanos;
        try {
            while (true) {
                long now = System.nanoTime();
                if (free > 0 && firstEligible(now) == me) {
                    free--;
                    held.merge(who, 1, Integer::sum);
                    return null;
                }
                long left = end - now;
                if (left <= 0) return held.getOrDefault(who, 0) >= share(who, now) ? Refusal.OVER_SHARE : Refusal.ALL_HELD;
                // another client's window may close before any turn is given back: look again then
                TimeUnit.NANOSECONDS.timedWait(this, Math.max(1, Math.min(left, nextExpiry(who, now) - now)));
            }
        } finally {
            queue.remove(me);
            notifyAll(); // a waiter behind this one may now be first
        }
    }

    synchronized void release(String client) {
        String who = client == null ? APP : client;
        if (!held.containsKey(who)) throw new IllegalStateException("a turn given back that was not taken");
        held.computeIfPresent(who, (c, n) -> n == 1 ? null : n - 1);
        free++;
        seen(who);
        notifyAll();
    }

    /** Calls waiting for a turn now (tests). */
    synchronized int waiting() { return queue.size(); }

    /** Turns free now (tests). */
    synchronized int free() { return free; }

    /** Turns {@code client} holds now (tests). */
    synchronized int held(String client) { return held.getOrDefault(client == null ? APP : client, 0); }

    /** The most turns {@code who} may hold now: all of them alone, half (rounded up) beside another working client. */
    private int share(String who, long now) {
        return othersActive(who, now) ? (turns + 1) / 2 : turns;
    }

    private Object[] firstEligible(long now) {
        for (Object[] w : queue) {
            String c = (String) w[0];
            if (held.getOrDefault(c, 0) < share(c, now)) return w;
        }
        return null;
    }

    private boolean othersActive(String who, long now) {
        for (String c : held.keySet()) if (!c.equals(who)) return true;
        for (Object[] w : queue) if (!w[0].equals(who)) return true;
        for (Map.Entry<String, Long> e : lastSeen.entrySet()) {
            if (!e.getKey().equals(who) && now - e.getValue() < ACTIVE_WINDOW_NANOS) return true;
        }
        return false;
    }

    /** When the first other client's window closes (far ahead if none is open). */
    private long nextExpiry(String who, long now) {
        long next = now + ACTIVE_WINDOW_NANOS;
        for (Map.Entry<String, Long> e : lastSeen.entrySet()) {
            if (!e.getKey().equals(who)) next = Math.min(next, Math.max(now + 1, e.getValue() + ACTIVE_WINDOW_NANOS));
        }
        return next;
    }

    private void seen(String who) {
        long now = System.nanoTime();
        lastSeen.values().removeIf(t -> now - t >= ACTIVE_WINDOW_NANOS); // only clients of the last 40 s are kept
        lastSeen.put(who, now);
    }
}
