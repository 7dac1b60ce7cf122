package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.engine.Sextant;
import org.sextant.engine.ingest.DeletedPrices;
import org.sextant.engine.ingest.KeptDeletions;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.testing.TempSextant;

/** Kept deletions without a screen: a deletion's file is listed with its size, Restore imports it back as Import would, Remove deletes only it. */
class KeptDeletionsModelTest {
    @TempSextant private Sextant engine;
    @RegisterExtension final BackgroundThread background = new BackgroundThread();
    private DataViewModel model;

    // duplicates: the Data view model's test fixture (a model on a store, closed after), kept apart for one feature
    @BeforeEach
    void open() {
        model = new DataViewModel(engine, background, Runnable::run);
    }

    @AfterEach
    void close() {
        model.close();
    }

    @Test
    void aDeletionIsListedRestoredByImportAndItsFileRemoved() throws Exception {
        assertEquals(List.of(), model.kept().refresh().get().files());
        assertEquals("none", model.kept().summaryProperty().get());
        DeletedPrices d = engine.deletePrices("KO", null);
        Path file = Path.of(d.deleted().get(0).keptIn());
        KeptDeletions.Listing l = model.kept().refresh().get();
        assertEquals(1, model.kept().files().size());
        KeptDeletions.Kept k = model.kept().files().get(0);
        assertEquals("KO", k.symbol());
        assertEquals("1d", k.interval());
        assertEquals(Files.size(file), k.bytes());
        assertEquals("1 file · " + KeptDeletionsModel.size(Files.size(file)), model.kept().summaryProperty().get());
        assertFalse(l.truncated());

        assertEquals(JobState.SUCCEEDED, model.restore(k).get().state());
        String said = model.kept().messageProperty().get();
        assertTrue(said.matches("Restore done: [0-9,]+ rows added, 0 updated for KO"), said);
        assertEquals(d.deleted().get(0).rows(), engine.storedRows("KO").get("1d"));
        assertTrue(Files.exists(file), "restoring keeps the file");

        assertEquals(Files.size(file), model.kept().remove(k).get());
        assertFalse(Files.exists(file));
        assertEquals("Removed " + k.file() + " (" + KeptDeletionsModel.size(k.bytes()) + ")", model.kept().messageProperty().get());
        model.kept().refresh().get();
        assertEquals(List.of(), model.kept().files());
        assertNull(model.kept().errorProperty().get());
    }

    @Test
    void aFileOutsideTheFolderIsRefusedAndKept() throws Exception {
        Path store = engine.home().database();
        KeptDeletions.Kept forged = new KeptDeletions.Kept("deleted_prices", "KO", "1d", java.time.Instant.EPOCH, 1, "data/deleted/../sextant.duckdb", 1);
        assertNull(model.kept().remove(forged).get());
        assertTrue(Files.exists(store));
        String error = model.kept().errorProperty().get();
        assertTrue(error.contains("is not in data/deleted") && error.contains("nothing was deleted"), error);
    }

    @Test
    void sizesAndSummariesReadAsAPersonReadsThem() {
        assertEquals("512 B", KeptDeletionsModel.size(512));
        assertEquals("12.4 KB", KeptDeletionsModel.size(12_700));
        assertEquals("3.0 MB", KeptDeletionsModel.size(3L * 1024 * 1024));
        KeptDeletions.Kept k = new KeptDeletions.Kept("deleted_prices", "EUR_USD", "1h", java.time.Instant.parse("2026-03-01T10:15:00Z"), 1,
                "data/deleted/EUR_USD.1h.20260301T101500.000Z.csv", 2048);
        assertEquals("data/deleted/EUR_USD.1h.20260301T101500.000Z.csv (2.0 KB): the 1h bars of EUR_USD deleted 2026-03-01 10:15:00 UTC",
                KeptDeletionsModel.describe(k));
        assertEquals("2,000 files · 1.0 MB · the newest 1 listed",
                KeptDeletionsModel.summary(new KeptDeletions.Listing("data/deleted", 2000, 1024 * 1024, true, 1, List.of(k))));
    }
}
