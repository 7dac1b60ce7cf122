package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.CapturedStderr;
import org.sextant.engine.testing.TempSextant;

/**
 * What a failed write or read answers: a bug in the work (a NullPointerException, SQL of ours DuckDB cannot bind) is
 * internal_error naming a logged incident, never the exception's words, and nothing is written; a database failure the
 * input caused (a constraint) is still db_error naming the column; a value DuckDB refused is not quoted back.
 */
class StoreFailureTest {
    /** A bug's answer: the mark and the log, nothing else. */
    static final Pattern INCIDENT = Pattern.compile("the app failed \\(a bug; logged as incident ([0-9a-f]{8}) in SEXTANT_HOME/logs/sextant.log\\)");

    private static final String SECRET = "AWS_SECRET=abcd1234 in /home/someone/.env";

    @Test
    void aNullPointerInAWriteIsAnInternalErrorWithAnIncidentAndNothingIsWritten(@TempSextant Store store) throws Exception {
        SextantException[] refused = new SextantException[1];
        String log = CapturedStderr.of(() -> refused[0] = assertThrows(SextantException.class, () -> store.inTransaction(c -> {
            insertSymbol(c, "BUGGY");
            throw new NullPointerException(SECRET);
        })));
        SextantException e = refused[0];
        assertEquals("internal_error", e.failReason());
        Matcher m = INCIDENT.matcher(e.getMessage());
        assertTrue(m.matches(), e.getMessage());
        assertFalse((e.getMessage() + e.fix()).contains("AWS_SECRET") || (e.getMessage() + e.fix()).contains("NullPointer"), e.getMessage() + " " + e.fix());
        assertTrue(e.fix().contains("incident " + m.group(1)) && e.fix().contains("SEXTANT_HOME/logs/sextant.log"), e.fix());
        assertTrue(log.contains("incident " + m.group(1)) && log.contains(SECRET), "the log keeps the details under the mark: " + log);
        assertEquals(0, symbols(store, "BUGGY"), "rolled back");
    }

    @Test
    void aBugInAReadIsAnInternalErrorToo(@TempSextant Store store) {
        SextantException e = assertThrows(SextantException.class, () -> store.read(c -> {
            throw new ClassCastException(SECRET);
        }));
        assertEquals("internal_error", e.failReason());
        assertTrue(INCIDENT.matcher(e.getMessage()).matches(), e.getMessage());
    }

    /** SQL of ours that DuckDB cannot bind is our bug, not the database's: internal_error, without DuckDB's text. */
    @Test
    void sqlOfOursThatDoesNotBindIsABug(@TempSextant Store store) {
        SextantException e = assertThrows(SextantException.class, () -> store.inTransaction(c -> {
            insertSymbol(c, "BUGGY");
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("UPDATE symbols SET no_such_column = 1");
            }
        }));
        assertEquals("internal_error", e.failReason());
        assertFalse(e.getMessage().contains("no_such_column"), e.getMessage());
        assertEquals(0, symbols(store, "BUGGY"));
    }

    @Test
    void aConstraintTheInputBrokeIsStillADatabaseErrorNamingTheColumn(@TempSextant Store store) {
        SextantException e = assertThrows(SextantException.class, () -> store.inTransaction(c -> {
            insertSymbol(c, "AA");
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO prices (symbol, date, close) VALUES ('AA', NULL, 1)");
            }
        }));
        assertEquals("db_error", e.failReason());
        assertTrue(e.getMessage().startsWith("store write failed: Constraint Error:") && e.getMessage().contains("prices.date"), e.getMessage());
        assertEquals(0, symbols(store, "AA"));
    }

    /** As the forecast import carries one across a lambda: the SQLException inside is still judged as DuckDB's. */
    @Test
    void aConstraintWrappedToCrossALambdaIsStillADatabaseError(@TempSextant Store store) {
        SextantException e = assertThrows(SextantException.class, () -> store.inTransaction(c -> {
            insertSymbol(c, "AA");
            try {
                insertSymbol(c, "AA");
            } catch (SQLException twice) {
                throw new IllegalStateException(twice);
            }
            return null;
        }));
        assertEquals("db_error", e.failReason());
        assertTrue(e.getMessage().contains("Constraint Error") && e.getMessage().contains("duplicate key (its values are not repeated here"), e.getMessage());
    }

    /** DuckDB quotes a value it could not convert; it may be a line of any file an import was pointed at, so it is not repeated. */
    @Test
    void aValueDuckDbRefusedIsNotQuotedBack(@TempSextant Store store) {
        SextantException e = assertThrows(SextantException.class, () -> store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO prices (symbol, date, close) VALUES ('AA', CAST('" + SECRET + "' AS DATE), 1)");
            }
        }));
        assertEquals("db_error", e.failReason());
        assertFalse(e.getMessage().contains("AWS_SECRET"), e.getMessage());
        assertTrue(e.getMessage().contains("Conversion Error"), e.getMessage());
    }

    /** A duplicate key's values are a row's cells (a file's an import read): the answer names the key's columns, not them. */
    @Test
    void aDuplicateKeyIsNamedByItsColumnsNotItsValues(@TempSextant Store store) {
        String row = "INSERT INTO session_early_closes VALUES ('" + SECRET + "', DATE '1801-12-24', TIME '13:00', TIME '12:59:59')";
        store.inTransaction(c -> update(c, row));
        SextantException stored = assertThrows(SextantException.class, () -> store.inTransaction(c -> update(c, row)));
        assertEquals("db_error", stored.failReason());
        assertFalse(stored.getMessage().contains("AWS_SECRET") || stored.getMessage().contains("1801"), stored.getMessage());
        assertEquals("store write failed: Constraint Error: Duplicate key (session, day; its values are not repeated here: they may be a "
                + "file's content) violates primary key constraint.", stored.getMessage());
        // a row twice in one write: DuckDB quotes the values alone, the words of its end among them
        String twice = "INSERT INTO session_early_closes VALUES ('x\" violates " + SECRET + "', DATE '1802-12-24', TIME '13:00', TIME '12:59:59')";
        SextantException repeated = assertThrows(SextantException.class, () -> store.inTransaction(c -> update(c, twice + "; " + twice)));
        assertEquals("store write failed: Constraint Error: PRIMARY KEY or UNIQUE constraint violation: duplicate key (its values are not "
                + "repeated here: they may be a file's content)", repeated.getMessage());
    }

    /** A value that holds the words after the key is cut with the rest of the key; a key with no end in sight is cut whole. */
    @Test
    void aKeyValueHoldingTheClosingWordsIsCutToo() {
        assertEquals("Constraint Error: Duplicate key (symbol, ts; its values are not repeated here: they may be a file's content) violates primary key constraint.",
                StoreFailure.withoutKeyValues("Constraint Error: Duplicate key \"symbol: X\" violates Y, ts: 2024-01-02 00:00:00\" violates primary key constraint."));
        assertEquals("Constraint Error: Violates foreign key constraint because key (symbol; its values are not repeated here: they may be a file's content) "
                + "does not exist in the referenced table", StoreFailure.withoutKeyValues("Constraint Error: Violates foreign key constraint because key "
                + "\"symbol: " + SECRET + "\" does not exist in the referenced table"));
        assertEquals("Constraint Error: Duplicate key (its values are not repeated here: they may be a file's content)",
                StoreFailure.withoutKeyValues("Constraint Error: Duplicate key \"symbol: " + SECRET));
    }

    private static int update(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            int n = 0;
            for (String one : sql.split("; ")) n += s.executeUpdate(one);
            return n;
        }
    }

    private static void insertSymbol(Connection c, String symbol) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO symbols (symbol) VALUES ('" + symbol + "')");
        }
    }

    private static long symbols(Store store, String symbol) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM symbols WHERE symbol = '" + symbol + "'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
