package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The session an import gives a new symbol, from its bars' hours: files of March 2024 (New York changed its clocks on
 * 10 March, Berlin and London on 31 March) written in their exchange's wall time and imported with its zone.
 */
class SessionGuessTest {
    @TempDir Path tmp;

    /** 30-minute closes on weekdays from {@code first} to {@code last} (open times, wall clock) in March 2024, or every day when {@code weekends}. */
    private Path file(String symbol, LocalTime first, LocalTime last, boolean weekends) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(2024, 3, 4); !d.isAfter(LocalDate.of(2024, 4, 5)); d = d.plusDays(1)) {
            if (!weekends && (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY)) continue;
            for (LocalDateTime t = d.atTime(first); !t.isAfter(d.atTime(last)); t = t.plusMinutes(30)) {
                csv.append(t.toString().replace('T', ' ')).append(":00,").append(100 + (i++ % 9) * 0.5).append('\n');
            }
        }
        Path p = tmp.resolve(symbol + ".csv");
        Files.writeString(p, csv);
        return p;
    }

    private String imported(Store store, Path file, String zone) {
        ImportReport r = new PriceImporter(store, PriceRules.defaults(), ZoneId.of(zone)).importFiles(List.of(file));
        return r.files().get(0).bars().get(0).session();
    }

    @Test
    void berlinAndLondonHoursAreEuEquityNewYorkAndFxFilesAsBefore() throws Exception {
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            assertEquals("eu_equity", imported(store, file("DAX", LocalTime.of(9, 0), LocalTime.of(17, 0), false), "Europe/Berlin"));
            // Xetra's closing auction at 17:30 counts as the session's edge, as 16:00 does for New York
            assertEquals("eu_equity", imported(store, file("SMI", LocalTime.of(9, 0), LocalTime.of(17, 30), false), "Europe/Zurich"));
            assertEquals("eu_equity", imported(store, file("FTSE", LocalTime.of(8, 0), LocalTime.of(16, 0), false), "Europe/London"));
            assertEquals("us_equity", imported(store, file("SPY", LocalTime.of(9, 30), LocalTime.of(15, 30), false), "America/New_York"));
            assertEquals("fx", imported(store, file("EURUSD", LocalTime.of(0, 0), LocalTime.of(23, 30), false), "UTC"));
            // Berlin's pre-market and late trading (08:00-22:00) is more than a session's edge: every bar is kept, as fx keeps them
            assertEquals("fx", imported(store, file("DAX.LATE", LocalTime.of(8, 0), LocalTime.of(21, 30), false), "Europe/Berlin"));
            assertEquals("continuous", imported(store, file("BTC", LocalTime.of(9, 0), LocalTime.of(17, 0), true), "Europe/Berlin"));
            assertEquals("eu_equity", SampleUniverseTest.text(store, "SELECT session FROM symbol_sessions WHERE symbol = 'DAX'"));
        }
    }
}
