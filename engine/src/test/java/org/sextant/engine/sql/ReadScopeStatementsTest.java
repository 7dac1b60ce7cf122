package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Inside a read request a store connection runs one read-only SELECT and nothing else, whichever
 * JDBC call sends the statement; outside one it runs anything, as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadScopeStatementsTest {
    @TempDir
    static Path dir;
    private Store store;

    /** Statements that change the store, a setting, a file or the session, each refused in a read. */
    private static final String[] WRITES = {
        "DELETE FROM prices WHERE symbol = 'AA' RETURNING *",
        "UPDATE prices SET close = 0 RETURNING close",
        "INSERT INTO symbols(symbol, first_date, last_date, rows, source) VALUES ('ZZ', DATE '2000-01-03', DATE '2000-01-03', 1, 'x') RETURNING *",
        "WITH gone AS (DELETE FROM prices RETURNING *) SELECT count(*) FROM gone",
        "CREATE TABLE sneaky AS SELECT * FROM prices",
        "CREATE TEMP TABLE sneaky AS SELECT * FROM prices",
        "DROP TABLE symbols",
        "ALTER TABLE prices ADD COLUMN sneaky INTEGER",
        "ATTACH ':memory:' AS other",
        "SET threads = 1",
        "PRAGMA enable_profiling",
        "CHECKPOINT",
        "COPY prices TO 'sneaky.csv'",
        "EXPORT DATABASE 'sneaky'",
        "CALL checkpoint()",
        "SELECT * FROM checkpoint()",
        "SELECT nextval('forecast_ids')",
        "SELECT * FROM query('SELECT 1')",
        "SELECT 1; DELETE FROM prices",
        "BEGIN TRANSACTION",
    };

    @BeforeAll
    void open() throws Exception {
        store = SampleStore.open(dir.resolve("home"));
    }

    @AfterAll
    void close() {
        store.close();
    }

    /** What a write would change: the rows and their closes, the tables, the sequence's next value. */
    private String census() {
        return store.read(c -> {
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT (SELECT count(*) || '/' || sum(close) FROM prices) || ' ' || (SELECT count(*) FROM symbols)"
                         + " || ' ' || (SELECT string_agg(table_name, ',' ORDER BY table_name) FROM duckdb_tables())"
                         + " || ' ' || (SELECT string_agg(column_name, ',' ORDER BY column_name) FROM duckdb_columns() WHERE table_name = 'prices')"
                         + " || ' ' || (SELECT start_value || '/' || coalesce(last_value, -1) FROM duckdb_sequences() WHERE sequence_name = 'forecast_ids')")) {
                r.next();
                return r.getString(1);
            }
        });
    }

    private static SextantException refusedInRead(Supplier<Object> read) {
        SextantException e = assertThrows(SextantException.class, () -> ReadOnlyScope.run("fixture_read", read));
        assertEquals("forbidden", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().contains("the read request fixture_read tried to"), e.getMessage());
        assertTrue(e.fix().startsWith("this is a bug in Sextant"), e.fix());
        return e;
    }

    @Test
    void deleteReturningThroughExecuteQueryIsRefusedAndDeletesNothing() {
        String before = census();
        SextantException e = refusedInRead(() -> store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("DELETE FROM prices WHERE symbol = 'AA' RETURNING *")) {
                return r.next();
            }
        }));
        assertTrue(e.getMessage().contains("run DELETE, not a read-only SELECT on a store connection"), e.getMessage());
        assertEquals(before, census());
    }

    @ParameterizedTest
    @ValueSource(strings = {"executeQuery", "execute", "executeUpdate", "prepareStatement", "addBatch"})
    void everyWriteIsRefusedWhicheverCallSendsIt(String call) {
        String before = census();
        List<String> passed = new ArrayList<>();
        for (String sql : WRITES) {
            try {
                ReadOnlyScope.run("fixture_read", () -> store.read(c -> send(c, call, sql)));
                passed.add(sql);
            } catch (SextantException e) {
                if (!"forbidden".equals(e.failReason()) || !e.getMessage().contains("fixture_read")) passed.add(sql + " (" + e.getMessage() + ")");
            }
        }
        assertEquals(List.of(), passed, "statements " + call + " ran in a read");
        assertEquals(before, census());
    }

    private static Object send(Connection c, String call, String sql) throws Exception {
        switch (call) {
            case "prepareStatement" -> {
                try (PreparedStatement p = c.prepareStatement(sql)) {
                    return p.execute();
                }
            }
            case "addBatch" -> {
                try (Statement s = c.createStatement()) {
                    s.addBatch(sql);
                    return s.executeBatch();
                }
            }
            default -> {
                try (Statement s = c.createStatement()) {
                    return switch (call) {
                        case "executeQuery" -> s.executeQuery(sql).next();
                        case "execute" -> s.execute(sql);
                        default -> s.executeUpdate(sql);
                    };
                }
            }
        }
    }

    @Test
    void aStatementKeptFromOutsideAReadIsCheckedWhenItRunsInOne() {
        String sql = "DELETE FROM prices WHERE symbol = ? RETURNING close";
        assertEquals(false, store.readPrepared(sql, p -> { // outside a read: prepared and run on a kept connection (deletes nothing)
            p.setString(1, "NONE");
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }));
        String before = census();
        refusedInRead(() -> store.readPrepared(sql, p -> {
            p.setString(1, "AA");
            try (ResultSet r = p.executeQuery()) {
                return r.next();
            }
        }));
        assertEquals(before, census());
    }

    @Test
    void runSelectsWorkerThreadRunsAsTheRead() {
        String before = census();
        try (QueryWatchdog watchdog = new QueryWatchdog(java.time.Duration.ofMinutes(10), Long.MAX_VALUE, () -> -1)) {
            refusedInRead(() -> watchdog.run(w -> store.read(c -> {
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("DELETE FROM prices RETURNING *")) {
                    return r.next();
                }
            })));
        }
        assertEquals(before, census());
    }

    @Test
    void duckDbsOwnConnectionAndItsAppenderAreOutOfReach() {
        refusedInRead(() -> store.read(c -> c.unwrap(DuckDBConnection.class).createAppender("symbols")));
        refusedInRead(() -> store.read(c -> {
            try (Statement s = c.createStatement()) {
                return s.getConnection().unwrap(DuckDBConnection.class).duplicate();
            }
        }));
        ReadOnlyScope.run("fixture_read", () -> store.read(c -> {
            assertSame(c, c.unwrap(Connection.class));
            return null;
        }));
    }

    @Test
    void aResultSetsStatementIsTheCheckedOne() {
        String before = census();
        ReadOnlyScope.run("fixture_read", () -> store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT 1")) {
                assertSame(s, r.getStatement());
                assertTrue(s.execute("SELECT 2"));
                assertSame(s, s.getResultSet().getStatement());
            }
            return null;
        }));
        refusedInRead(() -> store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT 1")) {
                return r.getStatement().executeQuery("DELETE FROM prices WHERE symbol = 'AA' RETURNING *").next();
            }
        }));
        refusedInRead(() -> store.readPrepared("SELECT count(*) FROM prices WHERE symbol = ?", p -> {
            p.setString(1, "AA");
            try (ResultSet r = p.executeQuery()) {
                return r.getStatement().getConnection().unwrap(DuckDBConnection.class).duplicate();
            }
        }));
        assertEquals(before, census());
    }

    @Test
    void theMetadatasConnectionAndListingsAreTheCheckedOnes() {
        String before = census();
        refusedInRead(() -> store.read(c -> {
            try (Statement s = c.getMetaData().getConnection().createStatement()) {
                return s.execute("DELETE FROM prices WHERE symbol = 'AA'");
            }
        }));
        refusedInRead(() -> store.read(c -> c.getMetaData().getConnection().unwrap(DuckDBConnection.class).createAppender("symbols")));
        String listed = ReadOnlyScope.run("fixture_read", () -> store.read(c -> {
            try (ResultSet r = c.getMetaData().getTables(null, null, "prices", null)) {
                assertTrue(r.getStatement() == null, "a listing's statement is not handed out");
                return r.next() ? r.getString("TABLE_NAME") : null;
            }
        }));
        assertEquals("prices", listed);
        assertEquals(before, census());
    }

    @Test
    void theSchemaAndCatalogStayAsTheyAreInARead() {
        SextantException e = refusedInRead(() -> store.read(c -> {
            c.setSchema("main");
            return null;
        }));
        assertTrue(e.getMessage().contains("change the schema (setSchema) of a store connection"), e.getMessage());
        refusedInRead(() -> store.readPrepared("SELECT count(*) FROM prices WHERE symbol = ?", p -> {
            p.getConnection().setCatalog(p.getConnection().getCatalog());
            return null;
        }));
        assertEquals("main", store.read(c -> {
            c.setSchema("main"); // outside a read: as DuckDB does it
            return c.getSchema();
        }));
    }

    /** A kept connection left in a transaction would show every later read the store as it was (attack 25 L3). */
    @Test
    void aReadLeavesNoTransactionOrSessionSettingOnAKeptConnection() throws Exception {
        String count = "SELECT count(*) FROM prices WHERE symbol = ?";
        Map<String, SqlCall> changes = new LinkedHashMap<>();
        changes.put("setAutoCommit", c -> c.setAutoCommit(false));
        changes.put("setReadOnly", c -> c.setReadOnly(true));
        changes.put("setTransactionIsolation", c -> c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE));
        changes.put("setSavepoint", Connection::setSavepoint);
        changes.put("setSavepoint#named", c -> c.setSavepoint("kept"));
        changes.put("setHoldability", c -> c.setHoldability(java.sql.ResultSet.HOLD_CURSORS_OVER_COMMIT));
        changes.put("setNetworkTimeout", c -> c.setNetworkTimeout(Runnable::run, 1));
        changes.put("setTypeMap", c -> c.setTypeMap(Map.of()));
        changes.put("setClientInfo", c -> c.setClientInfo("ApplicationName", "kept"));
        for (Map.Entry<String, SqlCall> change : changes.entrySet()) {
            SextantException e = refusedInRead(() -> store.readPrepared(count, p -> {
                p.setString(1, "AA");
                change.getValue().run(p.getConnection());
                return null;
            }));
            assertTrue(e.getMessage().contains("(" + change.getKey().split("#")[0] + ") of a store connection"), e.getMessage());
        }
        long before = ReadOnlyScope.run("fixture_read", () -> countOf(count, "KEPT"));
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("INSERT INTO prices SELECT * REPLACE ('KEPT' AS symbol) FROM prices WHERE symbol = 'AA' LIMIT 3");
            }
        });
        try {
            assertEquals(before + 3, (long) ReadOnlyScope.run("fixture_read", () -> countOf(count, "KEPT")), "the kept connection sees the write");
        } finally {
            store.inTransaction(c -> {
                try (Statement s = c.createStatement()) {
                    return s.executeUpdate("DELETE FROM prices WHERE symbol = 'KEPT'");
                }
            });
        }
        assertTrue(store.read(Connection::getAutoCommit), "outside a read the session is the caller's");
    }

    private long countOf(String sql, String symbol) {
        return store.readPrepared(sql, p -> {
            p.setString(1, symbol);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private interface SqlCall {
        void run(Connection c) throws Exception;
    }

    @Test
    void readsPassInARead() {
        String sample = ReadOnlyScope.run("fixture_read", () -> store.read(c -> {
            StringBuilder out = new StringBuilder();
            try (Statement s = c.createStatement()) {
                for (String sql : List.of("SELECT count(*) FROM prices", "DESCRIBE SELECT * FROM prices", "SHOW TABLES",
                        "SUMMARIZE SELECT close FROM prices", "WITH a AS (SELECT close FROM prices) SELECT max(close) FROM a",
                        "SELECT table_name FROM duckdb_tables()", "FROM symbols", "VALUES (1)")) {
                    try (ResultSet r = s.executeQuery(sql)) {
                        out.append(r.next());
                    }
                    out.append(s.execute(sql));
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM prices WHERE symbol = ?")) {
                p.setString(1, "AA");
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    out.append(r.getLong(1));
                }
            }
            return out.toString();
        }));
        assertEquals("true".repeat(16) + "100", sample);
        long kept = ReadOnlyScope.run("fixture_read", () -> store.readPrepared("SELECT count(*) FROM prices WHERE symbol = ?", p -> {
            p.setString(1, "AA");
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }));
        assertEquals(100, kept);
        try (ReadOnlySql sql = new ReadOnlySql(store)) {
            SelectResult r = ReadOnlyScope.run("run_select", () -> sql.run("SELECT symbol, close FROM prices WHERE symbol = 'AA' ORDER BY date LIMIT 3", null));
            assertEquals(3, r.rowCount());
            assertTrue(ReadOnlyScope.run("get_db_schema", sql::schema).toString().contains("prices"));
        }
    }

    @Test
    void outsideAReadTheSameConnectionsWrite() throws Exception {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE scratch (a INTEGER)");
                try (ResultSet r = s.executeQuery("INSERT INTO scratch VALUES (1), (2) RETURNING a")) {
                    assertTrue(r.next());
                }
            }
            c.unwrap(DuckDBConnection.class).createAppender("scratch").close();
            return null;
        });
        long rows = store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("DELETE FROM scratch WHERE a = 2 RETURNING a")) {
                return r.next() ? 1L : 0L;
            }
        });
        assertEquals(1, rows);
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.execute("DROP TABLE scratch");
            }
        });
    }
}
