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
import org.sextant.engine.SextantException;

/**
 * Date-only files of weekly or monthly prices are not daily ones: imported as daily, every daily analytic would take a
 * week for a day. A symbol is <em>weekly</em> when it has {@link #MIN_DATES} distinct dates or more, the median step
 * between them is 6 to 8 days and no two are in one ISO week; <em>monthly</em> likewise with a median of 28 to 31 days
 * and no two in one calendar month (the steps the bar import tells 1w and 1mo from). A symbol with two dates in one ISO
 * week is daily, whatever its gaps. A file imports as bars only when it has a weekly or monthly symbol, no daily one and
 * no other symbol of {@link #MIN_DATES} dates or more (a short update file, an illiquid symbol trading every few days, a
 * daily file with one illiquid symbol all stay daily, as they imported before weekly files were told apart).
 */
final class DateSpacing {
    /** Fewer dates are too few to tell: two rows from Dec 22 to Jan 2 are a daily update as likely as two weekly bars. */
    static final int MIN_DATES = 8;

    private DateSpacing() {}

    /** A symbol and the median days between its dates. */
    record Spacing(String symbol, double medianDays) {}

    /** A file of weekly or monthly prices: {@code periodic} its first such symbol. */
    record Verdict(Spacing periodic) {}

    /** What one symbol's dates say: periodic, daily, or too few to tell. */
    private enum Kind { PERIODIC, DAILY, UNTOLD }

    private static Kind kind(long dates, double median, boolean twoInOneWeek, boolean twoInOneMonth) {
        if (twoInOneWeek) return Kind.DAILY;
        if (dates < MIN_DATES) return Kind.UNTOLD;
        if (median >= 6 && median <= 8) return Kind.PERIODIC;
        if (median >= 28 && median <= 31 && !twoInOneMonth) return Kind.PERIODIC;
        return Kind.DAILY;
    }

    /** Of each file's symbols in order, the verdict: null when daily. */
    private static final class Tally {
        Spacing periodic;
        boolean daily;

        void add(String symbol, Kind k, double median) {
            if (k == Kind.DAILY) daily = true;
            else if (k == Kind.PERIODIC && periodic == null) periodic = new Spacing(symbol, median);
        }

        Verdict verdict() { return periodic != null && !daily ? new Verdict(periodic) : null; }
    }

    /**
     * The verdict of each file of {@code rows}, a relation of columns f (the file), symbol and date, listing the
     * periodic files only: one query, one scan of the rows however many symbols.
     */
    static Map<String, Verdict> of(Connection c, String rows) throws SQLException {
        Map<String, Tally> tallies = new TreeMap<>();
        // DuckDB's week is the ISO week, from Monday
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT f, symbol, count(*), median(step), bool_or(same_week), bool_or(same_month) FROM ("
                + "SELECT f, symbol, date_diff('day', lag(date) OVER w, date) AS step, date_trunc('week', lag(date) OVER w) = date_trunc('week', date) AS same_week, "
                + "date_trunc('month', lag(date) OVER w) = date_trunc('month', date) AS same_month "
                + "FROM (SELECT DISTINCT CAST(f AS VARCHAR) AS f, symbol, date FROM " + rows + " WHERE date IS NOT NULL) WINDOW w AS (PARTITION BY f, symbol ORDER BY date)) "
                + "GROUP BY f, symbol ORDER BY f, symbol")) {
            while (r.next()) {
                double median = r.getDouble(4);
                tallies.computeIfAbsent(r.getString(1), k -> new Tally())
                        .add(r.getString(2), kind(r.getLong(3), median, r.getBoolean(5), r.getBoolean(6)), median);
            }
        }
        Map<String, Verdict> out = new TreeMap<>();
        tallies.forEach((f, t) -> {
            if (t.verdict() != null) out.put(f, t.verdict());
        });
        return out;
    }

    /** The preview's twin: the verdict of each symbol's distinct dates (of the rows read); null when daily. */
    static Verdict of(Map<String, SortedSet<LocalDate>> dates) {
        Tally t = new Tally();
        for (Map.Entry<String, SortedSet<LocalDate>> e : new TreeMap<>(dates).entrySet()) {
            List<Long> steps = new ArrayList<>();
            boolean week = false, month = false;
            LocalDate before = null;
            for (LocalDate d : e.getValue()) {
                if (before != null) {
                    steps.add(ChronoUnit.DAYS.between(before, d));
                    week |= before.with(DayOfWeek.MONDAY).equals(d.with(DayOfWeek.MONDAY));
                    month |= YearMonth.from(before).equals(YearMonth.from(d));
                }
                before = d;
            }
            java.util.Collections.sort(steps);
            int n = steps.size();
            // as DuckDB's median: the middle step, or the mean of the two middle ones
            double median = n == 0 ? 0 : n % 2 == 1 ? steps.get(n / 2) : (steps.get(n / 2 - 1) + steps.get(n / 2)) / 2.0;
            t.add(e.getKey(), kind(e.getValue().size(), median, week, month), median);
        }
        return t.verdict();
    }

    /**
     * The refusal of a weekly or monthly file that is wide (one column per symbol, which bars are not read from); null
     * when the file imports as bars.
     */
    static SextantException refusal(String file, Verdict v, Layout layout) {
        if (!layout.wide() || layout.wideCols().size() <= 1) return null;
        String at = file.isEmpty() ? "" : file + ": ";
        return SextantException.invalid("paths", at + "the dates of " + Tickers.shown(v.periodic().symbol()) + " are a median " + days(v.periodic().medianDays())
                        + " apart (weekly or monthly prices, not daily); weekly and monthly prices import as 1w or 1mo bars, which are not read from a wide file (one column per symbol)",
                "write them as a long file (symbol,date,close) or one file per symbol (date,close named SYMBOL.csv), then import again");
    }

    static String days(double d) {
        String n = d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        return n + (d == 1 ? " day" : " days");
    }
}
