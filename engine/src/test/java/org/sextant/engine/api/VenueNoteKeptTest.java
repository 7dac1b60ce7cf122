package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.testing.TempSextant;

/**
 * The note on a symbol stored as eu_equity whose bars are another venue's is kept while the prices are as they were: a
 * research run or a forecast saved (a write of results only) does not make the next read scan the symbol's bars again.
 */
class VenueNoteKeptTest {
    @TempSextant private Sextant engine;

    @Test
    void aWriteOfResultsOnlyKeepsTheNote(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(EuronextStoredAsXetraTest.file(dir, "dec.csv", LocalDate.of(2024, 12, 16), LocalDate.of(2024, 12, 31))));
        engine.setTradingSession("AIR", "eu_equity"); // as an import before the guess read bar times left it
        BarReader reader = new BarReader(engine.store());
        String note = reader.venueNote("AIR");
        assertTrue(note != null && note.contains("Xetra's holidays 2024-12-24, 2024-12-31"), String.valueOf(note));

        // a scan would see this (a results-only write that drops the holidays' bars, which no real one does and the
        // engine's tests refuse: switched off for this one write): the note is kept
        String check = System.clearProperty("sextant.store.checkPriceWrites");
        try {
            engine.store().inTransactionBesidePrices(c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("DELETE FROM bars WHERE symbol = 'AIR' AND CAST(ts AS DATE) IN ('2024-12-24', '2024-12-31')");
                }
            });
        } finally {
            if (check != null) System.setProperty("sextant.store.checkPriceWrites", check);
        }
        assertEquals(note, reader.venueNote("AIR"), "read again without a scan of the bars");
    }
}
