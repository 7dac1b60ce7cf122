package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.data.VenueFit;

/**
 * The venue guess reads few rows per symbol: the eu_equity guess gets each symbol's telling days (holidays, the days around
 * them, early closes), its first and last day and a count of days from DuckDB, and the us_equity guess reads the half days and
 * holidays in one pass. Both tell what reading every symbol-day told (session 48's readings, {@link VenueReadBaselines}).
 */
class VenueReadTest {
    private static final String KEY = "0\u0000ABC";

    private static Connection bars() throws Exception {
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE bar_rows (file_no INTEGER, symbol VARCHAR, ts TIMESTAMP)");
        }
        return c;
    }

    /** 30-minute bars from {@code open} ({@code bars} a day) on {@code zone}'s clock, on {@code days}, stored in UTC; then their steps. */
    private static void insert(Connection c, String zone, List<LocalDate> days, int openMinute, int bars, Map<LocalDate, Integer> shortDays) throws Exception {
        StringBuilder rows = new StringBuilder();
        for (LocalDate d : days) rows.append(rows.length() == 0 ? "" : ", ").append("(TIMESTAMP '").append(d).append(" 00:00:00', ").append(shortDays.getOrDefault(d, bars)).append(')');
        try (Statement st = c.createStatement()) {
            st.execute("INSERT INTO bar_rows SELECT 0, 'ABC', timezone('UTC', timezone('" + zone + "', d + to_minutes(" + openMinute + " + 30 * b))) FROM (VALUES "
                    + rows + ") v(d, n), range(" + bars + ") t(b) WHERE b < n");
            st.execute("CREATE OR REPLACE TEMP TABLE bar_steps AS SELECT file_no, symbol, 1800 AS step FROM bar_rows");
        }
    }

    /** The weekdays from {@code from} to {@code to} that {@code venue} trades, but {@code missing}. */
    private static List<LocalDate> tradingDays(TradingSession venue, LocalDate from, LocalDate to, List<String> missing) {
        List<LocalDate> days = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() <= 5 && !venue.closed(d) && !missing.contains(d.toString())) days.add(d);
        }
        return days;
    }

    /** What the guess told with every symbol-day read: the venue fit's best and the note. */
    private static String everyDayAnswer(Connection c, ZoneId zone) throws Exception {
        Map<String, Long> steps = new HashMap<>();
        Map<LocalDate, LocalDateTime> all = VenueReadBaselines.everyDayLastBars(c, List.of(KEY), "Europe/Berlin", steps).get(KEY);
        VenueFit.Fits fit = VenueFit.fits(all, steps.get(KEY));
        return fit.best() + " " + VenueGuess.note("ABC", fit, all.keySet(), all.size(), zone);
    }

    private static String tellingDaysAnswer(Connection c, ZoneId zone, Map<String, Integer> counts) throws Exception {
        Map<String, Long> steps = new HashMap<>();
        Map<LocalDate, LocalDateTime> telling = VenueGuess.tellingLastBars(c, List.of(KEY), steps, counts).get(KEY);
        VenueFit.Fits fit = VenueFit.fits(telling, steps.get(KEY));
        return fit.best() + " " + VenueGuess.note("ABC", fit, telling.keySet(), counts.get(KEY), zone);
    }

    @Test
    void eachVenuesFileWithAFewMissingWeekdaysFitsAsWhenEveryDayWasRead() throws Exception {
        // two years of each venue's trading days, three weekdays lost (a feed's outage), Zurich's hours 09:00-17:00
        List<String> lost = List.of("2024-02-14", "2024-09-10", "2025-03-05");
        for (TradingSession venue : VenueFit.VENUES) {
            try (Connection c = bars()) {
                List<LocalDate> days = tradingDays(venue, LocalDate.of(2024, 1, 1), LocalDate.of(2025, 12, 31), lost);
                // half days to 12:30 on the venue's early closes (London's and Euronext's 24 and 31 December)
                Map<LocalDate, Integer> halfDays = new HashMap<>();
                venue.earlyCloses(LocalDate.of(2024, 1, 1), LocalDate.of(2025, 12, 31)).keySet().forEach(d -> halfDays.put(d, 7));
                insert(c, "Europe/Zurich", days, 9 * 60, 17, halfDays);
                Map<String, Integer> counts = new HashMap<>();
                String answer = tellingDaysAnswer(c, ZoneId.of("UTC"), counts);
                assertEquals(days.size(), counts.get(KEY), venue + ": the days with bars, counted in DuckDB");
                assertEquals(everyDayAnswer(c, ZoneId.of("UTC")), answer, venue.label());
                assertTrue(answer.startsWith("[" + venue + "]"), venue + " told by its days alone: " + answer);
                Map<String, Long> steps = new HashMap<>();
                int held = VenueGuess.tellingLastBars(c, List.of(KEY), steps, new HashMap<>()).get(KEY).size();
                assertTrue(held < days.size() / 3, venue + ": " + held + " of " + days.size() + " days reach Java");
            }
        }
    }

    @Test
    void tooFewDaysAreCountedAsTheBarsHoldThem() throws Exception {
        try (Connection c = bars()) {
            // 22 to 30 April 2025, 24 and 28 April lost: 5 days with bars among 7 weekdays, read in Zurich
            insert(c, "Europe/Zurich", tradingDays(TradingSession.SIX, LocalDate.of(2025, 4, 22), LocalDate.of(2025, 4, 30), List.of("2025-04-24", "2025-04-28")),
                    9 * 60, 17, Map.of());
            String answer = tellingDaysAnswer(c, ZoneId.of("Europe/Zurich"), new HashMap<>());
            assertTrue(answer.contains("the bars' 5 days (2025-04-22 to 2025-04-30) are too few to tell SIX from Xetra"), answer);
            assertEquals(everyDayAnswer(c, ZoneId.of("Europe/Zurich")), answer);
        }
    }

    @Test
    void aLeapYearsUsHalfDaysAndHolidaysAreReadInOnePassAsInTwo() throws Exception {
        try (Connection c = bars()) {
            // 2024 (29 February a Thursday): the NYSE's trading days 09:30-16:00, and bars on Good Friday (29 March, in the evening) and 4 July
            List<LocalDate> days = tradingDays(TradingSession.US_EQUITY, LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31), List.of());
            days.add(LocalDate.of(2024, 7, 4));
            Map<LocalDate, Integer> halfDays = new HashMap<>();
            for (String d : List.of("2024-07-03", "2024-11-29", "2024-12-24")) halfDays.put(LocalDate.parse(d), 7); // to the 12:30 bar
            insert(c, "America/New_York", days, 9 * 60 + 30, 13, halfDays);
            // Good Friday's bars 20:00-22:30 New York: past midnight UTC, on the holiday by New York's date only
            insert(c, "America/New_York", List.of(LocalDate.of(2024, 3, 29)), 20 * 60, 6, Map.of());
            Map<String, SortedSet<LocalDate>> onHolidays = new HashMap<>(), wasOnHolidays = new HashMap<>();
            Map<String, Long> steps = new HashMap<>();
            Map<LocalDate, LocalDateTime> read = VenueGuess.halfDayLastBars(c, List.of(KEY), steps, onHolidays).get(KEY);
            assertEquals(Map.of(KEY, new java.util.TreeSet<>(List.of(LocalDate.of(2024, 3, 29), LocalDate.of(2024, 7, 4)))), onHolidays);
            assertEquals(new TreeMap<>(Map.of(LocalDate.of(2024, 7, 3), LocalDateTime.of(2024, 7, 3, 16, 30), LocalDate.of(2024, 11, 29),
                    LocalDateTime.of(2024, 11, 29, 17, 30), LocalDate.of(2024, 12, 24), LocalDateTime.of(2024, 12, 24, 17, 30))), read,
                    "each half day's last bar, 12:30 New York in UTC (summer and winter)");
            assertEquals(VenueReadBaselines.spanThenHalfDays(c, List.of(KEY), new HashMap<>(), wasOnHolidays).get(KEY), read);
            assertEquals(wasOnHolidays, onHolidays);
            assertEquals(30L, steps.get(KEY));
        }
    }
}
