package org.sextant.mcp.tables;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One {@link TableStore} per MCP session (stdio: the one session; --http: each Mcp-Session-Id), so one
 * session's tables neither expire another's nor are readable by it. Each store has its own count and row
 * bounds; over all of them the launcher keeps at most {@link #LAUNCHER_BYTES} of JSON, so many sessions
 * cannot together exhaust the heap: past it the session holding most loses its oldest table, a session's newest last.
 */
public final class SessionTables {
    /** All sessions' tables together, in bytes of JSON (each session: at most {@link TableStore#MAX_BYTES}). */
    public static final long LAUNCHER_BYTES = 128L * 1024 * 1024;
    /**
     * Table pages written at once, over all sessions (half the cores, at least one); the others wait their turn. A page is
     * up to 4 MB of JSON, written here and again in the answer: four sessions reading 30 MB tables took every core and filled
     * the young heap, and every session's quick calls waited (attack 35, F6; docs/benchmarks.md, "quick calls while sessions read tables").
     */
    public static final int READS_AT_ONCE = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    private static final String NO_SESSION = "";

    private final Supplier<TableStore> newStore;
    private final long launcherBytes;
    private final Semaphore reads;
    private final Map<String, TableStore> bySession = new HashMap<>();
    private Predicate<String> open = session -> true;

    public SessionTables(Supplier<TableStore> newStore, long launcherBytes) {
        this(newStore, launcherBytes, READS_AT_ONCE);
    }

    /** As {@link #SessionTables(Supplier, long)}, at most {@code readsAtOnce} pages written at once ({@link #READS_AT_ONCE}). */
    public SessionTables(Supplier<TableStore> newStore, long launcherBytes, int readsAtOnce) {
        this.newStore = newStore;
        this.launcherBytes = launcherBytes;
        this.reads = new Semaphore(readsAtOnce, true); // fair: the read that waited longest goes next
    }

    public static SessionTables withDefaults() {
        return new SessionTables(TableStore::withDefaults, LAUNCHER_BYTES);
    }

    /**
     * The page a URI names of the session's own tables, as resources/read sends it ({@link TableStore#read}); empty when the
     * session holds no such table (a read makes no store). Written in its turn: at most {@link #READS_AT_ONCE} at once.
     */
    public Optional<String> read(String sessionId, String uri) throws TableStore.TooLarge, InterruptedException {
        Optional<TableStore> store = existing(sessionId);
        if (store.isEmpty()) return Optional.empty();
        reads.acquire();
        try {
            // the session may have ended while this read waited its turn: it is answered as any read of an ended session
            if (!holds(sessionId, store.get())) return Optional.empty();
            return store.get().read(uri);
        } finally {
            reads.release();
        }
    }

    /** The session is open and {@code store} is still its own (not dropped, nor replaced after a drop). */
    private synchronized boolean holds(String sessionId, TableStore store) {
        String id = sessionId == null ? NO_SESSION : sessionId;
        return bySession.get(id) == store && open.test(id);
    }

    /**
     * --http: which sessions are open now. A call of a session that is not (it ended before the call stored its table)
     * gets a store that keeps nothing, so its answer names no table that is gone.
     */
    public synchronized void openWhile(Predicate<String> open) {
        this.open = open;
    }

    /**
     * The tables of the session, made if it has none (null: a transport without session ids, the one session of stdio);
     * for a session no longer open ({@link #openWhile}) a store that keeps nothing.
     */
    public synchronized TableStore of(String sessionId) {
        String id = sessionId == null ? NO_SESSION : sessionId;
        TableStore store = bySession.get(id);
        if (store != null) return store;
        if (!open.test(id)) return TableStore.ofEndedSession();
        store = newStore.get();
        store.boundBy(this);
        bySession.put(id, store);
        return store;
    }

    /** The tables the session holds, without making a store for it: a read of a session with none finds nothing. */
    public synchronized Optional<TableStore> existing(String sessionId) {
        return Optional.ofNullable(bySession.get(sessionId == null ? NO_SESSION : sessionId));
    }

    /** Forgets a session's tables: it was deleted or expired (a call storing one after this keeps none). */
    public void drop(String sessionId) {
        TableStore gone;
        synchronized (this) {
            gone = bySession.remove(sessionId == null ? NO_SESSION : sessionId);
        }
        if (gone != null) gone.clear();
    }

    /** Sessions that hold a store now. */
    public synchronized int sessions() {
        return bySession.size();
    }

    /** The bytes of JSON all sessions' tables take. */
    public synchronized long bytesHeld() {
        return bySession.values().stream().mapToLong(TableStore::bytesHeld).sum();
    }

    /**
     * After {@code kept} was stored: while all sessions hold more than the bound, the session holding most (the one most
     * above its fair share, the bound over the sessions holding tables) loses its oldest table other than its newest; only
     * when every session holds just its newest does the largest of those go. {@code kept} stays, so the answer that names
     * it can be read (attack 35, F4: sessions storing one table each took a session's only, newest table).
     */
    synchronized void trim(TableStore.Table kept) {
        long held = bytesHeld();
        while (held > launcherBytes) {
            long freed = dropFromLargest(kept, false);
            if (freed < 0) freed = dropFromLargest(kept, true);
            if (freed < 0) return; // only kept is left
            held -= freed;
        }
    }

    /** The oldest table of the store holding most that has one to drop: its bytes, or -1 when none has. */
    private long dropFromLargest(TableStore.Table kept, boolean newestToo) {
        List<TableStore> largestFirst = new ArrayList<>(bySession.values());
        largestFirst.sort((a, b) -> Long.compare(b.bytesHeld(), a.bytesHeld()));
        for (TableStore store : largestFirst) {
            long freed = store.dropOldest(kept, newestToo);
            if (freed >= 0) return freed;
        }
        return -1;
    }
}
