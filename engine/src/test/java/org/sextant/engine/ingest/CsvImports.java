package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * What the import tests of this package do again and again: write a CSV, import it (or see it refused), read back what was
 * stored, and hold the preview to what the import said of the same file.
 */
final class CsvImports {
    private CsvImports() {}

    /** {@code text} as the file {@code name} (its symbol), in a folder of its own below {@code dir}. */
    static Path write(Path dir, String name, String text) throws Exception {
        return Files.writeString(Files.createTempDirectory(dir, "in").resolve(name), text);
    }

    static ImportReport imported(Store store, Path... files) {
        return new PriceImporter(store).importFiles(List.of(files));
    }

    static SextantException refused(Store store, Path file) {
        return assertThrows(SextantException.class, () -> imported(store, file));
    }

    /** The import's refusal of {@code file}, after the preview refused it in the same words. */
    static SextantException refusedByPreviewAlike(Store store, Path file) {
        SextantException e = refused(store, file);
        assertEquals(e.getMessage(), assertThrows(SextantException.class, () -> ImportPreview.of(file)).getMessage(), "the preview refuses it alike");
        return e;
    }

    /** The preview of each file of {@code report} notes what the import noted of it. */
    static void assertPreviewNotesAlike(ImportReport report) {
        for (ImportReport.ImportedFile f : report.files()) assertEquals(f.notes(), ImportPreview.of(Path.of(f.file())).notes(), "the preview of " + f.file());
    }

    /** The symbol's stored daily closes, each as date|close, by date. */
    static List<String> closes(Store store, String symbol) {
        return column(store, "SELECT CAST(date AS VARCHAR) || '|' || close FROM prices WHERE symbol = '" + symbol + "' ORDER BY date");
    }

    /** The first column of the rows {@code sql} reads. */
    static List<String> column(Store store, String sql) {
        return store.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                while (r.next()) out.add(r.getString(1));
            }
            return out;
        });
    }

    /** The rows {@code sql} reads, each as its cells, each followed by |. */
    static List<String> rows(Store store, String sql) {
        return store.read(c -> {
            List<String> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                while (r.next()) {
                    StringBuilder row = new StringBuilder();
                    for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) row.append(r.getString(i)).append('|');
                    out.add(row.toString());
                }
            }
            return out;
        });
    }

    /** How many daily prices the store holds (none, after a refusal). */
    static long storedPrices(Store store) {
        return count(store, "SELECT count(*) FROM prices");
    }

    /** The one number {@code sql} reads, such as a count. */
    static long count(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
