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
import org.sextant.engine.testing.SampleStoreCopy;

/** The grid of bars above an hour, the units of the fix, clock changes of 30 minutes and the preview's word on a shifting grid (attacker pass 10). */
class BarGridTest {
    @TempDir Path tmp;

    private Store open() {
        return SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
    }

    private Path file(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    /** {@code n} bars from {@code start}, {@code step} minutes apart, suffixed ("Z" for UTC, "" for local times). */
    private static void bars(StringBuilder out, LocalDateTime start, int n, long step, String suffix) {
        for (int i = 0; i < n; i++) out.append(start.plusMinutes(step * i)).append(suffix).append(',').append(1 + out.length() % 97).append('\n');
    }

    /** A file of UTC bars {@code step} minutes apart: {@code n} from {@code a}, then {@code m} from {@code b}. */
    private Path twoRuns(String name, LocalDateTime a, int n, LocalDateTime b, int m, long step) throws Exception {
        StringBuilder text = new StringBuilder("timestamp,close\n");
        bars(text, a, n, step, "Z");
        bars(text, b, m, step, "Z");
        return file(name, text.toString());
    }

    /** 4h bars at 02:00, 06:00, … that go on at 00:00, 04:00, …: within the hour both are on :00, so they were stored as one series. */
    @Test
    void fourHourBarsShiftedByTwoHoursAreRefused() throws Exception {
        Path shifted = twoRuns("FOURSHIFT.csv", LocalDateTime.of(2024, 1, 2, 2, 0), 20, LocalDateTime.of(2024, 1, 5, 8, 0), 15, 240);
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

    /**
     * One rule for every interval: local-time bars carried across a clock change import, 30 minutes (Lord Howe) or an hour
     * (New York), read in the zone or written with their offsets; 1h ones were refused where 4h ones imported.
     */
    @Test
    void localTimeBarsAcrossAClockChangeImportAtEveryInterval() throws Exception {
        ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe"); // +11:00 until 2024-04-07 02:00, then +10:30
        ZoneId newYork = ZoneId.of("America/New_York"); // -05:00 until 2024-03-10 02:00, then -04:00
        try (Store store = open()) {
            int k = 0;
            for (ZoneId zone : List.of(lordHowe, newYork)) {
                LocalDateTime start = zone == lordHowe ? LocalDateTime.of(2024, 4, 4, 0, 0) : LocalDateTime.of(2024, 3, 7, 0, 0);
                for (String label : List.of("30m", "1h", "4h")) {
                    int minutes = label.equals("30m") ? 30 : label.equals("1h") ? 60 : 240;
                    StringBuilder text = new StringBuilder("timestamp,close\n");
                    for (int i = 0; i < 6 * 24 * 60 / minutes; i++) {
                        LocalDateTime t = start.plusMinutes((long) minutes * i);
                        if (zone.getRules().getValidOffsets(t).size() == 1) {
                            text.append(t).append(',').append(1 + i % 7).append('\n');
                        }
                    }
                    Path local = file("L" + ++k + ".csv", text.toString());
                    assertEquals(List.of(), ImportPreview.of(local, zone).notes(), zone + " " + label);
                    ImportReport r = new PriceImporter(store, PriceRules.defaults(), zone).importFiles(List.of(local));
                    assertEquals(label, r.files().get(0).interval(), zone + " " + label);
                }
            }
            // 2h bars are no interval the store holds, in Lord Howe as anywhere
            StringBuilder two = new StringBuilder("timestamp,close\n");
            bars(two, LocalDateTime.of(2024, 4, 4, 0, 0), 72, 120, "");
            Path twoHours = file("LHTWO.csv", two.toString());
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), lordHowe).importFiles(List.of(twoHours)));
            assertEquals(twoHours + ": the bars of LHTWO are most often 2 hours apart, which is no interval the store holds", e.getMessage());
            // the Lord Howe hours written with their offsets: the same instants, no zone named
            StringBuilder zoned = new StringBuilder("timestamp,close\n");
            bars(zoned, LocalDateTime.of(2024, 4, 4, 0, 0), 74, 60, "+11:00");
            bars(zoned, LocalDateTime.of(2024, 4, 7, 2, 0), 118, 60, "+10:30");
            Path offsets = file("LHZONED.csv", zoned.toString());
            assertEquals(List.of(), ImportPreview.of(offsets).notes());
            assertEquals("1h", new PriceImporter(store).importFiles(List.of(offsets)).files().get(0).interval());
        }
    }

    /** The same shifts on a day no clock changes are two grids, refused alike at 1h and 4h (4h bars an hour off imported on any day). */
    @Test
    void aShiftOfAClockChangesSizeOnAnotherDayIsRefusedAtEveryInterval() throws Exception {
        try (Store store = open()) {
            Path halfHour = twoRuns("HALFSHIFT.csv", LocalDateTime.of(2024, 1, 8, 0, 0), 60, LocalDateTime.of(2024, 1, 10, 12, 30), 40, 60);
            String refusal = "line 62: the bar of HALFSHIFT at 2024-01-10T12:30Z is off the 1h grid most of its bars are on (:00 past each hour): "
                    + "40 of 100 bars are off it; stored as one 1h series the two grids would mix";
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(halfHour)));
            assertEquals(halfHour + " " + refusal, e.getMessage());
            assertEquals("align the bars to one grid (every 1h bar starting at the same minutes of the hour), "
                    + "or split the file where the times shift and import each part as its own symbol", e.fix());
            assertEquals(List.of(refusal + ": the import refuses the file; " + e.fix()), ImportPreview.of(halfHour).notes());

            Path hourOff = twoRuns("HOURSHIFT.csv", LocalDateTime.of(2024, 1, 8, 22, 0), 12, LocalDateTime.of(2024, 1, 10, 21, 0), 10, 240);
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(hourOff)));
            assertTrue(e.getMessage().endsWith("line 14: the bar of HOURSHIFT at 2024-01-10T21:00Z is off the 4h grid most of its bars are on "
                    + "(02:00, 06:00, 10:00, 14:00, 18:00, 22:00 UTC): 10 of 22 bars are off it; stored as one 4h series the two grids would mix"), e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /**
     * A file on another grid than the symbol's stored bars: refused by the import and said by the preview (which did not look at the
     * store), naming symbol, interval, both grids and the fix; a file continuing them across a clock change joins them.
     */
    @Test
    void aFileOffTheStoredGridIsRefusedAndThePreviewSaysSo() throws Exception {
        try (Store store = open()) {
            StringBuilder onTheHour = new StringBuilder("timestamp,close\n");
            bars(onTheHour, LocalDateTime.of(2024, 1, 2, 0, 0), 48, 60, "Z");
            new PriceImporter(store).importFiles(List.of(file("OFFSET.csv", onTheHour.toString())));
            StringBuilder halfPast = new StringBuilder("timestamp,close\n");
            bars(halfPast, LocalDateTime.of(2024, 1, 3, 0, 30), 600, 60, "Z");
            Path later = file("OFFSET.csv", halfPast.toString());
            String refusal = "the 1h bars of OFFSET are on :30 past each hour, its stored 1h bars on :00 past each hour; stored as one 1h series the two grids would mix";
            String fix = "align the bars to the grid of its stored 1h bars, or import them as another symbol (rename the file or its symbol column)";
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(later)));
            assertEquals(later + ": " + refusal, e.getMessage());
            assertEquals(fix, e.fix());
            assertEquals(48, number(store, "SELECT count(*) FROM bars"), "nothing half written");
            // the preview reads 500 of the 600 rows and compares them with the stored bars, in the import's words
            assertEquals(List.of(refusal + ": the import refuses the file; " + fix), ImportPreview.of(later, null, store).notes());
            assertEquals(List.of(), ImportPreview.of(later).notes(), "without a store there is nothing to compare");

            // Lord Howe hours stored before its clocks went back, then the hours after: one series across the change
            ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe");
            StringBuilder before = new StringBuilder("timestamp,close\n");
            bars(before, LocalDateTime.of(2024, 4, 4, 0, 0), 74, 60, "");
            new PriceImporter(store, PriceRules.defaults(), lordHowe).importFiles(List.of(file("LH.csv", before.toString())));
            StringBuilder after = new StringBuilder("timestamp,close\n");
            bars(after, LocalDateTime.of(2024, 4, 7, 2, 0), 100, 60, "");
            Path continued = file("LH.csv", after.toString());
            assertEquals(List.of(), ImportPreview.of(continued, lordHowe, store).notes());
            new PriceImporter(store, PriceRules.defaults(), lordHowe).importFiles(List.of(continued));
            assertEquals(174, number(store, "SELECT count(*) FROM bars WHERE symbol = 'LH'"));
        }
    }

    /** The GUI's preview (the engine's previewImport) compares with the store it serves: it said nothing of a file off the stored grid. */
    @Test
    void theEnginesPreviewComparesWithItsStore() throws Exception {
        try (org.sextant.engine.Sextant engine = org.sextant.engine.Sextant.open(SampleStoreCopy.into(new org.sextant.engine.home.SextantHome(tmp.resolve("home"))))) {
            StringBuilder onTheHour = new StringBuilder("timestamp,close\n");
            bars(onTheHour, LocalDateTime.of(2024, 1, 2, 0, 0), 48, 60, "Z");
            engine.importPrices(List.of(file("GRID.csv", onTheHour.toString())));
            StringBuilder halfPast = new StringBuilder("timestamp,close\n");
            bars(halfPast, LocalDateTime.of(2024, 1, 2, 12, 30), 24, 60, "Z");
            List<String> notes = engine.previewImport(file("GRID.csv", halfPast.toString()), null).notes();
            assertEquals(1, notes.size(), String.valueOf(notes));
            assertTrue(notes.get(0).startsWith("the 1h bars of GRID are on :30 past each hour, its stored 1h bars on :00 past each hour;"), notes.get(0));
        }
    }

    /** 1-minute bars that go on 30 seconds past the minute: the fix spoke of "the same minutes of the hour". */
    @Test
    void theFixOfBarsShiftedBySecondsSpeaksOfSeconds() throws Exception {
        Path jump = twoRuns("SECJUMP.csv", LocalDateTime.of(2024, 1, 2, 15, 0), 30, LocalDateTime.of(2024, 1, 2, 15, 31, 30), 20, 1);
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
