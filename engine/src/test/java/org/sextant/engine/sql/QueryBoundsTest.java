package org.sextant.engine.sql;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * The time and memory bound of one agent query in the app's own accounting (issue #14): a query
 * that grows the process past the cap is stopped with resource_limit, one-step value builders
 * are refused before they run, and other queries keep being answered meanwhile.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryBoundsTest {
    /** A list aggregate over 400 M rows: about 3 GB of native memory that DuckDB's memory_limit does not hold. */
    static final String HUGE_LIST = "SELECT length(list(range)::VARCHAR) FROM range(400000000)";

    private Store store;

    @BeforeAll
    void open(@TempSextant Store empty) throws Exception {
        store = SampleStore.fill(empty);
    }

    @Test
    void aQueryGrowingTheProcessPastTheCapIsStoppedAndTheNextOneAnswers() {
        long before = ProcessMemory.residentBytes();
        assertTrue(before > 0, "this test needs /proc (Linux)");
        long cap = before + (300L << 20);
        ReadOnlySql bounded = new ReadOnlySql(store, Duration.ofMinutes(5), cap, ProcessMemory::residentBytes);
        SextantException e = assertThrows(SextantException.class, () -> bounded.run(HUGE_LIST, null));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("sql", e.field());
        assertTrue(e.getMessage().contains("past the cap"), e.getMessage());
        assertEquals(500L, ((Number) bounded.run("SELECT count(*) FROM prices", null).rows().get(0).get(0)).longValue());
    }

    @Test
    void aQueryOverTheCapStopsOnlyQueriesThatGrewAndOthersAnswerMeanwhile() throws Exception {
        AtomicLong rss = new AtomicLong(1L << 30);
        ReadOnlySql bounded = new ReadOnlySql(store, Duration.ofMinutes(5), 2L << 30, rss::get);
        CompletableFuture<SelectResult> hostile = CompletableFuture.supplyAsync(
                () -> bounded.run("SELECT count(*) FROM range(1000000) a, range(1000000) b", null));
        // while it runs, another caller is answered
        assertEquals(500L, ((Number) bounded.run("SELECT count(*) FROM prices", null).rows().get(0).get(0)).longValue());
        rss.set(3L << 30); // the process passes the cap while the hostile query runs
        Exception e = assertThrows(Exception.class, hostile::join);
        SextantException cause = (SextantException) e.getCause();
        assertEquals("resource_limit", cause.failReason(), cause.getMessage());
        // a query started above the cap, that does not grow, still runs
        assertEquals(500L, ((Number) bounded.run("SELECT count(*) FROM prices", null).rows().get(0).get(0)).longValue());
    }

    @Test
    void agentQueriesHoldingTooMuchOfTheStoresMemoryAreStoppedAndTheAppsOwnReadsKeepTheRest() throws Exception {
        long poolCap = 800L << 20;
        // the real pool of the real store: a query that builds a large list in DuckDB's memory
        ReadOnlySql bounded = new ReadOnlySql(store, Duration.ofMinutes(5), Long.MAX_VALUE, () -> -1, poolCap, new StorePool(store));
        SextantException e = assertThrows(SextantException.class,
                () -> bounded.run("SELECT len(list(repeat('y', 100))) FROM range(100000000)", null));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertTrue(e.getMessage().contains("working memory"), e.getMessage());
        // the store answers its own reads and the next agent query once the pool is back
        long own = store.read(c -> {
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
        assertEquals(500L, own);
        assertEquals(500L, ((Number) bounded.run("SELECT count(*) FROM prices", null).rows().get(0).get(0)).longValue());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT repeat('x', 2000000000)",
            "SELECT length(repeat('ab', 600000))",
            "SELECT repeat(symbol, 3) FROM prices",
            "SELECT lpad('a', 2000000000, 'b')",
            "SELECT rpad(symbol, CAST(close AS INT) * 100000000, '.') FROM prices",
            "SELECT printf('%1000000000d', 1)",
            "SELECT format('{:>1500000000}', 1)",
            "SELECT printf(symbol, 1) FROM prices",
            "SELECT length(printf('%*d', 2100000000, 1))", // the width from an argument (exploratory test: 4.2 GB)
            "SELECT printf('%.*f', 2000000000, 1.0)",
            "SELECT format('{:>{}}', 'x', 1500000000)",
            "SELECT len(range(1000000000))",
            "SELECT generate_series(0, 1e12, 0.5)",
            "SELECT range(close::BIGINT) FROM prices",
            "SELECT list_resize([1], 2000000000)",
            "SELECT array_resize([1], 1e10::BIGINT)",
            "SELECT bar(1, 0, 2, 1e9)",
    })
    void oneStepValueBuildersPastTheSizeAreRefusedBeforeTheyRun(String query) {
        ReadOnlySql sql = new ReadOnlySql(store);
        SextantException e = assertThrows(SextantException.class, () -> sql.run(query, null));
        assertEquals("invalid_input", e.failReason(), e.getMessage());
        assertEquals("sql", e.field());
        assertTrue(e.getMessage().startsWith("refused:"), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT repeat('-', 40)",
            "SELECT lpad(symbol, 10, ' ') FROM prices LIMIT 1",
            "SELECT printf('%.2f', close) FROM prices LIMIT 1",
            "SELECT format('{:>12}', symbol) FROM prices LIMIT 1",
            "SELECT format('{{}} {}', symbol) FROM prices LIMIT 1",
            "SELECT printf('%5.1f%%', close) FROM prices LIMIT 1",
            "SELECT len(range(10))",
            "SELECT generate_series(1, 5)",
            "SELECT list_resize([1, 2], 5)",
            "SELECT count(*) FROM range(100000000)",
    })
    void smallValueBuildersStillWork(String query) {
        assertEquals(1, new ReadOnlySql(store).run(query, null).rows().size(), query);
    }
}
