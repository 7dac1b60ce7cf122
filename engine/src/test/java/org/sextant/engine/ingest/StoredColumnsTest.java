package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A file of closes only over stored open/high/low/volume ({@link StoredColumns}): nothing is lost without a word. Days whose close
 * the file repeats keep their stored row (not updated); days whose close it changes lose the columns it lacks, said per symbol.
 */
class StoredColumnsTest {
    @TempDir Path tmp;

    @Test
    void aCloseOnlyCsvKeepsTheStoredColumnsOfTheSameClosesAndSaysWhichItRemoved(@TempSextant Store store) throws IOException {
        new PriceImporter(store).importFiles(List.of(msft()));
        List<String> lines = Files.readAllLines(msft());
        StringBuilder closes = new StringBuilder("symbol,date,close\n");
        for (int k = 1; k < lines.size(); k++) {
            String[] cells = lines.get(k).split(",");
            // the last two days' closes changed by the new file (another source, a correction)
            double close = Double.parseDouble(cells[4]) + (k > lines.size() - 3 ? 1 : 0);
            closes.append("MSFT,").append(cells[0]).append(',').append(close).append('\n');
        }
        Path file = Files.writeString(tmp.resolve("closes.csv"), closes);
        ImportReport r = new PriceImporter(store).importFiles(List.of(file));
        assertEquals(0, r.rowsInserted());
        assertEquals(2, r.rowsUpdated(), "the unchanged days are not updated");
        assertEquals(List.of("MSFT: 8 rows already stored with this close; the file has no open, high or low for them, so the stored ones were kept "
                        + "and they are unchanged (not updated)",
                "MSFT: 2 rows changed their close (or brought only part of open, high and low); this file has no open, high, low, adjusted close or volume "
                        + "for them, so the stored open, high, low, adjusted close and volume of those dates were removed: import a file with them to have them again"), r.files().get(0).notes());
        assertEquals(8, CsvImports.count(store, "SELECT count(open) FROM prices WHERE symbol = 'MSFT'"));
        assertEquals(8, CsvImports.count(store, "SELECT count(volume) FROM prices WHERE symbol = 'MSFT'"));
        assertEquals(10, CsvImports.count(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFT'"));
        assertEquals(2, CsvImports.count(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFT' AND source = 'file:closes.csv'"));
    }

    /** Closes written with 6 decimals over closes stored in full: the same closes, the stored rows kept whole (attack 20). */
    @Test
    void closesOfFewerDecimalsAreTheStoredCloses(@TempSextant Store store) throws IOException {
        Path full = Files.writeString(tmp.resolve("full.csv"), "symbol,date,open,high,low,close,volume\n"
                + "PREC,2024-01-02,10.1,10.9,9.9,10.123456789012,100\nPREC,2024-01-03,0.4,0.5,0.3,0.41234567891,200\n");
        new PriceImporter(store).importFiles(List.of(full));
        Path rounded = Files.writeString(tmp.resolve("rounded.csv"), "symbol,date,close\nPREC,2024-01-02,10.123457\nPREC,2024-01-03,0.412346\n");
        ImportReport r = new PriceImporter(store).importFiles(List.of(rounded));
        assertEquals(0, r.rowsUpdated(), r.files().get(0).notes().toString());
        assertEquals(2, CsvImports.count(store, "SELECT count(open) FROM prices WHERE symbol = 'PREC'"));
        assertEquals(List.of("10.1", "10.123456789012"), row(store, "SELECT open, close FROM prices WHERE symbol = 'PREC' AND date = DATE '2024-01-02'"));
    }

    /** A wide Parquet file (the careful path only) of the stored closes, and a CSV of closes with volumes: the stored open, high and low stay. */
    @Test
    void aWideParquetOfTheStoredClosesChangesNothing(@TempSextant Store store) throws Exception {
        new PriceImporter(store).importFiles(List.of(msft()));
        Path wide = tmp.resolve("wide.parquet");
        Path csv = msft();
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT \"Date\" AS date, \"Close\" AS MSFT FROM read_csv(" + ImportBatch.literal(csv.toString()) + ")) TO "
                    + ImportBatch.literal(wide.toString()) + " (FORMAT parquet)");
        }
        ImportReport r = new PriceImporter(store).importFiles(List.of(wide));
        assertEquals(0, r.rowsInserted());
        assertEquals(0, r.rowsUpdated());
        assertEquals(1, r.files().get(0).notes().size(), r.files().get(0).notes().toString());
        assertEquals(10, CsvImports.count(store, "SELECT count(open) + count(high) + count(low) + count(volume) FROM prices WHERE symbol = 'MSFT'") / 4);
        // new volumes with the same closes: updated, the stored open, high and low kept, no column removed
        Path volumes = Files.writeString(tmp.resolve("volumes.csv"), "symbol,date,close,volume\nMSFT,2000-09-27,60.625,1\n");
        r = new PriceImporter(store).importFiles(List.of(volumes));
        assertEquals(1, r.rowsUpdated());
        assertEquals(List.of(), r.files().get(0).notes());
        assertEquals(List.of("63.4375", "63.5625", "59.8125", "60.625", "1.0"), row(store, "SELECT open, high, low, close, volume FROM prices "
                + "WHERE symbol = 'MSFT' AND date = DATE '2000-09-27'"));
    }

    private Path msft() throws IOException {
        Path p = tmp.resolve("in").resolve("MSFT.csv");
        if (Files.exists(p)) return p;
        Files.createDirectories(p.getParent());
        try (InputStream in = getClass().getResourceAsStream("/ingest/MSFT.csv")) {
            Files.copy(in, p);
        }
        return p;
    }

    private static List<String> row(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                List<String> out = new ArrayList<>();
                for (int k = 1; k <= r.getMetaData().getColumnCount(); k++) out.add(r.getString(k));
                return out;
            }
        });
    }
}
