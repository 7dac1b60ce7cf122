package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
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

    /**
     * By {@link #key} (symbol, interval and session), the note of each intraday symbol of {@code bars} whose session is a European venue's with bars on its
     * weekday holidays ({@link #note}): one query for them all, each symbol's days on its venue's clock (a query per symbol
     * was a share of the 9 s a 300-symbol import spent on its report).
     */
    static Map<String, String> notes(Connection c, List<BarChecks.SymbolBars> bars) throws SQLException {
        Map<String, TradingSession> venues = new LinkedHashMap<>();
        StringJoiner rows = new StringJoiner(", ");
        for (BarChecks.SymbolBars b : bars) {
            TradingSession venue = TradingSession.named(b.session());
            String key = key(b);
            if (venue == null || org.sextant.engine.data.VenueFit.name(venue) == null || !b.interval().intraday() || venues.containsKey(key)) continue;
            venues.put(key, venue);
            rows.add("(" + ImportBatch.literal(b.symbol()) + ", " + ImportBatch.literal(b.interval().label) + ", " + ImportBatch.literal(b.session()) + ", '" + venue.zone().getId() + "')");
        }
        Map<String, List<LocalDate>> days = new HashMap<>();
        Map<String, long[]> counts = new HashMap<>();
        if (venues.isEmpty()) return Map.of();
        // one row per stored day on the venue's clock: a day's bars are counted in SQL, the calendar is Java's
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT symbol, interval, session, CAST(timezone(zone, timezone('UTC', ts)) AS DATE) AS d, count(*) "
                + "FROM bars JOIN (VALUES " + rows + ") v(symbol, interval, session, zone) USING (symbol, interval) GROUP BY ALL ORDER BY symbol, interval, session, d")) {
            while (r.next()) {
                String key = r.getString(1) + "\u0000" + r.getString(2) + "\u0000" + r.getString(3);
                LocalDate d = r.getObject(4, LocalDate.class);
                if (!weekday(d) || !venues.get(key).closed(d)) continue;
                days.computeIfAbsent(key, k -> new ArrayList<>()).add(d);
                counts.computeIfAbsent(key, k -> new long[1])[0] += r.getLong(5);
            }
        }
        Map<String, String> out = new HashMap<>();
        for (Map.Entry<String, List<LocalDate>> e : days.entrySet()) {
            String[] k = e.getKey().split("\u0000", 3);
            out.put(e.getKey(), said(k[0], k[1], venues.get(e.getKey()), e.getValue(), counts.get(e.getKey())[0]));
        }
        return out;
    }

    /** The key of a symbol's note in {@link #notes}. */
    static String key(BarChecks.SymbolBars b) {
        return b.symbol() + "\u0000" + b.interval().label + "\u0000" + b.session();
    }

    /**
     * One symbol's note, by a query of its own (the report's before {@link #notes}; ReportChecksBench's baseline):
     * "36 bars of SAP 30m are on Xetra holidays: 2025-04-18, 2025-04-21; ...", or null when none is (or the session is no European venue's).
     */
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
        return said(symbol, interval.label, venue, days, bars);
    }

    private static String said(String symbol, String interval, TradingSession venue, List<LocalDate> days, long bars) {
        String name = org.sextant.engine.data.VenueFit.name(venue);
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < Math.min(days.size(), SHOWN_DAYS); i++) shown.append(i == 0 ? "" : ", ").append(days.get(i));
        if (days.size() > SHOWN_DAYS) shown.append(String.format(java.util.Locale.ROOT, " and %,d more days", days.size() - SHOWN_DAYS));
        return String.format(java.util.Locale.ROOT, "%,d bar%s of %s %s %s on %s holidays: %s; %s was closed, so they are no ordinary day's bars, "
                        + "but they are kept and read (%s)",
                bars, bars == 1 ? "" : "s", symbol, interval, bars == 1 ? "is" : "are", name, shown, name,
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
