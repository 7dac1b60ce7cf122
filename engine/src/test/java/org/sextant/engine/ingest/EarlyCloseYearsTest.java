package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The migrations hold early closes for 1990-2100 only; bars of other years are read with their early closes too: the
 * import adds the years' rows from the calendars, so the NYSE's half day of 1987 and London's of 2101 end as 2025's do.
 */
class EarlyCloseYearsTest {
    @TempDir Path tmp;

    private Path fiveMinuteBars(String symbol, LocalDate day, LocalTime open, LocalTime last) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close,volume\n");
        for (LocalTime t = open; !t.isAfter(last); t = t.plusMinutes(5)) {
            csv.append(day.atTime(t).toString().replace('T', ' ')).append(":00,").append(100 + t.getHour() + t.getMinute() / 100.0).append(",100\n");
        }
        return Files.writeString(tmp.resolve(symbol + ".csv"), csv);
    }

    private static long rows(Store store, String where) {
        return store.read(c -> {
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT count(*) FROM session_early_closes WHERE " + where)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    @Test
    void theNysesHalfDayOf1987EndsAt1300() throws Exception {
        LocalDate day = LocalDate.of(1987, 11, 27); // the day after Thanksgiving 1987
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("u.duckdb"), tmp.resolve("staging"))) {
            assertEquals(0, rows(store, "year(day) < 1990"), "the migrations start at 1990");
            new PriceImporter(store, PriceRules.defaults(), ZoneId.of("America/New_York"))
                    .importFiles(List.of(fiveMinuteBars("SPY", day, LocalTime.of(9, 30), LocalTime.of(13, 55))));
            BarReader reader = new BarReader(store);
            List<IntervalBar> bars = reader.read("SPY", BarInterval.M30, day, day).bars();
            assertEquals(7, bars.size(), "09:30 to 12:30, as on 2025's half day");
            assertEquals(12, reader.outsideSession("SPY", BarInterval.M5, day, day), "13:00-13:55: after the early close");
            assertEquals(bars, VenueClosingAuctionTest.macro(store, "SPY", "30m", day), "resample_bars knows the day too");
            assertEquals(1, rows(store, "session = 'eu_equity' AND day = DATE '1987-12-30' AND auction_at = TIME '14:00'"),
                    "every session's early closes of the year: the symbol's session may be set later");
            assertEquals(0, rows(store, "year(day) < 1990 AND year(day) <> 1987"), "only the year the bars span");

            // the same file again: the year's rows are there already, kept
            new PriceImporter(store, PriceRules.defaults(), ZoneId.of("America/New_York"))
                    .importFiles(List.of(fiveMinuteBars("SPY", day, LocalTime.of(9, 30), LocalTime.of(13, 55))));
            assertEquals(2, rows(store, "session = 'us_equity' AND year(day) = 1987"), "27 November and 24 December (3 July 1987 was the observed Independence Day)");
        }
    }

    @Test
    void londonsHalfDayOf2101EndsWithTheAuctionAt1230() throws Exception {
        LocalDate day = LocalDate.of(2101, 12, 23); // a Friday: the last weekday before 25 December
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("l.duckdb"), tmp.resolve("staging"))) {
            PriceRules rules = new PriceRules(PriceRules.DEFAULT_MIN, LocalDate.of(2102, 12, 31)); // settings.json's import.max_date widened
            new PriceImporter(store, rules, ZoneId.of("Europe/London")).importFiles(List.of(fiveMinuteBars("VOD", day, LocalTime.of(8, 0), LocalTime.of(12, 40))));
            VenueClosingAuctionTest.setSession(store, "VOD", "lse");
            BarReader reader = new BarReader(store);
            List<IntervalBar> bars = reader.read("VOD", BarInterval.M30, day, day).bars();
            assertEquals(9, bars.size(), "08:00 to 12:00, the 12:30 auction's bar in the 12:00 bar");
            assertEquals(100 + 12 + 0.30, bars.get(8).close(), 1e-9, "the day closes at the auction's bar");
            assertEquals(2, reader.outsideSession("VOD", BarInterval.M5, day, day), "12:35 and 12:40: from the auction's end");
        }
    }
    /**
     * A store whose bars of 1987 were stored before V060 (no early closes of 1987 in the table, as then): the NYSE's half day of
     * 24 December 1987 is read as such right after the engine opens it, with no file imported again.
     */
    @Test
    void barsOf1987StoredBeforeV060AreReadWithTheirHalfDayOnceTheStoreOpens() throws Exception {
        LocalDate day = LocalDate.of(1987, 12, 24); // a Thursday: the NYSE closed at 13:00
        SextantHome home = SampleStoreCopy.into(new SextantHome(tmp.resolve("home")));
        try (Store store = Store.open(home.database(), home.stagingDir())) {
            store.inTransaction(c -> {
                try (java.sql.Statement st = c.createStatement()) {
                    // 09:30-15:55 New York (EST: 14:30-20:55 UTC) written as an import before V060 left them: no rows of 1987 added
                    st.execute("INSERT INTO bars SELECT 'SPY', '5m', TIMESTAMP '1987-12-24 14:30' + i * INTERVAL 5 MINUTE, NULL, NULL, NULL, 100 + i, 100, 'file:SPY.csv' "
                            + "FROM range(78) t(i)");
                    st.execute("INSERT INTO symbol_sessions VALUES ('SPY', 'us_equity')");
                }
                return null;
            });
            assertEquals(0, rows(store, "year(day) = 1987"), "as a store upgraded to V060 had them: its 1987 read with regular hours");
        }
        try (Sextant engine = Sextant.open(home)) {
            Store store = engine.store();
            assertEquals(2, rows(store, "session = 'us_equity' AND year(day) = 1987"), "27 November and 24 December, added at open");
            assertEquals(1, rows(store, "session = 'euronext' AND day = DATE '1987-12-24'"), "every session's: the symbol's may be set later");
            BarReader reader = new BarReader(store);
            List<IntervalBar> bars = reader.read("SPY", BarInterval.M30, day, day).bars();
            assertEquals(7, bars.size(), "09:30 to 12:30, as on 2025's half day");
            assertEquals(100 + 41, bars.get(6).close(), 1e-9, "the day closes with the 12:55 bar");
            assertEquals(36, reader.outsideSession("SPY", BarInterval.M5, day, day), "13:00-15:55: after the early close");
            assertEquals(bars, VenueClosingAuctionTest.macro(store, "SPY", "30m", day), "resample_bars knows the day too");
            assertEquals(0, rows(store, "year(day) < 1990 AND year(day) <> 1987"), "only the years the bars fall in");
        }
        try (Store store = Store.open(home.database(), home.stagingDir())) {
            assertEquals(2, rows(store, "session = 'us_equity' AND year(day) = 1987"), "in the file: a store opened without the engine reads them too");
        }
    }

    /** Euronext's 24 December of 1987 (attack 33, F6: past the table's years it read to 17:30) ends at the 14:05 auction as 1990's does. */
    @Test
    void euronextsTwentyFourthDecemberOf1987EndsAsThatOf1990() throws Exception {
        LocalDate old = LocalDate.of(1987, 12, 24), inTable = LocalDate.of(1990, 12, 24);
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("e.duckdb"), tmp.resolve("staging"))) {
            StringBuilder csv = new StringBuilder(Files.readString(fiveMinuteBars("EUX", old, LocalTime.of(9, 0), LocalTime.of(17, 0))));
            csv.append(Files.readString(fiveMinuteBars("EUX", inTable, LocalTime.of(9, 0), LocalTime.of(17, 0))).lines().skip(1)
                    .map(l -> l + "\n").reduce("", String::concat));
            Path file = Files.writeString(tmp.resolve("EUX.csv"), csv);
            new PriceImporter(store, PriceRules.defaults(), ZoneId.of("Europe/Paris")).importFiles(List.of(file));
            VenueClosingAuctionTest.setSession(store, "EUX", "euronext");
            List<IntervalBar> then = VenueClosingAuctionTest.macro(store, "EUX", "30m", old), later = VenueClosingAuctionTest.macro(store, "EUX", "30m", inTable);
            assertEquals(10, later.size(), "09:00 to 13:30, the 14:00 auction's bars in the 13:30 bar");
            assertEquals(later.size(), then.size(), "1987's half day resampled as 1990's");
            assertEquals(100 + 14 + 0.00, then.get(9).close(), 1e-9, "closed by the auction's 14:00 bar");
        }
    }
}
