package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.ingest.ImportPreview;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.sql.SelectResult;

/** The Data view's model on a real store: preview, import (good and bad), SQL and CSV export. */
class DataViewModelTest {
    @TempDir
    Path files;
    @TempSextant private Sextant engine;
    @RegisterExtension final BackgroundThread background = new BackgroundThread();
    private DataViewModel model;

    @BeforeEach
    void open() {
        model = new DataViewModel(engine, background, Runnable::run);
    }

    @AfterEach
    void close() {
        model.close();
    }

    /** Each venue whose zone settles a tie of the import's venue guess can be picked, not only typed (every Euronext city). */
    @Test
    void theZonePickerOffersEveryEuropeanVenuesZone() {
        for (String zone : List.of("Europe/London", "Europe/Zurich", "Europe/Paris", "Europe/Amsterdam", "Europe/Brussels", "Europe/Lisbon")) {
            assertTrue(DataViewModel.OFFERED_ZONES.contains(zone), zone + " offered: " + DataViewModel.OFFERED_ZONES);
        }
        DataViewModel.OFFERED_ZONES.forEach(java.time.ZoneId::of); // each one a zone the import reads
    }

    @Test
    void aFileWithoutADateColumnIsRefusedAtPreviewWithTheFieldAndTheFix() throws Exception {
        Path bad = Files.writeString(files.resolve("prices.csv"), "when,price\nyesterday,12.5\n");
        model.choose(List.of(bad)).get();
        assertNull(model.previewProperty().get());
        String error = model.importErrorProperty().get();
        assertNotNull(error);
        assertTrue(error.contains("not a price file header (no date column"), error);
        assertTrue(error.contains("Where: the chosen file"), error);
        assertTrue(model.refusedProperty().get(), "the refused file is not importable");
        assertTrue(error.contains("Fix: accepted headers: Yahoo"), error);
    }

    @Test
    void aBadRowFailsTheImportJobAndNothingIsImported() throws Exception {
        Path bad = Files.writeString(files.resolve("BROKEN.csv"), "Date,Open,High,Low,Close,Volume\n2020-01-02,1,2,0.5,1.5,100\n2020-01-03,1,2,0.5,oops,100\n");
        model.choose(List.of(bad)).get();
        assertEquals("stooq", model.previewProperty().get().layout(), "the header is fine: the preview shows it");
        long rowsBefore = engine.dataSummary().priceRows();
        JobStatus job = model.importChosen().get();
        assertEquals(JobState.FAILED, job.state());
        String error = model.importErrorProperty().get();
        assertTrue(error.startsWith("Import failed: "), error);
        assertTrue(error.contains("BROKEN.csv"), "names the file: " + error);
        assertTrue(error.endsWith("Nothing was imported."), error);
        assertEquals(rowsBefore, engine.dataSummary().priceRows());
    }

    @Test
    void aGoodFileIsPreviewedThenImportedAndListed() throws Exception {
        Path csv = files.resolve("MSFTTEST.csv");
        try (InputStream in = getClass().getResourceAsStream("msft_ohlcv_daily.csv")) {
            Files.copy(in, csv);
        }
        ImportPreview p = model.choose(List.of(csv)).get();
        assertEquals("csv", p.format());
        assertEquals("stooq", p.layout());
        assertEquals(List.of("date", "open", "high", "low", "close", "volume"), p.header());
        assertEquals(ImportPreview.ROWS, p.rows().size());
        assertEquals(List.of("2000-09-27", "63.4375", "63.5625", "59.8125", "60.625", "53077800"), p.rows().get(0));
        assertEquals("the file name", p.symbolSource());

        JobStatus job = model.importChosen().get();
        assertEquals(JobState.SUCCEEDED, job.state(), String.valueOf(job.error()));
        assertTrue(model.importMessageProperty().get().contains("249 rows added"), model.importMessageProperty().get());
        model.refreshSymbols().get();
        SymbolInfo info = model.symbols().stream().filter(s -> s.symbol().equals("MSFTTEST")).findFirst().orElseThrow();
        assertEquals(249, info.rows());
        assertEquals("2000-09-27", info.firstDate().toString());
        assertEquals("2001-09-27", info.lastDate().toString());
    }

    /**
     * A file whose every symbol has one row at 00:00: the preview said "interval not told" whatever the import then did. It now
     * says it in the import's words: daily prices for a symbol of stored daily prices, a bar of the stored interval for one of
     * stored bars, the refusal and its fix for a new symbol, which the import then gives.
     */
    @Test
    void theDataViewPreviewSaysWhatTheImportMakesOfLoneMidnightRows() throws Exception {
        String head = "datetime,symbol,open,high,low,close,volume\n";
        engine.importPrices(List.of(Files.writeString(files.resolve("days.csv"), "Date,Symbol,Close\n2023-05-31,DAYS,1\n2023-06-01,DAYS,2\n"),
                Files.writeString(files.resolve("evening.csv"), head + "2023-06-01T22:00:00Z,LATE,1,2,1,1.5,10\n2023-06-01T23:00:00Z,LATE,1,2,1,1.5,10\n")));
        String alike = ": every time is midnight and each symbol has a single row, so a daily price and an intraday bar at 00:00 look alike; ";
        Path days = Files.writeString(files.resolve("next.csv"), head + "2023-06-02T00:00:00Z,DAYS,1.5,3.2,1,3,12\n");
        ImportPreview daily = model.choose(List.of(days)).get();
        assertEquals("1d", daily.interval());
        assertEquals(days + alike + "DAYS has daily prices stored, so the import stores the rows as daily prices", daily.notes().get(0));
        Path late = Files.writeString(files.resolve("midnight.csv"), head + "2023-06-02T00:00:00Z,LATE,1.5,2,1,1.8,12\n");
        ImportPreview bar = model.choose(List.of(late)).get();
        assertEquals("1h", bar.interval());
        assertEquals(late + alike + "LATE has bars stored, so the import stores each row as a bar of its symbol's stored interval", bar.notes().get(0));
        Path night = Files.writeString(files.resolve("night.csv"), head + "2023-06-02T00:00:00Z,NIGHT,1,2,1,1.5,10\n");
        ImportPreview refused = model.choose(List.of(night)).get();
        assertEquals(List.of(night + alike + "NIGHT has nothing stored, which does not tell: the import refuses the file; for daily prices write the date alone "
                + "(2023-06-02); for intraday bars import at least two bars of NIGHT (their step is its interval), or its earlier bars first"), refused.notes());
        JobStatus job = model.importChosen().get();
        assertEquals(JobState.FAILED, job.state());
        assertTrue(model.importErrorProperty().get().contains("NIGHT has nothing stored, which does not tell"), model.importErrorProperty().get());
    }

    /** 4h bars that go on two hours off their grid: the preview warns in the import's words (it said nothing), and the import refuses them. */
    @Test
    void barsOffTheirGridAreWarnedOfAtPreviewInTheImportsWords() throws Exception {
        StringBuilder text = new StringBuilder("timestamp,close\n");
        for (int i = 0; i < 20; i++) text.append(java.time.LocalDateTime.of(2024, 1, 2, 2, 0).plusHours(4L * i)).append("Z,").append(10 + i).append('\n');
        for (int i = 0; i < 15; i++) text.append(java.time.LocalDateTime.of(2024, 1, 5, 8, 0).plusHours(4L * i)).append("Z,").append(10 + i).append('\n');
        Path shifted = Files.writeString(files.resolve("FOURSHIFT.csv"), text.toString());
        ImportPreview p = model.choose(List.of(shifted)).get();
        assertTrue(!model.refusedProperty().get() && model.importErrorProperty().get() == null, "a warning, not a refusal: " + model.importErrorProperty().get());
        assertEquals("4h", p.interval());
        String refusal = "line 22: the bar of FOURSHIFT at 2024-01-05T08:00Z is off the 4h grid most of its bars are on (02:00, 06:00, 10:00, 14:00, 18:00, 22:00 UTC): "
                + "15 of 35 bars are off it; stored as one 4h series the two grids would mix";
        assertEquals(1, p.notes().size(), String.valueOf(p.notes()));
        assertTrue(p.notes().get(0).startsWith(refusal + ": the import refuses the file; align the bars to one grid"), p.notes().get(0));
        JobStatus job = model.importChosen().get();
        assertEquals(JobState.FAILED, job.state());
        String error = model.importErrorProperty().get();
        assertTrue(error.contains(shifted + " " + refusal), error);
    }

    /** Bar times written without a zone read in the zone chosen in the view, in the preview and in the import (the CLI's --timezone). */
    @Test
    void barTimesWithoutAZoneAreReadInTheZoneChosenForPreviewAndImport() throws Exception {
        Path csv = Files.writeString(files.resolve("NYBARS.csv"), "timestamp,close\n2020-03-02 09:30:00,10\n2020-03-02 10:00:00,11\n2020-03-02 10:30:00,12\n");
        ImportPreview utc = model.choose(List.of(csv)).get();
        assertTrue(utc.zoneApplies(), "times without a zone: the view offers the zone");
        assertEquals("iso in timestamp (read as UTC)", utc.times());

        model.timezoneProperty().set("Mars/Olympus");
        assertNull(model.previewChosen().get());
        assertTrue(model.refusedProperty().get(), "an unknown zone is not imported");
        String error = model.importErrorProperty().get();
        assertTrue(error.startsWith("'Mars/Olympus' is not a time zone\nWhere: the time zone of the bar times\nFix: name a region such as America/New_York"), error);

        model.timezoneProperty().set("America/New_York");
        ImportPreview ny = model.previewChosen().get();
        assertEquals("iso in timestamp (read as America/New_York time, stored in UTC)", ny.times());
        assertTrue(!model.refusedProperty().get() && model.importErrorProperty().get() == null, "the refusal is gone");
        JobStatus job = model.importChosen().get();
        assertEquals(JobState.SUCCEEDED, job.state(), String.valueOf(job.error()));
        assertEquals(List.of(List.of("2020-03-02 14:30:00")), engine.runSelect("SELECT CAST(min(ts) AS VARCHAR) FROM bars WHERE symbol = 'NYBARS'", null).rows(),
                "09:30 New York (EST) is 14:30 UTC");
    }

    /** A re-import that replaced stored closes said only "4 updated": the engine's note on the change now shows under the message. */
    @Test
    void aReimportThatChangesStoredClosesShowsTheChangeNote() throws Exception {
        Path first = Files.writeString(files.resolve("CHFTEST.csv"),
                "timestamp,close\n2001-03-29T22:00:00Z,1.7250\n2001-03-29T22:30:00Z,1.7255\n2001-03-29T23:00:00Z,1.7260\n2001-03-29T23:30:00Z,1.7253\n");
        model.choose(List.of(first)).get();
        assertEquals(JobState.SUCCEEDED, model.importChosen().get().state());
        assertEquals("", model.importNotesProperty().get(), "a first import changes no stored bar");

        Path again = Files.writeString(Files.createDirectory(files.resolve("again")).resolve("CHFTEST.csv"), "timestamp,close\n2001-03-29T22:00:00Z,9.0\n2001-03-29T22:30:00Z,10.0\n2001-03-29T23:00:00Z,11.0\n2001-03-29T23:30:00Z,12.0\n");
        model.choose(List.of(again)).get();
        JobStatus job = model.importChosen().get();
        assertEquals(JobState.SUCCEEDED, job.state(), String.valueOf(job.error()));
        assertEquals("Import done: 0 rows added, 4 updated for CHFTEST", model.importMessageProperty().get());
        assertEquals("4 stored bars of CHFTEST changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); "
                + "check that the file is the same instrument and unit", model.importNotesProperty().get());

        model.choose(List.of(first)).get();
        assertEquals("", model.importNotesProperty().get(), "choosing the next file clears the last import's notes");
    }

    /** Many symbols with notes stay a few lines: the first ones, then how many more; gaps and bars outside the session come after the notes. */
    @Test
    void importNotesStayAFewLinesWithHowManyMore() {
        List<ImportReport.BarCheck> bars = new java.util.ArrayList<>();
        for (String s : List.of("AAA", "BBB", "CCC", "DDD")) {
            bars.add(new ImportReport.BarCheck(s, "30m", "fx", 10, "2001-03-29T22:00Z", "2001-03-30T02:30Z", 0, 0, 0, 0, null, 0, 2, 50.0,
                    List.of("2 stored bars of " + s + " changed")));
        }
        bars.add(new ImportReport.BarCheck("EEE", "30m", "fx", 10, "2001-03-29T22:00Z", "2001-03-30T02:30Z", 0, 0, 2, 90, "2001-03-29T23:00Z", 1, 0, null,
                List.of("1 bar of EEE 30m is outside the fx session (24x5, the trading day ends 17:00 New York): 1 on a weekend; they are stored but in no bar of a read")));
        ImportReport report = new ImportReport(List.of(new ImportReport.ImportedFile("f.csv", "bars", 50, List.of("AAA", "BBB", "CCC", "DDD", "EEE"), "30m", "iso", bars)),
                0, 8, List.of("AAA", "BBB", "CCC", "DDD", "EEE"));
        assertEquals("2 stored bars of AAA changed\n2 stored bars of BBB changed\n2 stored bars of CCC changed\nand 3 more", DataViewModel.importNotes(report));

        ImportReport few = new ImportReport(List.of(new ImportReport.ImportedFile("f.csv", "bars", 50, List.of("DDD", "EEE"), "30m", "iso", bars.subList(3, 5))),
                0, 2, List.of("DDD", "EEE"));
        assertEquals("2 stored bars of DDD changed\n1 bar of EEE 30m is outside the fx session (24x5, the trading day ends 17:00 New York): 1 on a weekend; "
                + "they are stored but in no bar of a read\nEEE 30m: 2 gaps inside trading days (the largest 90 minutes, after 2001-03-29T23:00Z)", DataViewModel.importNotes(few));
    }

    @Test
    void aQueryShowsItsRowsAndExportsThemAsCsv() throws Exception {
        model.sqlProperty().set("SELECT symbol, count(*) AS n, 'a,\"b' AS odd, '=1+1' AS formula, -2.5 AS negative FROM prices WHERE symbol IN ('IBM','KO') GROUP BY symbol ORDER BY symbol");
        SelectResult r = model.runQuery().get();
        assertEquals(List.of("symbol", "n", "odd", "formula", "negative"), r.columns());
        assertEquals(2, r.rows().size());
        Path out = files.resolve("out.csv");
        assertEquals(out, model.exportCsv(out).get());
        long ibm = engine.getClosePrice("IBM", null, null).size();
        long ko = engine.getClosePrice("KO", null, null).size();
        // a text a spreadsheet would run as a formula leaves after a ' (attack 31 F1); a negative number stays a number
        assertEquals("symbol,n,odd,formula,negative\r\nIBM," + ibm + ",\"a,\"\"b\",'=1+1,-2.5\r\nKO," + ko + ",\"a,\"\"b\",'=1+1,-2.5\r\n", Files.readString(out));
        assertTrue(model.sqlMessageProperty().get().startsWith("Exported 2 row(s)"), model.sqlMessageProperty().get());
        try (var left = Files.list(files)) {
            assertEquals(0, left.filter(f -> f.getFileName().toString().startsWith(".")).count(), "no temp file left behind");
        }
    }

    @Test
    void aWritingQueryIsRefusedWithTheEnginesReason() throws Exception {
        model.sqlProperty().set("DELETE FROM prices");
        model.runQuery().get();
        assertNull(model.resultProperty().get());
        assertNotNull(model.sqlErrorProperty().get());
        assertTrue(model.sqlErrorProperty().get().toLowerCase().contains("select"), model.sqlErrorProperty().get());
        model.exportCsv(files.resolve("x.csv")).get();
        assertEquals("Run a query first: there is no result to export", model.sqlErrorProperty().get());
        assertTrue(Files.notExists(files.resolve("x.csv")));
    }
}
