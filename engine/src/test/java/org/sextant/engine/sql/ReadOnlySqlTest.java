package org.sextant.engine.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * Analytical SQL a researcher writes still works through the guard, on 500 real closes; each
 * answer is checked against the same computation done in Java from the CSV resource.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadOnlySqlTest {
    @TempDir
    static Path dir;
    private Store store;
    private ReadOnlySql sql;
    private List<SampleStore.Close> closes;

    @BeforeAll
    void open() throws Exception {
        store = SampleStore.open(dir);
        sql = new ReadOnlySql(store);
        closes = SampleStore.closes();
    }

    @AfterAll
    void close() {
        store.close();
    }

    private List<SampleStore.Close> series(String symbol) {
        return closes.stream().filter(c -> c.symbol().equals(symbol)).sorted((a, b) -> a.date().compareTo(b.date())).toList();
    }

    private static double num(Object o) {
        return ((Number) o).doubleValue();
    }

    @Test
    void theConsoleResamplesWithTheStoresMacro() {
        // AA's weekly bars by the macro = the same weeks computed here: first/max/min/last close of each Monday-based week
        List<SampleStore.Close> aa = series("AA");
        Map<LocalDate, List<Double>> weeks = new TreeMap<>();
        for (SampleStore.Close c : aa) weeks.computeIfAbsent(c.date().with(java.time.DayOfWeek.MONDAY), k -> new ArrayList<>()).add(c.close());
        SelectResult r = sql.run("SELECT date, open, high, low, close, bars FROM resample_bars('AA', '1d', '1w') ORDER BY ts", null);
        assertEquals(weeks.size(), r.rows().size());
        int i = 0;
        for (Map.Entry<LocalDate, List<Double>> w : weeks.entrySet()) {
            List<Object> row = r.rows().get(i++);
            List<Double> v = w.getValue();
            assertEquals(v.get(0), num(row.get(1)), 1e-12);
            assertEquals(v.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), num(row.get(2)), 1e-12);
            assertEquals(v.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), num(row.get(3)), 1e-12);
            assertEquals(v.get(v.size() - 1), num(row.get(4)), 1e-12);
            assertEquals(v.size(), num(row.get(5)));
        }
        assertEquals(List.of(List.of(500L)), sql.run("SELECT count(*) FROM price_bars WHERE interval = '1d'", null).rows());
        SextantException other = assertThrows(SextantException.class, () -> sql.run("SELECT * FROM repeat_row(1, num_rows => 3)", null));
        assertTrue(other.getMessage().contains("resample_bars"), other.getMessage());
    }

    @Test
    void resamplingWhatTheStoreDoesNotHoldIsRefusedNotAnsweredEmpty() {
        // the macro alone answers no rows; an agent must learn the symbol is unknown, as get_close_price says it
        SextantException unknown = assertThrows(SextantException.class, () -> sql.run("SELECT count(*) FROM resample_bars('NOPE', '1d', '1w')", null));
        assertEquals("not_found", unknown.failReason());
        assertEquals("symbol", unknown.field());
        assertTrue(unknown.getMessage().contains("unknown symbol 'NOPE'"), unknown.getMessage());
        assertTrue(unknown.fix().contains("list_symbols"), unknown.fix());
        // inside a CTE too: the walk reaches every call
        assertThrows(SextantException.class, () -> sql.run("WITH w AS (SELECT * FROM resample_bars('NOPE', '1d', '1w')) SELECT count(*) FROM w", null));
        SextantException lower = assertThrows(SextantException.class, () -> sql.run("SELECT * FROM resample_bars('aa', '1d', '1w')", null));
        assertEquals("symbol", lower.field());
        assertTrue(lower.fix().contains("resample_bars('AA'"), lower.fix());
        SextantException interval = assertThrows(SextantException.class, () -> sql.run("SELECT * FROM resample_bars('AA', '30m', '1d')", null));
        assertEquals("interval", interval.field());
        assertTrue(interval.getMessage().contains("no 30m bars stored (stored: 1d)"), interval.getMessage());
        assertTrue(interval.fix().contains("resample_bars('AA', '1d'"), interval.fix());
    }

    /** Attack 22, L1: a symbol or source interval the store cannot be checked for before the query runs is refused, not answered empty. */
    @Test
    void resamplingASymbolOrIntervalGivenAsAnExpressionIsRefused() {
        for (String call : new String[] {"resample_bars((SELECT 'ZZZ'), '1d', '1w')", "resample_bars(lower('AA'), '1d', '1w')",
                "resample_bars(NULL, '1d', '1w')", "resample_bars(s.symbol, '1d', '1w')"}) {
            SextantException e = assertThrows(SextantException.class, () -> sql.run("SELECT * FROM symbols s, " + call, null), call);
            assertEquals("symbol", e.field(), call);
            assertTrue(e.getMessage().startsWith("resample_bars takes its symbol as text written in the query ('IBM')"), e.getMessage());
        }
        SextantException from = assertThrows(SextantException.class, () -> sql.run("SELECT * FROM resample_bars('AA', (SELECT '5m'), '1w')", null));
        assertEquals("interval", from.field());
        assertEquals("write the interval as a quoted literal, e.g. resample_bars('IBM', '1d', '1w')", from.fix());
    }

    /** Attack 24, L2: DuckDB's fix for a deep query is a SET, which this route refuses; the answer says to nest less. */
    @Test
    void aQueryNestedTooDeeplyIsToldToNestLessNotToChangeASetting() {
        SextantException e = assertThrows(SextantException.class, () -> sql.run("SELECT " + "1+".repeat(1100) + "1", null));
        assertEquals("refused: the SQL does not parse: Max expression depth limit of 1000 exceeded: it nests expressions too deeply", e.getMessage());
        assertTrue(e.fix().startsWith("nest less"), e.fix());
        assertFalse((e.getMessage() + e.fix()).contains("SET max_expression_depth"), e.fix());
        assertFalse(e.getMessage().contains("1+1"), "the query is not echoed");
    }

    @Test
    void aTableCreatedByAWriteIsQueryableAtOnce() {
        // the guard's table list is kept between calls; a write must make the next call read it again
        sql.run("SELECT count(*) FROM prices", null);
        SextantException unknown = assertThrows(SextantException.class, () -> sql.run("SELECT x FROM created_later", null));
        assertTrue(unknown.getMessage().contains("unknown table"), unknown.getMessage());
        store.inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("CREATE TABLE created_later AS SELECT 42 AS x");
            }
            return null;
        });
        assertEquals(List.of(List.of(42)), sql.run("SELECT x FROM created_later", null).rows());
        store.inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("DROP TABLE created_later");
            }
            return null;
        });
        assertThrows(SextantException.class, () -> sql.run("SELECT x FROM created_later", null));
    }

    @Test
    void movingAverageOverAWindowMatchesJava() {
        SelectResult r = sql.run("SELECT date, avg(close) OVER (PARTITION BY symbol ORDER BY date "
                + "ROWS BETWEEN 19 PRECEDING AND CURRENT ROW) AS ma20 FROM prices WHERE symbol = 'AA' ORDER BY date", null);
        List<SampleStore.Close> aa = series("AA");
        assertEquals(aa.size(), r.rowCount());
        for (int i = 0; i < aa.size(); i++) {
            double sum = 0;
            int from = Math.max(0, i - 19);
            for (int j = from; j <= i; j++) sum += aa.get(j).close();
            assertEquals(aa.get(i).date().toString(), r.rows().get(i).get(0));
            assertEquals(sum / (i - from + 1), num(r.rows().get(i).get(1)), 1e-9);
        }
    }

    @Test
    void lagReturnsMatchJava() {
        SelectResult r = sql.run("SELECT date, close / lag(close) OVER (PARTITION BY symbol ORDER BY date) - 1 AS ret "
                + "FROM prices WHERE symbol = 'MSFT' ORDER BY date", 100);
        List<SampleStore.Close> msft = series("MSFT");
        assertEquals(null, r.rows().get(0).get(1));
        for (int i = 1; i < msft.size(); i++) {
            assertEquals(msft.get(i).close() / msft.get(i - 1).close() - 1, num(r.rows().get(i).get(1)), 1e-12);
        }
    }

    @Test
    void aggregatesOverAllSymbolsMatchJava() {
        SelectResult r = sql.run("SELECT symbol, count(*) AS n, min(date) AS first, max(date) AS last, avg(close) AS mean "
                + "FROM prices GROUP BY symbol ORDER BY symbol", null);
        Map<String, List<SampleStore.Close>> bySymbol = closes.stream()
                .collect(Collectors.groupingBy(SampleStore.Close::symbol, TreeMap::new, Collectors.toList()));
        assertEquals(List.of("symbol", "n", "first", "last", "mean"), r.columns());
        assertEquals(bySymbol.size(), r.rowCount());
        int i = 0;
        for (Map.Entry<String, List<SampleStore.Close>> e : bySymbol.entrySet()) {
            List<Object> row = r.rows().get(i++);
            assertEquals(e.getKey(), row.get(0));
            assertEquals((long) e.getValue().size(), num(row.get(1)), 0);
            assertEquals("2000-01-03", row.get(2));
            assertEquals("2000-05-24", row.get(3));
            assertEquals(e.getValue().stream().mapToDouble(SampleStore.Close::close).average().orElseThrow(), num(row.get(4)), 1e-9);
        }
    }

    @Test
    void qualifyKeepsTheLastCloseOfEachSymbol() {
        SelectResult r = sql.run("SELECT symbol, date, close FROM prices "
                + "QUALIFY row_number() OVER (PARTITION BY symbol ORDER BY date DESC) = 1 ORDER BY symbol", null);
        assertEquals(5, r.rowCount());
        for (List<Object> row : r.rows()) {
            List<SampleStore.Close> s = series((String) row.get(0));
            assertEquals(s.get(s.size() - 1).date().toString(), row.get(1));
            assertEquals(s.get(s.size() - 1).close(), num(row.get(2)), 0);
        }
    }

    @Test
    void asofJoinTakesTheLastCloseOnOrBeforeEachWeeklyDate() {
        SelectResult r = sql.run("""
                WITH weeks AS (SELECT CAST(generate_series AS DATE) AS d
                               FROM generate_series(TIMESTAMP '2000-01-01', TIMESTAMP '2000-05-31', INTERVAL 7 DAY)),
                     ko AS (SELECT date, close FROM prices WHERE symbol = 'KO')
                SELECT w.d, ko.date, ko.close FROM weeks w ASOF LEFT JOIN ko ON w.d >= ko.date ORDER BY w.d
                """, null);
        List<SampleStore.Close> ko = series("KO");
        assertEquals(22, r.rowCount());
        for (List<Object> row : r.rows()) {
            LocalDate d = LocalDate.parse((String) row.get(0));
            SampleStore.Close expected = null;
            for (SampleStore.Close c : ko) if (!c.date().isAfter(d)) expected = c;
            if (expected == null) {
                assertEquals(null, row.get(2));
            } else {
                assertEquals(expected.date().toString(), row.get(1));
                assertEquals(expected.close(), num(row.get(2)), 0);
            }
        }
    }

    @Test
    void monthlyLastCloseWithDateTruncAndStrftime() {
        SelectResult r = sql.run("SELECT symbol, strftime(date_trunc('month', date), '%Y-%m') AS month, arg_max(close, date) AS last_close "
                + "FROM prices GROUP BY ALL ORDER BY ALL", null);
        assertEquals(25, r.rowCount());
        for (List<Object> row : r.rows()) {
            String month = (String) row.get(1);
            SampleStore.Close last = null;
            for (SampleStore.Close c : series((String) row.get(0))) if (c.date().toString().startsWith(month)) last = c;
            assertEquals(last.close(), num(row.get(2)), 0);
        }
    }

    @Test
    void pivotOverListedSymbols() {
        SelectResult r = sql.run("PIVOT prices ON symbol IN ('AA', 'KO') USING max(close) GROUP BY date ORDER BY date", null);
        assertEquals(List.of("date", "AA", "KO"), r.columns());
        assertEquals(100, r.rowCount());
        assertEquals(series("AA").get(0).close(), num(r.rows().get(0).get(1)), 0);
        assertEquals(series("KO").get(99).close(), num(r.rows().get(99).get(2)), 0);
    }

    @Test
    void recursiveCteAndSubqueriesWork() {
        SelectResult r = sql.run("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) "
                + "SELECT i, (SELECT count(*) FROM symbols) AS symbols FROM n WHERE i IN (SELECT 2 UNION SELECT 4) ORDER BY i", null);
        assertEquals(2, r.rowCount());
        assertEquals(5L, num(r.rows().get(0).get(1)), 0);
    }

    @Test
    void summarizeOfAQueryIsAllowed() {
        SelectResult r = sql.run("SUMMARIZE SELECT close FROM prices", null);
        assertEquals(1, r.rowCount());
        assertTrue(r.columns().contains("column_name"));
    }

    @Test
    void aCteMayShadowAFileLikeName() {
        SelectResult r = sql.run("WITH \"x.csv\" AS (SELECT 7 AS a) SELECT a FROM \"x.csv\"", null);
        assertEquals(7, num(r.rows().get(0).get(0)), 0);
    }

    @Test
    void theStoresOwnCatalogAndSchemaMayBeNamed() {
        assertEquals(500L, num(sql.run("SELECT count(*) FROM t.main.prices", null).rows().get(0).get(0)), 0);
        assertEquals(500L, num(sql.run("SELECT count(*) FROM main.prices", null).rows().get(0).get(0)), 0);
    }

    @Test
    void defaultLimitReturnsEverythingUpToFiveThousand() {
        SelectResult r = sql.run("SELECT * FROM prices", null);
        assertEquals(500, r.rowCount());
        assertEquals(ReadOnlySql.DEFAULT_LIMIT, r.limit());
        assertFalse(r.truncated());
    }

    @Test
    void limitCutsAndSaysSo() {
        SelectResult cut = sql.run("SELECT * FROM prices", 10);
        assertEquals(10, cut.rowCount());
        assertTrue(cut.truncated());
        SelectResult exact = sql.run("SELECT * FROM prices", 500);
        assertEquals(500, exact.rowCount());
        assertFalse(exact.truncated());
    }

    @Test
    void limitOutsideOneToFiveThousandIsRefusedNamingTheField() {
        for (int bad : new int[] {0, -1, 5001}) {
            SextantException e = assertThrows(SextantException.class, () -> sql.run("SELECT 1", bad));
            assertEquals("invalid_input", e.failReason());
            assertEquals("limit", e.field());
        }
    }

    @Test
    void orderByOfTheQuerySurvivesTheLimitWrapper() {
        SelectResult r = sql.run("SELECT close FROM prices ORDER BY close DESC", 50);
        List<Double> expected = closes.stream().map(SampleStore.Close::close).sorted((a, b) -> Double.compare(b, a)).limit(50).toList();
        List<Double> got = new ArrayList<>();
        for (List<Object> row : r.rows()) got.add(num(row.get(0)));
        assertEquals(expected, got);
        assertTrue(r.truncated());
    }

    @Test
    void trailingSemicolonAndCommentAreFine() {
        SelectResult r = sql.run("SELECT count(*) AS n FROM prices; -- all rows", null);
        assertEquals(500L, num(r.rows().get(0).get(0)), 0);
    }

    @Test
    void columnsKeepNamesTypesAndDuplicates() {
        SelectResult r = sql.run("SELECT symbol, date, close, 1 AS a, 2 AS a FROM prices ORDER BY date, symbol", 1);
        assertEquals(List.of("symbol", "date", "close", "a", "a"), r.columns());
        assertEquals(List.of("VARCHAR", "DATE", "DOUBLE", "INTEGER", "INTEGER"), r.types());
        assertEquals(List.of("AA", "2000-01-03", 39.37, 1, 2), r.rows().get(0));
    }

    @Test
    void hugeTextCellsAreCutWithAMarker() {
        SelectResult r = sql.run("SELECT repeat('x', 50000) AS big, [1, 2, 3] AS small", null);
        String big = (String) r.rows().get(0).get(0);
        assertTrue(big.startsWith("x".repeat(ReadOnlySql.MAX_CELL_CHARS)));
        assertFalse(big.startsWith("x".repeat(ReadOnlySql.MAX_CELL_CHARS + 1)));
        assertTrue(big.contains("truncated") && big.contains("50000"), big.substring(ReadOnlySql.MAX_CELL_CHARS));
        assertEquals("[1, 2, 3]", r.rows().get(0).get(1));
    }

    @Test
    void theWholeResultIsBoundedInSizeNotOnlyPerCell() {
        // 5000 rows of 9 999 characters would be ~50 M characters: the budget stops it early
        SelectResult r = sql.run("SELECT repeat('y', 9999) AS s FROM range(5000)", null);
        assertTrue(r.truncated());
        long chars = r.rows().stream().mapToLong(row -> ((String) row.get(0)).length()).sum();
        assertTrue(chars <= ReadOnlySql.MAX_RESULT_CHARS + 9999, "chars=" + chars);
        assertTrue(r.rowCount() > 1000 && r.rowCount() < 5000, "rows=" + r.rowCount());
    }

    @Test
    void tooManyColumnsAreRefused() {
        String cols = String.join(", ", java.util.Collections.nCopies(ReadOnlySql.MAX_COLUMNS + 1, "1"));
        SextantException e = assertThrows(SextantException.class, () -> sql.run("SELECT " + cols, null));
        assertEquals("sql", e.field());
        assertTrue(e.getMessage().contains("columns"), e.getMessage());
    }

    @Test
    void aQueryRunningPastTheBoundIsInterruptedAndReportedAsTimeout() {
        ReadOnlySql quick = new ReadOnlySql(store, Duration.ofMillis(300));
        SextantException e = assertThrows(SextantException.class,
                () -> quick.run("SELECT sum(a.range * b.range) FROM range(1000000) a, range(1000000) b", null));
        assertEquals("timeout", e.failReason());
        assertEquals("sql", e.field());
        assertEquals(500L, num(quick.run("SELECT count(*) FROM prices", null).rows().get(0).get(0)), 0);
    }

    @Test
    void aWrongColumnIsReportedWithDuckDbsReason() {
        SextantException e = assertThrows(SextantException.class, () -> sql.run("SELECT no_such_column FROM prices", null));
        assertEquals("invalid_input", e.failReason());
        assertEquals("sql", e.field());
        assertTrue(e.getMessage().contains("no_such_column"), e.getMessage());
        assertFalse(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    @Test
    void deeplyNestedExpressionsAreAnsweredOrRefusedCleanly() {
        for (int depth : new int[] {50, 300, 3000}) {
            String expr = "1" + " + (1".repeat(depth) + ")".repeat(depth);
            try {
                SelectResult r = sql.run("SELECT " + expr + " AS n", null);
                assertEquals(depth + 1L, num(r.rows().get(0).get(0)), 0);
            } catch (SextantException e) {
                assertEquals("sql", e.field(), e.getMessage());
                assertTrue(depth > 50, "a modest nesting must work: " + e.getMessage());
            }
        }
    }

    @Test
    void emptyTextIsRefused() {
        SextantException e = assertThrows(SextantException.class, () -> sql.run("   ", null));
        assertEquals("sql", e.field());
    }
}
