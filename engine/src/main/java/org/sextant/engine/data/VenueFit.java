package org.sextant.engine.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which European venue's calendar a symbol's bar days fit: Xetra, SIX, London and Euronext keep the same instant's hours, so
 * only the days tell them apart. A venue is ruled out by bars on one of its weekday holidays, or by a bar opening after its
 * early close's auction (Euronext's 24 December trades to 14:05 Paris, London's ends at 12:35 London); of the rest, the ones
 * whose holidays explain the most weekdays without bars fit best. A holiday without bars explains one only when the venue's
 * trading days around it hold bars: in a sparse file (4 days over 3 years) every gap would else count as a skipped holiday,
 * and the venue with the most holidays would win. The import's guess (VenueGuess) and the note on a symbol stored as
 * eu_equity whose bars are not Xetra's ({@link #storedNote}) use it.
 */
public final class VenueFit {
    private VenueFit() {}

    /** The European venues, Xetra (eu_equity) first: a tie with it keeps eu_equity. */
    public static final List<TradingSession> VENUES = List.of(TradingSession.EU_EQUITY, TradingSession.SIX, TradingSession.LSE, TradingSession.EURONEXT);

    /** The venue's name as a reader is told it: Xetra, SIX, London, Euronext; null for a session that is no European venue. */
    public static String name(TradingSession venue) {
        return switch (venue) {
            case EU_EQUITY -> "Xetra";
            case SIX -> "SIX";
            case LSE -> "London";
            case EURONEXT -> "Euronext";
            case US_EQUITY, FX, CONTINUOUS -> null;
        };
    }

    /**
     * The venues that fit a symbol's days best and how many of their holidays without bars told it: 0 when no holiday of
     * theirs lies between days with bars (too few days to tell a venue by the days it closes).
     */
    public record Fits(List<TradingSession> best, int skippedHolidays, List<String> toldByTimes, List<TradingSession> alsoFit) {
        public Fits(List<TradingSession> best, int skippedHolidays) {
            this(best, skippedHolidays, List.of(), List.of());
        }

        /**
         * {@code alsoFit}: the venues neither the days nor the times rule out that fit worse than the best (fewer holidays
         * without bars): a guess by the days alone weighs the best against them ({@link #weigh}).
         */
        public Fits {
            best = List.copyOf(best);
            toldByTimes = List.copyOf(toldByTimes);
            alsoFit = List.copyOf(alsoFit);
        }
    }

    /**
     * The days siding with a venue a guess by the days alone needs against each other venue that fits, and more than side with
     * that one: one weekday without bars may be a gap in the file (a Xetra stock's missing 1 August is no SIX listing).
     */
    public static final int DECIDING_DAYS = 2;

    /**
     * The weekdays from the first to the last traded day that tell {@code venue} from {@code other}: days only one of them
     * closes, with bars (siding with the one trading) or skipped between bars (siding with the one closed; {@link #skippedBetweenBars}).
     */
    public static Rival weigh(TradingSession venue, TradingSession other, java.util.Set<LocalDate> traded) {
        int siding = 0, against = 0;
        if (traded.isEmpty()) return new Rival(other, 0, 0);
        LocalDate first = java.util.Collections.min(traded), last = java.util.Collections.max(traded);
        java.util.TreeSet<LocalDate> eitherCloses = new java.util.TreeSet<>(weekdayHolidays(venue, first, last));
        eitherCloses.addAll(weekdayHolidays(other, first, last));
        for (LocalDate d : eitherCloses) {
            boolean venueCloses = venue.closed(d);
            if (venueCloses == other.closed(d)) continue;
            boolean sidesWithVenue;
            if (traded.contains(d)) sidesWithVenue = !venueCloses; // bars side with the one trading
            else if (skippedBetweenBars(venueCloses ? venue : other, traded, d)) sidesWithVenue = venueCloses;
            else continue;
            if (sidesWithVenue) siding++;
            else against++;
        }
        return new Rival(other, siding, against);
    }

    /**
     * The venue that fits next best, weighed against the one best ({@link #weigh}): of those that also fit, the one the fewest
     * days more side against; null when several venues fit best or no other fits (the bars on their holidays told them apart).
     */
    public static Rival closestRival(Fits fit, java.util.Set<LocalDate> traded) {
        if (fit.best().size() != 1) return null;
        Rival closest = null;
        for (TradingSession other : fit.alsoFit()) {
            Rival r = weigh(fit.best().get(0), other, traded);
            if (closest == null || r.margin() < closest.margin()) closest = r;
        }
        return closest;
    }

    /** A venue that fits a symbol's days too, and how many days side with the best venue against it and with it against the best. */
    public record Rival(TradingSession venue, int siding, int against) {
        int margin() {
            return siding - against;
        }

        /** Whether the days outweigh this venue: {@code needed} days side with the best, and more than with this one. */
        public boolean outweighed(int needed) {
            return siding >= needed && siding > against;
        }
    }

    /** The venues not ruled out by the traded days whose holidays explain the most weekdays without bars (several when they tie); none for no days. */
    public static List<TradingSession> bestFits(java.util.Set<LocalDate> traded) {
        return fits(traded).best();
    }

    /** As {@link #bestFits(java.util.Set)}, with the count of skipped holidays that told it. */
    public static Fits fits(java.util.Set<LocalDate> traded) {
        Map<LocalDate, LocalDateTime> noTimes = new TreeMap<>();
        for (LocalDate d : traded) noTimes.put(d, null);
        return fits(noTimes);
    }

    /**
     * As {@link #bestFits(java.util.Set)}, with each day's last bar's opening (UTC; null: not known) ruling out a venue whose early
     * close that day ended before it.
     */
    public static List<TradingSession> bestFits(Map<LocalDate, LocalDateTime> lastBarByDay) {
        return fits(lastBarByDay).best();
    }

    /**
     * As {@link #bestFits(Map)} (the days, and bars after a venue's early close ruling it out, unless they rule out every venue),
     * and when that leaves several venues, the half days tell: a venue whose early close the day's last
     * bar (opening at the day's time, {@code stepMinutes} long) reaches explains that day, one whose bars would go on past the
     * last bar's end does not (a London stock's 24 December ends at 12:30 London, a Euronext one's trades to 14:00 Paris, an hour
     * later). The venues explaining the most half days stay; a day both reach (a 30-minute bar can hold both closes) tells none.
     */
    public static Fits fits(Map<LocalDate, LocalDateTime> lastBarByDay, long stepMinutes) {
        Fits datesOnly = fits(lastBarByDay.keySet());
        Fits withTimes = fits(lastBarByDay);
        // bars past every venue's early close (a full 24 December) tell no venue: the days alone do, as before
        if (withTimes.best().isEmpty()) return datesOnly;
        List<String> told = new ArrayList<>();
        for (TradingSession v : datesOnly.best()) {
            if (!withTimes.best().contains(v)) told.add("bars after " + name(v) + "'s early close on " + String.join(", ", tradedAfterEarlyClose(v, lastBarByDay)));
        }
        Fits byDays = new Fits(withTimes.best(), withTimes.skippedHolidays(), told, withTimes.alsoFit());
        if (byDays.best().size() < 2 || stepMinutes <= 0) return byDays;
        Map<TradingSession, List<String>> explained = new java.util.LinkedHashMap<>();
        int most = 0;
        for (TradingSession v : byDays.best()) {
            List<String> days = halfDaysReached(v, lastBarByDay, stepMinutes);
            explained.put(v, days);
            most = Math.max(most, days.size());
        }
        if (most == 0) return byDays;
        List<TradingSession> best = new ArrayList<>();
        for (Map.Entry<TradingSession, List<String>> e : explained.entrySet()) if (e.getValue().size() == most) best.add(e.getKey());
        if (best.size() == byDays.best().size()) return byDays; // every venue reached its half days alike
        if (best.size() == 1) told.add("half days ending at " + name(best.get(0)) + "'s early close: " + String.join(", ", explained.get(best.get(0)).stream().limit(5).toList()));
        // the venues the half days ruled out no longer fit: the times told them apart
        return new Fits(best, byDays.skippedHolidays(), told, byDays.alsoFit());
    }

    /**
     * The venue's half days whose last bar (opening at the day's time, UTC; {@code stepMinutes} long) reaches its early close:
     * "2024-12-24 at 12:30 London", "2024-11-29 at 13:00 New York". Days are the venue's dates; a venue without early closes has none.
     */
    public static List<String> halfDaysReached(TradingSession v, Map<LocalDate, LocalDateTime> lastBarByDay, long stepMinutes) {
        List<String> days = new ArrayList<>();
        if (regularClose(v) == null) return days;
        for (Map.Entry<LocalDate, LocalDateTime> e : new TreeMap<>(lastBarByDay).entrySet()) {
            LocalDate d = e.getKey();
            if (e.getValue() == null || v.closed(d) || v.close(d).equals(regularClose(v))) continue;
            LocalDateTime endLocal = e.getValue().plusMinutes(stepMinutes).atOffset(ZoneOffset.UTC).atZoneSameInstant(v.zone()).toLocalDateTime();
            if (!endLocal.isBefore(d.atTime(v.close(d)))) days.add(d + " at " + v.close(d) + " " + place(v));
        }
        return days;
    }

    /** Where the venue's clock is, as a half day's close is said: the European venue's name, New York for the NYSE's. */
    private static String place(TradingSession v) {
        return v == TradingSession.US_EQUITY ? "New York" : name(v);
    }

    private static Fits fits(Map<LocalDate, LocalDateTime> lastBarByDay) {
        if (lastBarByDay.isEmpty()) return new Fits(List.of(), 0);
        LocalDate first = lastBarByDay.keySet().stream().min(LocalDate::compareTo).get(), last = lastBarByDay.keySet().stream().max(LocalDate::compareTo).get();
        int bestSkipped = -1;
        List<TradingSession> tied = new ArrayList<>(), fitting = new ArrayList<>();
        for (TradingSession v : VENUES) {
            int skipped = 0;
            boolean ruledOut = endedBefore(v, lastBarByDay);
            // the venue's weekday holidays between the first and last bar, not every day: a bar of 1800 and one of 2026 span 83,000
            for (LocalDate d : weekdayHolidays(v, first, last)) {
                if (ruledOut) break;
                if (lastBarByDay.containsKey(d)) ruledOut = true;
                else if (skippedBetweenBars(v, lastBarByDay.keySet(), d)) skipped++;
            }
            if (ruledOut) continue;
            fitting.add(v);
            if (skipped > bestSkipped) {
                bestSkipped = skipped;
                tied.clear();
            }
            if (skipped == bestSkipped) tied.add(v);
        }
        fitting.removeAll(tied);
        return new Fits(tied, Math.max(bestSkipped, 0), List.of(), fitting);
    }

    /** The years the calendars are read for: {@link #tellingDays} covers them, so a bar outside them tells no venue. */
    public static final int FIRST_YEAR = 1900, LAST_YEAR = 2100;

    /**
     * The only days whose bars {@link #fits(Map, long)} reads besides a symbol's first and last day: each venue's weekday holidays,
     * the venue's trading days either side of them, and each venue's early closes, {@link #FIRST_YEAR} to {@link #LAST_YEAR}.
     * A symbol's days restricted to these and its first and last fit as all its days do, so a reading need not hold every
     * symbol-day (500 symbols of ten years have 1.3 million).
     */
    public static java.util.SortedSet<LocalDate> tellingDays() {
        return TellingDays.DAYS;
    }

    /** The venue's weekday holidays from {@code first} to {@code last}, both included, of the years the calendars are read for. */
    public static java.util.NavigableSet<LocalDate> weekdayHolidays(TradingSession v, LocalDate first, LocalDate last) {
        java.util.NavigableSet<LocalDate> all = WeekdayHolidays.BY_VENUE.get(v);
        if (all == null) throw new IllegalArgumentException("no holidays kept for " + v.name());
        return first.isAfter(last) ? java.util.Collections.emptyNavigableSet() : all.subSet(first, true, last, true);
    }

    private static final class WeekdayHolidays {
        static final Map<TradingSession, java.util.NavigableSet<LocalDate>> BY_VENUE = new java.util.HashMap<>();

        static {
            LocalDate from = LocalDate.of(FIRST_YEAR, 1, 1), to = LocalDate.of(LAST_YEAR, 12, 31);
            for (TradingSession v : VENUES) {
                java.util.TreeSet<LocalDate> days = new java.util.TreeSet<>();
                for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5 && v.closed(d)) days.add(d);
                BY_VENUE.put(v, java.util.Collections.unmodifiableNavigableSet(days));
            }
        }
    }

    private static final class TellingDays {
        static final java.util.SortedSet<LocalDate> DAYS;

        static {
            java.util.TreeSet<LocalDate> days = new java.util.TreeSet<>();
            LocalDate from = LocalDate.of(FIRST_YEAR, 1, 1), to = LocalDate.of(LAST_YEAR, 12, 31);
            for (TradingSession v : VENUES) {
                days.addAll(v.earlyCloses(from, to).keySet());
                for (LocalDate d : WeekdayHolidays.BY_VENUE.get(v)) {
                    days.add(d);
                    days.add(tradingDay(v, d, -1));
                    days.add(tradingDay(v, d, 1));
                }
            }
            DAYS = java.util.Collections.unmodifiableSortedSet(days);
        }
    }

    /**
     * Whether the venue's holiday {@code d} (a weekday without bars) tells something: the venue's trading days before and
     * after it hold bars, so the file skipped that day and not a stretch of days.
     */
    public static boolean skippedBetweenBars(TradingSession v, java.util.Set<LocalDate> traded, LocalDate d) {
        return traded.contains(tradingDay(v, d, -1)) && traded.contains(tradingDay(v, d, 1));
    }

    /** The venue's nearest trading day (a weekday it does not close) before ({@code step} -1) or after (+1) {@code d}. */
    private static LocalDate tradingDay(TradingSession v, LocalDate d, int step) {
        LocalDate t = d.plusDays(step);
        while (t.getDayOfWeek() == DayOfWeek.SATURDAY || t.getDayOfWeek() == DayOfWeek.SUNDAY || v.closed(t)) t = t.plusDays(step);
        return t;
    }

    /** Whether the days hold bars on one of the venue's weekday holidays, which rules it out. */
    public static boolean tradedOnHoliday(TradingSession v, java.util.Collection<LocalDate> traded) {
        return traded.stream().anyMatch(d -> d.getDayOfWeek().getValue() <= 5 && v.closed(d));
    }

    /** Whether a day the venue closes early holds a bar opening after that day's last instant (its auction's end). */
    private static boolean endedBefore(TradingSession v, Map<LocalDate, LocalDateTime> lastBarByDay) {
        return !tradedAfterEarlyClose(v, lastBarByDay).isEmpty();
    }

    /** The days the venue closes early (its dates) that hold a bar opening after its auction's end, at most five, oldest first. */
    public static List<String> tradedAfterEarlyClose(TradingSession v, Map<LocalDate, LocalDateTime> lastBarByDay) {
        List<String> days = new ArrayList<>();
        if (regularClose(v) == null) return days; // fx and continuous close no day early
        for (Map.Entry<LocalDate, LocalDateTime> e : new TreeMap<>(lastBarByDay).entrySet()) {
            if (days.size() == 5) break;
            if (e.getValue() == null || v.closed(e.getKey())) continue;
            LocalTime close = v.close(e.getKey());
            if (close.equals(regularClose(v))) continue;
            LocalTime lastOpen = EarlyCloseYears.lastOpen(v, close);
            LocalDateTime local = e.getValue().atOffset(ZoneOffset.UTC).atZoneSameInstant(v.zone()).toLocalDateTime();
            if (local.toLocalDate().equals(e.getKey()) && local.toLocalTime().isAfter(lastOpen)) days.add(e.getKey().toString());
        }
        return days;
    }

    /**
     * What tells the bars are not Xetra's, the first that holds: bars on its holidays, bars after its early close (a SIX
     * stock's full 30 December), or the weekdays Xetra trades with no bars that every fitting venue closes (SIX's Whit Monday).
     */
    private static String notXetras(TreeMap<LocalDate, LocalDateTime> lastBar, List<TradingSession> fits) {
        List<String> holidays = tradedOnXetraHolidays(lastBar.keySet());
        if (!holidays.isEmpty()) return "it has bars on Xetra's holidays " + String.join(", ", holidays);
        List<String> late = tradedAfterEarlyClose(TradingSession.EU_EQUITY, lastBar);
        if (!late.isEmpty()) return "it has bars after Xetra's early close on " + String.join(", ", late);
        List<String> missing = new ArrayList<>();
        LocalDate first = lastBar.firstKey(), last = lastBar.lastKey();
        // a day every fitting venue closes is one of the first one's weekday holidays: those, not every day from first to last
        Iterable<LocalDate> candidates = fits.isEmpty() ? first.datesUntil(last.plusDays(1))::iterator : weekdayHolidays(fits.get(0), first, last);
        for (LocalDate d : candidates) {
            if (missing.size() == 5) break;
            if (d.getDayOfWeek().getValue() > 5 || lastBar.containsKey(d) || TradingSession.EU_EQUITY.closed(d)) continue;
            LocalDate day = d;
            if (fits.stream().allMatch(v -> v.closed(day))) missing.add(day.toString());
        }
        return "it has no bars on Xetra's trading days " + String.join(", ", missing);
    }

    private static LocalTime regularClose(TradingSession v) {
        return v.close(LocalDate.of(2025, 3, 12)); // a Wednesday every venue trades in full
    }

    /** The weekdays with bars that Xetra closes (Euronext's 24 and 31 December), at most five, oldest first. */
    public static List<String> tradedOnXetraHolidays(java.util.Collection<LocalDate> traded) {
        return traded.stream().sorted().filter(d -> d.getDayOfWeek().getValue() <= 5 && TradingSession.EU_EQUITY.closed(d)).limit(5)
                .map(LocalDate::toString).toList();
    }

    /**
     * For a symbol read on Xetra's calendar (eu_equity) whose intraday bars are not Xetra's (bars on Xetra's weekday holidays or
     * after its early close, or no bars on days only Xetra trades) and whose days fit other venues: what to tell a reader, with the command that sets the venue; null otherwise (another
     * session, no intraday bars, Xetra fits, or no venue does).
     */
    public static String storedNote(Connection c, String symbol) throws SQLException {
        TreeMap<LocalDate, LocalDateTime> lastBar = new TreeMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT CAST(timezone('Europe/Berlin', timezone('UTC', b.ts)) AS DATE) AS d, max(b.ts) FROM bars b "
                + "JOIN symbol_sessions s USING (symbol) WHERE b.symbol = ? AND s.session = 'eu_equity' AND b.interval NOT IN ('1d', '1w', '1mo') GROUP BY d")) {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) lastBar.put(r.getObject(1, LocalDate.class), r.getTimestamp(2).toLocalDateTime());
            }
        }
        return storedNote(symbol, lastBar);
    }

    /**
     * {@link #storedNote(Connection, String)} of each of {@code symbols} that has one, in one query: an import's report asks it of
     * every symbol it brought, and a query each was a share of the 9 s a 300-symbol import spent on its report.
     */
    public static Map<String, String> storedNotes(Connection c, java.util.Collection<String> symbols) throws SQLException {
        Map<String, TreeMap<LocalDate, LocalDateTime>> lastBars = new java.util.HashMap<>();
        if (symbols.isEmpty()) return Map.of();
        try (PreparedStatement p = c.prepareStatement("SELECT b.symbol, CAST(timezone('Europe/Berlin', timezone('UTC', b.ts)) AS DATE) AS d, max(b.ts) FROM bars b "
                + "JOIN symbol_sessions s USING (symbol) WHERE b.symbol IN (SELECT unnest(CAST(? AS VARCHAR[]))) AND s.session = 'eu_equity' "
                + "AND b.interval NOT IN ('1d', '1w', '1mo') GROUP BY ALL")) {
            p.setObject(1, c.createArrayOf("VARCHAR", new java.util.TreeSet<>(symbols).toArray()));
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) lastBars.computeIfAbsent(r.getString(1), k -> new TreeMap<>()).put(r.getObject(2, LocalDate.class), r.getTimestamp(3).toLocalDateTime());
            }
        }
        Map<String, String> out = new java.util.HashMap<>();
        for (Map.Entry<String, TreeMap<LocalDate, LocalDateTime>> e : lastBars.entrySet()) {
            String note = storedNote(e.getKey(), e.getValue());
            if (note != null) out.put(e.getKey(), note);
        }
        return out;
    }

    /** The note of {@link #storedNote(Connection, String)} from the symbol's last bar of each Berlin date. */
    private static String storedNote(String symbol, TreeMap<LocalDate, LocalDateTime> lastBar) {
        if (lastBar.isEmpty()) return null;
        Fits fit = fits(lastBar);
        List<TradingSession> fits = fit.best();
        if (fits.isEmpty() || fits.contains(TradingSession.EU_EQUITY)) return null;
        // Xetra fits too, only worse by a day or so: a gap in the file, no other venue's listing
        Rival rival = closestRival(fit, lastBar.keySet());
        if (rival != null && !rival.outweighed(DECIDING_DAYS)) return null;
        StringBuilder set = new StringBuilder();
        for (TradingSession v : fits) {
            set.append(set.length() == 0 ? "if it trades on " + name(v) + ", set it with: " : "; if on " + name(v) + ": ")
                    .append("sextant session ").append(symbol).append(' ').append(v.label());
        }
        return symbol + " is read on Xetra's calendar (eu_equity), but " + notXetras(lastBar, fits)
                + " and its days fit " + String.join(" and ", fits.stream().map(v -> name(v) + "'s").toList()) + (fits.size() > 1 ? " alike" : "")
                + ": its half days and holidays are read as Xetra's until set; " + set + " (or the set_trading_session tool)";
    }
}
