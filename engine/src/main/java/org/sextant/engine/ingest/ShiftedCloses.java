package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * New bars whose closes are stored bars' at one other time, shifted by a whole number of quarter hours up to
 * 14 hours: the same file read at another time-zone offset, which stores its bars twice, interleaved. Looked for
 * in the first {@link #SAMPLE} new bars of each symbol, at every shift (shift 0 is the same bars).
 *
 * <p>Each sampled bar at each shift is one exact lookup of (symbol, interval, time, close) among the stored bars
 * of that symbol within 14 hours of the sample: the work is the sample's, not the store's. Joined on the close
 * first (as before), a symbol whose closes repeat (any price grid) paired every sampled bar with every stored bar
 * of the same close before the shifts were tried: 29 million rows and 5 s for a re-import of 100,000 one-minute
 * bars (docs/benchmarks.md, "Bar import: the stored bars it replaces").
 */
final class ShiftedCloses {
    static final int SAMPLE = 500;
    /** The widest shift, in quarter hours: 14 hours, the farthest two UTC offsets of one instant differ from UTC. */
    private static final int QUARTERS = 56;

    private ShiftedCloses() {}

    /** Adds to {@code notes} (by symbol) the note of each symbol of bar_new whose sample has most of its closes at one shift. */
    static void note(Connection c, Map<String, List<String>> notes) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "WITH s AS MATERIALIZED (SELECT symbol, interval, ts, close, count(*) OVER (PARTITION BY symbol) AS bars FROM "
                        + "(SELECT *, row_number() OVER (PARTITION BY symbol ORDER BY ts) AS k FROM bar_new) WHERE k <= " + SAMPLE + "), "
                        // the stored bars a shift can reach: of the sample's symbols, within the widest shift of its first and last time
                        + "stored AS MATERIALIZED (SELECT b.symbol, b.interval, b.ts, b.close FROM bars b JOIN (SELECT symbol, interval, "
                        + "min(ts) - INTERVAL " + QUARTERS * 15 + " MINUTE AS lo, max(ts) + INTERVAL " + QUARTERS * 15 + " MINUTE AS hi FROM s GROUP BY ALL) r "
                        + "ON b.symbol = r.symbol AND b.interval = r.interval AND b.ts BETWEEN r.lo AND r.hi), "
                        // each sampled bar at each shift, for symbols with stored bars there only (a new symbol costs no lookups)
                        + "probe AS MATERIALIZED (SELECT s.symbol, s.interval, s.ts + to_minutes(sh.shift) AS shifted, s.close, s.bars, sh.shift "
                        + "FROM s CROSS JOIN (SELECT 15 * i AS shift FROM range(-" + QUARTERS + ", " + (QUARTERS + 1) + ") t(i)) sh "
                        + "WHERE (s.symbol, s.interval) IN (SELECT symbol, interval FROM stored)), "
                        + "m AS (SELECT p.symbol, p.shift, p.bars, count(*) AS matched FROM probe p JOIN stored b "
                        + "ON b.symbol = p.symbol AND b.interval = p.interval AND b.ts = p.shifted AND b.close = p.close GROUP BY ALL) "
                        + "SELECT symbol, arg_max(shift, matched) FILTER (WHERE shift <> 0), coalesce(max(matched) FILTER (WHERE shift <> 0), 0), "
                        + "coalesce(max(matched) FILTER (WHERE shift = 0), 0), any_value(bars) FROM m GROUP BY symbol")) {
            addNotes(r, notes);
        }
    }

    /**
     * The notes of rows (symbol, the shift matched most, its matches, matches at shift 0, bars sampled): most of the sample
     * at one shift, more than at none (flat prices repeat closes at every shift).
     */
    static void addNotes(ResultSet r, Map<String, List<String>> notes) throws SQLException {
        while (r.next()) {
            long shift = r.getLong(2), matched = r.getLong(3), same = r.getLong(4), bars = r.getLong(5);
            if (matched < 3 || matched * 2 < bars || matched <= same) continue;
            notes.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(matched + " of " + bars + " bars of " + r.getString(1)
                    + " have the closes of stored bars " + BarChecks.duration(Math.abs(shift) * 60) + (shift > 0 ? " later" : " earlier")
                    + ": the same bars imported before at another time-zone offset? Both are now stored; delete the wrong ones, "
                    + "or import with the timezone the file was written in");
        }
    }
}
