package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A daily long CSV with name, currency and exchange columns takes the fast path (DirectImport) and gives what the careful
 * path (ImportBatch) gives for the same file: prices, names, the described count, and the refusal of two names of a symbol.
 */
class DescribedImportPathsTest {
    @TempDir Path dir;

    private static final String FILE = "Symbol,Date,Close,Volume,NAME,Currency,Exchange\n"
            + "AAAX,2024-01-02,10,100,  Aaa Co  ,usd,NYSE\n"
            + "AAAX,2024-01-03,11,110,,,\n"
            + "BBBX,2024-01-02,20,200,Bbb \"Quoted\" AG,chf,\n"
            + "BBBX,2024-01-03,21,210,Bbb \"Quoted\" AG,,SIX\n"
            + "CCCX,2024-01-02,30,300,,,\n";

    /** An importer whose careful path counts its files (the fast path stages its own, uncounted). */
    private static PriceImporter counting(Store store, AtomicInteger careful) {
        return new PriceImporter(store, PriceRules.defaults(), null, (source, staging, file, endings) -> {
            careful.incrementAndGet();
            return StagedFile.of(source, staging, file, endings);
        });
    }

    /** {@code store} with the source file:NAME already stored (another symbol, from another folder): its next import of that name takes the careful path. */
    private Path carefulNext(Store store, String name) throws Exception {
        Path other = Files.writeString(Files.createDirectories(dir.resolve("before")).resolve(name), "Symbol,Date,Close\nZZZX,2024-01-02,1\n");
        new PriceImporter(store).importFiles(List.of(other));
        return Files.writeString(Files.createDirectories(dir.resolve("now")).resolve(name), "");
    }


    @Test
    void aFileWithDescriptionColumnsImportsFastWithTheCarefulPathsResults(@TempSextant Store fast, @TempSextant Store slow) throws Exception {
        Path file = Files.writeString(dir.resolve("named.csv"), FILE);
        Path same = Files.writeString(carefulNext(slow, "named.csv"), FILE);
        AtomicInteger fastStaged = new AtomicInteger(), slowStaged = new AtomicInteger();

        ImportReport f = counting(fast, fastStaged).importFiles(List.of(file));
        ImportReport s = counting(slow, slowStaged).importFiles(List.of(same));

        assertEquals(0, fastStaged.get(), "the fast path imported it");
        assertEquals(1, slowStaged.get(), "the careful path imported the other");
        assertEquals(2, f.described(), f.toString());
        assertEquals(s.described(), f.described());
        assertEquals(s.rowsInserted(), f.rowsInserted());
        assertEquals(s.symbols(), f.symbols());
        assertEquals(s.files().get(0).rows(), f.files().get(0).rows());
        assertEquals(ImportNotes.of(s), ImportNotes.of(f));
        String prices = "SELECT symbol, date, open, high, low, close, adj_close, volume, source FROM prices WHERE symbol <> 'ZZZX' ORDER BY ALL";
        String names = "SELECT symbol, first_date, last_date, rows, source, name, currency, exchange FROM symbols WHERE symbol <> 'ZZZX' ORDER BY ALL";
        assertEquals(CsvImports.rows(slow, prices), CsvImports.rows(fast, prices));
        assertEquals(CsvImports.rows(slow, names), CsvImports.rows(fast, names));
        assertEquals(List.of("AAAX|Aaa Co|USD|NYSE|", "BBBX|Bbb \"Quoted\" AG|CHF|SIX|", "CCCX|null|null|null|"),
                CsvImports.rows(fast, "SELECT symbol, name, currency, exchange FROM symbols ORDER BY ALL"));
    }

    @Test
    void twoNamesOfASymbolAreRefusedByTheFastPathAsByTheCarefulOne(@TempSextant Store fast, @TempSextant Store slow) throws Exception {
        String two = "Symbol,Date,Close,Name\nAAAX,2024-01-02,10,Aaa Co\nAAAX,2024-01-03,11,Aaa Corp\n";
        Path file = Files.writeString(dir.resolve("two.csv"), two);
        Path same = Files.writeString(carefulNext(slow, "two.csv"), two);
        AtomicInteger fastStaged = new AtomicInteger(), slowStaged = new AtomicInteger();

        SextantException f = assertThrows(SextantException.class, () -> counting(fast, fastStaged).importFiles(List.of(file)));
        SextantException s = assertThrows(SextantException.class, () -> counting(slow, slowStaged).importFiles(List.of(same)));

        assertEquals(0, fastStaged.get(), "the fast path refused it itself");
        assertEquals(s.getMessage().replace(same.toString(), "FILE"), f.getMessage().replace(file.toString(), "FILE"));
        assertEquals(file + ": its Name column gives AAAX two names, 'Aaa Co' and 'Aaa Corp'; which one to keep is ambiguous, nothing was imported",
                f.getMessage());
        assertEquals(s.field(), f.field());
        assertEquals(s.fix(), f.fix());
        assertEquals(List.of(), CsvImports.rows(fast, "SELECT * FROM prices"), "nothing was written");
    }
}
