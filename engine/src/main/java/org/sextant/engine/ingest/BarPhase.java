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
 * interval. One phase per symbol of a file is fine (hourly bars at :30), and a second one a clock change
 * off it where the bars move to it across one (4h bars an hour earlier in New York's summer, hourly bars
 * 30 minutes off in Lord Howe's); bars that shift between two otherwise (30m bars at :00/:30, then
 * :15/:45; 4h bars at 02:00, then 00:00; hourly bars at :00, then :30 on a day no clock changes) would be
 * stored as one series that misstates its steps, and are refused.
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
        String mine = "bar_steps WHERE file_no = " + s.no() + " AND symbol = ?";
        Long[] ph = phases(c, mine, symbol, interval);
        if (ph == null) return;
        long main = ph[0];
        Long alt = ph[1] != null && movesAcrossClockChanges(c, mine, symbol, interval, main, ph[1], s.bar().time().changingZone()) ? ph[1] : null;
        long stepSeconds = 60L * interval.minutes;
        String ok = "phase IN (" + main + (alt == null ? "" : ", " + alt) + ")";
        try (PreparedStatement p = c.prepareStatement("WITH b AS (SELECT ts, line, " + phase(interval) + " AS phase, step, lead(step) OVER (ORDER BY ts) AS next "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ?), "
                + "inner_bar AS (SELECT b.ts FROM b WHERE NOT b." + ok + " AND b.step <= ? AND b.next <= ? ORDER BY b.ts LIMIT 1), "
                // named from the first off-grid bar of its run, the one after the last bar on the grid
                + "first AS (SELECT min(b.ts) AS ts FROM b, inner_bar i WHERE NOT b." + ok + " AND b.ts <= i.ts "
                + "AND b.ts > coalesce((SELECT max(x.ts) FROM b x WHERE x." + ok + " AND x.ts < i.ts), TIMESTAMP '-infinity')) "
                + "SELECT b.line, epoch_ms(b.ts), b.phase, (SELECT count(*) FILTER (WHERE NOT " + ok + ") FROM b), (SELECT count(*) FROM b), "
                + "(SELECT epoch_ms(min(ts)) FROM b), (SELECT epoch_ms(max(ts)) FROM b) FROM b JOIN first USING (ts)")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            p.setLong(3, stepSeconds);
            p.setLong(4, stepSeconds);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                BarGrid.OffGrid o = new BarGrid.OffGrid(r.getLong(1), r.getLong(2), r.getLong(3), main, alt, r.getLong(4), r.getLong(5), r.getLong(6), r.getLong(7));
                throw BarGrid.offGrid(s.bar().file() + " line " + o.line(), symbol, interval, o);
            }
        }
    }

    /** Whether every move of {@code from}'s bars between the two phases crosses a clock change of their shift ({@link BarGrid#acrossClockChanges}). */
    private static boolean movesAcrossClockChanges(Connection c, String from, String symbol, BarInterval interval, long main, long alt, java.time.ZoneId zone) throws SQLException {
        java.util.List<long[]> moves = new java.util.ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT epoch_ms(prev), epoch_ms(ts) FROM (SELECT ts, phase, lag(ts) OVER (ORDER BY ts) AS prev, "
                + "lag(phase) OVER (ORDER BY ts) AS prev_phase FROM (SELECT ts, " + phase(interval) + " AS phase FROM " + from + ") WHERE phase IN (" + main + ", " + alt + ")) "
                + "WHERE phase <> prev_phase ORDER BY ts LIMIT " + (BarGrid.MAX_SWITCHES + 1))) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) moves.add(new long[] {r.getLong(1), r.getLong(2)});
            }
        }
        long[] a = new long[moves.size()], b = new long[moves.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = moves.get(i)[0];
            b[i] = moves.get(i)[1];
        }
        return BarGrid.acrossClockChanges(alt - main, a, b, interval, zone);
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
        java.time.ZoneId zone = s.bar().time().changingZone();
        if (before != null && !fits(mine, (Long[]) before[0], interval, zone)) {
            other = "its bars in " + before[1];
            theirs = (Long[]) before[0];
        } else if (before == null) {
            Long[] stored = storedGrid(c, symbol, interval);
            if (stored != null && !fits(mine, stored, interval, zone)) {
                other = "its stored " + interval.label + " bars";
                theirs = stored;
            }
        }
        if (other == null) return;
        throw anotherGrid(s.bar().file() + ": ", symbol, interval, mine, other, theirs);
    }

    /** The refusal of bars on another grid than {@code other}'s ("its stored 1h bars"), the import's and the preview's ({@code at}: "F.csv: " or ""). */
    static SextantException anotherGrid(String at, String symbol, BarInterval interval, Long[] mine, String other, Long[] theirs) {
        return SextantException.invalid("paths", at + "the " + interval.label + " bars of " + symbol + " are on " + BarGrid.grid(mine[0], interval)
                        + ", " + other + " on " + BarGrid.grid(theirs[0], theirs[1], interval) + "; stored as one " + interval.label + " series the two grids would mix",
                "align the bars to the grid of " + other + ", or import them as another symbol (rename the file or its symbol column)");
    }

    /** The grid of a symbol's stored bars of an interval (as {@link #phases}); null when none are stored. */
    static Long[] storedGrid(Connection c, String symbol, BarInterval interval) throws SQLException {
        return phases(c, "bars WHERE interval = " + ImportBatch.literal(interval.label) + " AND symbol = ?", symbol, interval);
    }

    /**
     * Whether {@code mine} (main phase, clock-change phase or null, first and last bar in ms) joins {@code theirs}: on one of
     * their phases, or a clock change off their lone grid with such a change between the two (neither overlapping the other).
     */
    static boolean fits(Long[] mine, Long[] theirs, BarInterval interval, java.time.ZoneId zone) {
        long phase = mine[0];
        if (phase == theirs[0]) return true;
        if (theirs[1] != null) return phase == theirs[1];
        if (!BarGrid.clockShift(phase - theirs[0], interval)) return false;
        if (mine[2] > theirs[3]) return BarGrid.clockChangeBetween(phase - theirs[0], theirs[3], mine[2], interval, zone);
        if (mine[3] < theirs[2]) return BarGrid.clockChangeBetween(phase - theirs[0], mine[3], theirs[2], interval, zone);
        return false; // two grids over one span
    }

    /** A bar's time into its grid, in ms: DuckDB's % keeps the dividend's sign, so a bar before 1970 is taken up to the grid above it. */
    private static String phase(BarInterval interval) {
        long gridMs = BarGrid.periodMs(interval);
        return "((epoch_ms(ts) % " + gridMs + ") + " + gridMs + ") % " + gridMs;
    }

    /** The phase (ms into the grid) most rows of {@code from} share, the clock-change one (or null), the first and last time (ms); null when it has none. */
    private static Long[] phases(Connection c, String from, String symbol, BarInterval interval) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("WITH rows AS (SELECT ts FROM " + from + "), "
                + "counts AS (SELECT " + phase(interval) + " AS phase, count(*) AS n FROM rows GROUP BY phase), "
                + "main AS (SELECT phase FROM counts ORDER BY n DESC, phase LIMIT 1) "
                + "SELECT m.phase, (SELECT c.phase FROM counts c WHERE c.phase <> m.phase AND " + BarGrid.clockShiftSql("c.phase", "m.phase", interval)
                + " ORDER BY c.n DESC, c.phase LIMIT 1), (SELECT epoch_ms(min(ts)) FROM rows), (SELECT epoch_ms(max(ts)) FROM rows) FROM main m")) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return null;
                return new Long[] {r.getLong(1), r.getObject(2) == null ? null : r.getLong(2), r.getLong(3), r.getLong(4)};
            }
        }
    }
}
