package org.sextant.mcp.tables;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.CompactRows;
import org.sextant.mcp.envelope.Json;
import tools.jackson.databind.util.RawValue;

/**
 * Rows of large results, kept in the launcher's memory only (never on disk) and served as
 * sextant://table/{id}. Bounded: the oldest tables go first when the count, the total row or the
 * total byte budget is exceeded, so a long agent session cannot grow the launcher without limit
 * (four 92 MB bar tables once took it to 1.6 GB: rows alone do not bound memory); rows are held as the JSON
 * the budget counts, not as parsed objects. A table
 * is read in pages (sextant://table/{id}, then .../page/2, ...) that each fit one message
 * ({@link LauncherInfo#MAX_MESSAGE_BYTES}): clients refuse a larger one and drop the session.
 */
public final class TableStore {
    public static final String URI_PREFIX = "sextant://table/";
    public static final String URI_TEMPLATE = URI_PREFIX + "{id}";
    public static final String PAGE_TEMPLATE = URI_PREFIX + "{id}/page/{page}";
    /** Rows of one page, in bytes as the message carries them: half a message, so the rest of it always fits. */
    public static final int PAGE_BYTES = LauncherInfo.MAX_MESSAGE_BYTES / 2;
    /** Room in a message for what surrounds a page's rows (the JSON-RPC frame, uri, columns, ...). */
    public static final int FRAME_BYTES = 64 * 1024;
    private static final Pattern URI = Pattern.compile(Pattern.quote(URI_PREFIX) + "([0-9a-f]{16})(?:/page/([1-9][0-9]{0,8}))?");

    /** What a session keeps by default: the newest tables up to these counts (the newest one always). */
    public static final int MAX_TABLES = 64;
    public static final long MAX_ROWS = 500_000, MAX_BYTES = 32L * 1024 * 1024;
    /** The bounds as answers state them next to a resource_uri. */
    public static final String KEPT = "the launcher keeps the newest tables of this session, at most " + MAX_TABLES + " tables, "
            + MAX_ROWS + " rows and " + MAX_BYTES / (1024 * 1024) + " MB of JSON (all sessions together " + SessionTables.LAUNCHER_BYTES / (1024 * 1024)
            + " MB: past that the sessions holding most lose their oldest, a session's newest last); an older resource_uri then answers resource not found: call the tool again";

    private final int maxTables;
    private final long maxRows;
    private final long maxBytes;
    private final int pageBytes;
    private final Function<Object, String> pageWriter; // Json.write; tests hold it to see how many pages are written at once
    private final SecureRandom random = new SecureRandom();
    private final LinkedHashMap<String, Table> tables = new LinkedHashMap<>();
    private long rowsHeld, bytesHeld;
    private SessionTables launcher; // the bound over all sessions' stores, when there is one
    private boolean ended; // its session ended: it keeps nothing more

    public TableStore(int maxTables, long maxRows, long maxBytes) {
        this(maxTables, maxRows, maxBytes, PAGE_BYTES);
    }

    TableStore(int maxTables, long maxRows, long maxBytes, int pageBytes) {
        this(maxTables, maxRows, maxBytes, pageBytes, Json::write);
    }

    TableStore(int maxTables, long maxRows, long maxBytes, int pageBytes, Function<Object, String> pageWriter) {
        this.pageWriter = pageWriter;
        this.maxTables = maxTables;
        this.maxRows = maxRows;
        this.maxBytes = maxBytes;
        this.pageBytes = pageBytes;
    }

    public static TableStore withDefaults() {
        return new TableStore(MAX_TABLES, MAX_ROWS, MAX_BYTES);
    }

    /** A store of a session that has ended: it keeps no table ({@link Table#kept} false). */
    static TableStore ofEndedSession() {
        TableStore store = new TableStore(1, 0, 0);
        store.clear();
        return store;
    }

    /**
     * A stored result: what produced it, its column names (may be empty), how many rows it has, its rows as compact UTF-8
     * JSON (each row as {@link Json#write} writes it, joined by commas), the first row of each page and where that row
     * starts in the JSON, its rows' bytes of JSON as a message carries them and how many older tables its arrival expired;
     * not {@code kept} when its session had ended (deleted or expired while the call ran): then no URI finds it.
     * Rows are held as text, not as parsed maps and lists: one-character cells took ~9x their JSON on the heap that way,
     * and the bounds counted the JSON (attack 36b, F1).
     */
    public record Table(String id, String source, List<String> columns, int rowCount, byte[] rowsJson, List<Integer> pageStarts,
                        List<Integer> pageOffsets, long bytes, int expired, boolean kept) {
        public String uri() {
            return URI_PREFIX + id;
        }

        /** Page 1 is the table's own URI, so a reader that knows nothing of pages gets the first one. */
        public String pageUri(int page) {
            return page == 1 ? uri() : uri() + "/page/" + page;
        }

        public int pages() {
            return pageStarts.size();
        }

        /** All rows, read again from the kept JSON (as a client reading every page gets them). */
        public List<?> rows() {
            return (List<?>) Json.readObject("{\"rows\":" + rowsText(0, rowsJson.length) + "}").get("rows");
        }

        /** One page (1-based; empty when there is no such page) as resources/read answers it; only its rows' text is copied. */
        public Optional<Map<String, Object>> page(int page) {
            if (page < 1 || page > pages()) return Optional.empty();
            int from = pageStarts.get(page - 1);
            int start = pageOffsets.get(page - 1), end = page < pages() ? pageOffsets.get(page) - 1 : rowsJson.length; // less the comma
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uri", pageUri(page));
            m.put("source", source);
            m.put("columns", columns);
            m.put("row_count", rowCount);
            m.put("page", page);
            m.put("pages", pages());
            m.put("first_row", from);
            m.put("rows", new RawValue(rowsText(start, end)));
            m.put("next_uri", page < pages() ? pageUri(page + 1) : null);
            return Optional.of(m);
        }

        private String rowsText(int start, int end) {
            return "[" + new String(rowsJson, start, end - start, StandardCharsets.UTF_8) + "]";
        }
    }

    /** A table's id and page in one of our URIs: sextant://table/{id} (page 1) or sextant://table/{id}/page/{n}. */
    public record Address(String id, int page) {}

    /** Stores a table; then, outside this store's lock, the launcher's bound over all sessions is kept. */
    public Table put(String source, List<String> columns, List<?> rows) {
        Table t = putHere(source, columns, rows);
        if (!t.kept()) return t;
        SessionTables bound;
        synchronized (this) {
            bound = launcher;
        }
        if (bound != null) bound.trim(t);
        return t;
    }

    synchronized void boundBy(SessionTables launcher) {
        this.launcher = launcher;
    }

    /**
     * Drops the oldest table other than {@code keep}, and other than this store's newest unless {@code newestToo}: its bytes,
     * or -1 when there is none.
     */
    synchronized long dropOldest(Table keep, boolean newestToo) {
        Iterator<Table> oldest = tables.values().iterator();
        while (oldest.hasNext()) {
            Table gone = oldest.next();
            if (gone == keep) continue;
            if (!newestToo && !oldest.hasNext()) return -1; // the newest: what its session most likely reads now
            rowsHeld -= gone.rowCount();
            bytesHeld -= gone.bytes();
            oldest.remove();
            return gone.bytes();
        }
        return -1;
    }

    /** Forgets every table, and keeps none stored later (its session ended). */
    synchronized void clear() {
        ended = true;
        tables.clear();
        rowsHeld = 0;
        bytesHeld = 0;
    }

    private synchronized Table putHere(String source, List<String> columns, List<?> rows) {
        if (ended) return new Table("", source, List.copyOf(columns), 0, new byte[0], List.of(0), List.of(0), 0, 0, false);
        byte[] b = new byte[8];
        random.nextBytes(b);
        Written written = write(rows, pageBytes);
        rowsHeld += rows.size();
        bytesHeld += written.bytes();
        Iterator<Table> oldest = tables.values().iterator();
        int expired = 0;
        while ((tables.size() + 1 > maxTables || rowsHeld > maxRows || bytesHeld > maxBytes) && oldest.hasNext()) {
            Table gone = oldest.next();
            rowsHeld -= gone.rowCount();
            bytesHeld -= gone.bytes();
            oldest.remove();
            expired++;
        }
        Table t = new Table(HexFormat.of().formatHex(b), source, List.copyOf(columns), rows.size(), written.json(), written.pageStarts(),
                written.pageOffsets(), written.bytes(), expired, true);
        tables.put(t.id(), t);
        return t;
    }

    /** What an answer says in place of a resource_uri when its session ended while the call ran ({@link Table#kept} false). */
    public static final String NOT_KEPT = "not kept: this session ended (deleted, or expired: docs/mcp.md, \"Sessions (--http)\")"
            + " while the call ran, and tables are kept for an open session only; open a new session (initialize) and call the tool again";

    /** What an answer with a resource_uri says of the bounds, and how many older tables this one expired. */
    public static String kept(Table table) {
        return KEPT + (table.expired() > 0 ? " (" + table.expired() + " older table" + (table.expired() == 1 ? "" : "s") + " expired to keep this one)" : "");
    }

    /** The bytes of JSON all kept tables' rows take (what {@link #MAX_BYTES} bounds). */
    public synchronized long bytesHeld() {
        return bytesHeld;
    }

    public synchronized Optional<Table> get(String id) {
        return Optional.ofNullable(tables.get(id));
    }

    /** The table and page a URI names, or empty when the URI is not one of ours. */
    public static Optional<Address> addressOf(String uri) {
        Matcher m = uri == null ? null : URI.matcher(uri);
        if (m == null || !m.matches()) return Optional.empty();
        return Optional.of(new Address(m.group(1), m.group(2) == null ? 1 : Integer.parseInt(m.group(2))));
    }

    /**
     * The content of one page as resources/read sends it (JSON text); empty when the URI names no
     * table or page of this session. A page is one row at the least: one row too large for a
     * message is refused rather than sent.
     */
    public Optional<String> read(String uri) throws TooLarge {
        Optional<Address> at = addressOf(uri);
        Optional<Map<String, Object>> page = at.flatMap(a -> get(a.id())).flatMap(t -> t.page(at.get().page()));
        if (page.isEmpty()) return Optional.empty();
        String text = pageWriter.apply(page.get());
        long bytes = Json.bytesInMessage(text);
        if (bytes > LauncherInfo.MAX_MESSAGE_BYTES - FRAME_BYTES) throw new TooLarge(bytes);
        return Optional.of(text);
    }

    /** A page that cannot be sent as one message: a single row over the limit. */
    public static final class TooLarge extends Exception {
        public final long bytes;

        TooLarge(long bytes) {
            super(bytes + " bytes");
            this.bytes = bytes;
        }
    }

    /** The first row of each page: rows are added to a page while its bytes stay within pageBytes. */
    static List<Integer> pageStarts(List<?> rows, int pageBytes) {
        return write(rows, pageBytes).pageStarts();
    }

    /** Rows as compact JSON joined by commas; the first row of each page and its offset there; all rows' bytes in a message. */
    private record Written(byte[] json, List<Integer> pageStarts, List<Integer> pageOffsets, long bytes) {}

    /** Each row written once: its text is kept and measured (for pages and the byte budget), the parsed row is not kept. */
    private static Written write(List<?> rows, int pageBytes) {
        List<Integer> starts = new ArrayList<>(List.of(0)), offsets = new ArrayList<>(List.of(0));
        CompactRows compact = rows instanceof CompactRows c ? c : null; // a long answer's rows: their JSON is kept as it is
        ByteArrayOutputStream json = new ByteArrayOutputStream(compact == null ? 32 : (int) Math.min(Integer.MAX_VALUE - 8,
                compact.jsonBytes() + compact.size())); // sized at once: no doubling copies of a large table
        long bytes = 0, total = 0;
        for (int i = 0; i < rows.size(); i++) {
            byte[] text = compact != null ? compact.itemJson(i) : Json.write(rows.get(i)).getBytes(StandardCharsets.UTF_8);
            long row = Json.bytesInMessage(text) + 1; // and its comma
            if (bytes > 0 && bytes + row > pageBytes) {
                starts.add(i);
                offsets.add(json.size());
                bytes = 0;
            }
            bytes += row;
            total += row;
            json.writeBytes(text);
            if (i < rows.size() - 1) json.write(',');
        }
        return new Written(json.toByteArray(), List.copyOf(starts), List.copyOf(offsets), total);
    }
}
