package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
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
        Long[] ph = phases(c, "SELECT file_no, symbol, ts FROM bar_steps WHERE file_no = " + s.no() + " AND symbol = ?", symbol, interval);
        if (ph == null) return;
        long main = ph[0];
        Long alt = null;
        if (ph[1] != null) {
            String grid = "(" + s.no() + ", ?, CAST(" + main + " AS BIGINT), CAST(" + ph[1] + " AS BIGINT))";
            List<long[]> moves;
            try (PreparedStatement p = c.prepareStatement(movesSql(grid, interval))) {
                p.setString(1, symbol);
                moves = movesOf(p).getOrDefault(BarGridScreen.key(s.no(), symbol), List.of());
            }
            if (acrossClockChanges(moves, ph[1] - main, interval, s.bar().time().changingZone())) alt = ph[1];
        }
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

    /**
     * The symbols of a batch with a bar {@link #refuseMixedPhases} refuses (file_no, symbol): off the grids {@code grids} gives
     * (VALUES rows of file_no, symbol, main phase, clock-change phase or NULL), within a run of steps at most the interval.
     */
    static String offGridSql(String grids, BarInterval interval) {
        return "WITH g(file_no, symbol, main, alt) AS (VALUES " + grids + "), b AS (SELECT s.file_no, s.symbol, " + phase(interval) + " AS phase, s.step, "
                + "lead(s.step) OVER (PARTITION BY s.file_no, s.symbol ORDER BY s.ts) AS next, g.main, g.alt FROM bar_steps s JOIN g USING (file_no, symbol)) "
                + "SELECT DISTINCT file_no, symbol FROM b WHERE NOT (phase = main OR coalesce(phase = alt, false)) AND step <= " + 60L * interval.minutes
                + " AND next <= " + 60L * interval.minutes;
    }

    /** Whether each of {@code moves} (from, to in ms) crosses a clock change of the shift ({@link BarGrid#acrossClockChanges}). */
    static boolean acrossClockChanges(List<long[]> moves, long shiftMs, BarInterval interval, java.time.ZoneId zone) {
        long[] a = new long[moves.size()], b = new long[moves.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = moves.get(i)[0];
            b[i] = moves.get(i)[1];
        }
        return BarGrid.acrossClockChanges(shiftMs, a, b, interval, zone);
    }

    /**
     * Each symbol's moves between its two phases ({@code grids}: VALUES rows of file_no, symbol, main, clock-change phase), from
     * the bar before to the bar after (ms), the first {@link BarGrid#MAX_SWITCHES} + 1 of each, by "file_no\0symbol".
     */
    static String movesSql(String grids, BarInterval interval) {
        return "WITH g(file_no, symbol, main, alt) AS (VALUES " + grids + "), p AS (SELECT * FROM (SELECT s.file_no, s.symbol, s.ts, " + phase(interval) + " AS phase, g.main, g.alt "
                + "FROM bar_steps s JOIN g USING (file_no, symbol)) WHERE phase IN (main, alt)), "
                + "m AS (SELECT file_no, symbol, ts, phase, lag(ts) OVER w AS prev, lag(phase) OVER w AS prev_phase FROM p WINDOW w AS (PARTITION BY file_no, symbol ORDER BY ts)) "
                + "SELECT file_no, symbol, epoch_ms(prev), epoch_ms(ts) FROM m WHERE phase <> prev_phase "
                + "QUALIFY row_number() OVER (PARTITION BY file_no, symbol ORDER BY ts) <= " + (BarGrid.MAX_SWITCHES + 1) + " ORDER BY file_no, symbol, ts";
    }

    /** The moves {@link #movesSql} gives, by "file_no\0symbol". */
    static Map<String, List<long[]>> movesOf(PreparedStatement p) throws SQLException {
        Map<String, List<long[]>> out = new java.util.HashMap<>();
        try (ResultSet r = org.sextant.engine.jobs.CancellableSql.run(p, p::executeQuery)) {
            while (r.next()) out.computeIfAbsent(BarGridScreen.key(r.getInt(1), r.getString(2)), k -> new java.util.ArrayList<>()).add(new long[] {r.getLong(3), r.getLong(4)});
        }
        return out;
    }

    /**
     * Refuses a file whose bars of a symbol are on another phase than the symbol's stored bars of that
     * interval, or than an earlier file of this import ({@code earlier}: symbol and interval to phases and file);
     * above an hour, a clock change off theirs is the same grid (unless theirs already hold one).
     */
    static void refuseAnotherGrid(Connection c, BarImport.Source s, String symbol, BarInterval interval, Map<String, Object[]> earlier) throws SQLException {
        if (!interval.intraday()) return;
        Long[] mine = phases(c, "SELECT file_no, symbol, ts FROM bar_steps WHERE file_no = " + s.no() + " AND symbol = ?", symbol, interval);
        refuseAnotherGrid(s, symbol, interval, earlier, mine, () -> storedGrid(c, symbol, interval));
    }

    /** A stored grid read when needed. */
    interface StoredGrid {
        Long[] get() throws SQLException;
    }

    /** As above, of the file's grid {@code mine} (null: none) and the stored one (of {@link BarGridScreen}: one query for the batch). */
    static void refuseAnotherGrid(BarImport.Source s, String symbol, BarInterval interval, Map<String, Object[]> earlier, Long[] mine, StoredGrid storedGrid) throws SQLException {
        if (!interval.intraday() || mine == null) return;
        Object[] before = earlier.putIfAbsent(symbol + "\u0000" + interval.label, new Object[] {mine, s.bar().file()});
        String other = null;
        Long[] theirs = null;
        java.time.ZoneId zone = s.bar().time().changingZone();
        if (before != null && !fits(mine, (Long[]) before[0], interval, zone)) {
            other = "its bars in " + before[1];
            theirs = (Long[]) before[0];
        } else if (before == null) {
            Long[] stored = storedGrid.get();
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
        return phases(c, "SELECT -1 AS file_no, symbol, ts FROM bars WHERE interval = " + ImportBatch.literal(interval.label) + " AND symbol = ?", symbol, interval);
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
    static String phase(BarInterval interval) {
        long gridMs = BarGrid.periodMs(interval);
        return "((epoch_ms(ts) % " + gridMs + ") + " + gridMs + ") % " + gridMs;
    }

    /** The grid of one symbol's rows ({@code rows}: file_no, symbol, ts, the symbol a parameter), as {@link #phasesOf}; null when it has none. */
    private static Long[] phases(Connection c, String rows, String symbol, BarInterval interval) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(phasesSql(rows, interval))) {
            p.setString(1, symbol);
            Map<String, Long[]> out = phasesOf(p);
            return out.isEmpty() ? null : out.values().iterator().next();
        }
    }

    /**
     * By "file_no\0symbol" of {@code rows} (a query of file_no, symbol, ts): the phase (ms into the grid) most of its rows share,
     * the clock-change one (or null), the first and last time (ms).
     */
    static Map<String, Long[]> phasesOf(Connection c, String rows, BarInterval interval) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(phasesSql(rows, interval))) {
            return phasesOf(p);
        }
    }

    private static Map<String, Long[]> phasesOf(PreparedStatement p) throws SQLException {
        Map<String, Long[]> out = new java.util.HashMap<>();
        try (ResultSet r = org.sextant.engine.jobs.CancellableSql.run(p, p::executeQuery)) {
            while (r.next()) out.put(BarGridScreen.key(r.getInt(1), r.getString(2)), new Long[] {r.getLong(3), r.getObject(4) == null ? null : r.getLong(4), r.getLong(5), r.getLong(6)});
        }
        return out;
    }

    private static String phasesSql(String rows, BarInterval interval) {
        return "WITH rows AS (" + rows + "), counts AS (SELECT file_no, symbol, " + phase(interval) + " AS phase, count(*) AS n FROM rows GROUP BY ALL), "
                + "main AS (SELECT file_no, symbol, phase FROM counts QUALIFY row_number() OVER (PARTITION BY file_no, symbol ORDER BY n DESC, phase) = 1), "
                + "alt AS (SELECT c.file_no, c.symbol, c.phase FROM counts c JOIN main m USING (file_no, symbol) WHERE c.phase <> m.phase AND "
                + BarGrid.clockShiftSql("c.phase", "m.phase", interval) + " QUALIFY row_number() OVER (PARTITION BY c.file_no, c.symbol ORDER BY c.n DESC, c.phase) = 1), "
                + "span AS (SELECT file_no, symbol, epoch_ms(min(ts)) AS first, epoch_ms(max(ts)) AS last FROM rows GROUP BY ALL) "
                + "SELECT m.file_no, m.symbol, m.phase, a.phase, s.first, s.last FROM main m LEFT JOIN alt a USING (file_no, symbol) JOIN span s USING (file_no, symbol)";
    }
}
