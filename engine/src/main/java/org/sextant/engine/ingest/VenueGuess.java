package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
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
 * holiday holds bars is ruled out; of the others, the one whose holidays explain the most weekdays without bars (between days
 * with bars: {@link VenueFit#skippedBetweenBars}) wins. A tie with Xetra keeps eu_equity; a tie of the others (Xetra ruled out)
 * goes to the venue of the zone the times were read in, if it is one of them and the days skipped a holiday of theirs, else keeps
 * eu_equity with a note naming the days and each tied venue's command: a sparse file's gaps tell no venue, and the zone alone is
 * no guess.
 */
final class VenueGuess {
    private VenueGuess() {}

    /** A guess and what a reader is told of it: null note when nothing needs saying. */
    record Guess(String session, String note) {}

    /**
     * The venue the traded days (the bars' dates on their venue's clock) tell; null when they tell none apart from Xetra. {@code zoned}
     * (the venue of the zone the times were read in, or null) settles a tie of venues other than Xetra when the days skipped holidays.
     */
    static TradingSession byDays(VenueFit.Fits fit, TradingSession zoned) {
        List<TradingSession> tied = fit.best();
        if (tied.isEmpty() || tied.contains(TradingSession.EU_EQUITY)) return null;
        if (tied.size() == 1) return tied.get(0);
        return fit.skippedHolidays() > 0 && zoned != null && tied.contains(zoned) ? zoned : null;
    }

    /**
     * Each eu_equity guess of {@code detected} (file number and symbol joined by NUL) checked against the days of its bars, with
     * the note a reader gets: the venue found, or, for days that rule Xetra out but tie other venues, days too few to tell, or
     * times read in Zurich, London or a Euronext city that tell no venue, how to set it.
     */
    static Map<String, Guess> refine(Connection c, Map<String, ZoneId> euGuessed) throws SQLException {
        Map<String, Guess> out = new HashMap<>();
        if (euGuessed.isEmpty()) return out;
        Map<String, Long> steps = new HashMap<>();
        Map<String, Integer> dayCounts = new HashMap<>();
        Map<String, Map<LocalDate, java.time.LocalDateTime>> days = tellingLastBars(c, euGuessed.keySet(), steps, dayCounts);
        for (Map.Entry<String, ZoneId> e : euGuessed.entrySet()) {
            String symbol = e.getKey().substring(e.getKey().indexOf('\u0000') + 1);
            Map<LocalDate, java.time.LocalDateTime> lastBars = days.getOrDefault(e.getKey(), Map.of());
            if (lastBars.isEmpty()) continue;
            // the telling days and the first and last: all the venue fit and the note read of the days, but their count
            Set<LocalDate> traded = lastBars.keySet();
            VenueFit.Fits fit = VenueFit.fits(lastBars, steps.getOrDefault(e.getKey(), 0L));
            String note = note(symbol, fit, traded, dayCounts.get(e.getKey()), e.getValue());
            TradingSession venue = byDays(fit, byZone(e.getValue()));
            if (venue != null || note != null) out.put(e.getKey(), new Guess(venue == null ? "eu_equity" : venue.label(), note));
        }
        return out;
    }

    /**
     * Each us_equity guess (file number and symbol joined by NUL) read against the NYSE's half days (13:00 New York: the day after
     * Thanksgiving, 24 December, 3 July), in whatever zone the times were read: the note says what the times told, half days
     * ending at the early close, or bars going on after it. Those bars stay us_equity's, stored and read as outside the session
     * as a bar after 16:00 is (a stock's late prints), so the guess stands; the note gives fx's command for bars of another
     * calendar. None when the bars hold no half day. Bars on {@link #HOLIDAYS_NO_NYSE} or more of the NYSE's full-day holidays are
     * another calendar's: guessed fx, with us_equity's command.
     */
    static Map<String, Guess> refineUs(Connection c, java.util.Collection<String> usGuessed) throws SQLException {
        Map<String, Guess> out = new HashMap<>();
        if (usGuessed.isEmpty()) return out;
        Map<String, Long> steps = new HashMap<>();
        Map<String, java.util.SortedSet<LocalDate>> onHolidays = new HashMap<>();
        Map<String, Map<LocalDate, java.time.LocalDateTime>> days = halfDayLastBars(c, usGuessed, steps, onHolidays);
        for (String key : usGuessed) {
            String symbol = key.substring(key.indexOf('\u0000') + 1);
            java.util.SortedSet<LocalDate> holidays = onHolidays.getOrDefault(key, new java.util.TreeSet<>());
            if (holidays.size() >= HOLIDAYS_NO_NYSE) {
                // New York's hours, but trading where the NYSE is closed all day: another venue's (a European listing's afternoon in UTC)
                out.put(key, new Guess("fx", "session fx guessed, not us_equity: the bars keep New York's hours but trade on " + holidays.size()
                        + " of the NYSE's holidays (" + String.join(", ", holidays.stream().limit(5).map(LocalDate::toString).toList())
                        + "), so every weekday's bars are read; if they are a NYSE or Nasdaq listing's, set it with: sextant session " + symbol + " us_equity"));
                continue;
            }
            Map<LocalDate, java.time.LocalDateTime> lastBars = days.getOrDefault(key, Map.of());
            List<String> late = VenueFit.tradedAfterEarlyClose(TradingSession.US_EQUITY, lastBars);
            List<String> halfDays = VenueFit.halfDaysReached(TradingSession.US_EQUITY, lastBars, steps.getOrDefault(key, 0L));
            if (!late.isEmpty()) {
                out.put(key, new Guess("us_equity", "session us_equity guessed by the bars' New York hours, but they go on after the NYSE's early close"
                        + " (13:00 New York) on " + String.join(", ", late) + ": those bars are stored and read as outside the session; if they trade on"
                        + " no NYSE or Nasdaq calendar, set it with: sextant session " + symbol + " fx (every bar read)"));
            } else if (!halfDays.isEmpty()) {
                out.put(key, new Guess("us_equity", "session us_equity guessed: the bars keep New York's hours and their half days end at the NYSE's early close ("
                        + String.join(", ", halfDays.stream().limit(5).toList()) + "); change it with: sextant session " + symbol + " fx"));
            }
        }
        return out;
    }

    /**
     * Per us_equity key, the last bar (UTC) of each NYSE half day (New York dates) the bars hold, and each key's step in minutes:
     * only those days, about three a year, reach Java, as the half-day readings look at no other (500 symbols of ten years of
     * minute bars are 1.26 million symbol-days).
     */
    static Map<String, Map<LocalDate, java.time.LocalDateTime>> halfDayLastBars(Connection c, java.util.Collection<String> guessed,
            Map<String, Long> steps) throws SQLException {
        return halfDayLastBars(c, guessed, steps, new HashMap<>());
    }

    /** The NYSE holidays traded that tell a file of New York's hours is no NYSE listing's: one may be a stray print, several are not. */
    static final int HOLIDAYS_NO_NYSE = 2;

    /**
     * As above; {@code onHolidays} takes per key the NYSE's full-day holidays (weekdays, New York dates) that hold bars. One pass
     * over the bars: a join of their times (hashed on their UTC date) with every half day's and holiday's UTC bounds the calendar knows
     * ({@link VenueFit#FIRST_YEAR} to {@link VenueFit#LAST_YEAR}, about 2,400 days), so no query for the bars' span comes first.
     */
    static Map<String, Map<LocalDate, java.time.LocalDateTime>> halfDayLastBars(Connection c, java.util.Collection<String> guessed,
            Map<String, Long> steps, Map<String, java.util.SortedSet<LocalDate>> onHolidays) throws SQLException {
        String keys = keys(guessed);
        Map<String, Map<LocalDate, java.time.LocalDateTime>> days = new HashMap<>();
        steps(c, keys, steps);
        // the bounds from the dates in DuckDB: the table's text stays dates, and only its 2,400 rows are converted, no bar. Each day
        // is listed under the two UTC dates it spans, so the join hashes on a bar's UTC date (a cast, no zone) and compares times
        // within it: a range join alone compared every bar with every day
        String sql = keys + ", h(d, holiday) AS (" + NyseDays.TABLE + "), b AS (SELECT d, holiday, timezone('UTC', timezone('America/New_York', CAST(d AS TIMESTAMP))) AS lo, "
                + "timezone('UTC', timezone('America/New_York', CAST(d + 1 AS TIMESTAMP))) AS hi FROM h), "
                + "u AS (SELECT *, CAST(lo AS DATE) AS utc_day FROM b UNION ALL SELECT *, CAST(hi AS DATE) FROM b) "
                + "SELECT file_no, symbol, d, max(ts), holiday FROM bar_rows JOIN k USING (file_no, symbol) JOIN u ON CAST(ts AS DATE) = utc_day AND ts >= lo AND ts < hi GROUP BY ALL";
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            while (r.next()) {
                String key = r.getInt(1) + "\u0000" + r.getString(2);
                LocalDate d = r.getObject(3, LocalDate.class);
                if (r.getBoolean(5)) onHolidays.computeIfAbsent(key, k -> new java.util.TreeSet<>()).add(d);
                else days.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(d, r.getTimestamp(4).toLocalDateTime());
            }
        }
        return days;
    }

    /** The NYSE's half days and weekday holidays of the years the calendars know, as a query of (d DATE, holiday BOOLEAN). */
    private static final class NyseDays {
        static final String TABLE;

        static {
            LocalDate from = LocalDate.of(VenueFit.FIRST_YEAR, 1, 1), to = LocalDate.of(VenueFit.LAST_YEAR, 12, 31);
            List<LocalDate> halfDays = new ArrayList<>(TradingSession.US_EQUITY.earlyCloses(from, to).keySet()), holidays = new ArrayList<>();
            for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
                if (d.getDayOfWeek().getValue() <= 5 && TradingSession.US_EQUITY.closed(d)) holidays.add(d);
            }
            TABLE = "SELECT unnest(" + dateList(halfDays) + ") AS d, false AS holiday UNION ALL SELECT unnest(" + dateList(holidays) + "), true";
        }
    }

    /** The days as a DuckDB DATE[] literal. */
    static String dateList(java.util.Collection<LocalDate> days) {
        StringBuilder list = new StringBuilder("CAST([");
        for (LocalDate d : days) list.append(list.length() == 6 ? "'" : ", '").append(d).append('\'');
        return list.append("] AS DATE[])").toString();
    }

    /**
     * Per eu_equity key (file number and symbol joined by NUL), the last bar (UTC) of each Berlin date among the bars' first, their
     * last and {@link VenueFit#tellingDays} (the four venues' hours fall within one date on every clock); {@code dayCounts} takes
     * each key's count of dates with bars, {@code steps} its most common step in minutes. DuckDB groups and counts every
     * symbol-day; Java holds some 40 a year of each symbol's, not its 250.
     */
    static Map<String, Map<LocalDate, java.time.LocalDateTime>> tellingLastBars(Connection c, java.util.Collection<String> guessed,
            Map<String, Long> steps, Map<String, Integer> dayCounts) throws SQLException {
        Map<String, Map<LocalDate, java.time.LocalDateTime>> days = new HashMap<>();
        String keys = keys(guessed);
        String sql = keys + ", days AS (SELECT file_no, symbol, " + localDate("Europe/Berlin") + " AS d, max(ts) AS last_bar FROM bar_rows JOIN k USING (file_no, symbol) "
                + "GROUP BY ALL), telling(day) AS (SELECT unnest(" + EuDays.LIST + ")) SELECT file_no, symbol, d, last_bar, n FROM (SELECT *, count(*) OVER w AS n, "
                + "min(d) OVER w AS first_day, max(d) OVER w AS last_day FROM days WINDOW w AS (PARTITION BY file_no, symbol)) "
                + "WHERE d = first_day OR d = last_day OR d IN (SELECT day FROM telling)";
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            while (r.next()) {
                String key = r.getInt(1) + "\u0000" + r.getString(2);
                days.computeIfAbsent(key, k -> new java.util.TreeMap<>()).put(r.getObject(3, LocalDate.class), r.getTimestamp(4).toLocalDateTime());
                dayCounts.put(key, r.getInt(5));
            }
        }
        steps(c, keys, steps);
        return days;
    }

    /** {@link VenueFit#tellingDays} as a DATE[] literal, built once. */
    private static final class EuDays {
        static final String LIST = dateList(VenueFit.tellingDays());
    }

    /** "WITH k(file_no, symbol) AS (VALUES ...) ": the keys (file number and symbol joined by NUL) as a table to join. */
    static String keys(java.util.Collection<String> guessed) {
        StringBuilder keys = new StringBuilder();
        for (String k : guessed) {
            int nul = k.indexOf('\u0000');
            keys.append(keys.length() == 0 ? "" : ", ").append('(').append(Integer.parseInt(k.substring(0, nul))).append(", ")
                    .append(ImportBatch.literal(k.substring(nul + 1))).append(')');
        }
        return "WITH k(file_no, symbol) AS (VALUES " + keys + ") ";
    }

    /** A bar's date on {@code zone}'s clock (its time, ts, is UTC). */
    static String localDate(String zone) {
        return "CAST(timezone('" + zone + "', timezone('UTC', ts)) AS DATE)";
    }

    /** Each key's most common step between bars, in minutes. */
    static void steps(Connection c, String keys, Map<String, Long> steps) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(keys
                + "SELECT file_no, symbol, mode(step) FROM bar_steps JOIN k USING (file_no, symbol) WHERE step > 0 GROUP BY ALL")) {
            while (r.next()) steps.put(r.getInt(1) + "\u0000" + r.getString(2), r.getLong(3) / 60);
        }
    }

    /** What a reader is told of the guess for {@code traded} read in {@code zone}, each command naming a venue the days fit; null for nothing to say. */
    static String note(String symbol, Set<LocalDate> traded, ZoneId zone) {
        return note(symbol, VenueFit.fits(traded), traded, traded.size(), zone);
    }

    /**
     * As {@link #note(String, Set, ZoneId)} with the fit of the days and their last bars ({@link VenueFit#fits(Map, long)});
     * {@code traded} may hold the telling days and the first and last only, {@code tradedDays} counts them all.
     */
    static String note(String symbol, VenueFit.Fits fit, Set<LocalDate> traded, int tradedDays, ZoneId zone) {
        TradingSession zoned = byZone(zone);
        TradingSession venue = byDays(fit, zoned);
        // the venues the days fit, the zone's first: the one a reader most likely means
        List<TradingSession> tied = new ArrayList<>(fit.best());
        if (tied.remove(zoned)) tied.add(0, zoned);
        if (venue != null) {
            boolean byZone = byDays(fit, null) != venue;
            tied.remove(venue);
            String change;
            if (byZone) change = commands(symbol, tied, "change it with: ");
            else if (zoned != null && zoned != venue && !VenueFit.tradedOnHoliday(zoned, traded)) {
                // the days outweigh the zone, which still fits: its command, not Xetra's
                change = "if they are " + VenueFit.name(zoned) + "'s (the times were read in " + zone.getId() + "), change it with: sextant session "
                        + symbol + " " + zoned.label();
            } else change = "change it with: sextant session " + symbol + " eu_equity";
            if (!byZone && !fit.toldByTimes().isEmpty()) {
                return "session " + venue.label() + " guessed: the bars' days fit " + VenueFit.name(venue) + "'s holidays and their times no other venue's ("
                        + String.join("; ", fit.toldByTimes()) + "); " + change;
            }
            return "session " + venue.label() + " guessed: the bars' days fit " + VenueFit.name(venue) + "'s holidays"
                    + (byZone ? " and the times were read in " + zone.getId() + " (" : " and no other venue's (") + skippedOnlyBy(venue, traded) + "); " + change;
        }
        String kept = "session eu_equity (Xetra's holidays) kept: ";
        String tooFew = fit.skippedHolidays() > 0 || tied.isEmpty() ? null : tradedDays == 1 ? "the bars' one day (" + traded.iterator().next() + ") is too few to tell "
                : "the bars' " + tradedDays + " days (" + traded.stream().min(LocalDate::compareTo).get() + " to "
                + traded.stream().max(LocalDate::compareTo).get() + ") are too few to tell ";
        String noHolidayBetween = ": no holiday of theirs falls between days with bars; ";
        if (tied.size() > 1 && !tied.contains(TradingSession.EU_EQUITY)) {
            // no Xetra (or Xetra fits worse), but neither the days nor the zone say whose: the days and each venue's command
            List<String> onXetraHolidays = VenueFit.tradedOnXetraHolidays(traded);
            String names = String.join(" and ", tied.stream().map(v -> VenueFit.name(v) + "'s").toList());
            return kept + (onXetraHolidays.isEmpty() ? "" : "the bars on Xetra's holidays " + String.join(", ", onXetraHolidays) + " are no Xetra's, but ")
                    + (tooFew == null ? "the days fit " + names + " alike; "
                            : tooFew + String.join(" from ", tied.stream().map(VenueFit::name).toList()) + noHolidayBetween)
                    + commands(symbol, tied, "set it with: ") + " (or the set_trading_session tool)";
        }
        // bars on every venue's holidays (Good Friday) tell none of them apart either
        if (zoned == null || !(tied.isEmpty() || tied.contains(zoned))) return null;
        return kept + (tooFew == null ? "the bars' days do not tell " + VenueFit.name(zoned) + " from Xetra; "
                : tooFew + VenueFit.name(zoned) + " from Xetra" + noHolidayBetween)
                + "if they are " + VenueFit.name(zoned) + "'s, set it with: sextant session " + symbol + " " + zoned.label() + " (or the set_trading_session tool)";
    }

    /** "if they are London's, {lead}sextant session S lse; if Euronext's: sextant session S euronext" for each venue in order. */
    private static String commands(String symbol, List<TradingSession> venues, String lead) {
        StringBuilder set = new StringBuilder();
        for (TradingSession v : venues) {
            set.append(set.length() == 0 ? "if they are " + VenueFit.name(v) + "'s, " + lead : "; if " + VenueFit.name(v) + "'s: ")
                    .append("sextant session ").append(symbol).append(' ').append(v.label());
        }
        return set.toString();
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
        // only the days one of the two closes and the other does not: their weekday holidays, not every day from first to last
        java.util.TreeSet<LocalDate> eitherCloses = new java.util.TreeSet<>(VenueFit.weekdayHolidays(venue, first, last));
        eitherCloses.addAll(VenueFit.weekdayHolidays(TradingSession.EU_EQUITY, first, last));
        for (LocalDate d : eitherCloses) {
            if (venue.closed(d) == TradingSession.EU_EQUITY.closed(d)) continue;
            if (venue.closed(d) && !traded.contains(d) && VenueFit.skippedBetweenBars(venue, traded, d) && skipped.size() < 5) skipped.add(d.toString());
            if (traded.contains(d) && tradedOnXetraHolidays.size() < 5) tradedOnXetraHolidays.add(d.toString());
        }
        List<String> told = new ArrayList<>();
        if (!skipped.isEmpty()) told.add("no bars on " + String.join(", ", skipped));
        if (!tradedOnXetraHolidays.isEmpty()) told.add("bars on Xetra's holidays " + String.join(", ", tradedOnXetraHolidays));
        return told.isEmpty() ? "it trades where Xetra closes" : String.join("; ", told);
    }
}
