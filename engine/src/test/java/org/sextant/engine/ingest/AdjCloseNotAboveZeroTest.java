package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Attack 26 F3: an Adj Close of 0 was stored where a Close of 0 is refused, and every read takes the adjusted close, so a
 * backtest reported an out-of-sample Sharpe of 53,827 and a forecast blamed its model. An adjusted close not above 0 (or
 * below the smallest plausible close) is refused as a close is, naming the line and the column, in every layout that has one.
 */
class AdjCloseNotAboveZeroTest {
    @TempDir Path tmp;

    private static SextantException refused(Store store, Path file, String message) {
        return refused(store, file, message, "an adjusted close must be a positive price");
    }

    private static SextantException refused(Store store, Path file, String message, String fix) {
        SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(file)));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals(file + " " + message, e.getMessage());
        assertTrue(e.fix().contains(fix), e.fix());
        long stored = store.read(c -> {
            try (var s = c.createStatement(); var r = s.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
        assertEquals(0, stored, "nothing written");
        return e;
    }

    /** The attacker's Yahoo file: its first half has an Adj Close of 0. */
    @Test
    void aYahooFileWithAnAdjCloseOfZeroIsRefused() throws Exception {
        Path file = tmp.resolve("HALFZERO.csv");
        try (InputStream in = getClass().getResourceAsStream("/ingest/HALFZERO.csv"); Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            Files.copy(in, file);
            assertEquals("Adj Close", refused(store, file, "line 2, column Adj Close: the adjusted close is 0.0, not above 0").field());
        }
    }

    @Test
    void aLongFileWithAnAdjCloseOfZeroIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("long.csv"), "symbol,date,close,adj_close\nAAA,2021-01-04,10,9.5\nAAA,2021-01-05,10.1,0\n");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            assertEquals("adj_close", refused(store, file, "line 3, column adj_close: the adjusted close is 0.0, not above 0").field());
        }
    }

    @Test
    void anAdjCloseTooSmallToBeAPriceIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("TINY.csv"), "Date,Close,Adj Close\n2021-01-04,10,9.5\n2021-01-05,10.1,1e-300\n");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            refused(store, file, "line 3, column Adj Close: the adjusted close 1.0E-300 is below 1.0E-9, no plausible price",
                    "a unit or scale error?");
        }
    }

    @Test
    void aParquetFileWithAnAdjCloseOfZeroIsRefused() throws Exception {
        Path file = tmp.resolve("PQZERO.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT DATE '2021-01-04' + i::INTEGER AS date, 10.0 AS close, CASE WHEN i = 2 THEN 0.0 ELSE 9.5 END AS adj_close "
                    + "FROM range(4) t(i)) TO '" + file + "' (FORMAT parquet)");
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("s.duckdb"), tmp.resolve("staging"))) {
            refused(store, file, "row 3, column adj_close: the adjusted close is 0.0, not above 0");
        }
    }
}
