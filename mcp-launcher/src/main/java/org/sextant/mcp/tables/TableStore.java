package org.sextant.mcp.tables;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Json;

/**
 * Rows of large results, kept in the launcher's memory only (never on disk) and served as
 * sextant://table/{id}. Bounded: the oldest tables go first when the count or the total row
 * budget is exceeded, so a long agent session cannot grow the launcher without limit. A table
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

    private final int maxTables;
    private final long maxRows;
    private final int pageBytes;
    private final SecureRandom random = new SecureRandom();
    private final LinkedHashMap<String, Table> tables = new LinkedHashMap<>();
    private long rowsHeld;

    public TableStore(int maxTables, long maxRows) {
        this(maxTables, maxRows, PAGE_BYTES);
    }

    TableStore(int maxTables, long maxRows, int pageBytes) {
        this.maxTables = maxTables;
        this.maxRows = maxRows;
        this.pageBytes = pageBytes;
    }

    public static TableStore withDefaults() {
        return new TableStore(64, 500_000);
    }

    /**
     * A stored result: what produced it, its column names (may be empty), its rows, and the first
     * row of each page.
     */
    public record Table(String id, String source, List<String> columns, List<?> rows, List<Integer> pageStarts) {
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

        /** One page (1-based; empty when there is no such page) as resources/read answers it. */
        public Optional<Map<String, Object>> page(int page) {
            if (page < 1 || page > pages()) return Optional.empty();
            int from = pageStarts.get(page - 1), to = page < pages() ? pageStarts.get(page) : rows.size();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uri", pageUri(page));
            m.put("source", source);
            m.put("columns", columns);
            m.put("row_count", rows.size());
            m.put("page", page);
            m.put("pages", pages());
            m.put("first_row", from);
            m.put("rows", rows.subList(from, to));
            m.put("next_uri", page < pages() ? pageUri(page + 1) : null);
            return Optional.of(m);
        }
    }

    /** A table's id and page in one of our URIs: sextant://table/{id} (page 1) or sextant://table/{id}/page/{n}. */
    public record Address(String id, int page) {}

    public synchronized Table put(String source, List<String> columns, List<?> rows) {
        byte[] b = new byte[8];
        random.nextBytes(b);
        List<?> copy = List.copyOf(rows);
        Table t = new Table(HexFormat.of().formatHex(b), source, List.copyOf(columns), copy, pageStarts(copy, pageBytes));
        tables.put(t.id(), t);
        rowsHeld += t.rows().size();
        Iterator<Table> oldest = tables.values().iterator();
        while ((tables.size() > maxTables || rowsHeld > maxRows) && tables.size() > 1) {
            rowsHeld -= oldest.next().rows().size();
            oldest.remove();
        }
        return t;
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
        String text = Json.write(page.get());
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
        List<Integer> starts = new ArrayList<>(List.of(0));
        long bytes = 0;
        for (int i = 0; i < rows.size(); i++) {
            long row = Json.bytesInMessage(Json.write(rows.get(i))) + 1; // and its comma
            if (bytes > 0 && bytes + row > pageBytes) {
                starts.add(i);
                bytes = 0;
            }
            bytes += row;
        }
        return List.copyOf(starts);
    }
}
