package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Stored days a file brings again with the very same prices: still replaced and counted as updated (one rule for every
 * stored day a file brings), but said, so that re-importing a file that changed nothing does not read as "2528 updated"
 * with no word (attack 23 L1).
 */
final class UnchangedRows {
    private UnchangedRows() {}

    /** Every price column of a new row {@code n} is its stored row {@code p}'s. */
    private static final String SAME = "(n.open, n.high, n.low, n.close, n.adj_close, n.volume) IS NOT DISTINCT FROM "
            + "(p.open, p.high, p.low, p.close, p.adj_close, p.volume)";

    /**
     * Per file key ({@code fileKey}, e.g. its number or its source), the note on the stored rows it replaces with the same
     * prices; {@code newRows} a relation of new rows {@code n} (symbol, date, prices, and the key), {@code stored} one of the
     * stored rows {@code p} they replace.
     */
    static Map<String, String> notes(Connection c, String newRows, String stored, String fileKey) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT CAST(n." + fileKey + " AS VARCHAR), count(*) FILTER (WHERE "
                + SAME + "), count(*) FROM " + newRows + " n JOIN " + stored + " p ON p.symbol = n.symbol AND p.date = n.date GROUP BY 1")) {
            while (r.next()) {
                long same = r.getLong(2), replaced = r.getLong(3);
                if (same == 0) continue;
                out.put(r.getString(1), (same == replaced ? "all " + String.format(java.util.Locale.ROOT, "%,d", replaced) + " stored rows it replaces"
                        : String.format(java.util.Locale.ROOT, "%,d of the %,d stored rows it replaces", same, replaced))
                        + " already held these very prices: counted as updated, nothing in them changed");
            }
        }
        return out;
    }
}
