package org.sextant.mcp.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The --http sessions the launcher has opened, in the order of their last use (a request begun or answered, a stream
 * closed), so each expires at its own time: a stream opened or a question asked of a session is no use and moves nothing
 * (in access order it moved the session last, and one idle longer behind it expired a check late, or never). A session with no request for
 * {@link #IDLE} (none in flight, no event stream open) expires, and past {@link #MAX} sessions the one idle longest goes
 * (an open event stream does not keep it then: streams cost the launcher nothing else, so the cap bounds them), so
 * clients that never send DELETE cannot grow the launcher without end (attack 34: 20,067 kept). {@link #MAX} counts the
 * sessions that made a call; those that never did are bounded on their own ({@link #MAX_WITHOUT_CALL}), so a flood of
 * initializes ends no session that works (attack 35, F3: 1,001 initializes in 2.8 s ended one holding tables), and a
 * new client is not ended by a thousand that work.
 */
final class IdleSessions {
    static final Duration IDLE = Duration.ofMinutes(30);
    static final int MAX = 1000;
    /**
     * Open sessions that never made a call (a tools/call or resources/read), apart from {@link #MAX}: an initialize alone
     * costs a client nothing. As many as {@link #MAX}, so clients that open their sessions before calling (1,024 calls held
     * at 8 a session take 128) are not cut.
     */
    static final int MAX_WITHOUT_CALL = 1000;
    /**
     * How often each open event stream is pinged (the SDK's keep-alive): a stream the client closed is noticed only by a
     * write to it (Jetty reads nothing of a connection whose answer waits), and only once it ends does the session's idle
     * time start. The SDK also ends a stream whose ping is not answered within this time.
     */
    static final Duration STREAM_CHECK = Duration.ofSeconds(60);

    private final LongSupplier nanos;
    private final long idleNanos;
    private final int max;
    private final int maxWithoutCall;
    private int withoutCall; // open sessions that never made a call
    private final Duration streamCheck;
    private final LinkedHashMap<String, Activity> byLastRequest = new LinkedHashMap<>(); // oldest use first: a use moves it last ({@link #used})

    private static final class Activity {
        long lastRequest;
        int inFlight;
        int streams; // GET event streams the client holds open
        boolean called; // it made a call: counted toward MAX, not MAX_WITHOUT_CALL
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max) {
        this(nanos, idle, max, max, STREAM_CHECK);
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max, Duration streamCheck) {
        this(nanos, idle, max, max, streamCheck);
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max, int maxWithoutCall) {
        this(nanos, idle, max, maxWithoutCall, STREAM_CHECK);
    }

    IdleSessions(LongSupplier nanos, Duration idle, int max, int maxWithoutCall, Duration streamCheck) {
        this.nanos = nanos;
        this.idleNanos = idle.toNanos();
        this.max = max;
        this.maxWithoutCall = maxWithoutCall;
        this.streamCheck = streamCheck;
    }

    /** How often the SDK pings each open event stream (its keep-alive), so that one the client closed ends. */
    Duration streamCheck() {
        return streamCheck;
    }

    static IdleSessions withDefaults() {
        return new IdleSessions(System::nanoTime, IDLE, MAX, MAX_WITHOUT_CALL);
    }

    /** A session the SDK has just opened (its initialize answered). */
    synchronized void opened(String id) {
        Activity before = byLastRequest.get(id);
        if (before == null || before.called) withoutCall++; // an id opened again counts once
        used(id, new Activity());
    }

    /** A request of the session starts; false when the session is not one this launcher has open. */
    synchronized boolean begin(String id) {
        return begin(id, false);
    }

    /** As {@link #begin(String)}, a call (tools/call, resources/read) when {@code call}: the session works. */
    synchronized boolean begin(String id, boolean call) {
        Activity a = byLastRequest.get(id);
        if (a == null) return false;
        if (call && !a.called) {
            a.called = true;
            withoutCall--;
        }
        a.inFlight++;
        used(id, a);
        return true;
    }

    /** A request begun has been answered: the session's idle time starts now. */
    synchronized void end(String id) {
        Activity a = byLastRequest.get(id);
        if (a == null) return;
        a.inFlight--;
        used(id, a);
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
        used(id, a);
    }

    /** The session was used now: its idle time starts again, and it goes last, behind every session used before. */
    private void used(String id, Activity a) {
        a.lastRequest = nanos.getAsLong();
        byLastRequest.remove(id);
        byLastRequest.put(id, a);
    }

    /** The event streams of the session open now. */
    synchronized int streams(String id) {
        Activity a = byLastRequest.get(id);
        return a == null ? 0 : a.streams;
    }

    /** The client ended the session (DELETE). */
    synchronized void closed(String id) {
        forget(byLastRequest.remove(id));
    }

    private void forget(Activity gone) {
        if (gone != null && !gone.called) withoutCall--;
    }

    /** Whether the session is one this launcher has open now. */
    synchronized boolean isOpen(String id) {
        return byLastRequest.containsKey(id);
    }

    synchronized int open() {
        return byLastRequest.size();
    }

    /**
     * Forgets, and names, the sessions idle for {@link #IDLE} with no stream open; past {@link #MAX_WITHOUT_CALL} sessions
     * that never made a call, the idle-longest of those; and past {@link #MAX} sessions that made one, the idle-longest of
     * those (a stream open or not). A session with a request in flight stays.
     */
    synchronized List<String> expire() {
        long now = nanos.getAsLong();
        List<String> gone = new ArrayList<>();
        Iterator<Map.Entry<String, Activity>> oldestFirst = byLastRequest.entrySet().iterator();
        while (oldestFirst.hasNext()) {
            Map.Entry<String, Activity> e = oldestFirst.next();
            if (now - e.getValue().lastRequest < idleNanos) break; // the rest had a request later
            if (e.getValue().inFlight == 0 && e.getValue().streams == 0) gone.add(remove(oldestFirst, e));
        }
        endIdleLongest(withoutCall - maxWithoutCall, false, gone);
        endIdleLongest(byLastRequest.size() - withoutCall - max, true, gone); // a newcomer is not ended by those that work
        return gone;
    }

    /** Ends up to {@code count} sessions idle longest, of those that made a call or of those that did not. */
    private void endIdleLongest(int count, boolean called, List<String> gone) {
        int ended = 0;
        Iterator<Map.Entry<String, Activity>> oldestFirst = byLastRequest.entrySet().iterator();
        while (ended < count && oldestFirst.hasNext()) {
            Map.Entry<String, Activity> e = oldestFirst.next();
            if (e.getValue().called != called || e.getValue().inFlight > 0) continue;
            gone.add(remove(oldestFirst, e));
            ended++;
        }
    }

    private String remove(Iterator<Map.Entry<String, Activity>> at, Map.Entry<String, Activity> e) {
        at.remove();
        forget(e.getValue());
        return e.getKey();
    }
}
