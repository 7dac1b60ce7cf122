package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A Parquet file's footer says how long its text is before any value is read (attack: 6.5 KB of zstd held 2,000 symbols of
 * 20 MB; the import built 40 GB of strings and spilled 29 GB of DuckDB temporary files before the ticker rule saw one).
 */
class ParquetSizesTest {
    @TempSextant private Sextant engine;
    @TempDir Path dir;

    @Test
    void aFileOfMegabyteSymbolsIsRefusedFromItsFooterWithNothingRead() throws Exception {
        Path bigsym = dir.resolve("bigsym.parquet");
        copy("SELECT repeat('A', 2000000) AS symbol, DATE '2000-01-03' + i::INT AS date, 1.0 AS close FROM range(2000) t(i)", bigsym);
        assertTrue(Files.size(bigsym) < 100_000, "a few KB on disk: " + Files.size(bigsym));
        int symbols = engine.listSymbols("").size();

        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(bigsym)));
        assertEquals("symbol", e.field());
        assertEquals(bigsym + ": its symbol column holds a value of at least 256 characters, more than the 40 a symbol may have "
                + "(the file's footer says so; no value was read); nothing was imported", e.getMessage());
        assertEquals("shorten the symbols in that column to at most 40 characters (or drop the column), then import again", e.fix());
        assertEquals(symbols, engine.listSymbols("").size(), "nothing written");
        long temp = size(Path.of(engine.home().database() + ".tmp"));
        assertTrue(temp < 16 << 20, "DuckDB's temporary folder holds " + temp + " bytes; reading the cells spilled gigabytes");
    }

    @Test
    void textPastItsBoundPerRowGroupIsRefusedWhenTheStatisticsAreShort() throws Exception {
        // 300 names of 2,000 characters (a column the import reads): DuckDB writes 256-character statistics, so only the uncompressed size tells
        Path notes = dir.resolve("NOTES.parquet");
        copy("SELECT DATE '2000-01-03' + i::INT AS date, 1.0 AS close, repeat('n', 2000) || i::VARCHAR AS name FROM range(300) t(i)", notes);

        SextantException e = assertThrows(SextantException.class, () -> engine.importPrices(List.of(notes)));
        assertEquals("name", e.field());
        assertTrue(e.getMessage().startsWith(notes + ": its name column holds "), e.getMessage());
        assertTrue(e.getMessage().contains(" bytes of text in row group 1 for 300 values, more than the 377536 that values of at most 1024 characters take"),
                e.getMessage());
        assertTrue(engine.listSymbols("NOTES").isEmpty());
    }

    @Test
    void textWithinTheBoundsImports() throws Exception {
        Path ok = dir.resolve("named.parquet");
        copy("SELECT 'PQOK' AS symbol, DATE '2000-01-03' + i::INT AS date, 1.0 + i AS close, repeat('n', 1000) AS note, "
                + "'Okay Corporation' AS name FROM range(300) t(i)", ok);
        assertEquals(300, engine.importPrices(List.of(ok)).rowsInserted());
    }

    private static void copy(String select, Path file) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet, COMPRESSION zstd)");
        }
    }

    private static long size(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) return 0;
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
