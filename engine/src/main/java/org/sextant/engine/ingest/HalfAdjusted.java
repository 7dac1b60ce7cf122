package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.CancellableSql;

/**
 * Refuses an import after which a symbol would be read half adjusted: every read takes a day's
 * adjusted close where stored and its close where not, so rows without an adjusted close beside a
 * row whose adjusted close is not its close make a move no one traded (attack 25 M4: a Date,Close
 * year then a Yahoo year at 0.85 read as a 15% drop). Rows without one after a history whose
 * latest adjusted closes equal their closes (appending plain days) make no jump and pass.
 * Runs inside the import's transaction, after its rows are in {@code prices}, from {@link ImportedSymbols} alone: a refusal keeps none.
 */
final class HalfAdjusted {
    private HalfAdjusted() {}

    /** Beyond this the adjusted close is not its close (a price rounded to cents at 10 is 0.05% off). */
    static final double TOLERANCE = 0.001;

    private static final String OFF = "abs(adj_close / close - 1) > " + TOLERANCE;

    /** The first border of the imported symbols ({@code import_symbols}) where a jump would be made up. */
    static void refuse(Connection c) throws SQLException {
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
                    + " the adjusted close is " + String.format(java.util.Locale.ROOT, "%.1f%%", Math.abs(ratio - 1) * 100)
                    + (ratio < 1 ? " below" : " above") + " the close: a move no one traded; nothing was imported", "Adj Close",
                    "import the whole history of " + symbol + " from one source with an Adj Close column, leave the Adj Close column out of this"
                            + " file, or delete " + symbol + " first");
        }
    }
}
