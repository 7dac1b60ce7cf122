package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** A job's cancel reaches a DuckDB statement that is running, which no checkpoint can. */
class CancellableSqlTest {
    /** Summing hashes of 10^13 numbers: hours of work unless something stops it. */
    private static final String FOREVER = "SELECT sum(hash(i)) FROM range(10000000000000) t(i)";

    /** The request is seen only by the poller: a checkpoint before the statement finds nothing. */
    private static final BooleanSupplier WHILE_RUNNING = () -> Thread.currentThread().getName().equals(CancellableSql.THREAD);

    @Test
    void aRunningStatementIsCancelledWhenItsJobIsAskedToStop() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            // bounded only so a regression fails instead of hanging the build: the query alone runs for hours
            CancellationException stopped = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> assertThrows(CancellationException.class,
                    () -> Cancellation.watching(WHILE_RUNNING, () -> CancellableSql.run(st, () -> st.execute(FOREVER)))));
            assertEquals("cancelled during a statement", stopped.getMessage());
            try (Statement next = c.createStatement(); ResultSet r = next.executeQuery("SELECT 42")) { // the connection is usable again
                r.next();
                assertEquals(42, r.getInt(1));
            }
        }
    }

    /** A read with a stop of its own (a scan's time to read, its caller's going away) is cancelled when that stop turns true. */
    @Test
    void aRunningStatementIsCancelledWhenItsOwnStopTurnsTrue() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            // outside any job or request: only the statement's own stop can end it
            CancellationException stopped = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> assertThrows(CancellationException.class,
                    () -> CancellableSql.run(st, WHILE_RUNNING, () -> st.execute(FOREVER))));
            assertEquals("cancelled during a statement", stopped.getMessage());
        }
    }

    @Test
    void aFailureThatIsNotACancelStaysWhatItIs() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement st = c.createStatement()) {
                assertThrows(SQLException.class, () -> Cancellation.watching(() -> false, () -> CancellableSql.run(st, () -> st.execute("SELECT * FROM no_such_table"))));
            }
            try (Statement st = c.createStatement()) {
                assertThrows(SQLException.class, () -> CancellableSql.run(st, () -> st.execute("SELECT * FROM no_such_table")), "outside a job");
            }
            try (Statement st = c.createStatement()) {
                assertEquals(Boolean.TRUE, Cancellation.watching(() -> false, () -> CancellableSql.run(st, () -> st.execute("SELECT 1"))));
            }
        }
    }
}
