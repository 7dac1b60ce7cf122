package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.TradingSession;

/**
 * Review of session 48: the us_equity guess read every symbol-day of the file into Java (500 symbols of ten years of minute
 * bars: 1.26 million map entries, about 150 MB) though only the NYSE's half days tell anything; now only those days come back.
 */
class UsHalfDayReadTest {
    @Test
    void onlyTheNysesHalfDaysOfTheBarsYearsReachTheGuess() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TEMP TABLE bar_rows (file_no INTEGER, symbol VARCHAR, ts TIMESTAMP)");
            // two years of hourly bars 14:30-20:30 UTC every weekday (New York's hours in winter)
            st.execute("INSERT INTO bar_rows SELECT 0, 'SPY', d + INTERVAL 14 HOUR + INTERVAL 30 MINUTE + to_hours(h) FROM "
                    + "range(TIMESTAMP '2023-01-02', TIMESTAMP '2024-12-31', INTERVAL 1 DAY) t(d), range(7) u(h) WHERE dayofweek(d) BETWEEN 1 AND 5");
            st.execute("CREATE TEMP TABLE bar_steps AS SELECT file_no, symbol, 3600 AS step FROM bar_rows");
            Map<String, Long> steps = new HashMap<>();
            Map<LocalDate, LocalDateTime> days = VenueGuess.halfDayLastBars(c, List.of("0\u0000SPY"), steps).get("0\u0000SPY");
            List<LocalDate> halfDays = TradingSession.US_EQUITY.earlyCloses(LocalDate.of(2023, 1, 1), LocalDate.of(2024, 12, 31)).keySet().stream().toList();
            assertEquals(List.of(LocalDate.of(2023, 7, 3), LocalDate.of(2023, 11, 24), LocalDate.of(2024, 7, 3), LocalDate.of(2024, 11, 29),
                    LocalDate.of(2024, 12, 24)), halfDays);
            assertEquals(halfDays, List.copyOf(days.keySet()), "the half days alone, not the file's 520 weekdays");
            assertEquals(LocalDateTime.of(2024, 11, 29, 20, 30), days.get(LocalDate.of(2024, 11, 29)), "the day's last bar, UTC");
            assertEquals(60L, steps.get("0\u0000SPY"));
        }
    }
}
