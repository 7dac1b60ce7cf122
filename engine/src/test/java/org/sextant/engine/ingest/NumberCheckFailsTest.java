package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/**
 * The check of a file's number cells before their separators are cut (1.234,50 to 1234.50) refuses the file when it cannot
 * run, rather than letting the cut go ahead unchecked (a failed check was ignored): a row its read refuses is named, any
 * other failure names the number columns and what to do, never the file's bytes nor DuckDB's message.
 */
class NumberCheckFailsTest {
    @TempDir Path tmp;

    @Test
    void aCheckThatCannotReadTheFileRefusesItNamingTheNumberColumns() throws Exception {
        Path file = Files.writeString(tmp.resolve("EU.csv"), "Datum;Schluss;Volumen\n02.01.2020;1.234,50;1.000\n03.01.2020;1.240,00;2.000\n");
        ImportBatch.Source s = european(file, List.of("Datum", "Schluss", "Volumen"));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); StagedFile staged = StagedFile.of(file, tmp, file.toString())) {
            Files.delete(staged.path()); // the copy the check reads is gone: its read fails
            SextantException e = assertThrows(SextantException.class, () -> NumberCells.check(c, staged, s));
            assertEquals(file + ": the numbers of column Schluss, Volumen (written like 1.234,50) could not be checked before their separators are cut, "
                    + "and are not read unchecked: nothing is imported", e.getMessage());
            assertEquals("Schluss", e.field());
            assertTrue(e.fix().contains("without thousands separators (1234,50)"), e.fix());
        }
    }

    @Test
    void aRowTheChecksReadRefusesIsNamed() throws Exception {
        Path file = Files.writeString(tmp.resolve("EUD.csv"), "Datum;Schluss\n02.01.2020;1.234,50\n03.01.2020;1.240,00;7\n");
        ImportBatch.Source s = european(file, List.of("Datum", "Schluss"));
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); StagedFile staged = StagedFile.of(file, tmp, file.toString())) {
            SextantException e = assertThrows(SextantException.class, () -> NumberCells.check(c, staged, s));
            assertEquals(file + " line 3: more cells than the 2 columns of the header", e.getMessage());
            assertEquals("paths", e.field());
        }
    }

    /** A file whose numbers are decided to have a decimal comma and '.' between thousands, dates day first. */
    private static ImportBatch.Source european(Path file, List<String> header) {
        CsvHead head = new CsvHead(header, ';', "%d.%m.%Y", true, new NumberStyle(',', true, false), List.of(), 0);
        return new ImportBatch.Source(0, file.toString(), file, Layout.detect(head.header(), file.toString()), head, "file:" + file.getFileName(), null);
    }
}
