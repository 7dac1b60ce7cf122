package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.SampleUniverseTest.number;
import static org.sextant.engine.ingest.SampleUniverseTest.text;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * A bar file holding one bar of a symbol (its newest bar appended, or a new symbol's first): it takes the interval of the
 * symbol's stored bars, or is refused naming why one bar is not enough (attack 33, F5: an internal NullPointerException's text).
 */
class LoneBarImportTest {
    private static final String HEAD = "datetime,symbol,open,high,low,close,volume\n";
    @TempDir Path tmp;

    private Store open() {
        return SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
    }

    private Path file(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static String hourly(String symbol, int hours) {
        StringBuilder out = new StringBuilder(HEAD);
        for (int h = 0; h < hours; h++) out.append("2023-06-01T").append(13 + h).append(":30:00Z,").append(symbol).append(",1,2,1,1.5,10\n");
        return out.toString();
    }

    @Test
    void aNewSymbolsOneBarIsRefusedSayingWhyAndHowToImportIt() throws Exception {
        try (Store store = open()) {
            Path one = file("one.csv", HEAD + "2023-06-01T14:30:00Z,ONEBAR,1,2,1,1.5,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(one)));
            assertEquals("invalid_input", e.failReason(), e.getMessage());
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("one.csv: ONEBAR has a single bar (2023-06-01 14:30 UTC) and no stored bars: one bar tells no interval"), e.getMessage());
            assertTrue(e.fix().contains("at least two bars of ONEBAR"), e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE symbol = 'ONEBAR'"));
        }
    }

    @Test
    void aSymbolsNewestBarAloneTakesTheIntervalOfItsStoredBars() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("first.csv", hourly("HOURLY", 3))));
            // its next hour, alone, with a symbol of two bars in the same file
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("next.csv", HEAD
                    + "2023-06-01T16:30:00Z,HOURLY,1.5,2,1,1.7,12\n2023-06-01T13:30:00Z,OTHER,1,2,1,1.5,10\n2023-06-01T13:35:00Z,OTHER,1,2,1,1.5,10\n")));
            assertEquals("HOURLY 1h 4 1.7|OTHER 5m 2 1.5", text(store, "SELECT string_agg(symbol || ' ' || interval || ' ' || n || ' ' || last, '|' ORDER BY symbol) "
                    + "FROM (SELECT symbol, interval, count(*) AS n, arg_max(close, ts) AS last FROM bars GROUP BY ALL)"));
            assertEquals("1h,5m", r.files().get(0).interval(), "the report names the interval each symbol took");
        }
    }

    @Test
    void aLoneBarOffItsStoredGridIsRefusedAsAFileOfManyIs() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("first.csv", hourly("HOURLY", 3))));
            Path off = file("off.csv", HEAD + "2023-06-01T17:00:00Z,HOURLY,1,2,1,1.5,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(off)));
            assertTrue(e.getMessage().contains("its stored 1h bars on"), e.getMessage());
            assertEquals(3, number(store, "SELECT count(*) FROM bars WHERE symbol = 'HOURLY'"));
        }
    }

    @Test
    void aLoneBarOfASymbolStoredAtTwoIntervalsIsRefusedNamingThem() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("hours.csv", hourly("TWICE", 3)),
                    file("minutes.csv", HEAD + "2023-06-02T13:30:00Z,TWICE,1,2,1,1.5,10\n2023-06-02T13:31:00Z,TWICE,1,2,1,1.5,10\n")));
            Path one = file("one.csv", HEAD + "2023-06-05T14:30:00Z,TWICE,1,2,1,1.5,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(one)));
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("one.csv: TWICE has a single bar (2023-06-05 14:30 UTC) and stored bars of 1m and 1h: one bar tells not which"), e.getMessage());
            assertTrue(e.fix().contains("at least two bars of TWICE"), e.fix());
            assertEquals(5, number(store, "SELECT count(*) FROM bars WHERE symbol = 'TWICE'"));
        }
    }

    /** Session 46's note: a new symbol's one bar at 00:00 was stored as a daily price; one row cannot tell, so it is refused. */
    @Test
    void aNewSymbolsLoneMidnightBarIsRefusedNotReadAsADailyPrice() throws Exception {
        try (Store store = open()) {
            Path one = file("midnight.csv", HEAD + "2023-06-02T00:00:00Z,NIGHT,1,2,1,1.5,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(one)));
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("midnight.csv: every time is midnight and each symbol has a single row, so a daily price and an "
                    + "intraday bar at 00:00 look alike; NIGHT has nothing stored"), e.getMessage());
            assertTrue(e.fix().startsWith("for daily prices write the date alone (2023-06-02); for intraday bars import at least two bars of NIGHT"), e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol = 'NIGHT'"));
        }
    }

    /** A symbol of stored hourly bars whose next bar, alone in its file, is the one at 00:00 takes their interval: a bar, not a day. */
    @Test
    void aLoneMidnightBarOfASymbolOfStoredBarsIsABar() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("evening.csv", HEAD
                    + "2023-06-01T21:00:00Z,LATE,1,2,1,1.5,10\n2023-06-01T22:00:00Z,LATE,1,2,1,1.5,10\n2023-06-01T23:00:00Z,LATE,1,2,1,1.5,10\n")));
            new PriceImporter(store).importFiles(List.of(file("midnight.csv", HEAD + "2023-06-02T00:00:00Z,LATE,1.5,2,1,1.8,12\n")));
            assertEquals("1h 4 1.8", text(store, "SELECT interval || ' ' || count(*) || ' ' || arg_max(close, ts) FROM bars WHERE symbol = 'LATE' GROUP BY interval"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol = 'LATE'"));
        }
    }

    /** A symbol of stored daily prices whose next date comes alone as a midnight time stays a daily price. */
    @Test
    void aLoneMidnightRowOfASymbolOfStoredDailyPricesIsADailyPrice() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("days.csv", "Date,Symbol,Close\n2023-05-31,DAYS,1\n2023-06-01,DAYS,2\n")));
            new PriceImporter(store).importFiles(List.of(file("next.csv", HEAD + "2023-06-02T00:00:00Z,DAYS,1.5,3.2,1,3,12\n")));
            assertEquals(3, number(store, "SELECT count(*) FROM prices WHERE symbol = 'DAYS'"));
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE symbol = 'DAYS'"));
        }
    }

    /**
     * The preview of a file of lone midnight rows says what the import then does, in its words: daily prices for a symbol of
     * stored daily prices, bars of the stored interval for one of stored bars, the refusal and its fix for a new symbol (it said
     * "interval not told" for all three).
     */
    @Test
    void thePreviewOfLoneMidnightRowsSaysWhatTheImportDoes() throws Exception {
        try (Store store = open()) {
            new PriceImporter(store).importFiles(List.of(file("days.csv", "Date,Symbol,Close\n2023-05-31,DAYS,1\n2023-06-01,DAYS,2\n"),
                    file("evening.csv", HEAD + "2023-06-01T22:00:00Z,LATE,1,2,1,1.5,10\n2023-06-01T23:00:00Z,LATE,1,2,1,1.5,10\n")));
            Path days = file("next.csv", HEAD + "2023-06-02T00:00:00Z,DAYS,1.5,3.2,1,3,12\n");
            ImportPreview daily = ImportPreview.of(days, null, store);
            assertEquals("long 1d", daily.layout() + " " + daily.interval());
            assertEquals(days + ": every time is midnight and each symbol has a single row, so a daily price and an intraday bar at 00:00 look alike; "
                    + "DAYS has daily prices stored, so the import stores the rows as daily prices", daily.notes().get(0));
            Path late = file("midnight.csv", HEAD + "2023-06-02T00:00:00Z,LATE,1.5,2,1,1.8,12\n");
            ImportPreview bar = ImportPreview.of(late, null, store);
            assertEquals("bars 1h", bar.layout() + " " + bar.interval());
            assertEquals(late + ": every time is midnight and each symbol has a single row, so a daily price and an intraday bar at 00:00 look alike; "
                    + "LATE has bars stored, so the import stores each row as a bar of its symbol's stored interval", bar.notes().get(0));
            Path night = file("night.csv", HEAD + "2023-06-02T00:00:00Z,NIGHT,1,2,1,1.5,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(night)));
            assertEquals(List.of(e.getMessage() + ": the import refuses the file; " + e.fix()), ImportPreview.of(night, null, store).notes());
            // and the import does what the first two said
            new PriceImporter(store).importFiles(List.of(days, late));
            assertEquals(3, number(store, "SELECT count(*) FROM prices WHERE symbol = 'DAYS'"));
            assertEquals("1h 3", text(store, "SELECT interval || ' ' || count(*) FROM bars WHERE symbol = 'LATE' GROUP BY interval"));
        }
    }

    /**
     * Review of session 48: the preview judges lone midnight rows by the symbols of the rows it reads (500), the import by every
     * symbol of the file; a file read in part says its verdict is of the symbols previewed, as a later symbol may undo it.
     */
    @Test
    void aPreviewOfPartOfTheFileSaysItsVerdictIsOfTheSymbolsPreviewed() throws Exception {
        try (Store store = open()) {
            StringBuilder daily = new StringBuilder("Date,Symbol,Close\n"), lone = new StringBuilder(HEAD);
            for (int i = 0; i < ImportPreview.INTERVAL_ROWS; i++) {
                daily.append("2023-05-31,D").append(1000 + i).append(",1\n");
                lone.append("2023-06-02T00:00:00Z,D").append(1000 + i).append(",1,2,1,1.5,10\n");
            }
            new PriceImporter(store).importFiles(List.of(file("days.csv", daily.toString())));
            // the row past the preview's 500: a symbol with nothing stored, which the import refuses
            Path cross = file("cross.csv", lone + "2023-06-02T00:00:00Z,NEW,1,2,1,1.5,10\n");
            assertEquals(cross + ": every time is midnight and each symbol has a single row, so a daily price and an intraday bar at 00:00 look alike; "
                    + "D1000 and 499 other symbols have daily prices stored, so the import stores the rows as daily prices (of the symbols previewed, 500 in "
                    + "the file's first rows: the import judges every symbol of the file)", ImportPreview.of(cross, null, store).notes().get(0));
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(cross)));
            assertTrue(e.getMessage().contains("NEW has nothing stored"), e.getMessage());
            // the whole file read: the verdict is the import's, said without the qualifier
            Path whole = file("whole.csv", lone.toString());
            assertFalse(ImportPreview.of(whole, null, store).notes().get(0).contains("previewed"));
        }
    }
}
