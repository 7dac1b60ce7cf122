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

    @Test
    void aTableHasItsHeaderQuotedTooNullsEmptyAndTheAskedLineEnd() {
        List<List<?>> rows = List.of(Arrays.asList("IBM", 1.5, null), List.of("K,O", 2, "x\"y"));
        assertEquals("symbol,\"n,1\",note\r\nIBM,1.5,\r\n\"K,O\",2,\"x\"\"y\"\r\n",
                CsvWriter.table(List.of("symbol", "n,1", "note"), rows, CsvWriter.CRLF));
        assertEquals("a\n1\n", CsvWriter.table(List.of("a"), List.of(List.of(1)), CsvWriter.LF));
    }
}
