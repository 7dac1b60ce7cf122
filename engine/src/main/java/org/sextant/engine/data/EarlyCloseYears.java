package org.sextant.engine.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Map;

/**
 * The early closes in session_early_closes beyond the years its migrations wrote (1990-2100, V059 and V060): reads and
 * resample_bars find a day's early close only in the table, so an import of bars of 1987 or 2101 adds those years' rows,
 * computed by the calendars as the migrations' were ({@link TradingSession#earlyCloses}); a day of those years is then
 * read as 2024's is, not with the session's regular hours.
 */
public final class EarlyCloseYears {
    /** The years the migrations' rows cover. */
    public static final int FIRST = 1990, LAST = 2100;

    private EarlyCloseYears() {}

    /**
     * Adds every session's early closes of the years {@code fromYear}..{@code toYear} outside {@link #FIRST}..{@link #LAST}
     * that the table does not hold yet (rows already there are kept); returns how many were added.
     */
    public static int add(Connection c, int fromYear, int toYear) throws SQLException {
        java.util.List<Integer> years = new java.util.ArrayList<>();
        for (int year = fromYear; year <= toYear; year++) {
            if (year >= FIRST && year <= LAST) year = LAST;
            else years.add(year);
        }
        return add(c, years);
    }

    /**
     * At open: the early closes of every year outside {@link #FIRST}..{@link #LAST} that stored bars fall in (a day either
     * side, as an import counts them) and the table lacks: bars of 1987 stored before V060 wrote no rows of 1987 and were read
     * with regular hours until a file of that year was imported again. One pass over the bars' times outside those years
     * (1990-2100's row groups skipped by their bounds); returns how many rows were added. Records the bars' first and last
     * time it checked ({@link #storedBarsChecked}).
     */
    public static int addForStoredBars(Connection c) throws SQLException {
        java.util.List<Integer> years = new java.util.ArrayList<>();
        // two ranges, not one filter with OR: DuckDB skips row groups by each range's bounds only (5,000,000 bars: 4 against 64 ms)
        try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery(
                "SELECT DISTINCT y FROM (SELECT unnest([year(ts - INTERVAL 1 DAY), year(ts + INTERVAL 1 DAY)]) AS y FROM "
                        + "(SELECT ts FROM bars WHERE ts < TIMESTAMP '" + FIRST + "-01-02' UNION ALL SELECT ts FROM bars WHERE ts >= TIMESTAMP '" + LAST + "-12-31')) "
                        + "WHERE y NOT BETWEEN " + FIRST + " AND " + LAST + " AND y NOT IN (SELECT DISTINCT year(day) FROM session_early_closes) ORDER BY y")) {
            while (r.next()) years.add(r.getInt(1));
        }
        int added = years.isEmpty() ? 0 : add(c, years);
        try (java.sql.Statement s = c.createStatement()) {
            s.execute("DELETE FROM early_closes_checked");
            s.execute("INSERT INTO early_closes_checked SELECT min(ts), max(ts) FROM bars");
        }
        return added;
    }

    /**
     * Whether the stored bars' first and last time are those {@link #addForStoredBars} last checked: then an open skips it.
     * Every import adds its own years' early closes, so only bars stored before V060 need the pass, and the bars' bounds are
     * read from their row groups' statistics, not from every bar.
     */
    public static boolean storedBarsChecked(Connection c) throws SQLException {
        try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery(
                "SELECT count(*) FROM early_closes_checked k, (SELECT min(ts) AS first_bar, max(ts) AS last_bar FROM bars) b "
                        + "WHERE k.first_bar IS NOT DISTINCT FROM b.first_bar AND k.last_bar IS NOT DISTINCT FROM b.last_bar")) {
            r.next();
            return r.getLong(1) > 0;
        }
    }

    /** Adds every session's early closes of {@code years} (none within {@link #FIRST}..{@link #LAST}) the table lacks. */
    private static int add(Connection c, java.util.List<Integer> years) throws SQLException {
        // a year with any row has them all (each has the NYSE's day after Thanksgiving): only the others are computed
        java.util.Set<Integer> held = new java.util.HashSet<>();
        try (PreparedStatement q = c.prepareStatement("SELECT DISTINCT year(day) FROM session_early_closes WHERE year(day) IN (SELECT unnest(?::INTEGER[]))")) {
            q.setObject(1, c.createArrayOf("INTEGER", years.toArray()));
            try (java.sql.ResultSet r = q.executeQuery()) {
                while (r.next()) held.add(r.getInt(1));
            }
        }
        // the rows as one text parameter split in SQL: a batch of prepared rows took 3 ms a row, a VALUES list of 1,247 rows a second to parse
        StringBuilder rows = new StringBuilder();
        for (int year : years) {
            if (held.contains(year)) continue;
            for (TradingSession s : TradingSession.values()) {
                for (Map.Entry<LocalDate, LocalTime> e : s.earlyCloses(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31)).entrySet()) {
                    rows.append(rows.length() == 0 ? "" : ";").append(s.label()).append(',').append(e.getKey()).append(',').append(e.getValue())
                            .append(',').append(lastOpen(s, e.getValue()));
                }
            }
        }
        if (rows.length() == 0) return 0;
        try (PreparedStatement p = c.prepareStatement("INSERT INTO session_early_closes SELECT split_part(r, ',', 1), CAST(split_part(r, ',', 2) AS DATE), "
                + "CAST(split_part(r, ',', 3) AS TIME), CAST(split_part(r, ',', 4) AS TIME) FROM (SELECT unnest(string_split(?, ';')) AS r) ON CONFLICT DO NOTHING")) {
            p.setString(1, rows.toString());
            return p.executeUpdate();
        }
    }

    /**
     * The last instant a bar of an early-closing day may open: the auction's last instant, as long after the early close as
     * a regular day's (Xetra, London, Euronext: 5 minutes), or just before the close for us_equity, whose bar at the close is after it.
     */
    static LocalTime lastOpen(TradingSession s, LocalTime earlyClose) {
        int auctionMinutes = switch (s) {
            case EU_EQUITY, LSE, EURONEXT -> 5;
            case SIX -> 15;
            case US_EQUITY, FX, CONTINUOUS -> 0;
        };
        return earlyClose.plusMinutes(auctionMinutes).minusNanos(1000);
    }
}
