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
 * resample_bars finds a day's early close in session_early_closes (V059, the NYSE's V060): it must hold exactly the days the engine's
 * calendars close early, 1990-2100, at the same time, with the auction's last instant 5 minutes on (as on a regular day; us_equity's
 * last bar opens before the close).
 */
class EarlyCloseTableTest {
    @TempDir Path tmp;

    @Test
    void theTableHoldsTheCalendarsEarlyCloses() {
        List<String> calendars = new ArrayList<>();
        for (TradingSession s : TradingSession.values()) {
            if (s.open() == null) continue;
            LocalTime regular = s.close(LocalDate.of(2025, 3, 12));
            // a day's bars may open until its auction's end, 5 minutes after the close; us_equity's bar at the close is after it (V060)
            int auctionMinutes = s == TradingSession.US_EQUITY ? 0 : 5;
            for (LocalDate d = LocalDate.of(1990, 1, 1); d.getYear() <= 2100; d = d.plusDays(1)) {
                if (s.closed(d) || s.close(d).equals(regular)) continue;
                calendars.add(s.label() + " " + d + " " + s.close(d) + " " + s.close(d).plusMinutes(auctionMinutes).minusNanos(1000));
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
            assertEquals(NyseCalendarTest.PUBLISHED_EARLY, table.stream().filter(l -> l.matches("us_equity 202[4-6]-.*")).map(l -> l.split(" ")[1]).toList(),
                    "the NYSE's published half days of 2024-2026 (nyse.com, Holidays and Trading Hours)");
        }
    }
}
