package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * An eu_equity import's bars on Xetra holidays (Good Friday and Easter Monday 2025) inside the session's hours: the note told
 * nothing of them, counting them as an ordinary day's bars; now it names them apart, and they are kept.
 */
class XetraHolidayBarsTest {
    @TempDir Path tmp;

    @Test
    void barsOnGoodFridayAndEasterMondayAreToldApartAndKept() throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        int bars = 0;
        for (LocalDate d = LocalDate.of(2025, 4, 14); d.isBefore(LocalDate.of(2025, 4, 26)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(LocalTime.of(17, 0)); t = t.plusMinutes(30), bars++) {
                csv.append(d).append(' ').append(t).append(":00,100,101,99,100,100\n");
            }
        }
        Path file = Files.writeString(tmp.resolve("SAP.csv"), csv);
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport report = new PriceImporter(store, PriceRules.defaults(), ZoneId.of("Europe/Berlin")).importFiles(List.of(file));
            ImportReport.BarCheck check = report.files().get(0).bars().get(0);
            assertEquals("eu_equity", check.session());
            assertEquals(bars, check.rows(), "every bar kept");
            assertEquals(0, check.outsideSession());
            assertEquals(List.of("34 bars of SAP 30m are on Xetra holidays: 2025-04-18, 2025-04-21; Xetra was closed, so they are no ordinary day's bars, "
                    + "but they are kept and read (London and Euronext trade on some of those days)"), check.notes());
        }
    }

    @Test
    void manyHolidaysAreNamedTenAndTheRestCounted(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        for (int year = 2010; year <= 2014; year++) {
            for (LocalDate d = LocalDate.of(year, 12, 22); d.isBefore(LocalDate.of(year + 1, 1, 3)); d = d.plusDays(1)) {
                if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY) csv.append(d).append(" 10:00:00,100\n").append(d).append(" 10:30:00,100\n");
            }
        }
        Path file = Files.writeString(tmp.resolve("BAS.csv"), csv);
        ImportReport report = new PriceImporter(store, PriceRules.defaults(), ZoneId.of("Europe/Berlin")).importFiles(List.of(file));
        ImportReport.BarCheck check = report.files().get(0).bars().get(0);
        String note = check.notes().stream().filter(n -> n.contains("Xetra holidays")).findFirst().orElseThrow();
        assertEquals(true, note.matches("\\d+ bars of BAS 30m are on Xetra holidays: (\\d{4}-\\d\\d-\\d\\d, ){9}\\d{4}-\\d\\d-\\d\\d and \\d+ more days; .*"), note);
    }
}
