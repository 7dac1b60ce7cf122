package org.sextant.mcp.tables;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rows of large results, kept in the launcher's memory only (never on disk) and served as
 * sextant://table/{id}. Bounded: the oldest tables go first when the count or the total row
 * budget is exceeded, so a long agent session cannot grow the launcher without limit.
 */
public final class TableStore {
    public static final String URI_PREFIX = "sextant://table/";
    public static final String URI_TEMPLATE = URI_PREFIX + "{id}";

    private final int maxTables;
    private final long maxRows;
    private final SecureRandom random = new SecureRandom();
    private final LinkedHashMap<String, Table> tables = new LinkedHashMap<>();
    private long rowsHeld;

    public TableStore(int maxTables, long maxRows) {
        this.maxTables = maxTables;
        this.maxRows = maxRows;
    }

    public static TableStore withDefaults() {
        return new TableStore(64, 500_000);
    }

    /** A stored result: what produced it, its column names (may be empty) and its rows. */
    public record Table(String id, String source, List<String> columns, List<?> rows) {
        public String uri() {
            return URI_PREFIX + id;
        }

        public Map<String, Object> toContent() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("uri", uri());
            m.put("source", source);
            m.put("columns", columns);
            m.put("row_count", rows.size());
            m.put("rows", rows);
            return m;
        }
    }

    public synchronized Table put(String source, List<String> columns, List<?> rows) {
        byte[] b = new byte[8];
        random.nextBytes(b);
        Table t = new Table(HexFormat.of().formatHex(b), source, List.copyOf(columns), List.copyOf(rows));
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

    /** The id in a sextant://table/{id} URI, or empty when the URI is not one of ours. */
    public static Optional<String> idOf(String uri) {
        if (uri == null || !uri.startsWith(URI_PREFIX)) return Optional.empty();
        String id = uri.substring(URI_PREFIX.length());
        return id.matches("[0-9a-f]{16}") ? Optional.of(id) : Optional.empty();
    }
}
