package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.SmallStore;
import org.sextant.engine.store.Store;

/**
 * DuckDB reads a path holding * ? or [ as a glob (attack 30): a price file so named, or a SEXTANT_HOME whose folder is so named
 * (beside a folder its glob matches), imports exactly as under plain names: the same symbols and rows. (A home named with * or ?
 * is not tested: DuckDB itself fails to commit there, naming its WAL "home*.wal?/...".)
 */
class GlobNamedPriceFileTest {
    @TempDir Path tmp;

    @ParameterizedTest(name = "{0} in {1}")
    @CsvSource({"dow[1]*?{a}.csv, home", "dow_long.csv, home[1]", "prices[1]*?.parquet, home", "prices.parquet, home[1]"})
    void aFileOrHomeNamedWithGlobCharactersImportsAsUnderPlainNames(String name, String home) throws Exception {
        Files.createDirectories(tmp.resolve("home1/staging")); // what home[1] would match as a glob
        Path file = Files.createDirectories(tmp.resolve("in")).resolve(name);
        if (name.endsWith(".csv")) {
            try (InputStream in = getClass().getResourceAsStream("/ingest/dow_long.csv")) {
                Files.copy(in, file);
            }
        } else {
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
                s.execute("COPY (SELECT * FROM (VALUES ('KO', DATE '1991-01-02', 9.88), ('KO', DATE '1991-01-03', 9.6), ('AA', DATE '1991-01-03', 5.88)) "
                        + "v(symbol, date, close)) TO '" + file.toString().replace("'", "''") + "' (FORMAT parquet)");
            }
        }
        try (Store store = SmallStore.open(tmp.resolve(home), "256MB", "64MB")) {
            ImportReport report = new PriceImporter(store).importFiles(List.of(file));
            assertEquals("long", report.files().get(0).layout());
            assertEquals(List.of("AA", "KO"), report.symbols());
            assertEquals(5.88, store.read(c -> {
                try (Statement s = c.createStatement(); var r = s.executeQuery("SELECT close FROM prices WHERE symbol = 'AA' AND date = DATE '1991-01-03'")) {
                    r.next();
                    return r.getDouble(1);
                }
            }));
        }
    }
}
