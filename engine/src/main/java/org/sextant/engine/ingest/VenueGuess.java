package org.sextant.engine.ingest;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.data.VenueFit;

/**
 * Which European venue a new symbol's bars trade on, when their days tell: Xetra, SIX, London and Euronext keep the same instant's
 * hours (09:00-17:30 Berlin), so hours alone guess eu_equity, but each venue closes on days the others trade (SIX on Ascension,
 * Whit Monday, 2 January and 1 August; London on its May and August bank holidays, trading on 1 May and 24 December; Euronext
 * trades on 24 and 31 December, and on the Whit Mondays and German Unity Days of 2014-2021, where Xetra closes). A venue whose
 * holiday holds bars is ruled out; of the others, the one whose holidays explain the most weekdays without bars wins. A tie with
 * Xetra keeps eu_equity; a tie of the others (Xetra ruled out) goes to the venue of the zone the times were read in, if it is one of them,
 * else keeps eu_equity with a note naming the days and each tied venue's command.
 */
final class VenueGuess {
    private VenueGuess() {}

    /** A guess and what a reader is told of it: null note when nothing needs saying. */
    record Guess(String session, String note) {}

    /**
     * The venue the traded days (the bars' dates on their venue's clock) tell; null when they tell none apart from Xetra. {@code zoned}
     * (the venue of the zone the times were read in, or null) settles a tie of venues other than Xetra.
     */
    static TradingSession byDays(Set<LocalDate> traded, TradingSession zoned) {
        List<TradingSession> tied = VenueFit.bestFits(traded);
        if (tied.isEmpty() || tied.contains(TradingSession.EU_EQUITY)) return null;
        if (tied.size() == 1) return tied.get(0);
        return tied.contains(zoned) ? zoned : null;
    }

    /**
     * Each eu_equity guess of {@code detected} (file number and symbol joined by NUL) checked against the days of its bars, with
     * the note a reader gets: the venue found, or, for days that rule Xetra out but tie other venues or times read in Zurich or
     * London that tell no venue, how to set it.
     */
    static Map<String, Guess> refine(Connection c, Map<String, ZoneId> euGuessed) throws SQLException {
        Map<String, Guess> out = new HashMap<>();
        if (euGuessed.isEmpty()) return out;
        Map<String, Set<LocalDate>> days = new HashMap<>();
        StringBuilder keys = new StringBuilder();
        for (String k : euGuessed.keySet()) {
            int nul = k.indexOf('\u0000');
            keys.append(keys.length() == 0 ? "" : ", ").append('(').append(Integer.parseInt(k.substring(0, nul))).append(", ")
                    .append(ImportBatch.literal(k.substring(nul + 1))).append(')');
        }
        // one query for the batch: the Berlin date of each bar (the four venues' hours fall within one date on every clock)
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("WITH k(file_no, symbol) AS (VALUES " + keys + ") "
                + "SELECT file_no, symbol, list(DISTINCT CAST(timezone('Europe/Berlin', timezone('UTC', ts)) AS DATE)) FROM bar_rows JOIN k USING (file_no, symbol) "
                + "GROUP BY ALL")) {
            while (r.next()) {
                Set<LocalDate> set = new HashSet<>();
                Array a = r.getArray(3);
                for (Object o : (Object[]) a.getArray()) set.add(o instanceof LocalDate d ? d : ((java.sql.Date) o).toLocalDate());
                days.put(r.getInt(1) + "\u0000" + r.getString(2), set);
            }
        }
        for (Map.Entry<String, ZoneId> e : euGuessed.entrySet()) {
            String symbol = e.getKey().substring(e.getKey().indexOf('\u0000') + 1);
            Set<LocalDate> traded = days.getOrDefault(e.getKey(), Set.of());
            TradingSession zoned = byZone(e.getValue());
            TradingSession venue = byDays(traded, zoned);
            if (venue != null) {
                // a tie settled by the zone names the zone too
                String fit = byDays(traded, null) == venue ? " and no other venue's (" : " and the times were read in " + e.getValue().getId() + " (";
                out.put(e.getKey(), new Guess(venue.label(), "session " + venue.label() + " guessed: the bars' days fit " + VenueFit.name(venue)
                        + "'s holidays" + fit + skippedOnlyBy(venue, traded) + "); change it with: sextant session " + symbol + " eu_equity"));
                continue;
            }
            List<TradingSession> tied = VenueFit.bestFits(traded);
            List<String> onXetraHolidays = VenueFit.tradedOnXetraHolidays(traded);
            if (tied.size() > 1 && !onXetraHolidays.isEmpty()) {
                // no Xetra file, but no zone of theirs says whose: the reader is told the days and each venue's command
                StringBuilder set = new StringBuilder();
                for (TradingSession v : tied) {
                    set.append(set.length() == 0 ? "if they are " + VenueFit.name(v) + "'s, set it with: " : "; if " + VenueFit.name(v) + "'s: ")
                            .append("sextant session ").append(symbol).append(' ').append(v.label());
                }
                out.put(e.getKey(), new Guess("eu_equity", "session eu_equity (Xetra's holidays) kept: the bars on Xetra's holidays "
                        + String.join(", ", onXetraHolidays) + " are no Xetra's, but the days fit "
                        + String.join(" and ", tied.stream().map(v -> VenueFit.name(v) + "'s").toList()) + " alike; " + set
                        + " (or the set_trading_session tool)"));
            } else if (zoned != null) {
                out.put(e.getKey(), new Guess("eu_equity", "session eu_equity (Xetra's holidays) kept: the bars' days do not tell " + VenueFit.name(zoned)
                        + " from Xetra; if they are " + VenueFit.name(zoned) + "'s, set it with: sextant session " + symbol + " " + zoned.label()
                        + " (or the set_trading_session tool)"));
            }
        }
        return out;
    }

    /** The venue of times read in Zurich, London or a Euronext city (Paris, Amsterdam, Brussels, Lisbon); null for any other zone. */
    static TradingSession byZone(ZoneId zone) {
        if (zone == null) return null;
        return switch (zone.getId()) {
            case "Europe/Zurich" -> TradingSession.SIX;
            case "Europe/London" -> TradingSession.LSE;
            case "Europe/Paris", "Europe/Amsterdam", "Europe/Brussels", "Europe/Lisbon" -> TradingSession.EURONEXT;
            default -> null;
        };
    }


    /**
     * What told it, at most five days each: the weekdays without bars that the venue closes and Xetra does not, and the days with
     * bars that Xetra closes (Euronext's 24 and 31 December).
     */
    private static String skippedOnlyBy(TradingSession venue, Set<LocalDate> traded) {
        LocalDate first = traded.stream().min(LocalDate::compareTo).get(), last = traded.stream().max(LocalDate::compareTo).get();
        List<String> skipped = new ArrayList<>(), tradedOnXetraHolidays = new ArrayList<>();
        for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() > 5 || venue.closed(d) == TradingSession.EU_EQUITY.closed(d)) continue;
            if (venue.closed(d) && skipped.size() < 5) skipped.add(d.toString());
            if (traded.contains(d) && tradedOnXetraHolidays.size() < 5) tradedOnXetraHolidays.add(d.toString());
        }
        List<String> told = new ArrayList<>();
        if (!skipped.isEmpty()) told.add("no bars on " + String.join(", ", skipped));
        if (!tradedOnXetraHolidays.isEmpty()) told.add("bars on Xetra's holidays " + String.join(", ", tradedOnXetraHolidays));
        return told.isEmpty() ? "it trades where Xetra closes" : String.join("; ", told);
    }
}
