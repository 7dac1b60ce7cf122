package org.sextant.mcp.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results over 200 rows go to the agent as a preview (first 20, last 5), a summary and a
 * resource URI; the full rows stay in the {@link TableStore}. Keeps a tool answer small enough
 * for an agent's context while nothing is lost.
 */
public final class LargeResult {
    public static final int ROW_LIMIT = 200;
    public static final int HEAD = 20;
    public static final int TAIL = 5;

    private LargeResult() {}

    /**
     * Returns the data unchanged when data[rowsKey] holds at most ROW_LIMIT rows; otherwise a copy
     * where rowsKey is replaced by preview, summary and resource_uri.
     */
    public static Map<String, Object> shrink(Map<String, Object> data, String rowsKey, List<String> columns,
                                             Map<String, Object> summary, String source, TableStore store) {
        if (!(data.get(rowsKey) instanceof List<?> rows) || rows.size() <= ROW_LIMIT) return data;
        TableStore.Table table = store.put(source, columns, rows);
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : data.entrySet()) {
            if (!e.getKey().equals(rowsKey)) out.put(e.getKey(), e.getValue());
        }
        Map<String, Object> preview = new LinkedHashMap<>();
        preview.put("first", new ArrayList<>(rows.subList(0, HEAD)));
        preview.put("last", new ArrayList<>(rows.subList(rows.size() - TAIL, rows.size())));
        out.put("rows_returned", false);
        out.put("preview", preview);
        out.put("summary", summary);
        out.put("resource_uri", table.kept() ? table.uri() : null);
        String moved = table.kept() ? "read all rows with resources/read on resource_uri (a large table in pages: follow each"
                + " page's next_uri); " + TableStore.kept(table) : "they were " + TableStore.NOT_KEPT;
        // the app's own note (where to read on, bars left out) comes first: the rows moved, not what they mean
        out.merge("note", rows.size() + " rows exceed the " + ROW_LIMIT + "-row inline limit: " + moved, (app, ours) -> app + "; " + ours);
        return out;
    }

    /** Count plus min/max of every column whose non-null values are all numbers (rows as arrays). */
    public static Map<String, Object> columnSummary(List<String> columns, List<?> rows) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", rows.size());
        int n = columns.size();
        double[] min = new double[n], max = new double[n];
        boolean[] seen = new boolean[n], text = new boolean[n];
        // rows outside, columns inside: a long table's rows are kept as text and parsed again on each get (CompactRows), so a
        // column-first walk parsed every row once per column (attack 37b: 201 rows of 1,000 numbers took 28 s of a core)
        for (Object row : rows) {
            if (!(row instanceof List<?> l)) continue;
            for (int c = 0; c < Math.min(n, l.size()); c++) {
                Object v = l.get(c);
                if (v == null || text[c]) continue;
                if (!(v instanceof Number num)) {
                    text[c] = true;
                    continue;
                }
                double d = num.doubleValue();
                min[c] = seen[c] ? Math.min(min[c], d) : d;
                max[c] = seen[c] ? Math.max(max[c], d) : d;
                seen[c] = true;
            }
        }
        Map<String, Object> ranges = new LinkedHashMap<>();
        for (int c = 0; c < n; c++) if (seen[c] && !text[c]) ranges.put(columns.get(c), Map.of("min", min[c], "max", max[c]));
        summary.put("numeric_ranges", ranges);
        return summary;
    }
}
