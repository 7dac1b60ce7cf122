package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A quoted cell holding a line break is one row to DuckDB's reader: the number style is decided, and every number cell
 * checked, on the rows as DuckDB reads them, so a cell after such a break is never cut to another number (1.5 to 15).
 */
class QuotedNewlineCsvTest {
    @TempDir Path tmp;

    @Test
    void aNumberOnTheLineAfterAQuotedLineBreakIsCheckedAgainstTheFilesStyle(@TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("QNL.csv"), "Datum;Notiz;Schluss\n02.01.2020;;1.234,50\n03.01.2020;\"x\ny\";1.5\n06.01.2020;;1.240,00\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)));
        assertEquals(file + " line 3, column Schluss: '1.5' has a decimal point, but line 2 (column Schluss) has a decimal comma ('1.234,50'): "
                + "the file writes numbers two ways", e.getMessage());
        try (Connection c = store.newConnection(); var r = c.createStatement().executeQuery("SELECT count(*) FROM prices")) {
            r.next();
            assertEquals(0, r.getLong(1), "nothing imported");
        }
        // the preview refuses it alike
        SextantException p = assertThrows(SextantException.class, () -> ImportPreview.of(file));
        assertEquals(e.getMessage(), p.getMessage());
    }

    @Test
    void aSwissFileWithAQuotedLineBreakIsRefusedNamingTheCellThatReadsTwoWays(@TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("CH.csv"), "Datum;Notiz;Schluss\n02.01.2020;;1'234.5\n03.01.2020;\"x\ny\";12,5\n06.01.2020;;1'240.0\n");
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file)));
        assertTrue(e.getMessage().startsWith(file + " line 3, column Schluss: '12,5' has a decimal comma, but line 2"), e.getMessage());
    }

    @Test
    void aCellTheJavaSplitReadsOtherwiseIsRefusedByTheCheckOnDuckDbsRowsNamingRowAndColumn(@TempSextant Store store) throws Exception {
        // the style decided by hand (as if the Java read had seen only 1.234,50-like cells): the check on DuckDB's rows still refuses 1.5
        Path file = Files.writeString(tmp.resolve("Q.csv"), "Datum;Notiz;Schluss\n02.01.2020;;1.234,50\n03.01.2020;x;1.5\n");
        CsvHead head = new CsvHead(List.of("Datum", "Notiz", "Schluss"), ';', "%d.%m.%Y", true, new NumberStyle(',', true, false), List.of(), 0);
        ImportBatch.Source s = new ImportBatch.Source(0, file.toString(), file, Layout.detect(head.header(), file.toString()), head, "file:Q.csv", null);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); StagedFile staged = StagedFile.of(file, tmp, file.toString())) {
            SextantException e = assertThrows(SextantException.class, () -> NumberCells.check(c, staged, s));
            assertEquals(file + " row 2 below the header, column Schluss: '1.5' is not a number", e.getMessage());
            assertEquals("Schluss", e.field());
            assertTrue(e.fix().contains("1234,56 or 1.234,56"), e.fix());
        }
    }

    /** Attack 21, H1's second guard for bars: a bar file's number cells are checked on DuckDB's rows before their separators are cut. */
    @Test
    void aBarFilesCellTheJavaSplitReadsOtherwiseIsRefusedByTheCheckOnDuckDbsRows() throws Exception {
        // the style decided by hand, as if the Java read had seen only 1.234,50-like cells: 1.5 is no number under it, never cut to 15
        Path file = Files.writeString(tmp.resolve("W.csv"), "Datum;Notiz;Schluss\n03.01.2020;;1.234,50\n10.01.2020;x;1.5\n17.01.2020;;1.240,00\n");
        CsvHead head = new CsvHead(List.of("Datum", "Notiz", "Schluss"), ';', "%d.%m.%Y", true, new NumberStyle(',', true, false), List.of(), 0);
        BarFile bar = BarFile.ofDates(file.toString(), Layout.detect(head.header(), file.toString()), head);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); StagedFile staged = StagedFile.of(file, tmp, file.toString())) {
            try (var st = c.createStatement()) { // the one table of the store the symbol check reads (V061), empty as in a new store
                st.execute("CREATE TABLE symbols_before_ticker_rule (symbol VARCHAR)");
            }
            SextantException e = assertThrows(SextantException.class, () -> new BarImport(c, PriceRules.defaults()).add(file, bar, "file:W.csv", staged));
            assertEquals(file + " line 3, column Schluss: not a number", e.getMessage());
            assertEquals("Schluss", e.field());
        }
    }
}
