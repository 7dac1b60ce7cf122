package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * Weekly and monthly bars: two of a symbol in one ISO week (1w) or one calendar month (1mo), counted in UTC as every
 * read at 1w or 1mo groups stored bars (by their UTC date), are one bar of any read at that interval, each folded into
 * it unseen (Monday's and Friday's bars of one week; a mid-month bar beside a month-end one). Refused naming both lines,
 * their times shown in the file's time zone ({@link BarTime#localZone}). Bars labelled on another weekday some weeks
 * (Thursday in a week whose Friday is a holiday) are one per week and import.
 */
final class BarPeriods {
    private BarPeriods() {}

    static void refuseTwoInOnePeriod(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        if (interval != BarInterval.W1 && interval != BarInterval.MO1) return;
        String unit = interval == BarInterval.W1 ? "week" : "month";
        java.time.ZoneId zone = s.bar().time().localZone();
        // DuckDB's week is the ISO week, from Monday; ts is UTC, as the reads count it
        try (PreparedStatement p = c.prepareStatement("SELECT prev_line, line, prev_ts, ts FROM (SELECT ts, line, prev_line, lag(ts) OVER (ORDER BY ts) AS prev_ts "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ?) WHERE date_trunc('" + unit + "', prev_ts) = date_trunc('" + unit + "', ts) ORDER BY ts LIMIT 1")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                throw refusal(s.bar().file() + " ", symbol, interval, r.getLong(1), r.getLong(2), r.getTimestamp(3).toLocalDateTime(), r.getTimestamp(4).toLocalDateTime(), zone);
            }
        }
    }

    /**
     * The preview's twin: of a symbol's distinct times (ms since 1970 UTC, ascending) and the first line of each, the import's
     * refusal of the first two in one period, then the fix; null when there are none.
     */
    static String previewNote(long[] ts, long[] lines, String symbol, BarInterval interval, java.time.ZoneId zone) {
        if (interval != BarInterval.W1 && interval != BarInterval.MO1) return null;
        for (int i = 1; i < ts.length; i++) {
            LocalDateTime a = LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(ts[i - 1]), java.time.ZoneOffset.UTC).withNano(0);
            LocalDateTime b = LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(ts[i]), java.time.ZoneOffset.UTC).withNano(0);
            boolean one = interval == BarInterval.W1
                    ? a.toLocalDate().with(java.time.DayOfWeek.MONDAY).equals(b.toLocalDate().with(java.time.DayOfWeek.MONDAY))
                    : java.time.YearMonth.from(a).equals(java.time.YearMonth.from(b));
            if (!one) continue;
            SextantException e = refusal("", symbol, interval, lines[i - 1], lines[i], a, b, zone);
            return e.getMessage() + ": the import refuses the file; " + e.fix();
        }
        return null;
    }

    /** The refusal of two bars in one period, {@code at} naming the file ("F.csv " for the import, "" for the preview); {@code a}, {@code b} in UTC, shown in {@code zone}. */
    private static SextantException refusal(String at, String symbol, BarInterval interval, long lineA, long lineB, LocalDateTime a, LocalDateTime b, java.time.ZoneId zone) {
        String unit = interval == BarInterval.W1 ? "week" : "month";
        String utc = zone.normalized().equals(java.time.ZoneOffset.UTC) ? "" : ", in UTC as reads count it";
        String period = interval == BarInterval.W1
                ? "one week (the ISO week from Monday " + b.toLocalDate().with(java.time.DayOfWeek.MONDAY) + utc + ")"
                : "one month (" + b.toLocalDate().toString().substring(0, 7) + utc + ")";
        return SextantException.invalid("paths", at + "line " + lineA + " and line " + lineB + ": two " + interval.label
                        + " bars of " + symbol + " in " + period + ", at " + shown(inZone(a, zone), zone) + " and " + shown(inZone(b, zone), zone) + "; read at " + interval.label + " they would be one bar",
                "keep one bar per " + unit + " (delete the extra line, or re-export the bars with one per " + unit
                        + (interval == BarInterval.W1 ? ", a holiday week's on any weekday" : ", all dated the month's end or all its start")
                        + (utc.isEmpty() ? "" : ", labelled at a time that falls in the same UTC " + unit + " as the local one")
                        + "), or import bars of a finer interval in a file of their own");
    }

    private static LocalDateTime inZone(LocalDateTime utc, java.time.ZoneId zone) {
        return utc.atOffset(java.time.ZoneOffset.UTC).atZoneSameInstant(zone).toLocalDateTime();
    }

    /** "2024-04-12" for a bar at midnight, else "2024-04-12 16:00 UTC" (in a file read in Tokyo time, "2024-04-12 16:00 Asia/Tokyo"). */
    private static String shown(LocalDateTime t, java.time.ZoneId zone) {
        String name = zone.normalized().equals(java.time.ZoneOffset.UTC) ? "UTC" : zone.getId();
        return t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT) ? t.toLocalDate().toString() : t.toString().replace('T', ' ') + " " + name;
    }
}
