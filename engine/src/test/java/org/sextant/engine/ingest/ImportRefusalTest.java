package org.sextant.engine.ingest;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** Issue #14: a file that is not prices leaks nothing through errors; rows that cannot be prices are refused. */
class ImportRefusalTest {
    @TempDir Path tmp;

    private static SextantException refused(Store store, PriceRules rules, Path file) {
        return assertThrows(SextantException.class, () -> new PriceImporter(store, rules).importFiles(List.of(file)));
    }

    private static long prices(Store store) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static void assertLeaksNothing(SextantException e, String... secrets) {
        String all = e.getMessage() + " | " + e.fix() + " | " + e.field();
        for (String secret : secrets) assertFalse(all.contains(secret), "the error echoes '" + secret + "': " + all);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "app.env | AWS_SECRET=abcd1234 | AWS_SECRET=abcd1234 | abcd1234",
            "shadow  | root:$6$s4lt$h4shh4sh:19000:0:99999:7::: | $6$s4lt$h4shh4sh | root:",
            "keys.csv | sk-live-0123456789abcdef,other | sk-live-0123456789abcdef | sk-live"})
    void aFileThatIsNotPricesIsDescribedNeverEchoed(String name, String firstLine, String secret, String part, @TempSextant Store store) throws Exception {
        Path f = Files.writeString(tmp.resolve(name), firstLine + "\nsecond line,of it\n");
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertLeaksNothing(e, secret, part);
        assertTrue(e.getMessage().contains(f + " line 1 (the header): not a price file header"), e.getMessage());
        assertTrue(e.fix().contains("Date,Open,High,Low,Close"), e.fix());
    }

    /** A NUL or another invisible control character after a number: the quoted cell shows it escaped, not as a number that looks fine. */
    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {"0 | 100.0000\\u0000", "7 | 100.0000\\u0007", "27 | 100.0000\\u001b"})
    void anInvisibleCharacterAfterANumberIsShownEscaped(int control, String shown, @TempSextant Store store) throws Exception {
        Path f = tmp.resolve("NUL.csv");
        Files.write(f, ("Date,Close\n2010-01-04,100.0000" + (char) control + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertEquals(f + " line 2, column Close: '" + shown + "' is not a number", e.getMessage());
        assertEquals(0, prices(store));
    }

    @Test
    void aTextCellOfAFileWithAPriceHeaderIsDescribedByItsLength(@TempSextant Store store) throws Exception {
        Path f = Files.writeString(tmp.resolve("KEYS.csv"), "date,close\n2020-01-02,sk-live-0123456789abcdef\n");
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertLeaksNothing(e, "sk-live", "0123456789abcdef");
        assertTrue(e.getMessage().contains("KEYS.csv line 2, column close: a text of 24 characters is not a number"), e.getMessage());
    }

    /** A number past a double's range reads as infinite: the error says it is out of range, never "Infinity", which the file did not hold. */
    @Test
    void aNumberOutOfRangeIsNamedByLineAndColumn(@TempSextant Store store) throws Exception {
        Path daily = Files.writeString(tmp.resolve("BIGNUM.csv"), "Date,Open,High,Low,Close,Adj Close,Volume\n"
                + "2000-09-27,63.4375,63.5625,59.8125,60.625,60.625,53077800\n2000-09-28,60.8125,61.875,60.625,1e400,61.3125,26180200\n");
        SextantException e = refused(store, PriceRules.defaults(), daily);
        assertEquals("Close", e.field());
        assertTrue(e.getMessage().contains("BIGNUM.csv line 3, column Close: the close is out of range: not a finite number"), e.getMessage());
        assertTrue(e.fix().contains("finite number"), e.fix());
        assertLeaksNothing(e, "Infinity");
        Path negative = Files.writeString(tmp.resolve("NEG.csv"), "Date,Close,Volume\n2000-09-27,60.625,-1e400\n");
        e = refused(store, PriceRules.defaults(), negative);
        assertTrue(e.getMessage().contains("NEG.csv line 2, column Volume: the volume is out of range"), e.getMessage());
        assertLeaksNothing(e, "Infinity");
        Path bars = Files.writeString(tmp.resolve("BIGBAR.csv"), "Datetime,Open,High,Low,Close,Volume\n"
                + "2001-01-02 10:00,1.0,1.1,0.9,1.05,100\n2001-01-02 10:30,1.0,1e400,0.9,1.05,100\n");
        e = refused(store, PriceRules.defaults(), bars);
        assertTrue(e.getMessage().contains("BIGBAR.csv line 3, column High: the high is out of range: not a finite number"), e.getMessage());
        assertTrue(e.fix().contains("finite number"), e.fix());
        assertLeaksNothing(e, "Infinity");
        assertEquals(0, prices(store));
        Path signal = Files.writeString(tmp.resolve("vix.csv"), "date,value\n1998-10-01,40.1\n1998-10-02,1e400\n");
        e = assertThrows(SextantException.class, () -> org.sextant.engine.analogue.UserSignalImport.importCsv(store, signal,
                org.sextant.engine.analogue.SignalDefinition.numeric("vix", 1.0, "test", 0.0), "live"));
        assertTrue(e.getMessage().startsWith("vix.csv line 3: '1e400' is out of range: not a finite number"), e.getMessage());
        // finite but past what the matcher can square: every analogue came back "at distance Infinity"
        Path huge = Files.writeString(tmp.resolve("vix2.csv"), "date,value\n1998-10-01,40.1\n1998-10-02,NaN\n1998-10-05,-1e308\n");
        e = assertThrows(SextantException.class, () -> org.sextant.engine.analogue.UserSignalImport.importCsv(store, huge,
                org.sextant.engine.analogue.SignalDefinition.numeric("vix", 1.0, "test", 0.0), "live"));
        assertTrue(e.getMessage().startsWith("vix2.csv line 4: '-1e308' is out of range: a signal value must be within ±1.0E15"), e.getMessage());
    }

    /** NaN in a price cell is not a number, in daily and bar files alike (a bar's NaN close was called "negative", a daily one "breaks a price rule"). */
    /** Bars alternating 1e-300 and 1e300 imported and then made every forecast of the symbol fail with an internal error. */
    @Test
    void anImplausibleMagnitudeIsRefusedNamingLineAndColumn(@TempSextant Store store) throws Exception {
        StringBuilder huge = new StringBuilder("timestamp,open,high,low,close,volume\n");
        for (int i = 0; i < 6; i++) {
            String v = i % 2 == 0 ? "1e-300" : "1e+300";
            huge.append(java.time.LocalDateTime.of(2024, 1, 2, 15, 0).plusMinutes(30L * i)).append("Z,").append(v).append(',').append(v).append(',')
                    .append(v).append(',').append(v).append(",1e308\n");
        }
        SextantException e = refused(store, PriceRules.defaults(), Files.writeString(tmp.resolve("HUGE.csv"), huge.toString()));
        assertEquals("close", e.field());
        assertTrue(e.getMessage().contains("HUGE.csv line 2, column close: the close 1.0E-300 is below 1.0E-9, no plausible price"), e.getMessage());
        assertTrue(e.fix().contains("1.0E-9..1.0E12"), e.fix());
        Path daily = Files.writeString(tmp.resolve("BIGCLOSE.csv"), "Date,Open,High,Low,Close,Volume\n2000-09-27,63,64,59,60,100\n2000-09-28,60,3e12,60,2e12,100\n");
        e = refused(store, PriceRules.defaults(), daily);
        assertEquals("High", e.field());
        assertTrue(e.getMessage().contains("BIGCLOSE.csv line 3, column High: the high 3.0E12 is above 1.0E12, no plausible price"), e.getMessage());
        Path volume = Files.writeString(tmp.resolve("BIGVOL.csv"), "Date,Close,Volume\n2000-09-27,60,1e308\n");
        e = refused(store, PriceRules.defaults(), volume);
        assertTrue(e.getMessage().contains("BIGVOL.csv line 2, column Volume: the volume 1.0E308 is above 1.0E18"), e.getMessage());
        assertEquals(0, prices(store));
        // the bounds themselves are prices
        new PriceImporter(store).importFiles(List.of(Files.writeString(tmp.resolve("EDGE.csv"), "Date,Close,Volume\n2000-09-27,1e-9,1e18\n2000-09-28,1e12,0\n")));
        assertEquals(2, prices(store));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource({"Open, NaN", "High, nan", "Low, NAN", "Close, NaN", "Close, nan", "Close, -nan", "Volume, NaN"})
    void aNaNPriceIsRefusedAsNotANumber(String column, String nan, @TempSextant Store store) throws Exception {
        List<String> header = List.of("Open", "High", "Low", "Close", "Volume");
        String good = "1.0,1.1,0.9,1.05,100";
        String[] cells = good.split(",");
        cells[header.indexOf(column)] = nan;
        String bad = String.join(",", cells);
        Path daily = Files.writeString(tmp.resolve("DAILY.csv"), "Date,Open,High,Low,Close,Volume\n2001-01-02," + good + "\n2001-01-03," + bad + "\n");
        Path bars = Files.writeString(tmp.resolve("BARS.csv"), "Datetime,Open,High,Low,Close,Volume\n2001-01-02 10:00," + good + "\n2001-01-02 10:30," + bad + "\n");
        for (Path f : List.of(daily, bars)) {
            SextantException e = refused(store, PriceRules.defaults(), f);
            assertEquals(column, e.field());
            assertEquals(f + " line 3, column " + column + ": the " + column.toLowerCase() + " is not a number (NaN)", e.getMessage());
            assertTrue(e.fix().contains("write the value as a number") && e.fix().contains("leave the cell empty"), e.fix());
        }
        assertEquals(0, prices(store));
    }

    /** A line whose every price is NaN is a day without prices, skipped as a line of empty cells is; so is a wide file's NaN cell. */
    @Test
    void aLineOfNaNOnlyIsSkipped(@TempSextant Store store) throws Exception {
        ImportReport r = new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(Files.writeString(tmp.resolve("GAPDAY.csv"),
                "Date,Open,High,Low,Close,Volume\n2001-01-02,1.0,1.1,0.9,1.05,100\n2001-01-03,NaN,NaN,NaN,NaN,NaN\n")));
        assertEquals(1, prices(store));
        assertEquals(1, r.files().get(0).skipped());
        r = new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(Files.writeString(tmp.resolve("wide.csv"),
                "date,AAA,BBB\n2020-01-02,1,2\n2020-01-03,NaN,3\n")));
        assertEquals(4, prices(store));
        assertEquals(0, r.files().get(0).skipped(), "a wide file's missing cell is not a skipped line");
    }

    /** A symbol from a file name follows the ticker rule gathered symbols follow: "A,B" would break every --symbols list. */
    @Test
    void aFileNameThatGivesNoTickerIsRefusedNamingTheFile(@TempSextant Store store) throws Exception {
        Path comma = Files.writeString(tmp.resolve("A,B.csv"), "Date,Close\n2000-09-27,60.625\n");
        SextantException e = refused(store, PriceRules.defaults(), comma);
        assertEquals("paths", e.field());
        assertEquals(comma + ": the file name gives the symbol 'A,B', which is not a ticker (letters, digits and . _ ^ = - only, at least one letter or digit, or a pair such as EUR/USD, at most 40)", e.getMessage());
        assertEquals("rename the file after the ticker, e.g. MSFT.csv, or add a symbol column", e.fix());
        Path space = Files.writeString(tmp.resolve("my stock.csv"), "Date,Close\n2000-09-27,60.625\n");
        assertTrue(refused(store, PriceRules.defaults(), space).getMessage().contains("the symbol 'MY STOCK', which is not a ticker"));
        Path bars = Files.writeString(tmp.resolve("EUR USD.csv"), "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:05:00Z,1.2\n");
        e = refused(store, PriceRules.defaults(), bars);
        assertTrue(e.getMessage().contains("the symbol 'EUR USD', which is not a ticker") && e.fix().contains("EURUSD.csv"), e.getMessage());
        assertEquals(0, prices(store));
        // the tickers providers use still name files: msft.us, ^spx, brk-b, eurusd=x
        new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(Files.writeString(tmp.resolve("^SPX.csv"), "Date,Close\n2000-09-27,1426.57\n"),
                Files.writeString(tmp.resolve("brk-b.us.txt"), "Date,Close\n2000-09-27,2000\n")));
        assertEquals(2, prices(store));
    }

    /** A new ticker a spreadsheet would run as a formula (attack 31 F1) is refused naming the column and the fix; nothing is imported. */
    @Test
    void aSymbolStartingAsAFormulaIsRefusedNamingTheSymbolColumn(@TempSextant Store store) throws Exception {
        for (String sym : List.of("=A1", "-2-3", "+X", "@X")) {
            Path f = Files.writeString(tmp.resolve("formula.csv"), "symbol,date,close\nIBM,2000-09-27,60.6\n" + sym + ",2000-09-27,60.6\n");
            SextantException e = refused(store, PriceRules.defaults(), f);
            assertEquals("symbol", e.field(), sym);
            assertTrue(e.getMessage().contains("line 3, column symbol: the symbol '" + sym + "' is not a ticker"), e.getMessage());
            assertTrue(e.fix().contains("without the leading " + sym.charAt(0)), e.fix());
        }
        Path wide = Files.writeString(tmp.resolve("wide.csv"), "date,IBM,=A1\n2000-09-27,60.6,1.0\n");
        assertTrue(refused(store, PriceRules.defaults(), wide).getMessage().contains("header column 3: the symbol '=A1' is not a ticker"));
        Path bars = Files.writeString(tmp.resolve("bars.csv"), "datetime,symbol,close\n2020-01-06T10:00:00Z,-EUR,1.1\n2020-01-06T10:05:00Z,-EUR,1.2\n");
        assertEquals("symbol", refused(store, PriceRules.defaults(), bars).field());
        assertEquals(0, prices(store));
        // a = or - inside a ticker stays: eurusd=x, brk-b
        new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(Files.writeString(tmp.resolve("ok.csv"), "symbol,date,close\nEURUSD=X,2000-09-27,1.1\nBRK-B,2000-09-27,2\n")));
        assertEquals(2, prices(store));
    }

    /**
     * Attack 34: a symbol cell of a no-break space and =A1 was refused as "f.csv, column symbol", its line not found again
     * (the file's cell and the read symbol were trimmed differently): every look-alike leader's refusal names its line.
     */
    @Test
    void aSymbolCellRefusedWithALookAlikeLeaderNamesItsLine(@TempSextant Store store) throws Exception {
        for (String sym : List.of("\u00a0=A1", " =A1", "\"=A1\"", "\u3000=A1", "\u2007=A1", "\ufeff=A1", "\u200b=A1", "\uff1dA1", "\u2212A1", "=A1\u00a0", "\t=A1", "stra\u00dfe")) {
            Path f = Files.writeString(tmp.resolve("f.csv"), "date,symbol,close\n2024-01-02,IBM,1\n2024-01-03," + sym + ",2\n");
            SextantException e = refused(store, PriceRules.defaults(), f);
            assertEquals("symbol", e.field(), sym);
            assertTrue(e.getMessage().contains("f.csv line 3, column symbol: "), org.sextant.contract.ShownText.escaped(sym) + ": " + e.getMessage());
        }
        assertEquals(0, prices(store));
    }

    /** A symbol in a column or a wide header follows the same rule: one no read could reach ('X' x 100, a newline, ../..) is refused. */
    @Test
    void aSymbolCellOrHeaderThatIsNoTickerIsRefusedNamingFileLineAndColumn(@TempSextant Store store) throws Exception {
        String rule = " is not a ticker (letters, digits and . _ ^ = - only, at least one letter or digit, or a pair such as EUR/USD, at most 40)";
        Path longOne = Files.writeString(tmp.resolve("long.csv"), "symbol,date,close\nIBM,2000-09-27,60.6\n" + "X".repeat(100) + ",2000-09-27,60.6\n");
        SextantException e = refused(store, PriceRules.defaults(), longOne);
        assertEquals("symbol", e.field());
        assertEquals(longOne + " line 3, column symbol: a symbol of 100 characters" + rule, e.getMessage());
        Path newline = Files.writeString(tmp.resolve("nl.csv"), "symbol,date,close\n\"A\nB\",2000-09-27,60.6\n");
        assertEquals(newline + " line 2, column symbol: the symbol 'A\\u000aB'" + rule, refused(store, PriceRules.defaults(), newline).getMessage());
        Path later = Files.writeString(tmp.resolve("nl2.csv"), "symbol,date,close\nIBM,2000-09-27,60.6\nIBM,2000-09-28,61\n\"C\nD\",2000-09-27,60.6\n");
        assertEquals(later + " line 4, column symbol: the symbol 'C\\u000aD'" + rule, refused(store, PriceRules.defaults(), later).getMessage());
        Path control = Files.writeString(tmp.resolve("bel.csv"), "symbol,date,close\nA\u0007B,2000-09-27,60.6\n");
        assertEquals(control + " line 2, column symbol: the symbol 'A\\u0007B'" + rule, refused(store, PriceRules.defaults(), control).getMessage());
        Path dots = Files.writeString(tmp.resolve("dots.csv"), "ticker,date,close\n../../etc,2000-09-27,60.6\n");
        assertEquals(dots + " line 2, column ticker: the symbol '../../ETC'" + rule, refused(store, PriceRules.defaults(), dots).getMessage());
        Path wide = Files.writeString(tmp.resolve("wide.csv"), "date,IBM,A B\n2000-09-27,60.6,1.0\n");
        assertEquals(wide + ", header column 3: the symbol 'A B'" + rule, refused(store, PriceRules.defaults(), wide).getMessage());
        Path bars = Files.writeString(tmp.resolve("bars.csv"), "datetime,symbol,close\n2020-01-06T10:00:00Z,EUR,USD,1.1\n".replace("EUR,USD", "\"EUR,USD\""));
        assertEquals(bars + " line 2, column symbol: the symbol 'EUR,USD'" + rule, refused(store, PriceRules.defaults(), bars).getMessage());
        Path halves = Files.writeString(tmp.resolve("halves.csv"), "symbol,date,close\nEUR/USD/JPY,2000-09-27,1.1\n");
        assertEquals(halves + " line 2, column symbol: the symbol 'EUR/USD/JPY'" + rule, refused(store, PriceRules.defaults(), halves).getMessage());
        for (String punctuation : List.of(".", "..", "--", "^")) { // attack 16 L1: accepted, then kept after a deletion as a hidden or option-like file
            Path only = Files.writeString(tmp.resolve("punct.csv"), "symbol,date,close\nIBM,2000-09-27,60.6\n" + punctuation + ",2000-09-27,1\n");
            String why = punctuation.startsWith("-") ? rule.replace("(", "(it starts with -, which a spreadsheet runs as a formula; ") : rule;
            assertEquals(only + " line 3, column symbol: the symbol '" + punctuation + "'" + why, refused(store, PriceRules.defaults(), only).getMessage());
        }
        Path dotFile = Files.writeString(tmp.resolve("...csv"), "Date,Close\n2000-09-27,1\n"); // the file name gives '..'
        assertTrue(refused(store, PriceRules.defaults(), dotFile).getMessage().contains("the symbol '..', which is not a ticker"));
        assertEquals(0, prices(store));
        // what real files hold still imports: an index, a class share, a pair (also written with a slash), an exchange suffix
        new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(Files.writeString(tmp.resolve("ok.csv"),
                "symbol,date,close\n^SPX,2000-09-27,1426.57\nBRK-B.US,2000-09-27,2000\nusdchf,2000-09-27,1.7\nEURUSD=X,2000-09-27,0.87\nEUR/USD,2000-09-27,0.87\n")));
        assertEquals(5, prices(store));
    }

    /** A binary file (a DuckDB database) is named as not UTF-8 text, not in the decoder's words ("Input length = 1"). */
    @Test
    void aFileThatIsNotTextIsSaidToBeNoPriceCsv(@TempSextant Store store) throws Exception {
        byte[] binary = {0, 0, 0, 0, 'D', 'U', 'C', 'K', (byte) 0xFF, (byte) 0xFE, (byte) 0x80, '\n', (byte) 0xC3, '\n'};
        for (String name : new String[] {"store.duckdb", "IBM.csv"}) {
            Path f = Files.write(tmp.resolve(name), binary);
            SextantException e = refused(store, PriceRules.defaults(), f);
            assertEquals(f + ": not a price CSV: it is not UTF-8 text (a binary file such as a database, or text in another encoding, "
                    + "such as UTF-16 without its byte-order mark)", e.getMessage());
            // attack 23 L2: the fix names every encoding that imports
            assertEquals("import a price CSV saved as UTF-8, Windows-1252 or UTF-16 with its byte-order mark (Excel: CSV UTF-8, CSV, or Unicode "
                    + "text), or a Parquet file (.parquet)", e.fix());
        }
    }

    /** A signal file's errors name the line of the file, counting the header, as the price import's do. */
    @Test
    void aSignalImportNamesTheLineOfTheFile(@TempSextant Store store) throws Exception {
        var definition = org.sextant.engine.analogue.SignalDefinition.numeric("my_signal", 1.0, "test", 0.0);
        Path value = Files.writeString(tmp.resolve("value.csv"), "date,value\n2020-01-02,1\n2020-01-03,2\n2020-01-06,SECRETVALUE123\n");
        SextantException e = assertThrows(SextantException.class, () -> org.sextant.engine.analogue.UserSignalImport.importCsv(store, value, definition, "live"));
        assertTrue(e.getMessage().startsWith("value.csv line 4: a text of 14 characters is not a number"), e.getMessage());
        assertLeaksNothing(e, "SECRETVALUE");
        Path firstRow = Files.writeString(tmp.resolve("first.csv"), "date,value\n2020-13-45,1\n2020-01-03,2\n");
        e = assertThrows(SextantException.class, () -> org.sextant.engine.analogue.UserSignalImport.importCsv(store, firstRow, definition, "live"));
        assertTrue(e.getMessage().startsWith("first.csv line 2: "), "a bad date on the first data row is no second header: " + e.getMessage());
    }

    @Test
    void aSignalImportOfAFileThatIsNotASignalEchoesNoLine(@TempSextant Store store) throws Exception {
        Path env = Files.writeString(tmp.resolve("signal.env"), "date,value\n2020-01-02,1\nAWS_SECRET=abcd1234,x\n");
        SextantException e = assertThrows(SextantException.class, () -> org.sextant.engine.analogue.UserSignalImport.importCsv(store, env,
                org.sextant.engine.analogue.SignalDefinition.numeric("my_signal", 1.0, "test", 0.0), "live"));
        assertLeaksNothing(e, "abcd1234", "AWS_SECRET");
        assertTrue(e.getMessage().contains("a text of 19 characters is not an ISO date"), e.getMessage());
    }

    /**
     * A header cell of megabytes was the refusal's field, whole: import_prices answered megabytes and
     * the job file, list_jobs and MCP's list_jobs with it. The field now names the column by position.
     */
    @Test
    void aHugeHeaderCellIsNamedByItsPositionAndEveryAnswerStaysSmall(@TempSextant Sextant engine) throws Exception {
        // a megabyte, under the longest line a CSV may have (a longer header is refused by its length, below)
        Path f = Files.writeString(tmp.resolve("HUGE.csv"), "Date,Close" + "x".repeat(1_000_000) + "\n2020-01-02,1\n");
        SextantException e = refused(engine.store(), PriceRules.defaults(), f);
        assertTrue(e.field().length() < 100 && e.getMessage().length() < 1_000, "field of " + e.field().length() + " characters");
        assertEquals("column 2", e.field());
        assertTrue(e.getMessage().contains("header column 2: a symbol of 1000005 characters is not a ticker"), e.getMessage());
        assertTrue(e.getMessage().length() < 1_000 && e.fix().length() < 1_000, e.getMessage());

        JobStatus job = engine.jobs().await(engine.startImport(List.of(f)).id(), Duration.ofMinutes(2));
        assertEquals(JobState.FAILED, job.state());
        assertTrue(job.field().length() < 100, "field of " + job.field().length() + " characters");
        assertEquals("column 2", job.field());
        assertTrue(Files.size(engine.home().jobsDir().resolve(job.id() + ".json")) < 5_000, "the job file stays small");
        assertTrue(org.sextant.engine.Json.write(engine.jobs().list()).length() < 50_000, "list_jobs stays small");

        Path longer = Files.writeString(tmp.resolve("HUGER.csv"), "Date,Close" + "x".repeat(5_000_000) + "\n2020-01-02,1\n");
        SextantException byLength = refused(engine.store(), PriceRules.defaults(), longer);
        assertEquals(longer + " line 1 is longer than the longest line a CSV may have (2,000,000 bytes)", byLength.getMessage());
        assertTrue(byLength.field().length() < 100 && byLength.getMessage().length() < 1_000, byLength.getMessage());
    }

    /** A header with a direction override would show its field in another order than it is: named by position (attacker pass 9). */
    @Test
    void aHeaderWithADirectionOverrideIsNamedByItsPosition(@TempSextant Sextant engine) throws Exception {
        Path f = Files.writeString(tmp.resolve("RTL.csv"), "Date,AB\u202eC D\n2020-01-02,1\n");
        SextantException e = refused(engine.store(), PriceRules.defaults(), f);
        assertEquals("column 2", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("the symbol 'AB\\u202eC D' is not a ticker"), e.getMessage());
    }

    /** Whatever field a refusal is built with, it names an argument or a column: never longer than a person reads. */
    @Test
    void everyRefusalsFieldIsBounded() {
        SextantException e = SextantException.invalid("Close" + "x".repeat(3_000_000), "bad", "fix");
        assertEquals(SextantException.MAX_FIELD, e.field().length(), "field of " + e.field().length() + " characters");
        assertTrue(e.field().startsWith("Closexxx") && e.field().endsWith("\u2026"), e.field());
        assertEquals("symbols", SextantException.invalid("symbols", "bad", "fix").field());
        SextantException wordy = new SextantException(org.sextant.contract.FailReason.DB_ERROR, "y".repeat(3_000_000), null, "z".repeat(3_000_000));
        assertTrue(wordy.getMessage().length() <= SextantException.MAX_TEXT && wordy.fix().length() <= SextantException.MAX_TEXT);
    }

    @Test
    void theJobRecordOfARefusedImportHoldsNoFileContent(@TempSextant Sextant engine) throws Exception {
        Path env = Files.writeString(tmp.resolve(".env"), "AWS_SECRET=abcd1234\nDB_PASSWORD=hunter2hunter2\n");
        JobStatus job = engine.jobs().await(engine.startImport(List.of(env)).id(), Duration.ofMinutes(2));
        assertEquals(JobState.FAILED, job.state());
        assertTrue(job.error().contains(".env line 1 (the header)"), job.error());
        try (Stream<Path> records = Files.list(engine.home().jobsDir())) {
            for (Path record : records.toList()) {
                String text = Files.readString(record);
                assertFalse(text.contains("abcd1234") || text.contains("AWS_SECRET") || text.contains("hunter2"), record + ": " + text);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "date long ago    | 0001-01-01,10,11,9,10.5,100 | line 3, column Date: the date 0001-01-01 is outside the plausible range | import.min_date",
            "date far ahead   | 9999-12-31,10,11,9,10.5,100 | line 3, column Date: the date 9999-12-31 is outside the plausible range | import.max_date",
            "close of zero    | 1991-01-03,10,11,9,0,100    | line 3, column Close: the close is 0.0, not above 0 | positive",
            "high below low   | 1991-01-03,10,9,11,10,100   | line 3, column High: the high 9.0 is below the low 11.0 | swapped",
            "open above high  | 1991-01-03,12,11,9,10,100   | line 3, column Open: the open 12.0 is outside [low 9.0, high 11.0] | between its low and its high",
            "close below low  | 1991-01-03,10,11,9,8.5,100  | line 3, column Close: the close 8.5 is outside [low 9.0, high 11.0] | between its low and its high"})
    void aRowThatCannotBePricesIsRefusedWithTheLineAndTheFix(String what, String badRow, String message, String fix, @TempSextant Store store) throws Exception {
        Path f = Files.writeString(tmp.resolve("KO.csv"), "Date,Open,High,Low,Close,Volume\n1991-01-02,9.8,9.9,9.7,9.88,100\n" + badRow + "\n");
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertTrue(e.getMessage().contains("KO.csv " + message), e.getMessage());
        assertTrue(e.fix().contains(fix), e.fix());
        assertEquals(0, prices(store), "nothing written");
    }

    @Test
    void thePlausibleDateRangeIsSetInSettings(@TempSextant Store store) throws Exception {
        Path settings = Files.writeString(tmp.resolve("settings.json"), "{\"import\": {\"min_date\": \"1700-01-01\", \"max_date\": \"2000-12-31\"}}");
        PriceRules rules = PriceRules.load(settings);
        assertEquals(new PriceRules(LocalDate.of(1700, 1, 1), LocalDate.of(2000, 12, 31)), rules);
        assertEquals(LocalDate.now().plusDays(1), PriceRules.load(tmp.resolve("absent.json")).maxDate());
        Path old = Files.writeString(tmp.resolve("SPX.csv"), "Date,Close\n1750-01-02,1.5\n");
        Path late = Files.writeString(tmp.resolve("LATE.csv"), "Date,Close\n2001-01-02,1.5\n");
        assertEquals(1, new PriceImporter(store, rules).importFiles(List.of(old)).rowsInserted());
        assertTrue(refused(store, PriceRules.defaults(), Files.writeString(tmp.resolve("SPX2.csv"), "Date,Close\n1750-01-02,1.5\n"))
                .getMessage().contains("outside the plausible range 1800-01-01.."));
        assertTrue(refused(store, rules, late).getMessage().contains("2001-01-02 is outside the plausible range 1700-01-01..2000-12-31"));
        Path broken = Files.writeString(tmp.resolve("broken.json"), "{\"import\": {\"min_date\": \"long ago\"}}");
        assertEquals("import.min_date", assertThrows(SextantException.class, () -> PriceRules.load(broken)).field());
        // read as "no rules" before, without a word
        SextantException swapped = assertThrows(SextantException.class, () -> PriceRules.load(Files.writeString(tmp.resolve("swapped.json"),
                "{\"import\": {\"min_date\": \"2100-01-01\", \"max_date\": \"1700-01-01\"}}")));
        assertEquals("import.min_date", swapped.field());
        assertEquals("settings.json import.min_date 2100-01-01 is after import.max_date 1700-01-01: no date could be imported", swapped.getMessage());
        assertTrue(swapped.fix().startsWith("swap the two dates"), swapped.fix());
        assertEquals("import", assertThrows(SextantException.class, () -> PriceRules.load(Files.writeString(tmp.resolve("five.json"), "{\"import\": 5}"))).field());
        SextantException list = assertThrows(SextantException.class, () -> PriceRules.load(Files.writeString(tmp.resolve("list.json"), "[1, 2, 3]")));
        assertEquals("settings.json", list.field());
        assertTrue(list.getMessage().endsWith("list.json is not a JSON object"), list.getMessage());
    }

    /** Two columns of one price field (close and Close) are refused naming both, never one of them dropped silently: daily and bar, CSV and Parquet. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"Open | 2 | OPEN", "High | 3 | high", "Low | 4 | LOW", "Close | 5 | close", "Adj Close | 6 | ADJ CLOSE", "Volume | 7 | vol"})
    void twoColumnsOfOnePriceAreRefusedAsAmbiguous(String field, int first, String second, @TempSextant Store store) throws Exception {
        String header = "Date,Open,High,Low,Close,Adj Close,Volume," + second;
        String want = " line 1 (the header): columns " + first + " ('" + field + "') and 8 ('" + second + "') are both the "
                + PriceField.of(PriceField.normalize(field)).column + ", so which one to import is ambiguous";
        Path daily = Files.writeString(tmp.resolve("DAILY.csv"), header + "\n2020-01-02,10,11,9,10,10,100,99\n2020-01-03,10,11,9,10,10,100,99\n");
        SextantException e = refused(store, PriceRules.defaults(), daily);
        assertEquals(daily + want, e.getMessage());
        assertEquals("keep one of the two columns (delete or rename the other), then import again", e.fix());
        if (!field.equals("Adj Close")) { // bars carry no adjusted close
            Path bars = Files.writeString(tmp.resolve("BARS.csv"), header.replace("Date", "datetime")
                    + "\n2020-01-02T13:30:00Z,10,11,9,10,10,100,99\n2020-01-02T13:35:00Z,10,11,9,10,10,100,99\n");
            assertEquals(bars + want, refused(store, PriceRules.defaults(), bars).getMessage());
        }
        assertEquals(0, prices(store));
    }

    /**
     * Two date columns, or two symbol columns, as a merge of two exports writes them: the rows would
     * land under the first column's dates or symbols; refused like two close columns, by the import
     * and its preview, in daily and bar files.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "DUPDATE.csv | Date,Close,DATE | 2010-01-04,10,2011-01-04 | 1 ('Date') and 3 ('DATE') are both the date | DATE",
            "DUPSYM.csv | symbol,date,close,symbol | AAA,2010-01-04,10,BBB | 1 ('symbol') and 4 ('symbol') are both the symbol | symbol",
            "DUPTICKER.csv | Ticker,Date,Close,Symbol | AAA,2010-01-04,10,BBB | 1 ('Ticker') and 4 ('Symbol') are both the symbol | Symbol",
            "DUPBARS.csv | date,close,symbol,date | 2020-01-02T13:30:00Z,10,AAA,2021-01-02T13:30:00Z | 1 ('date') and 4 ('date') are both the date | date",
            "DUPBARSYM.csv | datetime,symbol,close,ticker | 2020-01-02T13:30:00Z,AAA,10,BBB | 2 ('symbol') and 4 ('ticker') are both the symbol | ticker"})
    void twoDateOrSymbolColumnsAreRefusedAsAmbiguous(String name, String header, String row, String clash, String field, @TempSextant Store store) throws Exception {
        Path f = Files.writeString(tmp.resolve(name), header + "\n" + row + "\n" + row.replace("-04", "-05").replace("13:30", "13:35") + "\n");
        String want = f + " line 1 (the header): columns " + clash + ", so which one to import is ambiguous";
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertEquals(want, e.getMessage());
        assertEquals(field, e.field());
        assertEquals("keep one of the two columns (delete or rename the other), then import again", e.fix());
        assertEquals(want, assertThrows(SextantException.class, () -> ImportPreview.of(f)).getMessage());
        assertEquals(0, prices(store));
    }

    /** A clashing header is quoted as a caller's name is: its control characters escaped, a long one cut. */
    @Test
    void aClashingHeaderIsShownEscapedAndCut(@TempSextant Store store) throws Exception {
        String longDate = "d" + "_".repeat(5000) + "ate";
        Path f = Files.writeString(tmp.resolve("ODD.csv"), "Date,Close,Da\u000Bte," + longDate + "\n2010-01-04,10,2011-01-04,x\n");
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertEquals(f + " line 1 (the header): columns 1 ('Date') and 3 ('Da\\u000bte') are both the date, so which one to import is ambiguous", e.getMessage());
        assertEquals("column 3", e.field());
        Path g = Files.writeString(tmp.resolve("LONGH.csv"), "Date,Close," + longDate + "\n2010-01-04,10,2011-01-04\n");
        SextantException cut = refused(store, PriceRules.defaults(), g);
        assertEquals(g + " line 1 (the header): columns 1 ('Date') and 3 ('" + org.sextant.contract.ShownText.name(longDate)
                + "') are both the date, so which one to import is ambiguous", cut.getMessage());
        assertTrue(cut.getMessage().contains("(5004 characters)"), cut.getMessage());
        assertEquals("column 3", cut.field());
    }

    /** Parquet: DuckDB reads the second of close and Close as Close_1, which hid the clash; the file's own names are checked. */
    @Test
    void twoParquetColumnsThatDifferInCaseAreRefusedAsAmbiguous(@TempSextant Store store) throws Exception {
        Path daily = caseClash("DAILY.parquet", "DATE '2020-01-02' + INTERVAL (i) DAY AS date");
        assertEquals(daily + " (its columns): columns 2 ('close') and 3 ('Close') are both the close, so which one to import is ambiguous",
                refused(store, PriceRules.defaults(), daily).getMessage());
        Path bars = caseClash("BARS.parquet", "TIMESTAMP '2020-01-02 13:30:00' + INTERVAL (i * 5) MINUTE AS datetime");
        assertEquals(bars + " (its columns): columns 2 ('close') and 3 ('Close') are both the close, so which one to import is ambiguous",
                refused(store, PriceRules.defaults(), bars).getMessage());
        assertEquals(0, prices(store));
    }

    /** A Parquet file with columns close and Close, as pandas writes them: DuckDB cannot name two columns so, so the second is renamed in the file's bytes. */
    private Path caseClash(String name, String time) throws Exception {
        Path f = tmp.resolve(name);
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT " + time + ", 10.0 AS close, 99.0 AS Cxose FROM range(3) t(i)) TO '" + f + "' (FORMAT parquet)");
        }
        String bytes = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(bytes.contains("Cxose"));
        Files.write(f, bytes.replace("Cxose", "Close").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        return f;
    }

    /** A line past the longest DuckDB reads (2,000,000 bytes) is named by its number, never echoed; daily and bar files, on the first data line or later. */
    @ParameterizedTest(name = "{0} line {1}")
    @CsvSource(delimiter = '|', value = {"Date | 2 | 2000000 |", "Date | 2 | 5000000 |", "Date | 4 | 2100000 |",
            "datetime | 2 | 2000000 | T13:30:00Z", "datetime | 4 | 2100000 | T13:30:00Z"})
    void aLineLongerThanACsvMayHaveIsNamedByItsNumber(String date, int at, int digits, String time, @TempSextant Store store) throws Exception {
        String t = time == null ? "" : time;
        StringBuilder text = new StringBuilder(date + ",Close\n");
        for (int line = 2; line <= 5; line++) text.append("2020-01-0").append(line).append(t).append(',').append(line == at ? "1".repeat(digits) : "10").append('\n');
        Path f = Files.writeString(tmp.resolve("LONG.csv"), text);
        SextantException e = refused(store, PriceRules.defaults(), f);
        assertEquals(f + " line " + at + " is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage());
        assertTrue(e.fix().startsWith("export the prices again with one short row per line"), e.fix());
        assertLeaksNothing(e, "1111111111");
        assertEquals(0, prices(store));
    }

    /** {@code head}, then a line of {@code bytes} digits "7" (50 MB: written in chunks), then {@code tail}. */
    private Path withHugeLine(String name, String head, long bytes, String tail) throws Exception {
        Path f = tmp.resolve(name);
        try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            out.write(head.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] chunk = "7".repeat(1 << 20).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (long left = bytes; left > 0; left -= chunk.length) out.write(chunk, 0, (int) Math.min(left, chunk.length));
            out.write(tail.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return f;
    }

    /**
     * The preview of a file whose 3rd..11th line is 50 MB long (or with no line break after line 2) shows the rows
     * before it and names the line by number, never its text, having read a few MB of it, not the 50.
     */
    @Test
    void thePreviewOfAFileWithAHugeLineReadsAFewMegabytesAndNamesTheLine() throws Exception {
        previewStopsAtAHugeLine("Date,Close\n2020-01-02,10\n2020-01-03,", "\n2020-01-06,12\n", "close", 3, 1);
        // no line break after line 2: the rest of the file is line 3
        previewStopsAtAHugeLine("Date,Open,High,Low,Close,Volume\n2020-01-02,1,2,0.5,1.5,10\n2020-01-03,1,2,0.5,1.5,", "", "stooq", 3, 1);
        previewStopsAtAHugeLine("datetime,close\n2020-01-02T13:30:00Z,1\n2020-01-02T14:30:00Z,2\n2020-01-02T15:30:00Z,3\n2020-01-02T16:30:00Z,", "\n", "bars", 5, 3);
        StringBuilder d1 = new StringBuilder();
        for (String day : List.of("02", "03", "06", "07", "08", "09", "10", "13", "14", "15")) d1.append("2020.01.").append(day).append(",00:00,1,2,0.5,1.5,10\n");
        previewStopsAtAHugeLine(d1 + "2020.01.16,00:00,1,2,0.5,1.5,", "\n", "stooq", 11, 10);
        // the first row that long leaves nothing to show: refused as the import refuses it, by number, within the budget
        Path second = withHugeLine("LONG2.csv", "Date,Close\n2020-01-02,", 50_000_000, "\n");
        CsvHead.Budget budget = new CsvHead.Budget(ImportPreview.BYTES);
        SextantException e = assertThrows(SextantException.class, () -> ImportPreview.of(second, null, budget));
        assertEquals(second + " line 2 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage());
        assertTrue(budget.read() < 3_000_000, "the preview read " + budget.read() + " bytes of a 50 MB file");
    }

    private void previewStopsAtAHugeLine(String head, String tail, String layout, int at, int shown) throws Exception {
        Path f = withHugeLine("EURUSD.csv", head, 50_000_000, tail);
        CsvHead.Budget budget = new CsvHead.Budget(ImportPreview.BYTES);
        ImportPreview p = ImportPreview.of(f, null, budget);
        assertEquals(layout, p.layout());
        assertEquals(shown, p.rows().size(), "the rows before the long line");
        assertEquals(List.of("line " + at + " is longer than the longest line a CSV may have (2,000,000 bytes): the import refuses the file; "
                + "export the prices again with one short row per line (a date, prices and a volume take well under 1,000 bytes), or save them as Parquet"), p.notes());
        // the rows, then the encoding of the first 4 MB (below the rows shown too, as the import tells it from every byte)
        assertTrue(budget.read() < ImportPreview.BYTES + 3_000_000, "the preview read " + budget.read() + " bytes of a 50 MB file");
        assertFalse(p.toString().contains("7777777777"), "the long line is not echoed");
    }

    /** A file of a header, a row and 50 MB of line breaks: the preview stops at its budget (4 MB a read: its rows, its encoding), showing the row. */
    @Test
    void thePreviewOfAFileOfLineBreaksStopsAtItsBudget() throws Exception {
        Path f = tmp.resolve("BLANK.csv");
        try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            out.write("Date,Close\n2020-01-02,10\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] chunk = "\n".repeat(1 << 20).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < 50; i++) out.write(chunk);
        }
        CsvHead.Budget budget = new CsvHead.Budget(ImportPreview.BYTES);
        ImportPreview p = ImportPreview.of(f, null, budget);
        assertEquals(List.of(List.of("2020-01-02", "10")), p.rows());
        assertTrue(budget.read() < 2 * ImportPreview.BYTES + 1_000_000, "the preview read " + budget.read() + " bytes of a 50 MB file (rows, then encoding)");
    }

    /**
     * A header, 5 MB of line breaks, then rows. DuckDB's reader counts a run of blank lines into the row after it, so
     * the import refuses the file: it says so by line and count (not "not a CSV row like the others"), and the preview,
     * which reads 4 MB and finds only blank lines, says the same (not "no data rows"); a run it reads past ends its rows
     * with that note. Neither echoes a row.
     * A thousand blank lines are read past as before.
     */
    @Test
    void blankLinesPastWhatTheReaderTakesAreNamedByPreviewAndImport(@TempSextant Store store) throws Exception {
        String fix = "delete the blank lines (e.g. tr '\\r' '\\n' < FILE | grep -v '^[[:space:]]*$' > CLEAN.csv, which also reads Windows and old "
                + "Mac line ends) and import the file without them";
        for (String[] file : new String[][] {{"LATE.csv", "Date,Close\n", "2020-01-02,10\n2020-01-03,11\n"},
                {"LATEBARS.csv", "datetime,close\n", "2020-01-02T13:30:00Z,1\n2020-01-02T14:30:00Z,2\n"}}) {
            Path f = blanksThenRows(file[0], file[1], 5 << 20, file[2]);
            CsvHead.Budget budget = new CsvHead.Budget(ImportPreview.BYTES);
            SextantException preview = assertThrows(SextantException.class, () -> ImportPreview.of(f, null, budget));
            assertEquals(f + ": the first 4,000,000 bytes below the header are blank lines, more than the import reads before a row (2,000,000 bytes of them)",
                    preview.getMessage());
            assertEquals(fix, preview.fix());
            // 4 MB a read, read twice (the bar probe, then the header): not the whole file
            assertTrue(budget.read() < 2 * ImportPreview.BYTES + 1_000_000, "the preview read " + budget.read() + " bytes");

            SextantException imported = refused(store, PriceRules.defaults(), f);
            // refused two megabytes in, from its first lines, not read to the row (session 49)
            assertEquals(f + ": lines 2 to 2000002 are blank, more than the import reads before a row (2,000,000 bytes of them); it read no further",
                    imported.getMessage());
            assertEquals(fix, imported.fix());
            assertLeaksNothing(imported, "2020-01-02");
            assertLeaksNothing(preview, "2020-01-02");
        }
        // 3 MB: the preview reaches the row, and notes why the import refuses it instead of showing it
        Path three = blanksThenRows("THREE.csv", "Date,Close\n", 3_000_000, "2020-01-02,10\n2020-01-03,11\n");
        String at = "line 3000002 follows 3,000,000 blank lines (lines 2 to 3000001), more than the import reads before a row (2,000,000 bytes of them)";
        ImportPreview p = ImportPreview.of(three);
        assertEquals(List.of(), p.rows());
        assertEquals(List.of(at + ": the import refuses the file; " + fix), p.notes());
        assertEquals(three + ": lines 2 to 2000002 are blank, more than the import reads before a row (2,000,000 bytes of them); it read no further",
                refused(store, PriceRules.defaults(), three).getMessage());
        assertEquals(0, prices(store));
        Path some = blanksThenRows("SOME.csv", "Date,Close\n", 1000, "2020-01-02,10\n2020-01-03,11\n");
        assertEquals(2, ImportPreview.of(some).rows().size());
        new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(some));
        assertEquals(2, prices(store), "a thousand blank lines are read past");
    }

    private Path blanksThenRows(String name, String header, int blankLines, String rows) throws Exception {
        Path f = tmp.resolve(name);
        try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            out.write(header.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.write("\n".repeat(blankLines).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.write(rows.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return f;
    }

    @Test
    void stagingLeftByAKilledImportIsRemovedAtTheNextStart() throws Exception {
        SextantHome home = new SextantHome(tmp.resolve("home")).ensureLayout();
        Path leftFile = Files.writeString(home.stagingDir().resolve("import-0f1e-KO.csv"), "Date,Close\n");
        Path leftDir = Files.createDirectories(home.stagingDir().resolve("gather-2a3b"));
        Files.writeString(leftDir.resolve("MSFT.US.csv"), "Date,Close\n");
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(home))) {
            assertFalse(Files.exists(leftFile), "a killed import's staged file is gone");
            assertFalse(Files.exists(leftDir), "a killed gather's folder is gone");
        }
    }

    @Test
    void stagingLeftByAKilledDeletionOrSampleLoadIsRemovedAtTheNextStart() throws Exception {
        SextantHome home = new SextantHome(tmp.resolve("home")).ensureLayout();
        Path deleted = Files.writeString(home.stagingDir().resolve("deleted-" + java.util.UUID.randomUUID() + ".csv"), "symbol,date,close\n");
        Path sample = Files.createDirectories(home.stagingDir().resolve("sample-" + java.util.UUID.randomUUID()));
        Files.writeString(sample.resolve("sample-daily.csv"), "Date,Close\n");
        Path yours = Files.writeString(home.stagingDir().resolve("notes.txt"), "not the app's");
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(home))) {
            assertFalse(Files.exists(deleted), "a killed delete_prices' staged rows are gone");
            assertFalse(Files.exists(sample), "a killed sample load's folder is gone");
            assertTrue(Files.exists(yours), "a file the app does not stage is left");
        }
    }
}
