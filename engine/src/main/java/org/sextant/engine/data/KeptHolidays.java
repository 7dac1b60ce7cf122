package org.sextant.engine.data;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.MonthDay;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The yearly holidays a daily series' own history keeps, for markets whose calendar Sextant
 * does not know (Zurich, London, Frankfurt, Riyadh...). "Weekdays" below are the days of the series' week: Monday to
 * Friday, or Sunday to Thursday for Tadawul (whose 23 September and 22 February are learned as London's days are). A rule (a fixed date, a day counted from Easter,
 * the n-th or last weekday of a month) is kept when the series has no date on at least
 * {@value #SHARE} of its weekday occurrences in the last {@value #YEARS} years, and on at least
 * {@value #MIN_MISSED} of them. A rule whose missed days a better rule already explains is
 * dropped (the fourth Monday of May beside the last one). A series with a date on fewer than
 * {@value #DENSE} of its weekdays (weekly, or with gaps) keeps none. Whether fixed-date holidays
 * falling on a weekend are moved ({@link Moved}: a British Christmas on a Saturday closes the next
 * Monday, an American one the Friday before; a Sunday-to-Thursday week's Friday one the Thursday before) is learned the same way, from the weekdays those moves
 * would close. One-off closures are not learned.
 */
public final class KeptHolidays {
    static final int YEARS = 6;
    static final double SHARE = 0.8;
    static final int MIN_MISSED = 3;
    /** Weekdays with a date a daily series has at least (a weekly or gappy one learns nothing). */
    static final double DENSE = 0.9;

    /** A yearly holiday: its date in a year (null when it has none). */
    public sealed interface Rule {
        LocalDate in(int year);

        /** Fixed month and day (1 August, 26 December). */
        record Fixed(MonthDay day) implements Rule {
            public LocalDate in(int year) { return day.isValidYear(year) ? day.atYear(year) : null; }
            @Override public String toString() { return day.getDayOfMonth() + " " + name(day.getMonth()); }
        }

        /** Days after Western Easter Sunday (−2 Good Friday, 1 Easter Monday, 39 Ascension, 50 Whit Monday). */
        record FromEaster(int days) implements Rule {
            public LocalDate in(int year) { return NyseCalendar.easter(year).plusDays(days); }
            @Override public String toString() {
                return switch (days) {
                    case -3 -> "Maundy Thursday";
                    case -2 -> "Good Friday";
                    case 1 -> "Easter Monday";
                    case 39 -> "Ascension";
                    case 50 -> "Whit Monday";
                    case 60 -> "Corpus Christi";
                    default -> "Easter " + (days < 0 ? "" : "+") + days;
                };
            }
        }

        /** The n-th (1–4) or, for n = −1, the last given weekday of a month. */
        record NthWeekday(Month month, DayOfWeek weekday, int n) implements Rule {
            public LocalDate in(int year) {
                LocalDate first = LocalDate.of(year, month, 1);
                return n < 0 ? first.with(TemporalAdjusters.lastInMonth(weekday)) : first.with(TemporalAdjusters.dayOfWeekInMonth(n, weekday));
            }
            @Override public String toString() {
                return (n < 0 ? "last " : new String[] {"", "1st ", "2nd ", "3rd ", "4th "}[n]) + name(weekday) + " of " + name(month);
            }
        }

        private static String name(Enum<?> e) { return e.name().charAt(0) + e.name().substring(1).toLowerCase(java.util.Locale.ROOT); }
    }

    /** Where a fixed-date holiday that falls on a weekend is kept instead. */
    public enum Moved {
        /** Not moved: the weekend day is the holiday. */
        NOT,
        /** To the next weekday that is no holiday already (England: Christmas on Saturday, Boxing Day on Sunday → Monday and Tuesday). */
        NEXT_WEEKDAY,
        /**
         * Saturday's to the Friday before, Sunday's to the Monday after (the United States' federal rule): the weekend day
         * after the week's last day to that day, the one before its first day to that day.
         */
        NEAREST_WEEKDAY;

        @Override public String toString() {
            return switch (this) {
                case NOT -> "";
                case NEXT_WEEKDAY -> "those on a weekend kept on the next weekday";
                case NEAREST_WEEKDAY -> "those on a Saturday kept on the Friday before, on a Sunday the Monday after";
            };
        }
    }

    /** Monday to Friday: the week of the markets whose holidays were learned first. */
    public static final Set<DayOfWeek> MONDAY_TO_FRIDAY = java.util.EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);

    private final List<Rule> rules;
    private final Moved moved;
    /** The days of the week the series trades: the others are its weekend. */
    private final Set<DayOfWeek> days;
    private final java.util.Map<Integer, Set<LocalDate>> closedByYear = new java.util.concurrent.ConcurrentHashMap<>();

    private KeptHolidays(List<Rule> rules, Moved moved, Set<DayOfWeek> days) {
        this.rules = List.copyOf(rules);
        this.moved = moved;
        this.days = Set.copyOf(days);
    }

    public static final KeptHolidays NONE = new KeptHolidays(List.of(), Moved.NOT, MONDAY_TO_FRIDAY);

    public List<Rule> rules() { return rules; }

    public Moved moved() { return moved; }

    /** These holidays less {@code known} ones (an exchange's calendar already skips them), moved as before. */
    public KeptHolidays without(java.util.Collection<Rule> known) {
        return rules.stream().anyMatch(known::contains) ? new KeptHolidays(rules.stream().filter(r -> !known.contains(r)).toList(), moved, days) : this;
    }

    public boolean holiday(LocalDate d) {
        return closedByYear.computeIfAbsent(d.getYear(), this::closedIn).contains(d);
    }

    /** The year's holidays, moved ones included (31 December's Saturday moves into January): a long forecast asks each day. */
    private Set<LocalDate> closedIn(int year) {
        Set<LocalDate> out = new HashSet<>();
        for (Rule r : rules) {
            LocalDate d = r.in(year);
            if (d != null) out.add(d);
        }
        if (moved == Moved.NOT) return out;
        for (int y = year - 1; y <= year + 1; y++) for (LocalDate d : movedDays(rules, moved, days, y)) if (d.getYear() == year) out.add(d);
        return out;
    }

    /**
     * The weekdays the fixed-date rules of {@code year} that fall on a weekend are kept on, in
     * calendar order, each on a weekday no other holiday (or earlier move) takes.
     */
    static List<LocalDate> movedDays(List<Rule> rules, Moved moved, Set<DayOfWeek> days, int year) {
        Set<LocalDate> taken = new HashSet<>();
        List<LocalDate> weekend = new ArrayList<>();
        for (Rule r : rules) {
            for (int y = year - 1; y <= year + 1; y++) {
                LocalDate d = r.in(y);
                if (d != null && days.contains(d.getDayOfWeek())) taken.add(d);
            }
            LocalDate d = r.in(year);
            if (r instanceof Rule.Fixed && d != null && !days.contains(d.getDayOfWeek())) weekend.add(d);
        }
        weekend.sort(Comparator.naturalOrder());
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d : weekend) {
            // nearest: the weekend day right after the week's last day (Saturday, Tadawul's Friday) to that day, others forward
            LocalDate to = moved == Moved.NEAREST_WEEKDAY && days.contains(d.minusDays(1).getDayOfWeek()) ? d.minusDays(1) : d.plusDays(1);
            while (moved == Moved.NEXT_WEEKDAY && (!days.contains(to.getDayOfWeek()) || taken.contains(to))) to = to.plusDays(1);
            if (moved == Moved.NEAREST_WEEKDAY && (taken.contains(to) || !days.contains(to.getDayOfWeek()))) continue; // already closed, or no day next to it
            taken.add(to);
            out.add(to);
        }
        return out;
    }

    /** "1 January, Good Friday, ..., 26 December" and, when they move, where weekend ones go. */
    public String describe() {
        String names = String.join(", ", rules.stream().map(Object::toString).toList());
        return moved == Moved.NOT ? names : names + "; " + moved;
    }

    /** The rules {@code history} (dates in ascending order, weekdays) keeps over its last {@value #YEARS} years. */
    public static KeptHolidays learn(List<LocalDate> history) {
        return learn(history, MONDAY_TO_FRIDAY);
    }

    /** The rules {@code history}, dated on {@code days} of the week (Sunday to Thursday), keeps over its last {@value #YEARS} years. */
    public static KeptHolidays learn(List<LocalDate> history, Set<DayOfWeek> days) {
        if (history.size() < 2) return NONE;
        LocalDate last = history.get(history.size() - 1);
        LocalDate from = history.get(0).isAfter(last.minusYears(YEARS)) ? history.get(0) : last.minusYears(YEARS);
        Set<LocalDate> traded = new HashSet<>();
        for (int i = history.size() - 1; i >= 0 && !history.get(i).isBefore(from); i--) traded.add(history.get(i));
        int weekdaysSpanned = 0;
        for (LocalDate d = from; !d.isAfter(last); d = d.plusDays(1)) if (days.contains(d.getDayOfWeek())) weekdaysSpanned++;
        if (traded.size() < DENSE * weekdaysSpanned) return NONE;
        record Fit(Rule rule, Set<LocalDate> missed, double share) {}
        List<Fit> fits = new ArrayList<>();
        for (Rule r : candidates(days)) {
            Set<LocalDate> missed = new HashSet<>();
            int weekdays = 0;
            for (int y = from.getYear(); y <= last.getYear(); y++) {
                LocalDate d = r.in(y);
                if (d == null || !d.isAfter(from) || !d.isBefore(last) || !days.contains(d.getDayOfWeek())) continue;
                weekdays++;
                if (!traded.contains(d)) missed.add(d);
            }
            if (missed.size() >= MIN_MISSED && missed.size() >= SHARE * weekdays) fits.add(new Fit(r, missed, missed.size() / (double) weekdays));
        }
        // the best-fitting rules first; a rule that explains no missed day beyond them is dropped
        fits.sort(Comparator.comparingDouble((Fit f) -> -f.share()).thenComparingInt(f -> -f.missed().size()));
        List<Rule> kept = new ArrayList<>();
        Set<LocalDate> explained = new HashSet<>();
        for (Fit f : fits) {
            if (explained.containsAll(f.missed())) continue;
            kept.add(f.rule());
            explained.addAll(f.missed());
        }
        int year = last.getYear(); // in the order of the calendar
        kept.sort(Comparator.comparing((Rule r) -> r.in(year), Comparator.nullsLast(Comparator.naturalOrder())));
        return new KeptHolidays(kept, moved(kept, days, traded, from, last), days);
    }

    /** The way of moving weekend holidays whose closed weekdays the history shows best, if any reaches the bar. */
    private static Moved moved(List<Rule> kept, Set<DayOfWeek> days, Set<LocalDate> traded, LocalDate from, LocalDate last) {
        Moved best = Moved.NOT;
        double bestShare = 0;
        for (Moved m : List.of(Moved.NEXT_WEEKDAY, Moved.NEAREST_WEEKDAY)) {
            int closing = 0, missed = 0;
            for (int y = from.getYear(); y <= last.getYear(); y++) {
                for (LocalDate d : movedDays(kept, m, days, y)) {
                    if (!d.isAfter(from) || !d.isBefore(last)) continue;
                    closing++;
                    if (!traded.contains(d)) missed++;
                }
            }
            double share = closing == 0 ? 0 : missed / (double) closing;
            if (missed >= MIN_MISSED && share >= SHARE && share > bestShare) {
                best = m;
                bestShare = share;
            }
        }
        return best;
    }

    private static List<Rule> candidates(Set<DayOfWeek> days) {
        List<Rule> out = new ArrayList<>();
        for (Month m : Month.values()) {
            for (int d = 1; d <= m.maxLength(); d++) out.add(new Rule.Fixed(MonthDay.of(m, d)));
            for (DayOfWeek w : DayOfWeek.values()) {
                if (!days.contains(w)) continue;
                for (int n : new int[] {1, 2, 3, 4, -1}) out.add(new Rule.NthWeekday(m, w, n));
            }
        }
        for (int after = -3; after <= 60; after++) out.add(new Rule.FromEaster(after)); // Maundy Thursday to Corpus Christi
        return out;
    }

    @Override public String toString() { return rules.toString(); }
}
