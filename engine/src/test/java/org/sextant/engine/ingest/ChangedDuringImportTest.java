package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A file replaced while it is imported (an export still writing, a sync) is checked and read in one version, its staged
 * copy: its number style is never decided from the new file and applied to the old (1.125 read as 1125).
 */
class ChangedDuringImportTest {
    @TempDir Path dir;

    private static final String STAGED = "Datum;Schluss\n02.01.2020;1.125\n03.01.2020;1.12\n"; // 1.12 tells 1.125 is decimals
    private static final String REPLACED = "Datum;Schluss\n02.01.2020;1.234,50\n03.01.2020;1.125\n";

    /** Stages the file, then replaces it with {@link #REPLACED} (a new file moved over it): the hook between the copy and the rest. */
    private static StagedFile stageThenReplace(Path source, Path staging, String file, StagedFile.Endings endings) {
        StagedFile staged = StagedFile.of(source, staging, file, endings);
        try {
            Path next = Files.writeString(source.resolveSibling("next.tmp"), REPLACED);
            Files.move(next, source, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return staged;
    }

    @Test
    void theCarefulPathChecksAndReadsTheStagedCopy(@TempSextant Store store) throws Exception {
        // the source file:FX.csv stored before: this import takes the careful path, whose staging is the hook
        new PriceImporter(store).importFiles(List.of(Files.writeString(Files.createDirectories(dir.resolve("before")).resolve("FX.csv"), "Datum;Schluss\n01.01.2020;1.1\n")));
        Path file = Files.writeString(Files.createDirectories(dir.resolve("now")).resolve("FX.csv"), STAGED);
        new PriceImporter(store, PriceRules.defaults(), null, ChangedDuringImportTest::stageThenReplace).importFiles(List.of(file));
        assertEquals(List.of("2020-01-01|1.1", "2020-01-02|1.125", "2020-01-03|1.12"), closes(store));
    }

    @Test
    void theFastPathChecksAndReadsTheStagedCopy(@TempSextant Store store) throws Exception {
        Path file = Files.writeString(dir.resolve("FX.csv"), STAGED);
        try (Connection c = store.newConnection()) {
            DirectImport.run(c, store.stagingDir(), List.of(file), PriceRules.defaults(), ChangedDuringImportTest::stageThenReplace, StagedFile.Endings.AS_WRITTEN);
        }
        assertEquals(List.of("2020-01-02|1.125", "2020-01-03|1.12"), closes(store));
    }

    private static List<String> closes(Store store) throws Exception {
        List<String> out = new java.util.ArrayList<>();
        try (Connection c = store.newConnection(); ResultSet r = c.createStatement().executeQuery("SELECT date, close FROM prices WHERE symbol = 'FX' ORDER BY date")) {
            while (r.next()) out.add(r.getString(1) + "|" + r.getDouble(2));
        }
        return out;
    }
}
