package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.sextant.engine.testing.TempSextant;

/**
 * A bar file that skips a whole trading day (an export that lost a session): the report's gaps count holes inside a day only,
 * so the import said nothing and every read stepped over the day. Now a note names the day, and not the venue's holidays.
 */
class MissingSessionDaysTest {
    @TempDir Path tmp;

    @Test
    void anFxFileWithoutAWednesdayNamesIt(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,close\n");
        // fx days 2024-03-04..08 open 22:00 UTC the evening before (17:00 New York, EST); Wednesday the 6th left out
        for (LocalDateTime t = LocalDateTime.of(2024, 3, 3, 22, 0); t.isBefore(LocalDateTime.of(2024, 3, 8, 22, 0)); t = t.plusMinutes(30)) {
            boolean wednesday = !t.isBefore(LocalDateTime.of(2024, 3, 5, 22, 0)) && t.isBefore(LocalDateTime.of(2024, 3, 6, 22, 0));
            if (!wednesday) csv.append(t).append(":00Z,1.1\n");
        }
        ImportReport.BarCheck check = importOne(store, "EURX.csv", csv, ZoneId.of("UTC"));
        assertEquals("fx", check.session());
        assertEquals(0, check.gaps(), "a whole day is no gap inside a day");
        assertEquals(List.of("EURX 30m has no bar on 1 trading day of the fx session between its first and last bar: 2024-03-06; reads, resamples "
                + "and backtests go from the day before to the day after as if it had not traded: if the file skipped it, import the missing bars"), check.notes());
    }

    @Test
    void aUsEquityFileNamesTheMissingDayButNotTheNyseHoliday(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,open,high,low,close,volume\n");
        // 1-12 July 2024: 4 July is the NYSE's holiday (no bars, rightly), 9 July is left out of the file
        for (LocalDate d = LocalDate.of(2024, 7, 1); d.isBefore(LocalDate.of(2024, 7, 13)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            if (d.equals(LocalDate.of(2024, 7, 4)) || d.equals(LocalDate.of(2024, 7, 9))) continue;
            LocalTime end = d.equals(LocalDate.of(2024, 7, 3)) ? LocalTime.of(13, 0) : LocalTime.of(16, 0);
            for (LocalTime t = LocalTime.of(9, 30); t.isBefore(end); t = t.plusMinutes(30)) csv.append(d).append(' ').append(t).append(":00,100,101,99,100,1000\n");
        }
        ImportReport.BarCheck check = importOne(store, "SPYX.csv", csv, ZoneId.of("America/New_York"));
        assertEquals("us_equity", check.session());
        String note = check.notes().stream().filter(n -> n.contains("has no bar on")).findFirst().orElseThrow(() -> new AssertionError(check.notes()));
        assertTrue(note.startsWith("SPYX 30m has no bar on 1 trading day of the us_equity session between its first and last bar: 2024-07-09;"), note);
    }

    /**
     * A bar decades before the others: the years between are named as a span, not walked day by day and counted (a bar of 1800
     * beside bars of 2026 walked 83,000 days a symbol in the venue guess, attack 36b F3), and the days missed near the rest still are.
     */
    @Test
    void aSpanOfYearsWithoutBarsIsNamedNotWalked(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,close\n1990-03-06T14:00:00Z,1.1\n");
        for (LocalDateTime t = LocalDateTime.of(2024, 3, 3, 22, 0); t.isBefore(LocalDateTime.of(2024, 3, 8, 22, 0)); t = t.plusMinutes(30)) {
            boolean wednesday = !t.isBefore(LocalDateTime.of(2024, 3, 5, 22, 0)) && t.isBefore(LocalDateTime.of(2024, 3, 6, 22, 0));
            if (!wednesday) csv.append(t).append(":00Z,1.1\n");
        }
        ImportReport.BarCheck check = importOne(store, "EURY.csv", csv, ZoneId.of("UTC"));
        String note = check.notes().stream().filter(n -> n.contains("has no bar on")).findFirst().orElseThrow(() -> new AssertionError(check.notes()));
        assertTrue(note.startsWith("EURY 30m has no bar on 1 trading day of the fx session between its first and last bar: 2024-03-06; "
                + "and none at all from 1990-03-07 to 2024-03-03; reads"), note);
    }

    /** Christmas and New Year's Day, which most fx feeds skip, are no missing days; a missing 27 December still is (attack 37b F3). */
    @Test
    void anFxFileWithoutChristmasAndNewYearNamesOnlyTheDayItSkipped(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,close\n");
        for (LocalDateTime t = LocalDateTime.of(2019, 12, 15, 22, 0); t.isBefore(LocalDateTime.of(2020, 1, 10, 22, 0)); t = t.plusMinutes(30)) {
            LocalDate day = t.plusHours(2).toLocalDate(); // the fx day opening 22:00 UTC (17:00 New York, EST) the evening before
            if (day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            if (day.equals(LocalDate.of(2019, 12, 25)) || day.equals(LocalDate.of(2020, 1, 1)) || day.equals(LocalDate.of(2019, 12, 27))) continue;
            csv.append(t).append(":00Z,1.1\n");
        }
        ImportReport.BarCheck check = importOne(store, "EURZ.csv", csv, ZoneId.of("UTC"));
        String note = check.notes().stream().filter(n -> n.contains("has no bar on")).findFirst().orElseThrow(() -> new AssertionError(check.notes()));
        assertTrue(note.startsWith("EURZ 30m has no bar on 1 trading day of the fx session between its first and last bar: 2019-12-27;"), note);
    }

    @Test
    void aFileWithEveryDayHasNoNote(@TempSextant Store store) throws Exception {
        StringBuilder csv = new StringBuilder("datetime_utc,close\n");
        for (LocalDateTime t = LocalDateTime.of(2024, 3, 3, 22, 0); t.isBefore(LocalDateTime.of(2024, 3, 8, 22, 0)); t = t.plusMinutes(30)) csv.append(t).append(":00Z,1.1\n");
        ImportReport.BarCheck check = importOne(store, "EURY.csv", csv, ZoneId.of("UTC"));
        assertEquals(List.of(), check.notes());
    }

    private ImportReport.BarCheck importOne(Store store, String name, CharSequence csv, ZoneId zone) throws Exception {
        Path file = Files.writeString(tmp.resolve(name), csv);
        ImportReport report = new PriceImporter(store, PriceRules.defaults(), zone).importFiles(List.of(file));
        return report.files().get(0).bars().get(0);
    }
}
