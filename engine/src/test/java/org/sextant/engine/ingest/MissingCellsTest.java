package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * The three readers of a price file take the same cells as missing ({@link MissingCells}): a wide file of weekday rows
 * whose two columns have prices on Fridays only, every other cell spelled one way, is weekly only when the preview, the
 * daily import (which reads the file first) and the bar import (which reads it again as 1w bars) all skip those cells.
 */
class MissingCellsTest {
    @TempDir Path tmp;

    private Path fridaysOnly(String name, String missing) throws Exception {
        List<String> rows = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2024, 1, 1); d.isBefore(LocalDate.of(2024, 4, 1)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() > 5) continue;
            boolean friday = d.getDayOfWeek() == DayOfWeek.FRIDAY;
            rows.add(d + "," + (friday ? "10.5" : missing) + "," + (friday ? "20.25" : missing));
        }
        return Files.writeString(tmp.resolve(name), "date,AAA,BBB\n" + String.join("\n", rows) + "\n");
    }

    @Test
    void everyReaderSkipsEverySpelling() throws Exception {
        allWeekly("W", MissingCells.SPELLINGS);
    }

    /** A NaN is a wide file's empty day in every spelling DuckDB reads as NaN (any case, a sign, a payload), the preview's too. */
    @Test
    void everyReaderSkipsEveryNaN() throws Exception {
        allWeekly("N", List.of("NaN", "nan", "NAN", "-nan", "+NaN", "nan(1)"));
    }

    private void allWeekly(String prefix, List<String> spellings) throws Exception {
        int k = 0;
        for (String missing : spellings) {
            Path f = fridaysOnly(prefix + k++ + ".csv", missing);
            assertEquals("1w", ImportPreview.of(f).interval(), "'" + missing + "'");
            try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(prefix + k + ".duckdb"), tmp.resolve(prefix + k + "-staging"))) {
                assertEquals("1w", new PriceImporter(store).importFiles(List.of(f)).files().get(0).interval(), "'" + missing + "'");
                assertEquals(2 * 13, number(store, "SELECT count(*) FROM bars WHERE interval = '1w'"), "'" + missing + "'");
            }
        }
    }

    @Test
    void aSpellingNotListedIsNoMissingCell() throws Exception {
        Path f = fridaysOnly("DASH.csv", "-");
        assertEquals("1d", ImportPreview.of(f).interval());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(f)));
            assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        }
    }
}
