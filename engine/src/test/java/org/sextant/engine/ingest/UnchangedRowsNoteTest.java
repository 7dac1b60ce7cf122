package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Re-importing a file that changes nothing said "0 new rows, 10 updated" and no more (attack 23 L1): the stored days a file
 * brings again with the very same prices are still counted as updated (replaced, as every stored day a file brings), and the
 * file's notes say how many of them changed nothing, on the fast path and the careful one.
 */
class UnchangedRowsNoteTest {
    @TempDir Path tmp;

    @Test
    void aFileImportedAgainSaysItsRowsAreUnchanged(@TempSextant Store store) throws IOException {
        Path file = msft("MSFT.csv");
        new PriceImporter(store).importFiles(List.of(file));
        ImportReport again = new PriceImporter(store).importFiles(List.of(file));
        assertEquals(10, again.rowsUpdated());
        assertTrue(again.files().get(0).notes().contains("all 10 stored rows it replaces already held these very prices: counted as updated, "
                + "nothing in them changed"), again.files().get(0).notes().toString());

        List<String> lines = Files.readAllLines(file);
        lines.set(3, lines.get(3).replaceFirst(",([0-9]+)$", ",1$1")); // one day's volume corrected
        ImportReport oneChanged = new PriceImporter(store).importFiles(List.of(Files.write(dir("fixed").resolve("MSFT.csv"), lines)));
        assertEquals(10, oneChanged.rowsUpdated());
        assertTrue(oneChanged.files().get(0).notes().contains("9 of the 10 stored rows it replaces already held these very prices: counted as "
                + "updated, nothing in them changed"), oneChanged.files().get(0).notes().toString());
    }

    /** A day without open, high and low over a stored one sends the file down the careful path ({@link StoredColumns}): said there too. */
    @Test
    void theCarefulPathSaysItToo(@TempSextant Store store) throws IOException {
        Path file = msft("MSFT.csv");
        new PriceImporter(store).importFiles(List.of(file));
        List<String> lines = Files.readAllLines(file);
        String[] first = lines.get(1).split(",");
        lines.set(1, first[0] + ",,,," + String.join(",", java.util.Arrays.copyOfRange(first, 4, first.length))); // the same close, nothing else
        ImportReport r = new PriceImporter(store).importFiles(List.of(Files.write(dir("part").resolve("MSFT.csv"), lines)));
        assertEquals(9, r.rowsUpdated(), r.files().get(0).notes().toString());
        assertTrue(r.files().get(0).notes().contains("all 9 stored rows it replaces already held these very prices: counted as updated, "
                + "nothing in them changed"), r.files().get(0).notes().toString());
    }

    private Path dir(String name) throws IOException {
        return Files.createDirectories(tmp.resolve(name));
    }

    private Path msft(String name) throws IOException {
        Path p = Files.createDirectories(tmp.resolve("in")).resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/ingest/MSFT.csv")) {
            Files.copy(in, p);
        }
        return p;
    }
}
