package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/** The grid of bars above an hour, the units of the fix, clock changes of 30 minutes and the preview's word on a shifting grid (attacker pass 10). */
class BarGridTest {
    @TempDir Path tmp;

    private Store open() {
        return Store.open(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    /** {@code n} bars from {@code start}, {@code step} minutes apart, suffixed ("Z" for UTC, "" for local times). */
    private static void bars(StringBuilder out, LocalDateTime start, int n, long step, String suffix) {
        for (int i = 0; i < n; i++) out.append(start.plusMinutes(step * i)).append(suffix).append(',').append(1 + out.length() % 97).append('\n');
    }

    /** 4h bars at 02:00, 06:00, … that go on at 00:00, 04:00, …: within the hour both are on :00, so they were stored as one series. */
    @Test
    void fourHourBarsShiftedByTwoHoursAreRefused() throws Exception {
        StringBuilder text = new StringBuilder("timestamp,close\n");
        bars(text, LocalDateTime.of(2024, 1, 2, 2, 0), 20, 240, "Z");
        bars(text, LocalDateTime.of(2024, 1, 5, 8, 0), 15, 240, "Z");
        Path shifted = file("FOURSHIFT.csv", text.toString());
        String refusal = "line 22: the bar of FOURSHIFT at 2024-01-05T08:00Z is off the 4h grid most of its bars are on "
                + "(02:00, 06:00, 10:00, 14:00, 18:00, 22:00 UTC): 15 of 35 bars are off it; stored as one 4h series the two grids would mix";
        try (Store store = open()) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(shifted)));
            assertEquals("paths", e.field());
            assertEquals(shifted + " " + refusal, e.getMessage());
            assertEquals("align the bars to one grid (every 4h bar starting at the same times of day), "
                    + "or split the file where the times shift and import each part as its own symbol", e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            // the preview says it before anything is written, in the same words
            assertEquals(List.of(refusal + ": the import refuses the file; " + e.fix()), ImportPreview.of(shifted).notes());

            // a 4h series carried across a clock change (an hour) still imports, in one file or two
            StringBuilder winter = new StringBuilder("timestamp,close\n");
            bars(winter, LocalDateTime.of(2024, 3, 1, 22, 0), 40, 240, "Z");
            StringBuilder summer = new StringBuilder("timestamp,close\n");
            bars(summer, LocalDateTime.of(2024, 3, 11, 21, 0), 30, 240, "Z");
            new PriceImporter(store).importFiles(List.of(file("FX.csv", winter.toString())));
            new PriceImporter(store).importFiles(List.of(file("FX.csv", summer.toString())));
            assertEquals(70, number(store, "SELECT count(*) FROM bars WHERE symbol = 'FX'"));
            // ... but not a file two hours off the stored bars, nor on a third grid an hour off theirs
            StringBuilder twoOff = new StringBuilder("timestamp,close\n");
            bars(twoOff, LocalDateTime.of(2024, 3, 20, 0, 0), 10, 240, "Z");
            Path off = file("FX.csv", twoOff.toString());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(off)));
            assertEquals(off + ": the 4h bars of FX are on 00:00, 04:00, 08:00, 12:00, 16:00, 20:00 UTC, its stored 4h bars on "
                    + "02:00, 06:00, 10:00, 14:00, 18:00, 22:00 UTC, or 1 hour earlier across a clock change; stored as one 4h series the two grids would mix", e.getMessage());
            StringBuilder third = new StringBuilder("timestamp,close\n");
            bars(third, LocalDateTime.of(2024, 3, 20, 3, 0), 10, 240, "Z");
            Path later = file("FX.csv", third.toString());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(later)));
            assertTrue(e.getMessage().startsWith(later + ": the 4h bars of FX are on 03:00, 07:00,"), e.getMessage());
            assertEquals(70, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /** Lord Howe moves its clocks 30 minutes: 4h bars in its local time still import; hourly ones are refused, the fix being UTC times, not a split. */
    @Test
    void aClockChangeOfThirtyMinutesKeeps4hBarsAndAsksForUtcHourlyOnes() throws Exception {
        ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe"); // +11:00 until 2024-04-07 02:00, then +10:30
        try (Store store = open()) {
            StringBuilder four = new StringBuilder("timestamp,close\n");
            bars(four, LocalDateTime.of(2024, 3, 30, 0, 0), 60, 240, "");
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), lordHowe).importFiles(List.of(file("LHFOUR.csv", four.toString())));
            assertEquals("4h", r.files().get(0).interval());

            StringBuilder hourly = new StringBuilder("timestamp,close\n");
            bars(hourly, LocalDateTime.of(2024, 4, 4, 0, 0), 192, 60, "");
            Path lh = file("LHHOUR.csv", hourly.toString());
            String refusal = "line 2: the bar of LHHOUR at 2024-04-03T13:00Z is off the 1h grid most of its bars are on (:30 past each hour): "
                    + "74 of 192 bars are off it; stored as one 1h series the two grids would mix";
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), lordHowe).importFiles(List.of(lh)));
            assertEquals(lh + " " + refusal, e.getMessage());
            assertEquals("the times shift by 30 minutes where the clocks of Australia/Lord_Howe change: export the bars with their times in UTC, "
                    + "built on UTC hours, so that all of them sit on one grid", e.fix());
            assertFalse(e.fix().contains("split"), e.fix());
            assertEquals(List.of(refusal + ": the import refuses the file; " + e.fix()), ImportPreview.of(lh, lordHowe).notes());
            // the same bars written with their offset name no zone: the fix says both
            StringBuilder zoned = new StringBuilder("timestamp,close\n");
            bars(zoned, LocalDateTime.of(2024, 4, 4, 0, 0), 74, 60, "+11:00");
            bars(zoned, LocalDateTime.of(2024, 4, 7, 2, 0), 118, 60, "+10:30");
            Path offsets = file("LHZONED.csv", zoned.toString());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(offsets)));
            assertTrue(e.getMessage().endsWith("line 2: the bar of LHZONED at 2024-04-03T13:00Z is off the 1h grid most of its bars are on (:30 past each hour): "
                    + "74 of 192 bars are off it; stored as one 1h series the two grids would mix"), e.getMessage());
            assertEquals("align the bars to one grid (every 1h bar starting at the same minutes of the hour), or split the file where the times shift and import "
                    + "each part as its own symbol; if they shift where clocks change by 30 minutes (as in Australia/Lord_Howe), export them with their times in UTC, "
                    + "built on UTC hours", e.fix());
        }
    }

    /** 1-minute bars that go on 30 seconds past the minute: the fix spoke of "the same minutes of the hour". */
    @Test
    void theFixOfBarsShiftedBySecondsSpeaksOfSeconds() throws Exception {
        StringBuilder text = new StringBuilder("timestamp,close\n");
        bars(text, LocalDateTime.of(2024, 1, 2, 15, 0), 30, 1, "Z");
        bars(text, LocalDateTime.of(2024, 1, 2, 15, 31, 30), 20, 1, "Z");
        Path jump = file("SECJUMP.csv", text.toString());
        try (Store store = open()) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(jump)));
            assertTrue(e.getMessage().endsWith("line 32: the bar of SECJUMP at 2024-01-02T15:31:30Z is off the 1m grid most of its bars are on (whole minutes): "
                    + "20 of 50 bars are off it; stored as one 1m series the two grids would mix"), e.getMessage());
            assertEquals("align the bars to one grid (every 1m bar starting at the same second of each minute), "
                    + "or split the file where the times shift and import each part as its own symbol", e.fix());
            StringBuilder five = new StringBuilder("timestamp,close\n");
            bars(five, LocalDateTime.of(2024, 1, 2, 15, 0), 30, 5, "Z");
            bars(five, LocalDateTime.of(2024, 1, 2, 17, 30, 30), 20, 5, "Z");
            Path fiveJump = file("FIVEJUMP.csv", five.toString());
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(fiveJump)));
            assertTrue(e.fix().startsWith("align the bars to one grid (every 5m bar starting at the same minute and second of the hour)"), e.fix());
        }
    }
}
