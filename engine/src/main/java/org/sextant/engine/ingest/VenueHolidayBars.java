package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.TradingSession;

/**
 * The stored intraday bars of a European venue's symbol (eu_equity = Xetra, six, lse, euronext) dated on one of its holidays that falls on a
 * weekday (Xetra: Good Friday, Easter Monday, 1 May, 24-26 and 31 December...): the session's hours hold them, so the
 * outside-session count took them for an ordinary day's bars. They are kept and read (another venue may trade on those days),
 * and the import's note tells them apart.
 */
final class VenueHolidayBars {
    private VenueHolidayBars() {}

    /** Dates named in the note; the rest are counted. */
    static final int SHOWN_DAYS = 10;

    /** "36 bars of SAP 30m are on Xetra holidays: 2025-04-18, 2025-04-21; ...", or null when none is (or the session is no European venue's). */
    static String note(Connection c, String symbol, BarInterval interval, String session) throws SQLException {
        TradingSession venue = TradingSession.named(session);
        String name = venue == null ? null : org.sextant.engine.data.VenueFit.name(venue);
        if (name == null || !interval.intraday()) return null;
        List<LocalDate> days = new ArrayList<>();
        long bars = 0;
        // one row per stored day on the venue's clock: a day's bars are counted in SQL, the calendar is Java's
        try (PreparedStatement p = c.prepareStatement("SELECT CAST(timezone('" + venue.zone().getId() + "', timezone('UTC', ts)) AS DATE) AS d, count(*) FROM bars "
                + "WHERE symbol = ? AND interval = ? GROUP BY d ORDER BY d")) {
            p.setString(1, symbol);
            p.setString(2, interval.label);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    LocalDate d = r.getObject(1, LocalDate.class);
                    if (!weekday(d) || !venue.closed(d)) continue;
                    days.add(d);
                    bars += r.getLong(2);
                }
            }
        }
        if (days.isEmpty()) return null;
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < Math.min(days.size(), SHOWN_DAYS); i++) shown.append(i == 0 ? "" : ", ").append(days.get(i));
        if (days.size() > SHOWN_DAYS) shown.append(String.format(java.util.Locale.ROOT, " and %,d more days", days.size() - SHOWN_DAYS));
        return String.format(java.util.Locale.ROOT, "%,d bar%s of %s %s %s on %s holidays: %s; %s was closed, so they are no ordinary day's bars, "
                        + "but they are kept and read (%s)",
                bars, bars == 1 ? "" : "s", symbol, interval.label, bars == 1 ? "is" : "are", name, shown, name,
                venue == TradingSession.EU_EQUITY ? "London and Euronext trade on some of those days" : tradingOnAll(symbol, venue, days));
    }

    /**
     * For a symbol set to SIX, London or Euronext: the venues that trade on every one of those days, Xetra first, with the
     * command that sets each (a Xetra stock set to six by a guess or by hand trades on SIX's Ascension and 1 August).
     */
    private static String tradingOnAll(String symbol, TradingSession venue, List<LocalDate> days) {
        StringBuilder set = new StringBuilder();
        for (TradingSession v : org.sextant.engine.data.VenueFit.VENUES) {
            if (v == venue || days.stream().anyMatch(v::closed)) continue;
            String name = org.sextant.engine.data.VenueFit.name(v);
            set.append(set.length() == 0 ? name + " trades on all of them: if they are " + name + "'s, switch with: " : "; if " + name + "'s: ")
                    .append("sextant session ").append(symbol).append(' ').append(v.label());
        }
        return set.length() == 0 ? "other venues trade on some of those days" : set + " (or the set_trading_session tool)";
    }

    /** A weekend's bars are outside the session already, holiday or not. */
    private static boolean weekday(LocalDate d) {
        return d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY;
    }
}
