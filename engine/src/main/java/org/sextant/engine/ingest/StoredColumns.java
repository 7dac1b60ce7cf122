package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a stored day keeps when an import brings it again without some of its columns (a close-only or wide file over
 * open/high/low/volume): where the file's close is the stored close (as {@link #SAME_CLOSE} compares), the stored close, open, high, low (when the file has none of the
 * three), adjusted close and volume stay, and a day that then equals its stored row is left as it is (not updated); where the
 * close changed, the file's row replaces the stored one and the columns it lacks are gone, which the file's notes say per symbol.
 * Runs on import_rows before the stored rows it replaces are deleted.
 */
final class StoredColumns {
    private StoredColumns() {}

    /** Whether the new row {@code i} lacks a column its stored row {@code p} has (SQL over the two aliases). */
    static String lacks(String i, String p) {
        java.util.StringJoiner any = new java.util.StringJoiner(" OR ", "(", ")");
        for (PriceField f : PriceField.values()) {
            if (f != PriceField.CLOSE) any.add(i + "." + f.column + " IS NULL AND " + p + "." + f.column + " IS NOT NULL");
        }
        return any.toString();
    }

    /**
     * A row whose close is the stored one and that can take the stored open, high and low (it brings none of them, so none
     * disagrees). The same close within a billionth of it, or the stored close rounded to the 2 to 8 decimals a file writes
     * (attack 20: closes of 6 decimals over full-precision data stripped every day's open, high and low).
     */
    private static final String SAME_CLOSE = sameClose() + " AND i.open IS NULL AND i.high IS NULL AND i.low IS NULL";

    private static String sameClose() {
        java.util.StringJoiner same = new java.util.StringJoiner(" OR ", "(", ")");
        same.add("abs(i.close - p.close) <= 1e-9 * abs(p.close)");
        for (int decimals = 2; decimals <= 8; decimals++) same.add("abs(i.close - round(p.close, " + decimals + ")) <= 1e-9 * abs(p.close)");
        return same.toString();
    }

    /** A row of import_rows {@code i} that is its stored row {@code p}, column for column. */
    private static final String UNCHANGED = "(i.open, i.high, i.low, i.close, i.adj_close, i.volume) IS NOT DISTINCT FROM "
            + "(p.open, p.high, p.low, p.close, p.adj_close, p.volume)";

    /** Merges import_rows with the stored rows as the class comment says; per file, the notes to add. */
    static Map<Integer, List<String>> merge(Connection c) throws SQLException {
        Map<Integer, List<String>> notes = new java.util.TreeMap<>();
        // the rows lacking stored columns, with what they lack, before any is changed
        DirectImport.exec(c, "CREATE OR REPLACE TEMP TABLE import_lacking AS SELECT i.file_no, i.symbol, i.date, (" + SAME_CLOSE + ") AS kept, "
                + "i.open IS NULL AND p.open IS NOT NULL AS no_open, i.high IS NULL AND p.high IS NOT NULL AS no_high, i.low IS NULL AND p.low IS NOT NULL AS no_low, "
                + "i.adj_close IS NULL AND p.adj_close IS NOT NULL AS no_adj, i.volume IS NULL AND p.volume IS NOT NULL AS no_volume "
                + "FROM import_rows i JOIN prices p ON p.symbol = i.symbol AND p.date = i.date WHERE " + lacks("i", "p"));
        if (DirectImport.count(c, "SELECT count(*) FROM import_lacking") == 0) {
            DirectImport.exec(c, "DROP TABLE import_lacking");
            return notes;
        }
        DirectImport.exec(c, "UPDATE import_rows i SET open = p.open, high = p.high, low = p.low, close = p.close, adj_close = coalesce(i.adj_close, p.adj_close), "
                + "volume = coalesce(i.volume, p.volume) FROM prices p WHERE p.symbol = i.symbol AND p.date = i.date AND " + SAME_CLOSE);
        // kept as stored: counted per file and symbol, then out of the batch, so neither inserted nor updated
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT l.file_no, l.symbol, count(*) FROM import_lacking l "
                + "JOIN import_rows i USING (file_no, symbol, date) JOIN prices p ON p.symbol = i.symbol AND p.date = i.date WHERE l.kept AND "
                + UNCHANGED + " GROUP BY ALL ORDER BY l.file_no, l.symbol")) {
            while (r.next()) {
                long n = r.getLong(3);
                add(notes, r.getInt(1), r.getString(2) + ": " + rows(n) + " already stored with this close; the file has no "
                        + "open, high or low for them, so the stored ones were kept and " + (n == 1 ? "it is" : "they are") + " unchanged (not updated)");
            }
        }
        DirectImport.exec(c, "DELETE FROM import_rows i USING prices p WHERE p.symbol = i.symbol AND p.date = i.date AND "
                + UNCHANGED + " AND EXISTS (SELECT 1 FROM import_lacking l WHERE l.kept AND l.file_no = i.file_no AND l.symbol = i.symbol AND l.date = i.date)");
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT file_no, symbol, count(*), bool_or(no_open), bool_or(no_high), "
                + "bool_or(no_low), bool_or(no_adj), bool_or(no_volume) FROM import_lacking WHERE NOT kept GROUP BY ALL ORDER BY file_no, symbol")) {
            while (r.next()) {
                List<String> lost = new ArrayList<>();
                String[] names = {"open", "high", "low", "adjusted close", "volume"};
                for (int k = 0; k < names.length; k++) if (r.getBoolean(4 + k)) lost.add(names[k]);
                long n = r.getLong(3);
                add(notes, r.getInt(1), r.getString(2) + ": " + rows(n) + " changed " + (n == 1 ? "its" : "their") + " close (or brought only part of "
                        + "open, high and low); this file has no " + list(lost, " or ") + " for them, so the stored " + list(lost, " and ") + " of those dates "
                        + (lost.size() == 1 ? "was" : "were") + " removed: import a file with them to have them again");
            }
        }
        DirectImport.exec(c, "DROP TABLE import_lacking");
        return notes;
    }

    private static String rows(long n) {
        return String.format(java.util.Locale.ROOT, "%,d row%s", n, n == 1 ? "" : "s");
    }

    private static String list(List<String> items, String last) {
        if (items.size() == 1) return items.get(0);
        return String.join(", ", items.subList(0, items.size() - 1)) + last + items.get(items.size() - 1);
    }

    private static void add(Map<Integer, List<String>> notes, int file, String note) {
        notes.computeIfAbsent(file, k -> new ArrayList<>()).add(note);
    }
}
