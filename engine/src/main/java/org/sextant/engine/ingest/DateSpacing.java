package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import org.sextant.engine.SextantException;

/**
 * Date-only files whose dates are a week or a month apart hold weekly or monthly prices, not daily ones: imported as
 * daily, every daily analytic would take a week for a day. The rule, per symbol: the median step between its
 * consecutive distinct dates is {@link #MIN_DAYS} days or more (a weekly file's is 7 with holiday weeks, a monthly
 * file's 28 to 31; a daily file's is 1 however many holidays or gaps it has). Such a file imports as bars, where the
 * bar import tells 1w from 1mo and applies the one-bar-per-week/month checks.
 */
final class DateSpacing {
    static final int MIN_DAYS = 5;

    private DateSpacing() {}

    /** A symbol and the median days between its dates. */
    record Spacing(String symbol, double medianDays) {}

    /** What one file's dates are: {@code periodic} the first symbol a week or more apart (null: daily), {@code daily} the first less. */
    record Verdict(Spacing periodic, Spacing daily) {
        boolean isPeriodic() { return periodic != null; }
    }

    /**
     * The verdict of each file of {@code rows}, a relation of columns f (the file), symbol and date: only files with a
     * symbol whose dates could be that far apart are listed (a median of 5 days or more needs the span to be at
     * least 2.5 days a step, which a cheap aggregate tells; the median is computed for those symbols only).
     */
    static Map<String, Verdict> of(Connection c, String rows) throws SQLException {
        Map<String, List<String>> candidates = new java.util.TreeMap<>();
        Map<String, String> dailyExample = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT CAST(f AS VARCHAR), symbol, date_diff('day', min(date), max(date)) >= 2.5 * (count(*) - 1) "
                + "FROM " + rows + " GROUP BY ALL HAVING count(*) > 1 ORDER BY ALL")) {
            while (r.next()) {
                if (r.getBoolean(3)) candidates.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getString(2));
                else dailyExample.putIfAbsent(r.getString(1), r.getString(2));
            }
        }
        Map<String, Verdict> out = new java.util.TreeMap<>();
        for (Map.Entry<String, List<String>> e : candidates.entrySet()) {
            Spacing periodic = null;
            Spacing daily = dailyExample.containsKey(e.getKey()) ? median(c, rows, e.getKey(), dailyExample.get(e.getKey())) : null;
            for (String symbol : e.getValue()) {
                Spacing s = median(c, rows, e.getKey(), symbol);
                if (s.medianDays() >= MIN_DAYS) {
                    if (periodic == null) periodic = s;
                } else if (daily == null) {
                    daily = s;
                }
            }
            if (periodic != null) out.put(e.getKey(), new Verdict(periodic, daily));
        }
        return out;
    }

    private static Spacing median(Connection c, String rows, String file, String symbol) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT median(step) FROM (SELECT date_diff('day', lag(date) OVER (ORDER BY date), date) AS step "
                + "FROM (SELECT DISTINCT date FROM " + rows + " WHERE CAST(f AS VARCHAR) = " + ImportBatch.literal(file) + " AND symbol = " + ImportBatch.literal(symbol)
                + ")) WHERE step IS NOT NULL")) {
            r.next();
            return new Spacing(symbol, r.getDouble(1));
        }
    }

    /** The preview's twin: the verdict of each symbol's distinct dates (of the rows read); null when daily. */
    static Verdict of(Map<String, SortedSet<LocalDate>> dates) {
        Spacing periodic = null;
        Spacing daily = null;
        for (Map.Entry<String, SortedSet<LocalDate>> e : new java.util.TreeMap<>(dates).entrySet()) {
            if (e.getValue().size() < 2) continue;
            List<Long> steps = new ArrayList<>();
            LocalDate before = null;
            for (LocalDate d : e.getValue()) {
                if (before != null) steps.add(ChronoUnit.DAYS.between(before, d));
                before = d;
            }
            java.util.Collections.sort(steps);
            int n = steps.size();
            // as DuckDB's median: the middle step, or the mean of the two middle ones
            double median = n % 2 == 1 ? steps.get(n / 2) : (steps.get(n / 2 - 1) + steps.get(n / 2)) / 2.0;
            Spacing s = new Spacing(e.getKey(), median);
            if (median >= MIN_DAYS) {
                if (periodic == null) periodic = s;
            } else if (daily == null) {
                daily = s;
            }
        }
        return periodic == null ? null : new Verdict(periodic, daily);
    }

    /**
     * The refusal of a file whose dates are a week or more apart for one symbol and daily for another, or that is wide
     * (one column per symbol, which bars are not read from); null when the file imports as bars.
     */
    static SextantException refusal(String file, Verdict v, Layout layout) {
        String at = file.isEmpty() ? "" : file + ": ";
        String spaced = "the dates of " + Tickers.shown(v.periodic().symbol()) + " are a median " + days(v.periodic().medianDays()) + " apart (weekly or monthly prices, not daily)";
        if (v.daily() != null) {
            return SextantException.invalid("paths", at + spaced + ", those of " + Tickers.shown(v.daily().symbol()) + " a median " + days(v.daily().medianDays())
                    + " (daily): one file holds prices of one period", "put the weekly or monthly prices in a file of their own (they import as 1w or 1mo bars), then import again");
        }
        if (layout.wide() && layout.wideCols().size() > 1) {
            return SextantException.invalid("paths", at + spaced + "; weekly and monthly prices import as 1w or 1mo bars, which are not read from a wide file (one column per symbol)",
                    "write them as a long file (symbol,date,close) or one file per symbol (date,close named SYMBOL.csv), then import again");
        }
        return null;
    }

    static String days(double d) {
        String n = d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        return n + (d == 1 ? " day" : " days");
    }
}
