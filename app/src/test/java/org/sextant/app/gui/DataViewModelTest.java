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

    @Test
    void aQueryShowsItsRowsAndExportsThemAsCsv() throws Exception {
        model.sqlProperty().set("SELECT symbol, count(*) AS n, 'a,\"b' AS odd FROM prices WHERE symbol IN ('IBM','KO') GROUP BY symbol ORDER BY symbol");
        SelectResult r = model.runQuery().get();
        assertEquals(List.of("symbol", "n", "odd"), r.columns());
        assertEquals(2, r.rows().size());
        Path out = files.resolve("out.csv");
        assertEquals(out, model.exportCsv(out).get());
        long ibm = engine.getClosePrice("IBM", null, null).size();
        long ko = engine.getClosePrice("KO", null, null).size();
        assertEquals("symbol,n,odd\r\nIBM," + ibm + ",\"a,\"\"b\"\r\nKO," + ko + ",\"a,\"\"b\"\r\n", Files.readString(out));
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
