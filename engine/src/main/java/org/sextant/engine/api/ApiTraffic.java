package org.sextant.engine.api;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Counts what a hostile or broken client does to the local API (requests cut off, refused, slow)
 * instead of logging each one: a client that cuts requests off in a loop must not fill the disk.
 * {@link #summarize} writes at most one line per interval, and only when something happened.
 */
final class ApiTraffic {
    enum Event {
        CLIENT_GONE("client gone mid-request"),
        REFUSED("refused (token, Host or Origin)"),
        BAD_BODY("bad request body"),
        SLOW_HEAD_CUT("request head (or a refused request's body) too slow, cut"),
        SLOW_BODY_CUT("request body too slow, cut"),
        SLOW_ANSWER_CUT("answer not taken in time, cut"),
        OVER_CAP_CUT("unauthenticated over the cap, oldest cut"),
        OVER_CAP_BODY_CUT("bodies arriving over the cap, oldest refused"),
        BUSY("over the requests in flight, told to retry");

        final String label;

        Event(String label) { this.label = label; }
    }

    private final Map<Event, AtomicLong> total = new LinkedHashMap<>();
    private final Map<Event, AtomicLong> sinceSummary = new LinkedHashMap<>();
    private final long intervalNanos;
    private final Consumer<String> summaryLog;
    private long lastSummaryNanos;
    private volatile Runnable whenCounted = () -> {};

    ApiTraffic(Duration interval, Consumer<String> summaryLog) {
        for (Event e : Event.values()) {
            total.put(e, new AtomicLong());
            sinceSummary.put(e, new AtomicLong());
        }
        this.intervalNanos = interval.toNanos();
        this.summaryLog = summaryLog;
        this.lastSummaryNanos = System.nanoTime();
    }

    void count(Event e) {
        total.get(e).incrementAndGet();
        sinceSummary.get(e).incrementAndGet();
        whenCounted.run();
    }

    /** Runs {@code wake} at each count: whoever summarizes must wake for the line it now owes. */
    void whenCounted(Runnable wake) {
        this.whenCounted = wake;
    }

    /** Whether anything was counted since the last line. */
    boolean unsummarized() {
        for (AtomicLong n : sinceSummary.values()) if (n.get() > 0) return true;
        return false;
    }

    /** How long until {@link #summarize} may write its next line (0: now). */
    synchronized long millisToSummary() {
        return Math.max(0, (lastSummaryNanos + intervalNanos - System.nanoTime()) / 1_000_000);
    }

    long total(Event e) { return total.get(e).get(); }

    /** Logs the counts since the last line when the interval has passed (or {@code force}) and anything was counted. */
    synchronized void summarize(boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastSummaryNanos < intervalNanos) return;
        StringBuilder line = new StringBuilder();
        for (Event e : Event.values()) {
            long n = sinceSummary.get(e).getAndSet(0);
            if (n > 0) line.append(line.length() == 0 ? "" : ", ").append(n).append(' ').append(e.label);
        }
        lastSummaryNanos = now;
        if (line.length() > 0) summaryLog.accept("local API since the last summary: " + line);
    }
}
