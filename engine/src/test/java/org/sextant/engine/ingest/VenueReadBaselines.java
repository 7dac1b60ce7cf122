package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.sextant.engine.data.TradingSession;

/**
 * The venue guess's readings of the bars as session 48 left them, kept as the benchmarks' baselines and the tests' reference:
 * every symbol-day's last bar (the eu_equity guess), and the us_equity guess's two passes (the bars' span, then the half days
 * and holidays of those years).
 */
final class VenueReadBaselines {
    private VenueReadBaselines() {}

    /** Per key, each date on {@code zone}'s clock with the day's last bar (UTC): every symbol-day reaches Java. */
    static Map<String, Map<LocalDate, LocalDateTime>> everyDayLastBars(Connection c, java.util.Collection<String> guessed, String zone,
            Map<String, Long> steps) throws SQLException {
        Map<String, Map<LocalDate, LocalDateTime>> days = new HashMap<>();
        String keys = VenueGuess.keys(guessed);
        read(c, keys + "SELECT file_no, symbol, " + VenueGuess.localDate(zone) + " AS d, max(ts) FROM bar_rows JOIN k USING (file_no, symbol) GROUP BY ALL", days);
        VenueGuess.steps(c, keys, steps);
        return days;
    }

    /** The half days' last bars and the holidays with bars, read in two passes: the bars' first and last time, then a range join of those years' days. */
    static Map<String, Map<LocalDate, LocalDateTime>> spanThenHalfDays(Connection c, java.util.Collection<String> guessed, Map<String, Long> steps,
            Map<String, SortedSet<LocalDate>> onHolidays) throws SQLException {
        String keys = VenueGuess.keys(guessed);
        ZoneId newYork = TradingSession.US_EQUITY.zone();
        SortedSet<LocalDate> halfDays = new TreeSet<>(), holidays = new TreeSet<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(keys + "SELECT min(ts), max(ts) FROM bar_rows JOIN k USING (file_no, symbol)")) {
            if (r.next() && r.getObject(1) != null) {
                LocalDate first = r.getTimestamp(1).toLocalDateTime().toLocalDate().minusDays(1), last = r.getTimestamp(2).toLocalDateTime().toLocalDate().plusDays(1);
                halfDays.addAll(TradingSession.US_EQUITY.earlyCloses(first.withDayOfYear(1), last.withMonth(12).withDayOfMonth(31)).keySet());
                for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
                    if (d.getDayOfWeek().getValue() <= 5 && TradingSession.US_EQUITY.closed(d)) holidays.add(d);
                }
            }
        }
        Map<String, Map<LocalDate, LocalDateTime>> days = new HashMap<>();
        VenueGuess.steps(c, keys, steps);
        if (halfDays.isEmpty() && holidays.isEmpty()) return days;
        StringBuilder bounds = new StringBuilder();
        SortedSet<LocalDate> both = new TreeSet<>(halfDays);
        both.addAll(holidays);
        for (LocalDate d : both) {
            bounds.append(bounds.length() == 0 ? "" : ", ").append("(DATE '").append(d).append("', TIMESTAMP '").append(utc(d, newYork))
                    .append("', TIMESTAMP '").append(utc(d.plusDays(1), newYork)).append("')");
        }
        Map<String, Map<LocalDate, LocalDateTime>> read = new HashMap<>();
        read(c, keys + ", h(d, lo, hi) AS (VALUES " + bounds + ") SELECT file_no, symbol, d, max(ts) FROM bar_rows JOIN k USING (file_no, symbol) "
                + "JOIN h ON ts >= lo AND ts < hi GROUP BY ALL", read);
        read.forEach((key, byDay) -> byDay.forEach((d, last) -> {
            if (holidays.contains(d)) onHolidays.computeIfAbsent(key, k -> new TreeSet<>()).add(d);
            else days.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(d, last);
        }));
        return days;
    }

    private static String utc(LocalDate day, ZoneId zone) {
        return day.atStartOfDay(zone).withZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDateTime()
                .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    }

    private static void read(Connection c, String sql, Map<String, Map<LocalDate, LocalDateTime>> days) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            while (r.next()) {
                days.computeIfAbsent(r.getInt(1) + "\u0000" + r.getString(2), k -> new java.util.TreeMap<>())
                        .put(r.getObject(3, LocalDate.class), r.getTimestamp(4).toLocalDateTime());
            }
        }
    }
}
