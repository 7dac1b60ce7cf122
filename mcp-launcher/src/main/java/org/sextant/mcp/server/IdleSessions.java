package org.sextant.mcp.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The --http sessions the launcher has opened, newest request last: a session with no request for
 * {@link #IDLE} (none in flight) expires, and past {@link #MAX} sessions the one idle longest goes, so
 * clients that never send DELETE cannot grow the launcher without end (attack 34: 20,067 kept).
 */
final class IdleSessions {
    static final Duration IDLE = Duration.ofMinutes(30);
    static final int MAX = 1000;

    private final LongSupplier nanos;
    private final long idleNanos;
    private final int max;
    private final LinkedHashMap<String, Activity> byLastRequest = new LinkedHashMap<>(16, 0.75f, true); // access order: a request moves it last

    private static final class Activity {
        long lastRequest;
        int inFlight;
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max) {
        this.nanos = nanos;
        this.idleNanos = idle.toNanos();
        this.max = max;
    }

    static IdleSessions withDefaults() {
        return new IdleSessions(System::nanoTime, IDLE, MAX);
    }

    /** A session the SDK has just opened (its initialize answered). */
    synchronized void opened(String id) {
        Activity a = new Activity();
        a.lastRequest = nanos.getAsLong();
        byLastRequest.put(id, a);
    }

    /** A request of the session starts; false when the session is not one this launcher has open. */
    synchronized boolean begin(String id) {
        Activity a = byLastRequest.get(id);
        if (a == null) return false;
        a.inFlight++;
        a.lastRequest = nanos.getAsLong();
        return true;
    }

    /** A request begun has been answered: the session's idle time starts now. */
    synchronized void end(String id) {
        Activity a = byLastRequest.get(id);
        if (a == null) return;
        a.inFlight--;
        a.lastRequest = nanos.getAsLong();
    }

    /** The client ended the session (DELETE). */
    synchronized void closed(String id) {
        byLastRequest.remove(id);
    }

    synchronized int open() {
        return byLastRequest.size();
    }

    /** Forgets, and names, the sessions idle for {@link #IDLE} and, past {@link #MAX}, those idle longest. */
    synchronized List<String> expire() {
        long now = nanos.getAsLong();
        int over = byLastRequest.size() - max;
        List<String> gone = new ArrayList<>();
        Iterator<Map.Entry<String, Activity>> oldestFirst = byLastRequest.entrySet().iterator();
        while (oldestFirst.hasNext()) {
            Map.Entry<String, Activity> e = oldestFirst.next();
            if (now - e.getValue().lastRequest < idleNanos && over <= 0) break; // the rest had a request later
            if (e.getValue().inFlight > 0) continue;
            oldestFirst.remove();
            gone.add(e.getKey());
            over--;
        }
        return gone;
    }
}
