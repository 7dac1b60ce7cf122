package org.sextant.engine.data;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * A daily bar resampled from intraday bars that end before its day's close (the last, still-open day of the data): its close
 * is its last bar's, not the day's, and a reader is told how many of the day's bars it holds. A half day closes at the
 * calendar's early close and is whole.
 */
final class OpenLastDay {
    private OpenLastDay() {}

    /** The note of {@code bars}' last bar when its day is still open where the stored bars end; null otherwise. */
    static String note(BarReader reader, String symbol, BarInterval interval, List<String> stored, TradingSession session, List<IntervalBar> bars) {
        // one stored interval read: a layered read's last day may come from a coarser stored one
        if (interval != BarInterval.D1 || bars.isEmpty() || stored.size() != 1) return null;
        BarInterval from = BarInterval.of("interval", stored.get(0));
        if (!from.intraday()) return null;
        LocalDateTime[] extent = reader.storedExtent(symbol, from);
        if (extent == null) return null;
        LocalDate day = bars.get(bars.size() - 1).date();
        LocalDateTime open = session.open() == null ? session.dayOpen(day) : utc(day.atTime(session.open()), session);
        LocalDateTime close = session.close(day) == null ? session.dayOpen(day.plusDays(1)) : utc(day.atTime(session.close(day)), session);
        LocalDateTime lastBar = extent[1];
        if (lastBar.isBefore(open) || !lastBar.plusMinutes(from.minutes).isBefore(close)) return null; // another day's, or the day is whole
        long held = held(reader, symbol, from, open, lastBar);
        long of = (Duration.between(open, close).toMinutes() + from.minutes - 1) / from.minutes;
        return "the last daily bar, " + day + ", holds " + held + " of the " + of + " " + from.label + " bars of its " + session.label()
                + " trading day: the data ends at " + lastBar + "Z (" + session.onClock(lastBar).substring(11, 16) + " " + city(session)
                + ") before the day's close, so its close is that bar's, not the day's";
    }

    private static LocalDateTime utc(LocalDateTime onClock, TradingSession session) {
        return onClock.atZone(session.zone()).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }

    /** "New York" of America/New_York: how the session's hours name its clock. */
    private static String city(TradingSession session) {
        String id = session.zone().getId();
        return id.substring(id.indexOf('/') + 1).replace('_', ' ');
    }

    /** The stored bars from the day's open to its last one. */
    private static long held(BarReader reader, String symbol, BarInterval from, LocalDateTime open, LocalDateTime last) {
        return reader.store().read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM price_bars WHERE symbol = ? AND interval = ? AND ts >= ? AND ts <= ?")) {
                p.setString(1, symbol);
                p.setString(2, from.label);
                p.setTimestamp(3, Timestamp.valueOf(open));
                p.setTimestamp(4, Timestamp.valueOf(last));
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getLong(1);
                }
            }
        });
    }
}
