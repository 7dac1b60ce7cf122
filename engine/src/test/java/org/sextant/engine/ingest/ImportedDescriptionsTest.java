package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.testing.TempSextant;

/**
 * An import's name, currency and exchange columns name its symbols as the Data view does (attack 15, L1: a deletion's kept
 * file brought the prices back but not the name): an empty cell keeps what is stored, two values for one symbol are
 * refused with nothing written, and bar files say the columns were not kept.
 */
class ImportedDescriptionsTest {
    @TempSextant private Sextant engine;
    @TempDir Path dir;

    @Test
    void aDeletedSymbolsKeptFileBringsBackWhatItWasNamed() throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("ACMEX.csv"), "Date,Close\n2024-01-02,10\n2024-01-03,11\n")));
        engine.describeSymbol("ACMEX", SymbolDescription.of("Acme, \"Rockets\" Inc.", "usd", null));

        DeletedPrices d = engine.deletePrices("ACMEX", null);
        assertFalse(d.restore().contains("give it again"), d.restore());
        assertTrue(d.restore().contains("name 'Acme, \"Rockets\" Inc.', currency USD"), d.restore());
        assertTrue(engine.listSymbols("ACMEX").isEmpty());

        ImportReport back = engine.importPrices(List.of(Path.of(d.deleted().get(0).keptIn())));
        assertEquals(1, back.described(), back.toString());
        SymbolInfo named = symbol("ACMEX");
        assertEquals("Acme, \"Rockets\" Inc.", named.name());
        assertEquals("USD", named.currency());
        assertNull(named.exchange());
        assertEquals(2, named.rows());
    }

    @Test
    void aLongFilesColumnsNameItsSymbolsAndAnEmptyCellKeepsWhatIsStored() throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("OLDX.csv"), "Date,Close\n2024-01-02,10\n")));
        engine.describeSymbol("OLDX", SymbolDescription.of("Old Name Ltd", "CHF", "SIX"));
        Path csv = Files.writeString(dir.resolve("mine.csv"), "Symbol,Date,Close,NAME,Currency,Exchange\n"
                + "oldx,2024-01-03,11,,eur,\n"
                + "NEWX,2024-01-02,20,  New Co  ,USD,NYSE\n"
                + "NEWX,2024-01-03,21,,,\n"
                + "NEWX,2024-01-04,22,New Co,usd,\n");

        ImportReport r = engine.importPrices(List.of(csv));
        assertEquals(2, r.described());
        assertTrue(ImportNotes.of(r).contains("2 symbols named from the files' name, currency or exchange columns (an empty cell kept what was stored)"),
                ImportNotes.of(r).toString());
        SymbolInfo old = symbol("OLDX");
        assertEquals(List.of("Old Name Ltd", "EUR", "SIX"), List.of(old.name(), old.currency(), old.exchange()), "empty cells keep the stored name and exchange");
        SymbolInfo fresh = symbol("NEWX");
        assertEquals(List.of("New Co", "USD", "NYSE"), List.of(fresh.name(), fresh.currency(), fresh.exchange()));
        assertEquals(3, fresh.rows());
    }

    @Test
    void twoNamesForOneSymbolAreRefusedNamingTheColumnTheSymbolAndTheFixWithNothingWritten() throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("OLDX.csv"), "Date,Close\n2024-01-02,10\n")));
        engine.describeSymbol("OLDX", SymbolDescription.of("Old Name Ltd", null, null));
        Path csv = Files.writeString(dir.resolve("clash.csv"), "symbol,date,close,Name\nOLDX,2024-01-03,11,Acme Inc\nOLDX,2024-01-04,12,Acme Corp\n");

        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(csv)));
        assertEquals("Name", e.field());
        assertEquals(csv + ": its Name column gives OLDX two names, 'Acme Corp' and 'Acme Inc'; which one to keep is ambiguous, nothing was imported",
                e.getMessage());
        assertTrue(e.fix().startsWith("give OLDX one name on every row that has one"), e.fix());
        SymbolInfo old = symbol("OLDX");
        assertEquals("Old Name Ltd", old.name());
        assertEquals(1, old.rows(), "no price of the file was written");

        Path a = Files.writeString(Files.createDirectories(dir.resolve("a")).resolve("two.csv"), "symbol,date,close,currency\nNEWX,2024-01-02,1,USD\n");
        Path b = Files.writeString(Files.createDirectories(dir.resolve("b")).resolve("two.csv"), "symbol,date,close,currency\nNEWX,2024-01-03,1,eur\n");
        SextantException across = assertThrows(SextantException.class, () -> engine.importPrices(List.of(a, b)));
        assertEquals(b + " and " + a + ": their currency columns give NEWX two currencies, 'EUR' and 'USD'; which one to keep is ambiguous, nothing was imported",
                across.getMessage());
        assertTrue(engine.listSymbols("NEWX").isEmpty());
    }

    @Test
    void aValueNamingByHandRefusesIsRefusedNamingFileColumnAndSymbol() throws Exception {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "symbol,date,close,Currency\nNEWX,2024-01-02,1,dollars\n");
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(csv)));
        assertEquals("Currency", e.field());
        assertEquals(csv + ": the Currency column gives NEWX a currency naming cannot take: currency is 7 characters, more than 3; nothing was imported", e.getMessage());
        assertTrue(engine.listSymbols("NEWX").isEmpty());
        Path longName = Files.writeString(dir.resolve("long.csv"), "Date,Close,name\n2024-01-02,1," + "x".repeat(500) + "\n");
        SextantException tooLong = assertThrows(SextantException.class, () -> engine.importPrices(List.of(longName)));
        assertFalse(tooLong.getMessage().contains("xxxxx"), "the value is counted, not echoed: " + tooLong.getMessage());
    }

    @Test
    void aParquetFilesColumnsNameItsSymbols() throws Exception {
        Path parquet = parquet(dir.resolve("named.parquet"), "SELECT 'PQX' AS symbol, DATE '2024-01-02' + i::INTEGER AS date, 10.0 + i AS close, "
                + "CASE WHEN i = 1 THEN 'Parquet Co' END AS name, 'gbp' AS currency FROM range(3) t(i)");
        assertEquals(1, engine.importPrices(List.of(parquet)).described());
        SymbolInfo pq = symbol("PQX");
        assertEquals(List.of("Parquet Co", "GBP"), List.of(pq.name(), pq.currency()));
    }

    @Test
    void aParquetNameOfMegabytesIsRefusedByItsLengthBeforeAnyValueIsGathered() throws Exception {
        // attack 17 M1: zstd keeps 20 distinct 4 MB names in a few kilobytes; gathering them (trimmed, compared) copied each
        Path bomb = dir.resolve("bomb.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 'PQZ' AS symbol, DATE '2024-01-02' + i::INTEGER AS date, 10.0 + i AS close, "
                    + "CASE WHEN i >= 2 THEN repeat('N', 4000000) || i::VARCHAR END AS Name FROM range(22) t(i)) TO '" + bomb + "' (FORMAT parquet, COMPRESSION zstd)");
        }
        assertTrue(Files.size(bomb) < 200_000, "small on disk: " + Files.size(bomb));

        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(bomb)));
        assertEquals("Name", e.field());
        // the footer's sizes, not the two-names check a gathering would reach first (it compared every cell to every other),
        // nor the length rule, which reads the column in vectors of 2,048 cells (ParquetSizesTest)
        assertEquals(bomb + ": its Name column holds 80000170 bytes of text in row group 1 for 22 values, more than the 88416 that values of at most "
                + "1024 characters take (the file's footer says so; no value was read); nothing was imported", e.getMessage());
        assertEquals("shorten the values in that column to at most 1024 characters (or drop the column), then import again", e.fix());
        assertTrue(engine.listSymbols("PQZ").isEmpty());
    }

    @Test
    void aParquetDescriptionColumnThatIsNotTextIsRefusedNamingItsType() throws Exception {
        // attack 17 L6: a list was stored as its rendering "[1, 2, 3]"
        for (String[] c : new String[][] {{"[1, 2, 3]", "INTEGER[]"}, {"{'x': 'Acme'}", "STRUCT(x VARCHAR)"}, {"'\\x00\\xFF'::BLOB", "BLOB"},
                {"42", "INTEGER"}, {"DATE '2024-01-02'", "DATE"}}) {
            Path p = parquet(dir.resolve("typed.parquet"), "SELECT 'PQT' AS symbol, DATE '2024-01-02' AS date, 1.0 AS close, " + c[0] + " AS name");
            SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(p)), c[1]);
            assertEquals("name", e.field());
            assertEquals(p + ": its name column is stored as " + c[1] + ", not as text; a name, currency or exchange is text, nothing was imported", e.getMessage());
            assertEquals("store the name column as text (strings), then import again", e.fix());
        }
        assertTrue(engine.listSymbols("PQT").isEmpty());
    }

    @Test
    void runningOutOfMemoryGatheringIsSaidWithoutDuckDbsAdvice() {
        Layout l = Layout.detect(List.of("symbol", "date", "close", "name"), "big.parquet");
        ImportBatch.Source s = new ImportBatch.Source(0, "big.parquet", Path.of("big.parquet"), l, null, "import", null);
        SextantException e = ImportedDescriptions.outOfMemory(s, DescriptionColumns.of(l, "big.parquet"), new java.sql.SQLException(
                "Out of Memory Error: could not allocate block of size 19.0 MiB (1.9 GiB/1.9 GiB used)\n\nPossible solutions: * Reducing the number of threads"));
        assertEquals(org.sextant.contract.FailReason.RESOURCE_LIMIT, e.reason());
        assertEquals("big.parquet: its name column took more memory than one import may use; nothing was imported", e.getMessage());
        assertNull(ImportedDescriptions.outOfMemory(s, DescriptionColumns.of(l, "big.parquet"), new java.sql.SQLException("Conversion Error: x")));
    }

    @Test
    void anImportedNameWithADirectionOverrideIsRefusedAsNamingByHandRefusesIt() throws Exception {
        // attack 17 L4: "Apple \u202eInc\u202c evil" was stored and served raw
        Path csv = Files.writeString(dir.resolve("bidi.csv"), "symbol,date,close,Name,Exchange\nNEWX,2024-01-02,1,Apple \u202eInc\u202c evil,NASDAQ\n");
        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(csv)));
        assertEquals("Name", e.field());
        assertTrue(e.getMessage().startsWith(csv + ": the Name column gives NEWX a name naming cannot take: name contains U+202E, an invisible character"), e.getMessage());
        assertTrue(engine.listSymbols("NEWX").isEmpty());
    }

    @Test
    void aNameStoredWithADirectionOverrideIsShownEscapedAndItsKeptFileImportsBack() throws Exception {
        engine.importPrices(List.of(Files.writeString(dir.resolve("OLDX.csv"), "Date,Close\n2024-01-02,10\n")));
        engine.describeSymbol("OLDX", new SymbolDescription("Apple \u202eInc", null, "NAS\u2066DAQ")); // as stored before the rule
        assertEquals(List.of("Apple \\u202eInc", "NAS\\u2066DAQ"), List.of(symbol("OLDX").name(), symbol("OLDX").exchange()));

        DeletedPrices d = engine.deletePrices("OLDX", null);
        assertEquals(1, engine.importPrices(List.of(Path.of(d.deleted().get(0).keptIn()))).described());
        assertEquals("Apple \\u202eInc", symbol("OLDX").name(), "brought back as it was shown, without the override");
    }

    @Test
    void aBarFilesNameColumnIsSaidNotToBeKept() throws Exception {
        StringBuilder bars = new StringBuilder("time,symbol,close,name\n");
        java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 3, 4, 14, 30);
        for (int i = 0; i < 12; i++, t = t.plusMinutes(30)) bars.append(t).append("Z,BARX,").append(10 + i * 0.125).append(",Bar X\n");
        ImportReport r = engine.importPrices(List.of(Files.writeString(dir.resolve("barx.csv"), bars)));
        assertEquals(0, r.described());
        assertTrue(ImportNotes.of(r).stream().anyMatch(n -> n.contains("its name column was not kept: it imported as bars, whose import keeps no names (BARX); name the symbols in the Data view")),
                ImportNotes.of(r).toString());
        assertNull(engine.listBarsOnlySymbols("BARX").get(0).name());
    }

    /** {@code select} written by DuckDB as a Parquet file. */
    private static Path parquet(Path file, String select) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet)");
        }
        return file;
    }

    private SymbolInfo symbol(String s) {
        return engine.listSymbols(s).stream().filter(i -> i.symbol().equals(s)).findFirst().orElseThrow();
    }
}
