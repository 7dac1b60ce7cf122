package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;

/** The kept connections of the hot point reads: right answers under concurrency, fresh data after writes, nothing kept past close. */
class PreparedReadsTest {
    private static final String COUNT = "SELECT count(*) FROM t WHERE k = ?";

    @TempDir Path dir;

    private static long count(Store store, int k) {
        return store.readPrepared(COUNT, p -> {
            p.setInt(1, k);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static void insert(Store store, int k, int n) {
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("INSERT INTO t SELECT " + k + " FROM range(" + n + ")");
            }
            return null;
        });
    }

    @Test
    void concurrentReadersEachGetTheirOwnAnswerAndSeeCommittedWrites() throws Exception {
        try (Store store = Store.open(dir.resolve("s.duckdb"), dir.resolve("staging"))) {
            store.inTransaction(c -> {
                try (var s = c.createStatement()) {
                    s.execute("CREATE TABLE t (k INTEGER)");
                }
                return null;
            });
            for (int k = 0; k < 8; k++) insert(store, k, k + 1);
            ExecutorService pool = Executors.newFixedThreadPool(8); // more readers than kept connections
            try {
                List<Future<Long>> answers = new ArrayList<>();
                for (int i = 0; i < 400; i++) {
                    int k = i % 8;
                    answers.add(pool.submit(() -> count(store, k)));
                }
                for (int i = 0; i < answers.size(); i++) assertEquals(i % 8 + 1, answers.get(i).get(), "reader " + i);
            } finally {
                pool.shutdownNow();
            }
            insert(store, 3, 10);
            assertEquals(14, count(store, 3), "a kept connection reads what committed after it was prepared");
        }
    }

    @Test
    void aFailedReadIsReportedAndTheNextReadWorks() {
        try (Store store = Store.open(dir.resolve("s.duckdb"), dir.resolve("staging"))) {
            store.inTransaction(c -> {
                try (var s = c.createStatement()) {
                    s.execute("CREATE TABLE t (k INTEGER)");
                }
                return null;
            });
            SextantException e = assertThrows(SextantException.class, () -> store.readPrepared("SELECT CAST(? AS INTEGER)", p -> {
                p.setString(1, "not a number");
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return r.getInt(1);
                }
            }));
            assertEquals("db_error", e.failReason());
            assertEquals(0, count(store, 1));
        }
    }

    @Test
    void aClosedStoreRefusesInsteadOfUsingAKeptConnection() {
        Store store = Store.open(dir.resolve("s.duckdb"), dir.resolve("staging"));
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("CREATE TABLE t (k INTEGER)");
            }
            return null;
        });
        assertEquals(0, count(store, 1)); // one connection is kept now
        store.close();
        SextantException e = assertThrows(SextantException.class, () -> count(store, 1));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
}
