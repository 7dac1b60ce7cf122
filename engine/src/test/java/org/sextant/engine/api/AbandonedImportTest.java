package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.CancellableSql;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * import_prices whose caller went away (the client closed its connection, or gave up at its own time limit) kept
 * reading and staging its files and committed them for nobody. Now it stops as a cancelled import job does: the
 * transaction rolled back, staging emptied, and the store, opened again, holds what it held before.
 */
class AbandonedImportTest {
    private static final Duration GENEROUS = Duration.ofMinutes(5);
    /** Turns true only when looked at from the poller that watches a running statement: the caller leaves mid-read. */
    private static final BooleanSupplier GONE_MID_STATEMENT = () -> Thread.currentThread().getName().equals(CancellableSql.THREAD);

    @TempDir Path tmp;

    @Test
    void anImportWhoseCallerLeftWhileItReadStopsAndLeavesTheStoreAsItWas() throws Exception {
        Path csv = longFile("F.csv", 400, 500, 0); // 200,000 rows: the read lasts far longer than a poll
        Path parquet = tmp.resolve("P.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 'P' || (i % 400) AS symbol, DATE '2010-01-01' + (i // 400)::INTEGER AS date, 10 + i * 1e-4 AS close "
                    + "FROM range(200000) t(i)) TO '" + parquet + "' (FORMAT parquet)");
        }
        Path home = tmp.resolve("home");
        String before;
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(home)))) {
            ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
            before = snapshot(engine.store());
            for (Path file : List.of(csv, parquet)) {
                CancellationException stopped = assertThrows(CancellationException.class, () -> routes.dispatch(importCall(file), GONE_MID_STATEMENT));
                assertEquals("cancelled during a statement", stopped.getMessage(), file + ": stopped inside the read, not after it");
                assertEquals(before, snapshot(engine.store()), file + ": nothing written");
                assertStagingEmpty(engine.store());
            }
        }
        try (Sextant again = Sextant.open(new SextantHome(home))) {
            assertEquals(before, snapshot(again.store()), "the store opens with the counts it had");
        }
    }

    /**
     * The caller leaves at each point the import looks in turn: every time before the last one, the import is rolled
     * back whole; once past it the commit finishes and the import is whole (never half written).
     */
    @Test
    void aCallerLeavingAtAnyPointLeavesNothingOrTheWholeImport() throws Exception {
        Path a = longFile("A.csv", 5, 40, 0), b = longFile("B.csv", 5, 40, 0.5);
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(tmp.resolve("home"))))) {
            ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
            Thread caller = Thread.currentThread();
            String before = snapshot(engine.store());
            for (int k = 1; k < 100; k++) {
                int at = k;
                int[] looked = {0};
                BooleanSupplier goneAtK = () -> Thread.currentThread() == caller && ++looked[0] >= at; // the import's own looks only
                try {
                    routes.dispatch(new ApiCall("import_prices", Json.MAPPER.valueToTree(Map.of("paths", List.of(a.toString(), b.toString())))), goneAtK);
                } catch (CancellationException stopped) {
                    assertEquals(before, snapshot(engine.store()), "gone at look " + k + ": nothing written");
                    assertStagingEmpty(engine.store());
                    continue;
                }
                assertTrue(k > 1, "a caller gone at the first look stops the import");
                assertNotEquals(before, snapshot(engine.store()), "past its last look the import commits whole");
                assertEquals(10 * 40, count(engine.store(), "SELECT count(*) FROM prices WHERE symbol IN ('A0','A1','A2','A3','A4','B0','B1','B2','B3','B4')"));
                return;
            }
            fail("the import never got through");
        }
    }

    /** An import job cancelled while it reads a file (staged, being read) ends cancelled, writes nothing and empties staging. */
    @Test
    void anImportJobCancelledWhileItReadsWritesNothing() throws Exception {
        Path big = longFile("BIG.csv", 1000, 1000, 0); // 1,000,000 rows
        try (Sextant engine = Sextant.open(SampleStoreCopy.into(new SextantHome(tmp.resolve("home"))))) {
            String before = snapshot(engine.store());
            JobStatus job = engine.startImport(List.of(big));
            long end = System.nanoTime() + GENEROUS.toNanos();
            while (isEmpty(engine.store().stagingDir()) && engine.jobs().status(job.id()).state().active() && System.nanoTime() < end) Thread.onSpinWait();
            assertTrue(!isEmpty(engine.store().stagingDir()), "the job staged its file: " + engine.jobs().status(job.id()));
            engine.jobs().cancel(job.id()); // the file is staged: the job is reading it
            JobStatus done = engine.jobs().await(job.id(), GENEROUS);
            assertEquals(JobState.CANCELLED, done.state(), done.message());
            assertEquals("cancelled: nothing was written", done.message());
            assertEquals(before, snapshot(engine.store()));
            assertStagingEmpty(engine.store());
        }
    }

    private ApiCall importCall(Path file) {
        return new ApiCall("import_prices", Json.MAPPER.valueToTree(Map.of("paths", List.of(file.toString()))));
    }

    private static boolean isEmpty(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.findAny().isEmpty();
        }
    }

    private static void assertStagingEmpty(Store store) throws Exception {
        try (var files = Files.list(store.stagingDir())) {
            assertEquals(List.of(), files.toList(), "staging emptied");
        }
    }

    private Path longFile(String name, int symbols, int days, double shift) throws Exception {
        StringBuilder sb = new StringBuilder("symbol,date,close\n");
        LocalDate start = LocalDate.of(2010, 1, 1);
        String prefix = name.substring(0, name.indexOf('.'));
        for (int s = 0; s < symbols; s++) {
            for (int d = 0; d < days; d++) sb.append(prefix).append(s).append(',').append(start.plusDays(d)).append(',').append(10 + s + d * 0.01 + shift).append('\n');
        }
        return Files.writeString(tmp.resolve(name), sb);
    }

    private static long count(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static String snapshot(Store store) {
        return org.sextant.engine.testing.StoreSnapshot.of(store);
    }
}
