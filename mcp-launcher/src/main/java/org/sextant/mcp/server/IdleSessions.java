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
 * {@link #IDLE} (none in flight, no event stream open) expires, and past {@link #MAX} sessions the one idle longest goes
 * (an open event stream does not keep it then: streams cost the launcher nothing else, so the cap bounds them), so
 * clients that never send DELETE cannot grow the launcher without end (attack 34: 20,067 kept).
 */
final class IdleSessions {
    static final Duration IDLE = Duration.ofMinutes(30);
    static final int MAX = 1000;
    /**
     * How often each open event stream is pinged (the SDK's keep-alive): a stream the client closed is noticed only by a
     * write to it (Jetty reads nothing of a connection whose answer waits), and only once it ends does the session's idle
     * time start. The SDK also ends a stream whose ping is not answered within this time.
     */
    static final Duration STREAM_CHECK = Duration.ofSeconds(60);

    private final LongSupplier nanos;
    private final long idleNanos;
    private final int max;
    private final Duration streamCheck;
    private final LinkedHashMap<String, Activity> byLastRequest = new LinkedHashMap<>(16, 0.75f, true); // access order: a request moves it last

    private static final class Activity {
        long lastRequest;
        int inFlight;
        int streams; // GET event streams the client holds open
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max) {
        this(nanos, idle, max, STREAM_CHECK);
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max, Duration streamCheck) {
        this.nanos = nanos;
        this.idleNanos = idle.toNanos();
        this.max = max;
        this.streamCheck = streamCheck;
    }

    /** How often the SDK pings each open event stream (its keep-alive), so that one the client closed ends. */
    Duration streamCheck() {
        return streamCheck;
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

    /** The client opened an event stream of the session (a GET the SDK answered asynchronously); false when it is not open here. */
    synchronized boolean streamOpened(String id) {
        Activity a = byLastRequest.get(id);
        if (a == null) return false;
        a.streams++;
        return true;
    }

    /** A stream opened ended (the client closed it, or the SDK did): the session's idle time starts now. */
    synchronized void streamClosed(String id) {
        Activity a = byLastRequest.get(id);
        if (a == null) return;
        a.streams--;
        a.lastRequest = nanos.getAsLong();
    }

    /** The event streams of the session open now. */
    synchronized int streams(String id) {
        Activity a = byLastRequest.get(id);
        return a == null ? 0 : a.streams;
    }

    /** The client ended the session (DELETE). */
    synchronized void closed(String id) {
        byLastRequest.remove(id);
    }

    /** Whether the session is one this launcher has open now. */
    synchronized boolean isOpen(String id) {
        return byLastRequest.containsKey(id);
    }

    synchronized int open() {
        return byLastRequest.size();
    }

    /**
     * Forgets, and names, the sessions idle for {@link #IDLE} with no stream open and, past {@link #MAX}, those idle
     * longest (a stream open or not). A session with a request in flight stays.
     */
    synchronized List<String> expire() {
        long now = nanos.getAsLong();
        int over = byLastRequest.size() - max;
        List<String> gone = new ArrayList<>();
        Iterator<Map.Entry<String, Activity>> oldestFirst = byLastRequest.entrySet().iterator();
        while (oldestFirst.hasNext()) {
            Map.Entry<String, Activity> e = oldestFirst.next();
            if (now - e.getValue().lastRequest < idleNanos && over <= 0) break; // the rest had a request later
            if (e.getValue().inFlight > 0 || e.getValue().streams > 0 && over <= 0) continue;
            oldestFirst.remove();
            gone.add(e.getKey());
            over--;
        }
        return gone;
    }
}
