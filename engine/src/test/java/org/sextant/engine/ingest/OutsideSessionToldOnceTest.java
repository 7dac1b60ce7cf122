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
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * After an import of bars some of which fall outside their session, the notes a person reads (the window's amber lines,
 * `sextant import`'s note lines) said it twice: "3 bars of XETRA 5m are outside the eu_equity session (…): 3 before the
 * open; …" and then "XETRA 5m: 3 bars outside the eu_equity session (stored, but in no bar of a read)".
 */
class OutsideSessionToldOnceTest {
    @TempDir Path tmp;

    @Test
    void barsOutsideTheSessionAreOneNote() throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        for (LocalDate d = LocalDate.of(2024, 3, 4); d.isBefore(LocalDate.of(2024, 3, 16)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            if (d.getDayOfMonth() <= 6) csv.append(d).append(" 08:55:00,99,99,99,99,10\n"); // before the open, three days
            for (LocalTime t = LocalTime.of(9, 0); !t.isAfter(LocalTime.of(17, 30)); t = t.plusMinutes(5)) {
                csv.append(d).append(' ').append(t).append(":00,100,100,100,100,100\n");
            }
        }
        Path file = Files.writeString(tmp.resolve("XETRA.csv"), csv);
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport report = new PriceImporter(store, PriceRules.defaults(), ZoneId.of("Europe/Berlin")).importFiles(List.of(file));
            assertEquals(3, report.files().get(0).bars().get(0).outsideSession());
            List<String> outside = ImportNotes.of(report).stream().filter(line -> line.contains("outside")).toList();
            assertEquals(List.of("3 bars of XETRA 5m are outside the eu_equity session (09:00-17:30 Berlin and the closing auction to 17:35, "
                    + "Monday to Friday): 3 before the open; they are stored but in no bar of a read"), outside);
        }
    }
}
