package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.CancellableSql;

/**
 * Refuses an import after which a symbol's adjusted closes would make a move no one traded. Every read takes a day's
 * adjusted close where stored and its close where not, so:
 * <ul>
 * <li>rows without an adjusted close beside a row whose adjusted close is not its close jump (attack 25 M4: a Date,Close
 * year then a Yahoo year at 0.85 read as a 15% drop). Rows without one after a history whose latest adjusted closes equal
 * their closes (appending plain days) make no jump and pass;</li>
 * <li>adjusted closes of two downloads do not join (attack 26 F1): Yahoo scales every earlier Adj Close anew at each
 * download after a dividend, so where this import's rows meet stored ones (or another file's) the ratio of adjusted close
 * to close steps. Within one download it steps only on a dividend's day, never at the border of an update made before it.</li>
 * </ul>
 * Runs inside the import's transaction, after its rows are in {@code prices}, from {@link ImportedSymbols} alone: a refusal keeps none.
 */
final class HalfAdjusted {
    private HalfAdjusted() {}

    /** Beyond this the adjusted close is not its close (a price rounded to cents at 10 is 0.05% off). */
    static final double TOLERANCE = 0.001;

    private static final String OFF = "abs(adj_close / close - 1) > " + TOLERANCE;

    /** The first border of the imported symbols ({@code import_symbols}) where a jump would be made up. */
    static void refuse(Connection c) throws SQLException {
        plainBesideAdjusted(c);
        twoDownloads(c);
    }

    private static void plainBesideAdjusted(Connection c) throws SQLException {
        // the cheap look first: only a symbol holding both kinds of rows can have a border
        String mixed = "SELECT symbol FROM prices WHERE symbol IN (SELECT symbol FROM import_symbols) GROUP BY symbol "
                + "HAVING bool_or(adj_close IS NULL) AND bool_or(adj_close IS NOT NULL AND " + OFF + ")";
        String border = "SELECT symbol, prev_date, date, CASE WHEN adj_close IS NULL THEN prev_ratio ELSE adj_close / close END FROM ("
                + "SELECT symbol, date, adj_close, close, lag(date) OVER w AS prev_date, lag(adj_close IS NULL) OVER w AS prev_none, "
                + "lag(adj_close / close) OVER w AS prev_ratio FROM prices WHERE symbol IN (" + mixed + ") WINDOW w AS (PARTITION BY symbol ORDER BY date)) "
                + "WHERE prev_date IS NOT NULL AND (adj_close IS NULL) <> prev_none "
                + "AND abs(CASE WHEN adj_close IS NULL THEN prev_ratio ELSE adj_close / close END - 1) > " + TOLERANCE + " ORDER BY symbol, date LIMIT 1";
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery(border))) {
            if (!r.next()) return;
            String symbol = r.getString(1);
            double ratio = r.getDouble(4);
            throw new SextantException(FailReason.INVALID_INPUT, symbol + " would be read half adjusted: " + r.getDate(2).toLocalDate()
                    + " and " + r.getDate(3).toLocalDate() + " lie between days with an adjusted close (Adj Close) and days without one, and there"
                    + " the adjusted close is " + String.format(Locale.ROOT, "%.1f%%", Math.abs(ratio - 1) * 100)
                    + (ratio < 1 ? " below" : " above") + " the close: a move no one traded; nothing was imported", "Adj Close",
                    "import the whole history of " + symbol + " from one source with an Adj Close column, leave the Adj Close column out of this"
                            + " file, or delete " + symbol + " first");
        }
    }

    /**
     * This import's days and the file each came from: on the careful path its {@code import_rows} (a file of the same name may
     * be stored already); on the fast path, which falls back when any stored row has one of its sources, its rows in prices.
     */
    private static String imported(Connection c) throws SQLException {
        boolean careful = DirectImport.count(c, "SELECT count(*) FROM duckdb_tables() WHERE temporary AND table_name = 'import_rows'") > 0;
        return careful ? "SELECT symbol, date, CAST(file_no AS VARCHAR) AS origin FROM import_rows"
                : "SELECT symbol, date, source AS origin FROM prices WHERE source IN (SELECT source FROM import_symbols)";
    }

    /** The first border where this import's adjusted closes meet stored ones, or another file's, at another ratio to the close. */
    private static void twoDownloads(Connection c) throws SQLException {
        // per symbol, the span of its imported days widened to the stored day on either side; only a symbol with adjusted closes
        // and rows of two origins (stored rows left, or two files) has a border, and only rows in that span are ordered (an
        // update of a long history orders its new days, not the history)
        String spans = "SELECT symbol, min(date) AS first, max(date) AS last, count(*) AS n, count(DISTINCT origin) AS origins FROM imported GROUP BY symbol";
        String edges = "SELECT s.symbol, coalesce(max(p.date) FILTER (WHERE p.date < s.first), s.first) AS lo, "
                + "coalesce(min(p.date) FILTER (WHERE p.date > s.last), s.last) AS hi FROM spans s JOIN prices p USING (symbol) "
                + "GROUP BY s.symbol, s.first, s.last, s.n, s.origins HAVING bool_or(p.adj_close IS NOT NULL) AND (count(*) > s.n OR s.origins > 1)";
        String border = "WITH imported AS (" + imported(c) + "), spans AS (" + spans + "), edges AS (" + edges + ") "
                + "SELECT symbol, prev_date, date, prev_ratio, ratio, prev_origin, origin FROM ("
                + "SELECT p.symbol, p.date, p.adj_close / p.close AS ratio, i.origin, lag(p.date) OVER w AS prev_date, "
                + "lag(p.adj_close / p.close) OVER w AS prev_ratio, lag(i.origin) OVER w AS prev_origin "
                + "FROM prices p JOIN edges e ON p.symbol = e.symbol AND p.date BETWEEN e.lo AND e.hi "
                + "LEFT JOIN imported i ON i.symbol = p.symbol AND i.date = p.date WINDOW w AS (PARTITION BY p.symbol ORDER BY p.date)) "
                + "WHERE prev_date IS NOT NULL AND origin IS DISTINCT FROM prev_origin AND abs(ratio / prev_ratio - 1) > " + TOLERANCE
                + " ORDER BY symbol, date LIMIT 1";
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery(border))) {
            if (!r.next()) return;
            String symbol = r.getString(1);
            double before = r.getDouble(4), after = r.getDouble(5), step = after / before - 1;
            String beforeFrom = r.getString(6), afterFrom = r.getString(7);
            String first = beforeFrom == null ? "stored" : afterFrom == null ? "this import" : "one file of this import";
            String second = afterFrom == null ? "stored" : beforeFrom == null ? "this import" : "another";
            throw new SextantException(FailReason.INVALID_INPUT, symbol + ": the adjusted closes (Adj Close) of two downloads would meet: the adjusted close"
                    + " is " + ratio(before) + " of the close on " + r.getDate(2).toLocalDate() + " (" + first + ") and "
                    + ratio(after) + " on " + r.getDate(3).toLocalDate() + " (" + second + "), read as a "
                    + String.format(Locale.ROOT, "%.1f%%", Math.abs(step) * 100) + (step < 0 ? " drop" : " rise") + " no one traded (a download"
                    + " scales every earlier Adj Close anew after a dividend or split); nothing was imported", "Adj Close",
                    "import the whole history of " + symbol + " again from one download (it replaces every stored day), or delete " + symbol + " first");
        }
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.4f", r);
    }
}
