package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.VenueFit;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * The report's grouped readings of an import's symbols say what the query per symbol said: gaps, outside-session counts and the
 * bar before the largest gap along every session ({@link SessionGaps} against {@link BarChecks#intradayChecks}), the holiday
 * notes ({@link VenueHolidayBars#notes} against {@link VenueHolidayBars#note}) and the venue notes ({@link VenueFit#storedNotes}
 * against {@link VenueFit#storedNote}), on bars across Christmas (holidays, early closes and their auctions), weekends and
 * the hours around each session, with bars left out here and there.
 */
class SessionGapsTest {
    private static final String[] SESSIONS = {"us_equity", "eu_equity", "six", "lse", "euronext", "fx", "continuous", null};

    @Test
    void theGroupedReadingsSayWhatEachSymbolsOwnQuerySaid(@TempSextant Store store) {
        store.inTransaction(c -> {
            List<BarChecks.SymbolBars> detected = new ArrayList<>();
            int k = 0;
            for (String session : SESSIONS) {
                for (BarInterval interval : List.of(BarInterval.M5, BarInterval.M30, BarInterval.H1)) {
                    String symbol = "S" + k++;
                    // every step of the interval around the clock, about one in four left out (a fixed hash: the same bars each run)
                    exec(c, "INSERT INTO bars SELECT '" + symbol + "', '" + interval.label + "', ts, 1, 1, 1, 1, 1, 'test' FROM range(TIMESTAMP '2024-12-16', "
                            + "TIMESTAMP '2025-01-07', INTERVAL " + interval.minutes + " MINUTE) t(ts) WHERE hash(ts, '" + symbol + "') % 4 <> 0");
                    if (session != null) exec(c, "INSERT INTO symbol_sessions VALUES ('" + symbol + "', '" + session + "')");
                    detected.add(new BarChecks.SymbolBars(0, symbol, interval, session == null ? "continuous" : session, 0, 0));
                }
            }
            // an eu_equity symbol trading on Euronext's days: bars on Xetra's 24 and 31 December, none on Euronext's holidays
            exec(c, "INSERT INTO bars SELECT 'EURONEXTLIKE', '30m', ts, 1, 1, 1, 1, 1, 'test' FROM range(TIMESTAMP '2024-12-16', TIMESTAMP '2025-01-07', "
                    + "INTERVAL 30 MINUTE) t(ts) WHERE dayofweek(ts) BETWEEN 1 AND 5 AND hour(ts) BETWEEN 8 AND 11 "
                    + "AND CAST(ts AS DATE) NOT IN (DATE '2024-12-25', DATE '2024-12-26', DATE '2025-01-01')");
            exec(c, "INSERT INTO symbol_sessions VALUES ('EURONEXTLIKE', 'eu_equity')");
            detected.add(new BarChecks.SymbolBars(0, "EURONEXTLIKE", BarInterval.M30, "eu_equity", 0, 0));
            exec(c, "CREATE OR REPLACE TEMP TABLE bar_detected AS SELECT 0 AS file_no, symbol, interval FROM (SELECT DISTINCT symbol, interval FROM bars)");

            Map<String, Object[]> grouped = SessionGaps.of(c);
            Map<String, String> holidays = VenueHolidayBars.notes(c, detected);
            Map<String, String> venues = VenueFit.storedNotes(c, detected.stream().map(BarChecks.SymbolBars::symbol).toList());
            assertEquals(detected.size(), grouped.size());
            int gapped = 0, outside = 0;
            for (BarChecks.SymbolBars b : detected) {
                Object[] own = BarChecks.intradayChecks(c, b);
                assertEquals(Arrays.toString(own), Arrays.toString(grouped.get(b.symbol() + "\u0000" + b.interval().label)), b.symbol() + " " + b.session());
                gapped += (long) own[3] > 0 ? 1 : 0;
                outside += (long) own[6] > 0 ? 1 : 0;
                assertEquals(VenueHolidayBars.note(c, b.symbol(), b.interval(), b.session()), holidays.get(VenueHolidayBars.key(b)), b.symbol() + " " + b.session());
                assertEquals(VenueFit.storedNote(c, b.symbol()), venues.get(b.symbol()), b.symbol() + " " + b.session());
            }
            // what is compared says something: gaps and bars outside sessions, holiday notes of each European venue, a venue note
            assertTrue(gapped > 20 && outside > 15, gapped + " gapped, " + outside + " with bars outside the session");
            assertEquals(4 * 3 + 1, holidays.size(), holidays.keySet().toString());
            assertTrue(venues.get("EURONEXTLIKE").startsWith("EURONEXTLIKE is read on Xetra's calendar (eu_equity), but it has bars on Xetra's holidays 2024-12-24"),
                    venues.toString());
            return null;
        });
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
