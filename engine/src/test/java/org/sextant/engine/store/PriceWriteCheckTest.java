package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * A write that says what it changes is held to it in tests (sextant.store.checkPriceWrites): a write of results beside the
 * prices that changed a price, or a write naming one symbol that changed another's, fails and leaves the store as it was, so
 * what the listing keeps across such writes cannot go stale unseen.
 */
class PriceWriteCheckTest {
    @Test
    void aWriteBesidePricesThatChangesAPriceFails(@TempSextant Store store) {
        write(store, null, "INSERT INTO prices VALUES ('AAA', DATE '2024-01-02', NULL, NULL, NULL, 10, NULL, NULL, 'test')");
        long version = store.pricesVersion();
        SextantException e = assertThrows(SextantException.class, () -> store.inTransactionBesidePrices(c -> update(c, "UPDATE prices SET close = 11 WHERE symbol = 'AAA'")));
        assertTrue(bug(e).contains("a write beside the prices changed the prices, bars or symbol rows of [AAA]"), e.getMessage());
        assertEquals(10.0, close(store), "rolled back");
        assertEquals(version, store.pricesVersion());
        store.inTransactionBesidePrices(c -> update(c, "CREATE TABLE IF NOT EXISTS results_beside (x INTEGER)")); // results alone: passes
        assertEquals(version, store.pricesVersion(), "and keeps the version");
    }

    /** Code shared with price writes may say "no symbol" inside a write of results: that is what such a write says already. */
    @Test
    void aWriteBesidePricesMaySayItChangesNoSymbol(@TempSextant Store store) {
        long version = store.pricesVersion();
        store.inTransactionBesidePrices(c -> {
            store.changesOnly(List.of()); // threw UnsupportedOperationException
            return update(c, "CREATE TABLE results_beside (x INTEGER)");
        });
        assertEquals(Boolean.TRUE, store.read(c -> c.getMetaData().getTables(null, null, "results_beside", null).next()), "written");
        assertEquals(version, store.pricesVersion(), "a write of results keeps the prices' version");
    }

    @Test
    void aWriteNamingOneSymbolThatChangesAnotherFails(@TempSextant Store store) {
        write(store, null, "INSERT INTO prices VALUES ('AAA', DATE '2024-01-02', NULL, NULL, NULL, 10, NULL, NULL, 'test')");
        SextantException e = assertThrows(SextantException.class, () -> write(store, List.of("BBB"),
                "INSERT INTO bars VALUES ('BBB', '5m', TIMESTAMP '2024-01-02 14:30', NULL, NULL, NULL, 10, NULL, 'test'); "
                        + "UPDATE prices SET close = 12 WHERE symbol = 'AAA'"));
        assertTrue(bug(e).contains("a write that said it changes [BBB] changed the prices, bars or symbol rows of [AAA]"), e.getMessage());
        assertEquals(10.0, close(store), "rolled back");
        long before = store.symbolVersion("AAA");
        write(store, List.of("BBB"), "INSERT INTO bars VALUES ('BBB', '5m', TIMESTAMP '2024-01-02 14:30', NULL, NULL, NULL, 10, NULL, 'test')");
        assertEquals(before, store.symbolVersion("AAA"), "a write of BBB alone keeps AAA's version");
        assertEquals(store.pricesVersion(), store.symbolVersion("BBB"));
        assertEquals(java.util.Set.of("BBB"), store.symbolsChangedSince(store.pricesVersion() - 1).symbols());
        SextantException early = assertThrows(SextantException.class, () -> write(store, List.of("BBB"),
                "INSERT INTO session_early_closes VALUES ('us_equity', DATE '1801-12-24', TIME '13:00', TIME '12:59:59.999999')"));
        assertTrue(bug(early).contains("every symbol (early closes)"), early.getMessage());
    }

    private static void write(Store store, List<String> symbols, String sql) {
        store.inTransaction(c -> {
            if (symbols != null) store.changesOnly(symbols);
            return update(c, sql);
        });
    }

    private static int update(java.sql.Connection c, String sql) throws java.sql.SQLException {
        try (Statement s = c.createStatement()) {
            int n = 0;
            for (String one : sql.split("; ")) n += s.executeUpdate(one);
            return n;
        }
    }

    private static double close(Store store) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery("SELECT close FROM prices WHERE symbol = 'AAA'")) {
                r.next();
                return r.getDouble(1);
            }
        });
    }

    /** A write that breaks the check is a bug: answered internal_error, the check's words kept in the cause (and the log). */
    private static String bug(SextantException e) {
        assertEquals(org.sextant.contract.FailReason.INTERNAL_ERROR, e.reason(), e.getMessage());
        return e.getCause().getMessage();
    }
}
