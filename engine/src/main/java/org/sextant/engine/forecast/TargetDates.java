package org.sextant.engine.forecast;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.data.EuronextCalendar;
import org.sextant.engine.data.KeptHolidays;
import org.sextant.engine.data.LseCalendar;
import org.sextant.engine.data.NyseCalendar;
import org.sextant.engine.data.SixCalendar;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.data.VenueFit;
import org.sextant.engine.data.XetraCalendar;

/**
 * Dates of forecast steps for a daily price series: the business days (Monday to Friday) after
 * the last observed date. A series that trades on weekends (e.g. crypto) steps through
 * calendar days instead: one whose recent history has weekend dates on a regular basis; one that trades 5 or 6 days
 * of the week with a weekend day among them (Tadawul Sunday to Thursday, FX Sunday to Friday) on those days
 * ({@link TradingWeek}) less the yearly holidays its history keeps on them ({@link KeptHolidays}). A stray
 * weekend date (the NYSE composite of the sample carries two Sundays in 37 years, errors of the
 * source) does not make a weekday market a weekend one. A series whose recent history keeps the
 * NYSE's holidays (a US stock or index) also steps over them; one that keeps SIX's, Xetra's, London's or
 * Euronext's (a Swiss, German, British or French, Dutch, Belgian, Portuguese stock or index) over that venue's
 * calendar days, its moved and proclaimed ones too, and any others its history keeps; any other weekday series
 * steps over the yearly holidays its own history keeps ({@link KeptHolidays}), which a history too short to
 * show three of each cannot.
 */
public final class TargetDates {
    private TargetDates() {}

    /** What a weekday series' horizon counts ({@link Calendar#horizonDays}). */
    public static final String BUSINESS_DAYS = "business days";

    /** "20 trading days (Saturday, Sunday)", "1 calendar day": {@code steps} of what a horizon counts ({@link Calendar#horizonDays}). */
    public static String counted(int steps, String horizonDays) {
        return steps + " " + (steps == 1 ? horizonDays.replaceFirst("days", "day") : horizonDays);
    }

    public static List<LocalDate> after(List<LocalDate> history, int horizon) {
        return of(history).after(history.get(history.size() - 1), horizon);
    }

    /** The calendar a series' history shows: every day, or weekdays less the holidays it keeps. */
    public static Calendar of(List<LocalDate> history) {
        if (history == null || history.isEmpty()) {
            throw org.sextant.engine.SextantException.invalid("dates", "no dates in the history", "load prices for the symbol first");
        }
        WeekChange change = WeekChange.of(history); // found once: its week and its holidays are read from the same dates
        if (onWeekends(change.read())) {
            // a Sunday-to-Thursday market steps on its own days less the holidays it keeps; 7 days a week (or spaced closes on
            // weekends) on every day
            TradingWeek week = TradingWeek.of(change);
            if (week.weekdays() || week.everyDay()) return new Calendar(true, null, KeptHolidays.NONE, week, change);
            return new Calendar(false, null, KeptHolidays.learn(change.read(), week.days()), week, change);
        }
        // a market that left a weekend day (or moved its week) keeps its holidays on the days it trades since: a Friday it did
        // not trade before is no holiday
        List<LocalDate> since = change.read();
        if (keepsNyseHolidays(since)) return new Calendar(false, TradingSession.US_EQUITY, KeptHolidays.NONE, TradingWeek.WEEKDAYS, change);
        TradingSession venue = europeanVenueKept(since);
        if (venue != null) return new Calendar(false, venue, KeptHolidays.learn(since).without(yearlyHolidays(venue)), TradingWeek.WEEKDAYS, change);
        return new Calendar(false, null, KeptHolidays.learn(since), TradingWeek.WEEKDAYS, change);
    }

    /**
     * The European venues whose holidays a weekday series is checked for, the one closed on most days first: a Zurich series keeps
     * Xetra's and Euronext's days too, a German one Euronext's, a London one five of Euronext's six a year (it trades on 1 May).
     */
    static final List<TradingSession> EUROPEAN_VENUES = List.of(TradingSession.SIX, TradingSession.EU_EQUITY, TradingSession.LSE, TradingSession.EURONEXT);

    /** The European venue whose holidays the history keeps ({@link #keepsHolidays} at {@link #XETRA_SHARE}), or null when none's. */
    public static TradingSession europeanVenueKept(List<LocalDate> history) {
        for (TradingSession v : EUROPEAN_VENUES) if (keepsHolidays(history, v::closed, XETRA_SHARE)) return v;
        return null;
    }

    /** The yearly rules behind a venue's holidays: a series' learned holidays less these are its own. */
    private static List<KeptHolidays.Rule> yearlyHolidays(TradingSession venue) {
        return switch (venue) {
            case SIX -> SixCalendar.standing();
            case LSE -> LseCalendar.standing();
            case EURONEXT -> EuronextCalendar.standing();
            default -> XetraCalendar.standing();
        };
    }

    /** "the NYSE's", "Xetra's": whose holidays a calendar skips, as a reader is told (the venue's name as an import's note says it). */
    private static String whose(TradingSession venue) {
        return venue == TradingSession.US_EQUITY ? "the NYSE's" : VenueFit.name(venue) + "'s";
    }

    /**
     * The days a series' next values fall on: {@code week}'s days unless every day, less the holidays of {@code venue} (the
     * exchange whose holidays it keeps, null when none's) and those it keeps, all read from the dates after {@code change}.
     */
    public record Calendar(boolean everyDay, TradingSession venue, KeptHolidays kept, TradingWeek week, WeekChange change) {
        public boolean open(LocalDate d) {
            return everyDay || !(!week.days().contains(d.getDayOfWeek()) || (venue != null && venue.closed(d)) || kept.holiday(d));
        }

        /** The first {@code horizon} open days after {@code last}. */
        public List<LocalDate> after(LocalDate last, int horizon) {
            List<LocalDate> out = new ArrayList<>(horizon);
            for (LocalDate d = last.plusDays(1); out.size() < horizon; d = d.plusDays(1)) if (open(d)) out.add(d);
            return out;
        }

        /**
         * What a reader is told: "every day", "weekdays less the NYSE's holidays", another week as a run says it
         * ({@link TradingWeek#describe}: "Sunday to Thursday", "some days of Saturday to Thursday, an irregular week"), the
         * holidays kept, and when the week changed ("; its week changed: it last traded a Saturday on 2013-06-29, and is read from 2013-06-30 on").
         */
        public String describe() {
            return change.changed() ? days() + "; " + change.describe() : days();
        }

        /**
         * What the dates of {@code targets} (its steps after {@code last}) are, when its week is irregular: each step is its next
         * close, but which of its days it trades is not known, so they are the earliest days each can fall on, and its own dates a
         * year tell when the last comes ("; its 20 steps are dated on the earliest days they can fall: at its 261 dates a year the
         * 20th comes about 2024-07-28"); empty for a regular week.
         */
        public String irregularDates(LocalDate last, List<LocalDate> targets) {
            if (everyDay || !week.irregular() || targets.isEmpty()) return "";
            int n = targets.size();
            LocalDate likely = last.plusDays(Math.round(n * 365.25 / week.barsPerYear()));
            return "; its " + n + (n == 1 ? " step is dated on the earliest day it" : " steps are dated on the earliest days they") + " can fall: at its "
                    + Math.round(week.barsPerYear()) + " dates a year the " + (n == 1 ? "next close" : ordinal(n) + " close") + " comes about "
                    + (likely.isBefore(targets.get(n - 1)) ? targets.get(n - 1) : likely);
        }

        /** "20th", "21st", "22nd", "23rd", "111th". */
        private static String ordinal(int n) {
            int tens = n % 100, ones = n % 10;
            String suffix = tens >= 11 && tens <= 13 ? "th" : ones == 1 ? "st" : ones == 2 ? "nd" : ones == 3 ? "rd" : "th";
            return n + suffix;
        }

        /**
         * What a forecast's horizon counts, as its header says it ("20 business days"): "business days" on weekdays,
         * "calendar days" every day, else "trading days" and the days the series trades ("trading days (Saturday, Sunday)").
         */
        public String horizonDays() {
            if (everyDay) return "calendar days";
            return week.weekdays() ? BUSINESS_DAYS : "trading days (" + week.describe() + ")";
        }

        private String days() {
            if (everyDay) return "every day";
            if (!week.weekdays()) {
                return week.describe() + ", the days the series trades" + (kept.rules().isEmpty() ? "" : ", less the holidays it keeps: " + kept.describe());
            }
            if (venue != null) return "weekdays less " + whose(venue) + " holidays" + (kept.rules().isEmpty() ? "" : " and those the series keeps: " + kept.describe());
            if (kept.rules().isEmpty()) return "weekdays";
            return "weekdays less the holidays the series keeps: " + kept.describe();
        }
    }

    /** Dates looked at for an exchange's holidays (about two years), how many holidays they must span, and the share kept. */
    static final int RECENT_EXCHANGE = 500;
    static final int MIN_EXCHANGE_HOLIDAYS = 5;
    static final double EXCHANGE_SHARE = 0.8;
    /**
     * A European venue's share is higher: Euronext Paris closes on six of Xetra's eight days a year (not 24 and 31 December), 80% of
     * some two years, and London on five of Euronext's six (not 1 May).
     */
    static final double XETRA_SHARE = 0.9;

    /**
     * Whether the history keeps the NYSE's holidays ({@link #keepsHolidays}). A Swiss or British
     * market shares only New Year, Good Friday and Christmas (and a May Monday) of the NYSE's nine
     * or ten a year.
     */
    public static boolean keepsNyseHolidays(List<LocalDate> history) {
        return keepsHolidays(history, NyseCalendar::holiday, EXCHANGE_SHARE);
    }

    /**
     * Whether the history keeps Xetra's holidays ({@link #keepsHolidays}): a German or Swiss market does; Paris and
     * London trade on 24 and 31 December and London on 1 May, New York on Easter Monday and Boxing Day.
     */
    public static boolean keepsXetraHolidays(List<LocalDate> history) {
        return keepsHolidays(history, XetraCalendar::holiday, XETRA_SHARE);
    }

    /**
     * Whether the history has no date on at least {@code share} of the exchange's weekday holidays ({@code holiday} may hold on weekends too)
     * its last {@value #RECENT_EXCHANGE} dates span (at least {@value #MIN_EXCHANGE_HOLIDAYS} of them).
     */
    private static boolean keepsHolidays(List<LocalDate> history, java.util.function.Predicate<LocalDate> holiday, double share) {
        int from = Math.max(0, history.size() - RECENT_EXCHANGE);
        java.util.Set<LocalDate> dates = new java.util.HashSet<>(history.subList(from, history.size()));
        int spanned = 0, kept = 0;
        for (LocalDate d = history.get(from).plusDays(1); d.isBefore(history.get(history.size() - 1)); d = d.plusDays(1)) {
            if (!isWeekend(d) && holiday.test(d)) {
                spanned++;
                if (!dates.contains(d)) kept++;
            }
        }
        return spanned >= MIN_EXCHANGE_HOLIDAYS && kept >= share * spanned;
    }

    /** Latest dates looked at, and the share of weekend dates among them that marks a weekend market (a 7-day market has 2/7). */
    static final int RECENT = 100;
    static final double WEEKEND_SHARE = 0.10;

    /**
     * Whether at least {@value #WEEKEND_SHARE} of the last {@value #RECENT} dates (all when fewer) fall on a Saturday or Sunday,
     * of those after the market last changed its week ({@link WeekChange}).
     */
    public static boolean tradesOnWeekends(List<LocalDate> history) {
        return onWeekends(WeekChange.since(history));
    }

    /** {@link #tradesOnWeekends} of dates already read after a change of week ({@link WeekChange#read}). */
    static boolean onWeekends(List<LocalDate> history) {
        int from = Math.max(0, history.size() - RECENT);
        int weekend = 0;
        for (int i = from; i < history.size(); i++) {
            if (isWeekend(history.get(i))) weekend++;
        }
        return history.size() > from && weekend >= WEEKEND_SHARE * (history.size() - from);
    }

    private static boolean isWeekend(LocalDate d) {
        return d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
    }
}
