package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * An import reads a CSV as written and judges its line endings (a read of the whole file) only after DuckDB's reader failed:
 * that is safe because DuckDB 2.x refuses every file whose lines end in more than one way, by every reader the import uses
 * (typed, bars, wide, midnight times), however late in the file the other ending comes; it never reads one silently.
 */
class MixedEndingsReadTest {
    @TempDir Path tmp;

    /** A judge that never finds mixed endings, counting the files it is asked about. */
    private static StagedFile.Endings neverMixed(AtomicInteger asked) {
        return staged -> {
            asked.incrementAndGet();
            return null;
        };
    }

    private static String ending(String kind) {
        return kind.replace("CRLF", "\r\n").replace("CR", "\r").replace("LF", "\n");
    }

    /** The header and {@code rows} rows, line i (the header is 0) ending as {@code endings} says (cycled), the last {@code last}. */
    private static String text(String header, String row, int rows, String endings, String last) {
        String[] e = java.util.Arrays.stream(endings.split(",")).map(MixedEndingsReadTest::ending).toArray(String[]::new);
        StringBuilder b = new StringBuilder(header).append(e[0]);
        for (int i = 1; i <= rows; i++) b.append(String.format(row, i, 100 + i)).append(i == rows ? ending(last) : e[i % e.length]);
        return b.toString();
    }

    /** Every reader's refusal: the import, its judge never saying "mixed", fails and writes nothing; the careful path too (a stored source). */
    @ParameterizedTest(name = "{0}, {3} then {4}")
    @CsvSource(delimiter = '|', value = {
            "daily long with names | date,symbol,close,name | 2020-01-%02d,ZMIX,%d,Zed Mix | LF,CRLF   | LF",
            "daily long with names | date,symbol,close,name | 2020-01-%02d,ZMIX,%d,Zed Mix | LF        | CR",
            "daily long with names | date,symbol,close,name | 2020-01-%02d,ZMIX,%d,Zed Mix | LF        | CRLF",
            "daily                 | date,close             | 2020-01-%02d,%d              | CRLF,LF   | CRLF",
            "daily                 | date,close             | 2020-01-%02d,%d              | LF,LF,CR  | LF",
            "daily                 | date,close             | 2020-01-%02d,%d              | CR,LF     | CR",
            "daily                 | date,close             | 2020-01-%02d,%d              | CRLF,CR   | CRLF",
            "daily                 | date,close             | 2020-01-%02d,%d              | LF,CRLF,CRLF,CRLF | CRLF",
            "daily                 | date,close             | 2020-01-%02d,%d              | CR        | LF",
            "midnight times        | date,close             | 2020-01-%02d 00:00:00,%d     | LF,CR     | LF",
            "midnight times        | date,close             | 2020-01-%02d 00:00:00,%d     | CRLF      | LF",
            "bars                  | timestamp,close        | 2020-01-02 13:%02d:00,%d     | LF,CRLF   | LF",
            "bars                  | timestamp,close        | 2020-01-02 13:%02d:00,%d     | LF        | CR",
            "bars                  | timestamp,close        | 2020-01-02 13:%02d:00,%d     | CR,CR,LF  | CR",
            "wide                  | date,AAA,BBB           | 2020-01-%02d,%d,7            | CRLF,CR   | CRLF",
            "wide                  | date,AAA,BBB           | 2020-01-%02d,%d,7            | LF        | CRLF",
            "wide                  | date,AAA,BBB           | 2020-01-%02d,%d,7            | CR,CR,CR,LF | CR"})
    void duckDbRefusesAFileWhoseLinesEndInMoreThanOneWay(String name, String header, String row, String endings, String last,
                                                         @TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("ZMIX.csv"), text(header, row, 9, endings, last));
        assertTrue(LineEndings.mixed(file) != null, "the file's lines end in more than one way");
        AtomicInteger asked = new AtomicInteger();
        PriceImporter asWritten = new PriceImporter(store, PriceRules.defaults(), null, StagedFile::of, neverMixed(asked));

        assertThrows(SextantException.class, () -> asWritten.importFiles(List.of(file)), "read as written, the file is refused, never read wrongly");
        assertEquals(List.of(), CsvImports.rows(store, "SELECT symbol FROM prices UNION ALL SELECT symbol FROM bars"), "nothing was written");
        assertEquals(1, asked.get(), "the judge was asked once the read failed");
    }

    /** The same for a file of several MB (read by DuckDB in parts on several threads) whose other ending comes only near its end. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"LF, CR LF from 70 % on | LF | CRLF", "LF, one lone CR at 95 % | LF | CR", "CR LF, one LF at 90 % | CRLF | LF"})
    void aLargeFileWhoseOtherEndingComesLateIsRefusedToo(String name, String usualKind, String otherKind, @TempSextant Store store) throws Exception {
        String usual = ending(usualKind), other = ending(otherKind);
        int rows = 400_000; // about 18 MB: parts of about 8 MB each
        int from = name.contains("70") ? rows * 7 / 10 : name.contains("95") ? rows * 95 / 100 : rows * 9 / 10;
        boolean once = !name.contains("from");
        StringBuilder b = new StringBuilder("date,symbol,close,name").append(usual);
        for (int i = 1; i <= rows; i++) {
            b.append(java.time.LocalDate.of(2000, 1, 1).plusDays(i % 5000)).append(",Z").append(i / 5000).append(',').append(100 + i % 97).append(",Zed Mix")
                    .append(i == from || (!once && i > from) ? other : usual);
        }
        Path file = Files.writeString(tmp.resolve("ZBIG.csv"), b);
        AtomicInteger asked = new AtomicInteger();
        PriceImporter asWritten = new PriceImporter(store, PriceRules.defaults(), null, StagedFile::of, neverMixed(asked));

        assertThrows(SextantException.class, () -> asWritten.importFiles(List.of(file)));
        assertEquals(List.of(), CsvImports.rows(store, "SELECT symbol FROM prices"), "nothing was written");
    }

    /** The common case pays no read of the whole file beyond DuckDB's: a file whose lines end alike is never judged, by either path. */
    @ParameterizedTest(name = "{0}, {3}")
    @CsvSource(delimiter = '|', value = {
            "daily long with names | date,symbol,close,name | 2020-01-%02d,ZONE,%d,Zed One | LF",
            "daily                 | date,close             | 2020-01-%02d,%d              | CRLF",
            "bars                  | timestamp,close        | 2020-01-02 13:%02d:00,%d     | CR",
            "wide                  | date,AAA,BBB           | 2020-01-%02d,%d,7            | CRLF",
            "midnight times        | date,close             | 2020-01-%02d 00:00:00,%d     | LF"})
    void aFileWhoseLinesEndAlikeIsNeverJudged(String name, String header, String row, String ending, @TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("ZONE.csv"), text(header, row, 9, ending, ending));
        AtomicInteger judged = new AtomicInteger();
        StagedFile.Endings counting = staged -> {
            judged.incrementAndGet();
            return LineEndings.mixed(staged);
        };
        PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, StagedFile::of, counting);

        ImportReport first = importer.importFiles(List.of(file));
        ImportReport again = importer.importFiles(List.of(file)); // its source stored: the careful path

        assertTrue(first.files().get(0).rows() >= 9, first.toString());
        assertEquals(first.files().get(0).rows(), again.files().get(0).rows());
        assertEquals(List.of(), first.files().get(0).notes());
        assertEquals(0, judged.get(), "no read of the file to judge its line endings");
    }

    /** A file whose lines end in two ways is judged once its read failed, and imports as it did when every file was judged first. */
    @Test
    void aFileWhoseLinesEndInTwoWaysIsJudgedOnlyAfterTheReadFailed(@TempSextant Store store) throws Exception {
        Path file = Files.writeString(tmp.resolve("ZMIX.csv"), text("date,close", "2020-01-%02d,%d", 9, "LF,CRLF", "LF"));
        AtomicInteger judged = new AtomicInteger();
        StagedFile.Endings counting = staged -> {
            judged.incrementAndGet();
            return LineEndings.mixed(staged);
        };
        ImportReport r = new PriceImporter(store, PriceRules.defaults(), null, StagedFile::of, counting).importFiles(List.of(file));
        assertEquals(9, r.files().get(0).rows());
        assertEquals(List.of(file + ": its lines end in more than one way (line 2 ends with CR LF where line 1 ends with LF): read as if every line ended with LF"
                + " (the file itself is unchanged)"), r.files().get(0).notes());
        assertEquals(2, judged.get(), "judged after the failed read, and its copy staged again");
    }

    /** A failure that is no refusal of the input (the disk, memory, the store) is not the reader's: no file is read to judge it. */
    @Test
    void aFailureThatIsNotTheReadersCostsNoJudging(@TempSextant Store store) throws Exception {
        Path bars = Files.writeString(tmp.resolve("ZBAR.csv"), "timestamp,close\n2020-01-02 13:00:00,1\n2020-01-02 13:01:00,2\n");
        AtomicInteger judged = new AtomicInteger();
        PriceImporter.Stage diskFull = (source, dir, file, endings) -> {
            throw new SextantException(org.sextant.contract.FailReason.IO_ERROR, "the disk is full", "paths", "free space");
        };
        PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, diskFull, staged -> {
            judged.incrementAndGet();
            return null;
        });
        SextantException e = assertThrows(SextantException.class, () -> importer.importFiles(List.of(bars)));
        assertEquals("the disk is full", e.getMessage());
        assertEquals(0, judged.get(), "no read of the file to judge its line endings");
    }

    /** A refusal by whoever hears the symbols before the commit is no failed read: the import does not run again, nor asks twice. */
    @Test
    void aRefusalBeforeTheCommitIsNotRunAgain(@TempSextant Store store) throws Exception {
        Path daily = Files.writeString(tmp.resolve("ZONE.csv"), "date,close\n2020-01-02,1\n2020-01-03,2\n");
        Path bars = Files.writeString(tmp.resolve("ZBAR.csv"), "timestamp,close\n2020-01-02 13:00:00,1\n2020-01-02 13:01:00,2\n");
        AtomicInteger told = new AtomicInteger();
        ImportTurn refusing = ImportTurn.telling(symbols -> {
            told.incrementAndGet();
            throw SextantException.invalid("paths", "ZONE is being written by a job", "wait for it");
        });
        for (Path f : List.of(daily, bars)) { // the fast path, then the careful one
            PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, StagedFile::of, staged -> "line 2 ends with CR");
            SextantException e = assertThrows(SextantException.class, () -> importer.importFiles(List.of(f), refusing));
            assertEquals("ZONE is being written by a job", e.getMessage(), f.toString());
        }
        assertEquals(2, told.get(), "told once per import");
    }

    /**
     * A line break inside a quoted cell is the cell's, not a line ending: DuckDB reads such a file of dates as written (the judge,
     * counting every break, calls it mixed; read from its copy it gave the same prices and a note naming a line that does not end so).
     */
    @Test
    void aLineBreakInsideAQuotedCellIsNoLineEnding(@TempSextant Store store, @TempSextant Store plain) throws Exception {
        Path file = Files.writeString(Files.createDirectories(tmp.resolve("cell")).resolve("ZQ.csv"),
                "date,close,comment\r\n2020-01-02,\"1\n\",\"two\nlines\"\r\n2020-01-03,2,x\r\n");
        Path one = Files.writeString(Files.createDirectories(tmp.resolve("one")).resolve("ZQ.csv"), "date,close,comment\r\n2020-01-02,1,two lines\r\n2020-01-03,2,x\r\n");
        ImportReport r = new PriceImporter(store).importFiles(List.of(file));
        new PriceImporter(plain).importFiles(List.of(one));
        String prices = "SELECT symbol, date, open, high, low, close, adj_close, volume FROM prices ORDER BY ALL";
        assertEquals(CsvImports.rows(plain, prices), CsvImports.rows(store, prices));
        assertEquals(List.of(), r.files().get(0).notes());
    }
}
