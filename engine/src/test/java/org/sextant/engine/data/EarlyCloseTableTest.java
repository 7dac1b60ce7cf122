package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * resample_bars finds a day's early close in session_early_closes (V059): it must hold exactly the days the engine's
 * calendars close early, 1990-2100, at the same time, with the auction's last instant 5 minutes on (as on a regular day).
 */
class EarlyCloseTableTest {
    @TempDir Path tmp;

    @Test
    void theTableHoldsTheCalendarsEarlyCloses() {
        List<String> calendars = new ArrayList<>();
        for (TradingSession s : TradingSession.values()) {
            if (s == TradingSession.US_EQUITY || s.open() == null) continue; // us_equity has no closing auction in resample_bars
            LocalTime regular = s.close(LocalDate.of(2025, 3, 12));
            for (LocalDate d = LocalDate.of(1990, 1, 1); d.getYear() <= 2100; d = d.plusDays(1)) {
                if (s.closed(d) || s.close(d).equals(regular)) continue;
                calendars.add(s.label() + " " + d + " " + s.close(d) + " " + s.close(d).plusMinutes(5).minusNanos(1000));
            }
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("t.duckdb"), tmp.resolve("staging"))) {
            List<String> table = store.read(c -> {
                List<String> out = new ArrayList<>();
                try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery(
                        "SELECT session, day, auction_at, close_at FROM session_early_closes ORDER BY session = 'lse', session = 'euronext', session, day")) {
                    while (r.next()) {
                        out.add(r.getString(1) + " " + r.getDate(2).toLocalDate() + " " + r.getTime(3).toLocalTime() + " "
                                + r.getObject(4, LocalTime.class));
                    }
                }
                return out;
            });
            calendars.sort(java.util.Comparator.comparing((String l) -> l.startsWith("lse ")).thenComparing(l -> l.startsWith("euronext ")).thenComparing(l -> l));
            assertEquals(calendars.size(), table.size(), "early-close days");
            assertEquals(calendars, table);
        }
    }
}
