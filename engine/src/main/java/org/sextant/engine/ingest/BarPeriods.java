package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * Weekly and monthly bars: two of a symbol in one ISO week (1w) or one calendar month (1mo), in UTC, are
 * one bar of any read at that interval, each folded into it unseen (Monday's and Friday's bars of one
 * week; a mid-month bar beside a month-end one). Refused naming both lines. Bars labelled on another
 * weekday some weeks (Thursday in a week whose Friday is a holiday) are one per week and import.
 */
final class BarPeriods {
    private BarPeriods() {}

    static void refuseTwoInOnePeriod(Connection c, BarImport.Source s, String symbol, BarInterval interval) throws SQLException {
        if (interval != BarInterval.W1 && interval != BarInterval.MO1) return;
        String unit = interval == BarInterval.W1 ? "week" : "month";
        try (PreparedStatement p = c.prepareStatement("SELECT prev_line, line, prev_ts, ts FROM (SELECT ts, line, prev_line, lag(ts) OVER (ORDER BY ts) AS prev_ts "
                + "FROM bar_steps WHERE file_no = ? AND symbol = ?) WHERE date_trunc('" + unit + "', prev_ts) = date_trunc('" + unit + "', ts) ORDER BY ts LIMIT 1")) {
            p.setInt(1, s.no());
            p.setString(2, symbol);
            try (ResultSet r = p.executeQuery()) {
                if (!r.next()) return;
                LocalDateTime a = r.getTimestamp(3).toLocalDateTime(), b = r.getTimestamp(4).toLocalDateTime();
                String period = interval == BarInterval.W1
                        ? "one week (the ISO week from Monday " + b.toLocalDate().with(java.time.DayOfWeek.MONDAY) + ")"
                        : "one month (" + b.toLocalDate().toString().substring(0, 7) + ")";
                throw SextantException.invalid("paths", s.bar().file() + " line " + r.getLong(1) + " and line " + r.getLong(2) + ": two " + interval.label
                                + " bars of " + symbol + " in " + period + ", at " + shown(a) + " and " + shown(b) + "; read at " + interval.label
                                + " they would be one bar",
                        "keep one bar per " + unit + " (delete the extra line, or re-export the bars with one per " + unit
                                + (interval == BarInterval.W1 ? ", a holiday week's on any weekday" : ", all dated the month's end or all its start")
                                + "), or import bars of a finer interval in a file of their own");
            }
        }
    }

    /** "2024-04-12" for a bar at midnight UTC, else "2024-04-12 16:00 UTC". */
    private static String shown(LocalDateTime t) {
        return t.toLocalTime().equals(java.time.LocalTime.MIDNIGHT) ? t.toLocalDate().toString() : t.toString().replace('T', ' ') + " UTC";
    }
}
