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
     * with regular hours until a file of that year was imported again. Returns how many rows were added.
     */
    public static int addForStoredBars(Connection c) throws SQLException {
        java.util.List<Integer> years = yearsLacking(c);
        return years.isEmpty() ? 0 : add(c, years);
    }

    /**
     * Whether stored bars fall in a year outside {@link #FIRST}..{@link #LAST} whose early closes the table lacks: read first,
     * so an open of a store that lacks none (every later open: each import adds its own years' rows) writes nothing.
     */
    public static boolean storedBarsLackEarlyCloses(Connection c) throws SQLException {
        return !yearsLacking(c).isEmpty();
    }

    /** One pass over the bars' times outside those years; 1990-2100's row groups are skipped by their bounds. */
    private static java.util.List<Integer> yearsLacking(Connection c) throws SQLException {
        java.util.List<Integer> years = new java.util.ArrayList<>();
        // two ranges, not one filter with OR: DuckDB skips row groups by a range's bounds, not by an OR's (5,000,000 bars: about 4 against 60 ms)
        try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery(
                "SELECT DISTINCT y FROM (SELECT unnest([year(ts - INTERVAL 1 DAY), year(ts + INTERVAL 1 DAY)]) AS y FROM "
                        + "(SELECT ts FROM bars WHERE ts < TIMESTAMP '" + FIRST + "-01-02' UNION ALL SELECT ts FROM bars WHERE ts >= TIMESTAMP '" + LAST + "-12-31')) "
                        + "WHERE y NOT BETWEEN " + FIRST + " AND " + LAST + " AND y NOT IN (SELECT DISTINCT year(day) FROM session_early_closes) ORDER BY y")) {
            while (r.next()) years.add(r.getInt(1));
        }
        return years;
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
