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
 * <p>A daily file's notes name each symbol whose dates look weekly or monthly by the reads' rule ({@link PeriodicDates}:
 * enough dates, a weekly or monthly median step), so that every symbol the reads warn of was named at its import, with
 * why it is daily and the fix: its own dates share a week (a month), or the file also holds a daily or sparse symbol.
 * When symbols with a stray date or two alone make a file daily, one note names the weekly (monthly) symbols they take
 * to daily prices with them. A symbol whose median step is past trading days yet neither weekly nor monthly (quarterly,
 * yearly, biweekly, irregular) is daily or sparse as before, no bar interval holding it, and is named too, the reads
 * warning of it by the same rule.
 */
final class DateSpacing {
    /** Fewer dates are too few to tell: two rows from Dec 22 to Jan 2 are a daily update as likely as two weekly bars. */
    static final int MIN_DATES = 8;
    /** A symbol's dates that break its spacing are "a few" (a stray date to fix, not a daily symbol) up to one in this many, at least one. */
    static final int FEW_IN = 10;
    /** Symbols a file's notes name at most; a line more counts the rest. */
    static final int MAX_NOTES = 10;

    private DateSpacing() {}

    /** A symbol and the median days between its dates. */
    record Spacing(String symbol, double medianDays) {}

    /**
     * What a file's dates say: {@code periodic} its first weekly or monthly symbol when it imports as bars (null: daily);
     * {@code notes} the symbols whose dates look weekly or monthly yet import as daily prices, one sentence each.
     */
    record Verdict(Spacing periodic, List<String> notes) {}

    /** Dates of a symbol that share a period with the date before them: how many, and the first such pair. */
    private record Breaks(long count, LocalDate before, LocalDate first) {}

    /**
     * One symbol's distinct dates: how many, the median step, and the dates sharing an ISO week ({@code week}), or a
     * calendar month or an ISO week ({@code month}), with the date before them.
     */
    private record Dates(String symbol, long count, double median, Breaks week, Breaks month) {
        /** Weekly or monthly by the count and the median alone, as the reads tell them; null otherwise. */
        PeriodicDates.Spacing looks() {
            PeriodicDates.Spacing s = spacing();
            return s != null && s.bars() ? s : null;
        }

        /** Past trading days by the count and the median alone, as the reads tell them, at a bar interval or not; null when daily. */
        PeriodicDates.Spacing spacing() { return PeriodicDates.of(count, median); }

        boolean weekly() { return looks() != null && looks().interval().equals("1w"); }

        /** The dates breaking the spacing the median says. */
        Breaks breaks() { return weekly() ? week : month; }

        /** The breaks are a stray date or a few, not a daily symbol's. */
        boolean few() { return breaks().count() <= Math.max(1, count / FEW_IN); }
    }

    /** What one symbol's dates say: periodic, daily, or too few to tell. */
    private enum Kind { PERIODIC, DAILY, UNTOLD }

    private static Kind kind(Dates d) {
        if (d.week().count() > 0) return Kind.DAILY;
        if (d.looks() == null) return d.count() < MIN_DATES ? Kind.UNTOLD : Kind.DAILY;
        return d.breaks().count() == 0 ? Kind.PERIODIC : Kind.DAILY;
    }

    /** The note of a symbol weekly or monthly by its median whose own dates share a week (a month), so daily. */
    private static String brokenNote(Dates d) {
        boolean weekly = d.weekly();
        Breaks b = d.breaks();
        String unit = d.looks().unit();
        return "the dates of " + Tickers.shown(d.symbol()) + " are a median " + days(d.median()) + " apart (" + unit + "ly), but " + b.count() + " of its " + d.count()
                + " dates " + (b.count() == 1 ? "shares " : "share ") + (weekly ? "an ISO week" : "a calendar month or an ISO week") + " with the date before "
                + (b.count() == 1 ? "it" : "them") + " (first " + b.before() + " and " + b.first() + "): it imports as daily prices, which a backtest annualises with 252 bars a year; "
                + "to import it as " + d.looks().interval() + " bars, keep one date per " + unit + " (remove the extra date" + (b.count() == 1 ? "" : "s")
                + ", or keep the last date of the " + unit + ") and import again, "
                + "then delete these daily prices (delete_prices with interval 1d), which would stay beside the bars";
    }

    /**
     * The note of a symbol spaced past trading days with no bar interval for it (quarterly, yearly, biweekly, irregular):
     * daily prices whatever the file, as the reads will say each time.
     */
    private static String unbarredNote(Dates d) {
        PeriodicDates.Spacing s = d.spacing();
        return "the dates of " + Tickers.shown(d.symbol()) + " are a median " + days(d.median()) + " apart (" + (s.kind() != null ? s.kind() : "far wider than trading days")
                + "): it imports as daily prices, whose forecasts step day by day and whose backtests annualise with 252 bars a year; " + s.perStep(252);
    }

    /** Of each file's symbols in order, the verdict. */
    private static final class Tally {
        /** A wide file: each symbol a column, which the fixes name. */
        final boolean wide;
        Spacing periodic;
        /** The weekly or monthly symbols: the first MAX_NOTES, and how many. */
        final List<Dates> periodics = new ArrayList<>();
        int periodicCount;
        boolean weekly, monthly;
        /** The notes of symbols whose own dates break their spacing or that no bar interval holds (MAX_NOTES at most), and how many more of each. */
        final List<String> notes = new ArrayList<>();
        int unnamed, unbarred;
        /** The symbols with a stray date (a note, and a fix that makes the file bars): the first, and how many. */
        String stray;
        int strayCount;
        /** The symbols that make the file daily whatever the others: the first daily, sparse (not weekly or monthly) and irregular one, and how many. */
        Dates daily, sparse, irregular;
        int blockers;

        Tally(boolean wide) {
            this.wide = wide;
        }

        void add(Dates d) {
            Kind k = kind(d);
            if (k == Kind.PERIODIC) {
                if (periodic == null) periodic = new Spacing(d.symbol(), d.median());
                if (periodicCount++ < MAX_NOTES) periodics.add(d);
                weekly |= d.weekly();
                monthly |= !d.weekly();
                return;
            }
            if (k == Kind.UNTOLD) return;
            if (d.spacing() != null && !d.spacing().bars()) { // no bar interval holds it: a note, and daily or sparse as before
                if (notes.size() < MAX_NOTES) notes.add(unbarredNote(d));
                else unbarred++;
            }
            if (d.looks() != null) { // weekly or monthly by its median: its own dates make it daily
                if (notes.size() < MAX_NOTES) notes.add(brokenNote(d));
                else unnamed++;
                if (d.few() && strayCount++ == 0) stray = d.symbol();
                if (d.few()) return;
                if (irregular == null) irregular = d;
            } else if (d.week().count() > 0 || d.median() < PeriodicDates.WEEK_FROM) { // two dates in one week are daily, whatever the gaps
                if (daily == null) daily = d;
            } else if (sparse == null) {
                sparse = d;
            }
            blockers++;
        }

        /** Null when there is nothing to say: a daily file without notes. */
        Verdict verdict() {
            Spacing bars = periodic != null && blockers == 0 && strayCount == 0 ? periodic : null;
            List<String> said = new ArrayList<>(notes);
            if (unnamed > 0) {
                said.add(unnamed + " more symbol" + (unnamed == 1 ? "'s dates are" : "s' dates are") + " weekly or monthly but share a week or a month with the date before, as above: "
                        + (unnamed == 1 ? "it imports" : "they import") + " as daily prices");
            }
            if (unbarred > 0) {
                said.add(unbarred + " more symbol" + (unbarred == 1 ? "'s dates are" : "s' dates are") + " a median more than " + days(PeriodicDates.TRADING_TO)
                        + " apart, not weekly or monthly, as above: " + (unbarred == 1 ? "it imports" : "they import") + " as daily prices");
            }
            if (blockers > 0 && periodicCount > 0) {
                int named = 0;
                for (Dates p : periodics) {
                    if (notes.size() + named >= MAX_NOTES) break;
                    said.add(blockedNote(p));
                    named++;
                }
                if (periodicCount > named) said.add(moreBlocked(periodicCount - named));
            }
            if (bars == null && blockers == 0 && strayCount > 0 && periodicCount > 0) said.add(pulledIn());
            return bars == null && said.isEmpty() ? null : new Verdict(bars, List.copyOf(said));
        }

        /** The note of a weekly or monthly symbol in a file made daily by other symbols: which, and how to import it as bars. */
        private String blockedNote(Dates p) {
            String unit = p.looks().unit(), shown = Tickers.quoted(p.symbol());
            return "the dates of " + Tickers.shown(p.symbol()) + " are a median " + days(p.median()) + " apart (" + unit + "ly), but the file also holds " + blockers()
                    + ": it imports as daily prices, which a backtest annualises with 252 bars a year; to import it as " + p.looks().interval() + " bars, "
                    + (wide ? "import its column " + shown + " in a file of its own (the date column and " + shown + ")" : "import its rows in a file of their own") + leaveOut();
        }

        /** The line counting the weekly or monthly symbols made daily by other symbols beyond those named. */
        private String moreBlocked(int n) {
            boolean one = n == 1;
            return n + " more symbol" + (one ? " whose dates are weekly or monthly imports" : "s whose dates are weekly or monthly import") + " as daily prices because the file also holds "
                    + blockers() + "; to import " + (one ? "it" : "them") + " as bars, import " + (one ? "its " : "their ") + (wide ? (one ? "column" : "columns") : "rows")
                    + " in a file of " + (one ? "its" : "their") + " own" + leaveOut();
        }

        /** What makes the file daily, whatever its weekly or monthly symbols: a daily symbol first, then a sparse one, then one whose dates share weeks. */
        private String blockers() {
            String col = wide ? "column " : "";
            String first = daily != null ? (wide ? "the daily column " : "daily prices of ") + Tickers.quoted(daily.symbol())
                    : sparse != null ? (wide ? "the sparse column " + Tickers.quoted(sparse.symbol()) + " (its prices a median " : Tickers.quoted(sparse.symbol()) + " (its dates a median ")
                            + days(sparse.median()) + " apart)"
                    : "the " + col + Tickers.quoted(irregular.symbol()) + " (" + irregular.breaks().count() + " of its " + irregular.count() + " dates share a " + irregular.looks().unit()
                            + " with the date before)";
            int more = blockers - 1;
            return first + (more == 0 ? "" : " and " + more + " more " + (wide ? "column" : "symbol") + (more == 1 ? "" : "s") + " not weekly or monthly");
        }

        /** The other fix when one symbol alone makes the file daily (no stray date either): leave it out. */
        private String leaveOut() {
            Dates only = daily != null ? daily : sparse != null ? sparse : irregular;
            return blockers == 1 && strayCount == 0 ? ", or leave " + Tickers.quoted(only.symbol()) + " out of the file" : "";
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
        private static String names(List<Dates> named, int count) {
            StringBuilder out = new StringBuilder();
            for (Dates d : named) out.append(out.isEmpty() ? "" : ", ").append(Tickers.quoted(d.symbol()));
            return out + (count > named.size() ? " and " + (count - named.size()) + " more" : "");
        }
    }

    /**
     * The verdict of each file of {@code rows}, a relation of columns f (the file), symbol and date, listing the files
     * that are periodic or have notes only: one query, one scan of the rows however many symbols; {@code wide} tells a
     * wide file (its symbols columns) by its f.
     */
    static Map<String, Verdict> of(Connection c, String rows, java.util.function.Predicate<String> wide) throws SQLException {
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
                tallies.computeIfAbsent(r.getString(1), k -> new Tally(wide.test(k))).add(new Dates(r.getString(2), r.getLong(3), r.getDouble(4),
                        new Breaks(r.getLong(5), date(r, 6), date(r, 7)), new Breaks(r.getLong(8), date(r, 9), date(r, 10))));
            }
        }
        Map<String, Verdict> out = new TreeMap<>();
        tallies.forEach((f, t) -> {
            Verdict v = t.verdict();
            if (v != null) out.put(f, v);
        });
        return out;
    }

    private static LocalDate date(ResultSet r, int col) throws SQLException {
        java.sql.Date d = r.getDate(col);
        return d == null ? null : d.toLocalDate();
    }

    /** The preview's twin: the verdict of each symbol's distinct dates (of the rows read, of a wide file or not); null when daily without notes. */
    static Verdict of(Map<String, SortedSet<LocalDate>> dates, boolean wide) {
        Tally t = new Tally(wide);
        for (Map.Entry<String, SortedSet<LocalDate>> e : new TreeMap<>(dates).entrySet()) {
            long[] steps = new long[Math.max(0, e.getValue().size() - 1)];
            int n = 0;
            long week = 0, month = 0;
            LocalDate before = null, weekBefore = null, weekFirst = null, monthBefore = null, monthFirst = null;
            for (LocalDate d : e.getValue()) {
                if (before != null) {
                    steps[n++] = ChronoUnit.DAYS.between(before, d);
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
            double median = PeriodicDates.median(steps);
            t.add(new Dates(e.getKey(), e.getValue().size(), median, new Breaks(week, weekBefore, weekFirst), new Breaks(month, monthBefore, monthFirst)));
        }
        return t.verdict();
    }

    static String days(double d) {
        String n = d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        return n + (d == 1 ? " day" : " days");
    }
}
