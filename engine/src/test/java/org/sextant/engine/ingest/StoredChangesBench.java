package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.BarReadCostBench;

/**
 * Harness: the shifted-closes step of a bar import's look at the stored bars it replaces ({@link ShiftedCloses}: exact
 * lookups of the sample at each shift among the symbol's stored bars near it) against the step as it was (the baseline,
 * below: the sample joined with the stored bars on the close, then the shifts tried on every pair), interleaved round by
 * round on one DuckDB file; and {@link BarChecks#storedChanges} as a whole, now. Stored: 10 symbols of 1-minute bars whose
 * closes repeat (97 prices); new: a re-import of one symbol's bars with every second close changed, the same bars read at
 * another offset (2 hours later), or the bars of a new symbol. Both answers are compared. Arguments: stored bars, new bars, rounds.
 *
 * <p>Run: see docs/benchmarks.md, "Bar import: the stored bars it replaces".
 */
public final class StoredChangesBench {
    public static void main(String[] args) throws Exception {
        int stored = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int brought = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("sextant-stored-changes");
        Class.forName("org.duckdb.DuckDBDriver");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("bench.duckdb"))) {
            exec(c, "CREATE TABLE bars (symbol VARCHAR NOT NULL, interval VARCHAR NOT NULL, ts TIMESTAMP NOT NULL, open DOUBLE, high DOUBLE, low DOUBLE, "
                    + "close DOUBLE NOT NULL, volume DOUBLE, source VARCHAR NOT NULL)");
            int perSymbol = stored / 10;
            exec(c, "INSERT INTO bars SELECT 'S' || (i // " + perSymbol + "), '1m', TIMESTAMP '2020-01-01' + to_minutes(i % " + perSymbol + "), "
                    + "100 + i % 97, 101 + i % 97, 99 + i % 97, 100.5 + i % 97, 1000, 'bench' FROM range(" + (10L * perSymbol) + ") t(i) ORDER BY 1, 3");
            exec(c, "CHECKPOINT");
            System.out.printf("cores=%d, load average=%.2f, stored bars=%,d, new bars=%,d, median of %d rounds, ms%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), 10L * perSymbol, brought, rounds);
            System.out.println("| new bars | baseline: the shift step as it was (joined on the close, then 113 shifts) | now: ShiftedCloses (exact lookups near the sample) "
                    + "| ratio | storedChanges as a whole, now | notes |");
            System.out.println("|---|---|---|---|---|---|");
            String[][] cases = {
                    {"a re-import of S3's bars, every second close changed", "SELECT symbol, interval, ts, open, high, low, "
                            + "CASE WHEN epoch(ts)::BIGINT % 120 = 0 THEN close * (1.01 + epoch(ts) / 1e12) ELSE close END AS close, volume, 0 AS file_no FROM bars WHERE symbol = 'S3' LIMIT " + brought},
                    {"S3's bars read at another offset (2 hours later)", "SELECT symbol, interval, ts + INTERVAL 2 HOUR AS ts, open, high, low, close, volume, 0 AS file_no "
                            + "FROM bars WHERE symbol = 'S3' LIMIT " + brought},
                    {"the bars of a new symbol", "SELECT 'NEW' AS symbol, interval, ts, open, high, low, close, volume, 0 AS file_no FROM bars WHERE symbol = 'S3' LIMIT " + brought}};
            for (String[] k : cases) {
                exec(c, "CREATE OR REPLACE TEMP TABLE bar_new AS " + k[1]);
                Map<String, List<String>> was = new LinkedHashMap<>(), now = new LinkedHashMap<>();
                shiftedClosesBefore(c, was);
                ShiftedCloses.note(c, now);
                if (!was.equals(now)) throw new IllegalStateException("the answers differ:\n" + was + "\n" + now);
                double[] base = new double[rounds], lookups = new double[rounds], whole = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    base[i] = BarReadCostBench.millis(() -> run(() -> shiftedClosesBefore(c, new LinkedHashMap<>())));
                    lookups[i] = BarReadCostBench.millis(() -> run(() -> ShiftedCloses.note(c, new LinkedHashMap<>())));
                    whole[i] = BarReadCostBench.millis(() -> run(() -> BarChecks.storedChanges(c)));
                }
                double b = BarReadCostBench.median(base), n = BarReadCostBench.median(lookups);
                System.out.printf("| %s | %.1f | %.1f | %.1fx | %.1f | %s |%n", k[0], b, n, b / n, BarReadCostBench.median(whole),
                        now.isEmpty() ? "none" : now.values().iterator().next().get(0).replaceAll(":.*", ""));
            }
        } finally {
            try (var walk = java.nio.file.Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private interface Work {
        void run() throws SQLException;
    }

    private static void run(Work w) {
        try {
            w.run();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /**
     * The baseline: the step as BarChecks had it until session 49. DuckDB joins the sample with the stored bars on symbol,
     * interval and close (the shifted time names two relations, so it is no join key), then crosses every pair with the
     * 113 shifts and filters on the time: a sample bar pairs with every stored bar of its close.
     */
    private static void shiftedClosesBefore(Connection c, Map<String, List<String>> notes) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "WITH s AS (SELECT symbol, interval, ts, close FROM (SELECT *, row_number() OVER (PARTITION BY symbol ORDER BY ts) AS k FROM bar_new) WHERE k <= "
                        + ShiftedCloses.SAMPLE + "), "
                        + "m AS (SELECT s.symbol, sh.shift, count(*) AS matched FROM s CROSS JOIN (SELECT 15 * i AS shift FROM range(-56, 57) t(i)) sh "
                        + "JOIN bars b ON b.symbol = s.symbol AND b.interval = s.interval AND b.ts = s.ts + INTERVAL (sh.shift) MINUTE AND b.close = s.close GROUP BY ALL) "
                        + "SELECT symbol, arg_max(shift, matched) FILTER (WHERE shift <> 0), coalesce(max(matched) FILTER (WHERE shift <> 0), 0), "
                        + "coalesce(max(matched) FILTER (WHERE shift = 0), 0), (SELECT count(*) FROM s WHERE s.symbol = m.symbol) FROM m GROUP BY symbol")) {
            ShiftedCloses.addNotes(r, notes);
        }
    }
}
