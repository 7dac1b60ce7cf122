package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * The grid a symbol's intraday bars sit on: the phase of each bar's time within the interval (within
 * the hour for 1h and 4h, so a clock change, a whole hour, moves no bar off it). One phase per
 * symbol of a file is fine (hourly bars at :30); bars that shift between two (30m bars at :00/:30,
 * then :15/:45) would be stored as one series that misstates its steps, and are refused.
 */
final class BarPhase {
    private BarPhase() {}

    /**
     * Refuses bars off the phase most bars share, named by the first of the first such run, unless the
     * run is a lone bar at a session's edge (a longer step, or none, before or after it: a day's first
     * half-hour bar of hourly ones, 09:30 then 10:00).
     */
    static void refuseMixedPhases(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        if (!interval.intraday()) return;
        long gridMs = 60_000L * Math.min(interval.minutes, 60);
        long stepSeconds = 60L * interval.minutes;
        try (PreparedStatement p = c.prepareStatement("WITH b AS (SELECT ts, line, " + phase(gridMs) + " AS phase, step, lead(step) OVER (ORDER BY ts) AS next "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ?), "
                + "main AS (SELECT phase, count(*) AS n FROM b GROUP BY phase ORDER BY n DESC, phase LIMIT 1), "
                + "inner_bar AS (SELECT b.ts FROM b, main WHERE b.phase <> main.phase AND b.step <= ? AND b.next <= ? ORDER BY b.ts LIMIT 1), "
                // named from the first off-grid bar of its run, the one after the last bar on the grid
                + "first AS (SELECT min(b.ts) AS ts FROM b, main, inner_bar i WHERE b.phase <> main.phase AND b.ts <= i.ts "
                + "AND b.ts > coalesce((SELECT max(x.ts) FROM b x WHERE x.phase = main.phase AND x.ts < i.ts), TIMESTAMP '-infinity')) "
                + "SELECT b.line, b.ts, main.phase, (SELECT count(*) FROM b) - main.n, (SELECT count(*) FROM b) FROM b JOIN first USING (ts), main")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            p.setLong(3, stepSeconds);
            p.setLong(4, stepSeconds);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                String at = r.getTimestamp(2).toLocalDateTime() + "Z";
                throw SextantException.invalid("paths", s.bar().file() + " line " + r.getLong(1) + ": the bar of " + symbol + " at " + at
                                + " is off the " + interval.label + " grid most of its bars are on (" + grid(r.getLong(3), interval) + "): "
                                + r.getLong(4) + " of " + r.getLong(5) + " bars are off it; stored as one " + interval.label + " series the two grids would mix",
                        "align the bars to one grid (every " + interval.label + " bar starting at the same minutes of the hour), "
                                + "or split the file where the times shift and import each part as its own symbol");
            }
        }
    }

    /**
     * Refuses a file whose bars of a symbol are on another phase than the symbol's stored bars of that
     * interval, or than an earlier file of this import ({@code earlier}: symbol and interval to phase and file).
     */
    static void refuseAnotherGrid(Connection c, BarImport.Source s, String symbol, BarInterval interval, Map<String, Object[]> earlier) throws SQLException {
        if (!interval.intraday()) return;
        long gridMs = 60_000L * Math.min(interval.minutes, 60);
        Long mine = mainPhase(c, "bar_steps WHERE file_no = " + s.no() + " AND symbol = ?", symbol, gridMs);
        if (mine == null) return;
        Object[] before = earlier.putIfAbsent(symbol + "\u0000" + interval.label, new Object[] {mine, s.bar().file()});
        String other = null;
        long theirs = 0;
        if (before != null && (long) before[0] != mine) {
            other = "its bars in " + before[1];
            theirs = (long) before[0];
        } else if (before == null) {
            Long stored = mainPhase(c, "bars WHERE interval = " + ImportBatch.literal(interval.label) + " AND symbol = ?", symbol, gridMs);
            if (stored != null && !stored.equals(mine)) {
                other = "its stored " + interval.label + " bars";
                theirs = stored;
            }
        }
        if (other == null) return;
        throw SextantException.invalid("paths", s.bar().file() + ": the " + interval.label + " bars of " + symbol + " are on " + grid(mine, interval)
                        + ", " + other + " on " + grid(theirs, interval) + "; stored as one " + interval.label + " series the two grids would mix",
                "align the bars to the grid of " + other + ", or import them as another symbol (rename the file or its symbol column)");
    }

    /** A bar's time into its grid, in ms: DuckDB's % keeps the dividend's sign, so a bar before 1970 is taken up to the grid above it. */
    private static String phase(long gridMs) {
        return "((epoch_ms(ts) % " + gridMs + ") + " + gridMs + ") % " + gridMs;
    }

    /** The phase (ms into the grid) most rows of {@code from} share, null when it has none. */
    private static Long mainPhase(Connection c, String from, String symbol, long gridMs) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + phase(gridMs) + " AS phase FROM " + from + " GROUP BY phase ORDER BY count(*) DESC, phase LIMIT 1")) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getLong(1) : null;
            }
        }
    }

    /** Where the grid's bars start: ":00, :30 past each hour", ":15 past each hour", "whole minutes". */
    static String grid(long phaseMs, BarInterval interval) {
        long seconds = phaseMs / 1000;
        if (interval.minutes == 1) return seconds == 0 ? "whole minutes" : seconds + " seconds past each minute";
        List<String> at = new ArrayList<>();
        for (long m = seconds; m < 3600 && at.size() < 4; m += 60L * interval.minutes) at.add(clock(m));
        boolean more = seconds + 4 * 60L * interval.minutes < 3600;
        return String.join(", ", at) + (more ? ", …" : "") + " past each hour";
    }

    private static String clock(long secondsIntoHour) {
        long s = secondsIntoHour % 60;
        return String.format(java.util.Locale.ROOT, ":%02d", secondsIntoHour / 60) + (s == 0 ? "" : String.format(java.util.Locale.ROOT, ":%02d", s));
    }
}
