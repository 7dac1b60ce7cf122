package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * The grid a symbol's intraday bars sit on ({@link BarGrid}): the phase of each bar's time within the
 * interval. One phase per symbol of a file is fine (hourly bars at :30), and for bars above an hour a
 * second one a clock change off it (4h bars an hour earlier in summer); bars that shift between two
 * otherwise (30m bars at :00/:30, then :15/:45; 4h bars at 02:00, then 00:00) would be stored as one
 * series that misstates its steps, and are refused.
 */
final class BarPhase {
    private BarPhase() {}

    /**
     * Refuses bars off the phases most bars share, named by the first of the first such run, unless the
     * run is a lone bar at a session's edge (a longer step, or none, before or after it: a day's first
     * half-hour bar of hourly ones, 09:30 then 10:00).
     */
    static void refuseMixedPhases(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        if (!interval.intraday()) return;
        long stepSeconds = 60L * interval.minutes;
        String ok = "phase IN (SELECT phase FROM main UNION ALL SELECT phase FROM alt)";
        try (PreparedStatement p = c.prepareStatement("WITH b AS (SELECT ts, line, " + phase(interval) + " AS phase, step, lead(step) OVER (ORDER BY ts) AS next "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ?), "
                + "counts AS (SELECT phase, count(*) AS n FROM b GROUP BY phase), "
                + "main AS (SELECT phase, n FROM counts ORDER BY n DESC, phase LIMIT 1), "
                + "alt AS (SELECT c.phase, c.n FROM counts c, main m WHERE c.phase <> m.phase AND " + BarGrid.clockShiftSql("c.phase", "m.phase", interval)
                + " ORDER BY c.n DESC, c.phase LIMIT 1), "
                + "inner_bar AS (SELECT b.ts FROM b WHERE NOT b." + ok + " AND b.step <= ? AND b.next <= ? ORDER BY b.ts LIMIT 1), "
                // named from the first off-grid bar of its run, the one after the last bar on the grid
                + "first AS (SELECT min(b.ts) AS ts FROM b, inner_bar i WHERE NOT b." + ok + " AND b.ts <= i.ts "
                + "AND b.ts > coalesce((SELECT max(x.ts) FROM b x WHERE x." + ok + " AND x.ts < i.ts), TIMESTAMP '-infinity')) "
                + "SELECT b.line, epoch_ms(b.ts), b.phase, (SELECT phase FROM main), (SELECT phase FROM alt), "
                + "(SELECT count(*) FROM b) - (SELECT sum(n) FROM counts WHERE " + ok + "), (SELECT count(*) FROM b), "
                + "(SELECT epoch_ms(min(ts)) FROM b), (SELECT epoch_ms(max(ts)) FROM b) FROM b JOIN first USING (ts)")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            p.setLong(3, stepSeconds);
            p.setLong(4, stepSeconds);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                Long alt = r.getObject(5) == null ? null : r.getLong(5);
                BarGrid.OffGrid o = new BarGrid.OffGrid(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), alt, r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9));
                throw BarGrid.offGrid(s.bar().file() + " line " + o.line(), symbol, interval, o, s.bar().time().changingZone());
            }
        }
    }

    /**
     * Refuses a file whose bars of a symbol are on another phase than the symbol's stored bars of that
     * interval, or than an earlier file of this import ({@code earlier}: symbol and interval to phases and file);
     * above an hour, a clock change off theirs is the same grid (unless theirs already hold one).
     */
    static void refuseAnotherGrid(Connection c, BarImport.Source s, String symbol, BarInterval interval, Map<String, Object[]> earlier) throws SQLException {
        if (!interval.intraday()) return;
        Long[] mine = phases(c, "bar_steps WHERE file_no = " + s.no() + " AND symbol = ?", symbol, interval);
        if (mine == null) return;
        Object[] before = earlier.putIfAbsent(symbol + "\u0000" + interval.label, new Object[] {mine, s.bar().file()});
        String other = null;
        Long[] theirs = null;
        if (before != null && !fits(mine[0], (Long[]) before[0], interval)) {
            other = "its bars in " + before[1];
            theirs = (Long[]) before[0];
        } else if (before == null) {
            Long[] stored = phases(c, "bars WHERE interval = " + ImportBatch.literal(interval.label) + " AND symbol = ?", symbol, interval);
            if (stored != null && !fits(mine[0], stored, interval)) {
                other = "its stored " + interval.label + " bars";
                theirs = stored;
            }
        }
        if (other == null) return;
        throw SextantException.invalid("paths", s.bar().file() + ": the " + interval.label + " bars of " + symbol + " are on " + BarGrid.grid(mine[0], interval)
                        + ", " + other + " on " + BarGrid.grid(theirs[0], theirs[1], interval) + "; stored as one " + interval.label + " series the two grids would mix",
                "align the bars to the grid of " + other + ", or import them as another symbol (rename the file or its symbol column)");
    }

    /** Whether bars on {@code phase} join bars on {@code theirs} (main, clock-change phase or null): one of theirs, or a clock change off a lone grid. */
    private static boolean fits(long phase, Long[] theirs, BarInterval interval) {
        if (phase == theirs[0]) return true;
        return theirs[1] == null ? BarGrid.clockShift(phase - theirs[0], interval) : phase == theirs[1];
    }

    /** A bar's time into its grid, in ms: DuckDB's % keeps the dividend's sign, so a bar before 1970 is taken up to the grid above it. */
    private static String phase(BarInterval interval) {
        long gridMs = BarGrid.periodMs(interval);
        return "((epoch_ms(ts) % " + gridMs + ") + " + gridMs + ") % " + gridMs;
    }

    /** The phase (ms into the grid) most rows of {@code from} share and the clock-change one (or null); null when it has none. */
    private static Long[] phases(Connection c, String from, String symbol, BarInterval interval) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("WITH counts AS (SELECT " + phase(interval) + " AS phase, count(*) AS n FROM " + from + " GROUP BY phase), "
                + "main AS (SELECT phase FROM counts ORDER BY n DESC, phase LIMIT 1) "
                + "SELECT m.phase, (SELECT c.phase FROM counts c WHERE c.phase <> m.phase AND " + BarGrid.clockShiftSql("c.phase", "m.phase", interval)
                + " ORDER BY c.n DESC, c.phase LIMIT 1) FROM main m")) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return null;
                return new Long[] {r.getLong(1), r.getObject(2) == null ? null : r.getLong(2)};
            }
        }
    }
}
