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
 * The yearly holidays a weekday series' own history keeps, for markets whose calendar Sextant
 * does not know (Zurich, London, Frankfurt...). A rule (a fixed date, a day counted from Easter,
 * the n-th or last weekday of a month) is kept when the series has no date on at least
 * {@value #SHARE} of its weekday occurrences in the last {@value #YEARS} years, and on at least
 * {@value #MIN_MISSED} of them. A rule whose missed days a better rule already explains is
 * dropped (the fourth Monday of May beside the last one). A series with a date on fewer than
 * {@value #DENSE} of its weekdays (weekly, or with gaps) keeps none. Holidays moved off a weekend (a
 * British Christmas on a Monday) and one-off closures are not learned.
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

    private final List<Rule> rules;

    private KeptHolidays(List<Rule> rules) { this.rules = List.copyOf(rules); }

    public static final KeptHolidays NONE = new KeptHolidays(List.of());

    public List<Rule> rules() { return rules; }

    public boolean holiday(LocalDate d) {
        for (Rule r : rules) if (d.equals(r.in(d.getYear()))) return true;
        return false;
    }

    /** The rules {@code history} (dates in ascending order, weekdays) keeps over its last {@value #YEARS} years. */
    public static KeptHolidays learn(List<LocalDate> history) {
        if (history.size() < 2) return NONE;
        LocalDate last = history.get(history.size() - 1);
        LocalDate from = history.get(0).isAfter(last.minusYears(YEARS)) ? history.get(0) : last.minusYears(YEARS);
        Set<LocalDate> traded = new HashSet<>();
        for (int i = history.size() - 1; i >= 0 && !history.get(i).isBefore(from); i--) traded.add(history.get(i));
        int weekdaysSpanned = 0;
        for (LocalDate d = from; !d.isAfter(last); d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5) weekdaysSpanned++;
        if (traded.size() < DENSE * weekdaysSpanned) return NONE;
        record Fit(Rule rule, Set<LocalDate> missed, double share) {}
        List<Fit> fits = new ArrayList<>();
        for (Rule r : candidates()) {
            Set<LocalDate> missed = new HashSet<>();
            int weekdays = 0;
            for (int y = from.getYear(); y <= last.getYear(); y++) {
                LocalDate d = r.in(y);
                if (d == null || !d.isAfter(from) || !d.isBefore(last) || d.getDayOfWeek().getValue() > 5) continue;
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
        return new KeptHolidays(kept);
    }

    private static List<Rule> candidates() {
        List<Rule> out = new ArrayList<>();
        for (Month m : Month.values()) {
            for (int d = 1; d <= m.maxLength(); d++) out.add(new Rule.Fixed(MonthDay.of(m, d)));
            for (DayOfWeek w : List.of(DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY)) {
                for (int n : new int[] {1, 2, 3, 4, -1}) out.add(new Rule.NthWeekday(m, w, n));
            }
        }
        for (int days = -3; days <= 60; days++) out.add(new Rule.FromEaster(days)); // Maundy Thursday to Corpus Christi
        return out;
    }

    @Override public String toString() { return rules.toString(); }
}
