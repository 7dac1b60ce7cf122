package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * Date-only files of weekly or monthly prices are not daily ones: imported as daily, every daily analytic would take a
 * week for a day. A symbol is <em>weekly</em> when it has {@link #MIN_DATES} distinct dates or more, the median step
 * between them is 6 to 8 days and no two are in one ISO week; <em>monthly</em> likewise with a median of 28 to 31 days
 * and no two in one calendar month (the steps the bar import tells 1w and 1mo from). A symbol with two dates in one ISO
 * week is daily, whatever its gaps. A file imports as bars only when it has a weekly or monthly symbol, no daily one and
 * no other symbol of {@link #MIN_DATES} dates or more (a short update file, an illiquid symbol trading every few days, a
 * daily file with one illiquid symbol all stay daily, as they imported before weekly files were told apart).
 * A daily symbol whose median step is weekly (monthly) and whose dates break that spacing a few times only (a stray extra
 * date) stays daily too, with a note saying so: a backtest would annualise its weeks as days. When such symbols alone make
 * a file daily, one more note names the weekly (monthly) symbols imported as daily prices with them.
 */
final class DateSpacing {
    /** Fewer dates are too few to tell: two rows from Dec 22 to Jan 2 are a daily update as likely as two weekly bars. */
    static final int MIN_DATES = 8;
    /** A symbol's dates that break its spacing are "a few" up to one in this many (at least one): an illiquid symbol breaks it far more often. */
    static final int FEW_IN = 10;
    /** Symbols a file's notes name at most; one more line counts the rest. */
    static final int MAX_NOTES = 10;

    private DateSpacing() {}

    /** A symbol and the median days between its dates. */
    record Spacing(String symbol, double medianDays) {}

    /**
     * What a file's dates say: {@code periodic} its first weekly or monthly symbol when it imports as bars (null: daily);
     * {@code notes} the symbols whose dates are weekly or monthly but for a few, one sentence each.
     */
    record Verdict(Spacing periodic, List<String> notes) {}

    /** Dates of a symbol that share a period with the date before them: how many, and the first such pair. */
    private record Breaks(long count, LocalDate before, LocalDate first) {}

    /**
     * One symbol's distinct dates: how many, the median step, and the dates sharing an ISO week ({@code week}), or a
     * calendar month or an ISO week ({@code month}), with the date before them.
     */
    private record Dates(String symbol, long count, double median, Breaks week, Breaks month) {
        boolean weeklyMedian() { return median >= PeriodicDates.WEEK_FROM && median <= PeriodicDates.WEEK_TO; }

        boolean monthlyMedian() { return median >= PeriodicDates.MONTH_FROM && median <= PeriodicDates.MONTH_TO; }
    }

    /** What one symbol's dates say: periodic, daily, or too few to tell. */
    private enum Kind { PERIODIC, DAILY, UNTOLD }

    private static Kind kind(Dates d) {
        if (d.week().count() > 0) return Kind.DAILY;
        if (d.count() < MIN_DATES) return Kind.UNTOLD;
        if (d.weeklyMedian()) return Kind.PERIODIC;
        if (d.monthlyMedian() && d.month().count() == 0) return Kind.PERIODIC;
        return Kind.DAILY;
    }

    /** The note of a symbol weekly or monthly but for a few dates (so daily); null otherwise. */
    private static String note(Dates d) {
        if (d.count() < MIN_DATES) return null;
        boolean weekly = d.weeklyMedian();
        if (!weekly && !d.monthlyMedian()) return null;
        Breaks b = weekly ? d.week() : d.month();
        if (b.count() == 0 || b.count() > Math.max(1, d.count() / FEW_IN)) return null;
        String unit = weekly ? "week" : "month";
        return "the dates of " + Tickers.shown(d.symbol()) + " are a median " + days(d.median()) + " apart (" + unit + "ly), but " + b.count() + " of its " + d.count()
                + " dates " + (b.count() == 1 ? "shares " : "share ") + (weekly ? "an ISO week" : "a calendar month or an ISO week") + " with the date before "
                + (b.count() == 1 ? "it" : "them") + " (first " + b.before() + " and " + b.first() + "): it imports as daily prices, which a backtest annualises with 252 bars a year; "
                + "to import it as " + (weekly ? "1w" : "1mo") + " bars, keep one date per " + unit + " (remove the extra date, or keep the last date of the " + unit + ") and import again, "
                + "then delete these daily prices (delete_prices with interval 1d), which would stay beside the bars";
    }

    /** Of each file's symbols in order, the verdict. */
    private static final class Tally {
        Spacing periodic;
        /** A daily symbol without a note: the file is daily for it, whatever the others' stray dates. */
        boolean daily;
        final List<String> notes = new ArrayList<>();
        int unnamed;
        /** The daily symbols with a note (a stray date): the first, and how many; the periodic ones they take to daily prices with them: the first MAX_NOTES, and how many. */
        String stray;
        final List<String> periodics = new ArrayList<>();
        int strayCount, periodicCount;
        boolean weekly, monthly;

        void add(Dates d) {
            Kind k = kind(d);
            String note = note(d);
            if (k == Kind.DAILY && note == null) daily = true;
            else if (k == Kind.DAILY && strayCount++ == 0) stray = d.symbol();
            else if (k == Kind.PERIODIC) {
                if (periodic == null) periodic = new Spacing(d.symbol(), d.median());
                if (periodicCount++ < MAX_NOTES) periodics.add(d.symbol());
                weekly |= d.weeklyMedian();
                monthly |= !d.weeklyMedian();
            }
            if (note != null && notes.size() < MAX_NOTES) notes.add(note);
            else if (note != null) unnamed++;
        }

        /** Null when there is nothing to say: a daily file without notes. */
        Verdict verdict() {
            Spacing bars = periodic != null && !daily && strayCount == 0 ? periodic : null;
            List<String> said = new ArrayList<>(notes);
            if (unnamed > 0) {
                said.add(unnamed + " more symbol" + (unnamed == 1 ? "'s dates are" : "s' dates are") + " weekly or monthly but for a few dates, as above: "
                        + (unnamed == 1 ? "it imports" : "they import") + " as daily prices");
            }
            if (bars == null && !daily && strayCount > 0 && periodicCount > 0) said.add(pulledIn());
            return bars == null && said.isEmpty() ? null : new Verdict(bars, List.copyOf(said));
        }

        /** The note of a file daily only for its symbols with a stray date: which, and the weekly or monthly symbols imported as daily prices with them. */
        private String pulledIn() {
            boolean one = strayCount == 1;
            return "the whole file imports as daily prices because of " + (one ? Tickers.shown(stray) + " (above)" : "the " + strayCount + " symbols above") + ": "
                    + "its symbol" + (periodicCount == 1 ? " " : "s ") + names(periodics, periodicCount) + ", whose dates are " + (weekly && monthly ? "weekly or monthly" : weekly ? "weekly" : "monthly")
                    + ", import" + (periodicCount == 1 ? "s" : "") + " as daily prices with " + (one ? "it" : "them") + "; fix the dates above and import again to import the file as bars, "
                    + "then delete the daily prices stored now (delete_prices with interval 1d, symbol by symbol)";
        }

        /** 'A', 'B' and 3 more: the names, then how many more there are of {@code count}. */
        private static String names(List<String> named, int count) {
            StringBuilder out = new StringBuilder();
            for (String s : named) out.append(out.isEmpty() ? "" : ", ").append(Tickers.quoted(s));
            return out + (count > named.size() ? " and " + (count - named.size()) + " more" : "");
        }
    }

    /**
     * The verdict of each file of {@code rows}, a relation of columns f (the file), symbol and date, listing the files
     * that are periodic or have notes only: one query, one scan of the rows however many symbols.
     */
    static Map<String, Verdict> of(Connection c, String rows) throws SQLException {
        Map<String, Tally> tallies = new TreeMap<>();
        // DuckDB's week is the ISO week, from Monday
        String month = "(same_week OR same_month)";
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT f, symbol, count(*), median(step), "
                + "count(*) FILTER (WHERE same_week), arg_min(prev, date) FILTER (WHERE same_week), min(date) FILTER (WHERE same_week), "
                + "count(*) FILTER (WHERE " + month + "), arg_min(prev, date) FILTER (WHERE " + month + "), min(date) FILTER (WHERE " + month + ") FROM ("
                + "SELECT f, symbol, date, lag(date) OVER w AS prev, date_diff('day', lag(date) OVER w, date) AS step, date_trunc('week', lag(date) OVER w) = date_trunc('week', date) AS same_week, "
                + "date_trunc('month', lag(date) OVER w) = date_trunc('month', date) AS same_month "
                + "FROM (SELECT DISTINCT CAST(f AS VARCHAR) AS f, symbol, date FROM " + rows + " WHERE date IS NOT NULL) WINDOW w AS (PARTITION BY f, symbol ORDER BY date)) "
                + "GROUP BY f, symbol ORDER BY f, symbol")) {
            while (r.next()) {
                tallies.computeIfAbsent(r.getString(1), k -> new Tally()).add(new Dates(r.getString(2), r.getLong(3), r.getDouble(4),
                        new Breaks(r.getLong(5), date(r, 6), date(r, 7)), new Breaks(r.getLong(8), date(r, 9), date(r, 10))));
            }
        }
        Map<String, Verdict> out = new TreeMap<>();
        tallies.forEach((f, t) -> {
            if (t.verdict() != null) out.put(f, t.verdict());
        });
        return out;
    }

    private static LocalDate date(ResultSet r, int col) throws SQLException {
        java.sql.Date d = r.getDate(col);
        return d == null ? null : d.toLocalDate();
    }

    /** The preview's twin: the verdict of each symbol's distinct dates (of the rows read); null when daily without notes. */
    static Verdict of(Map<String, SortedSet<LocalDate>> dates) {
        Tally t = new Tally();
        for (Map.Entry<String, SortedSet<LocalDate>> e : new TreeMap<>(dates).entrySet()) {
            List<Long> steps = new ArrayList<>();
            long week = 0, month = 0;
            LocalDate before = null, weekBefore = null, weekFirst = null, monthBefore = null, monthFirst = null;
            for (LocalDate d : e.getValue()) {
                if (before != null) {
                    steps.add(ChronoUnit.DAYS.between(before, d));
                    boolean sameWeek = before.with(DayOfWeek.MONDAY).equals(d.with(DayOfWeek.MONDAY));
                    if (sameWeek && week++ == 0) {
                        weekBefore = before;
                        weekFirst = d;
                    }
                    if ((sameWeek || YearMonth.from(before).equals(YearMonth.from(d))) && month++ == 0) {
                        monthBefore = before;
                        monthFirst = d;
                    }
                }
                before = d;
            }
            java.util.Collections.sort(steps);
            int n = steps.size();
            // as DuckDB's median: the middle step, or the mean of the two middle ones
            double median = n == 0 ? 0 : n % 2 == 1 ? steps.get(n / 2) : (steps.get(n / 2 - 1) + steps.get(n / 2)) / 2.0;
            t.add(new Dates(e.getKey(), e.getValue().size(), median, new Breaks(week, weekBefore, weekFirst), new Breaks(month, monthBefore, monthFirst)));
        }
        return t.verdict();
    }

    static String days(double d) {
        String n = d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        return n + (d == 1 ? " day" : " days");
    }
}
