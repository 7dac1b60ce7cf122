package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.BarReadCostBench;

/**
 * Harness: what a bar import's look at the stored bars it replaces costs ({@link BarChecks#storedChanges}: the changed and the
 * unchanged stored bars, two joins of the new bars with the stored ones, and the shifted-closes sample; the baseline) against
 * a candidate that takes both counts from one join (below), and the shift sample alone, interleaved round by round on one
 * DuckDB file. Stored: 10 symbols
 * of 1-minute bars; new: a re-import of one symbol's bars with every second close changed, or the bars of a new symbol.
 * Both answers are compared. Arguments: stored bars, new bars, rounds.
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
            System.out.println("| new bars | baseline: storedChanges as it is (two joins and the shift sample) | candidate: one join and the shift sample | ratio | the shift sample alone |");
            System.out.println("|---|---|---|---|---|");
            String[][] cases = {
                    {"a re-import of S3's bars, every second close changed (one largest)", "SELECT symbol, interval, ts, open, high, low, "
                            + "CASE WHEN epoch(ts)::BIGINT % 120 = 0 THEN close * (1.01 + epoch(ts) / 1e12) ELSE close END AS close, volume, 0 AS file_no FROM bars WHERE symbol = 'S3' LIMIT " + brought},
                    {"the bars of a new symbol", "SELECT 'NEW' AS symbol, interval, ts, open, high, low, close, volume, 0 AS file_no FROM bars WHERE symbol = 'S3' LIMIT " + brought}};
            for (String[] k : cases) {
                exec(c, "CREATE OR REPLACE TEMP TABLE bar_new AS " + k[1]);
                Map<String, BarChecks.StoredChanges> was = BarChecks.storedChanges(c), now = oneJoin(c);
                if (!was.equals(now)) throw new IllegalStateException("the answers differ:\n" + was + "\n" + now);
                double[] base = new double[rounds], one = new double[rounds], shift = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    base[i] = BarReadCostBench.millis(() -> run(() -> BarChecks.storedChanges(c)));
                    one[i] = BarReadCostBench.millis(() -> run(() -> oneJoin(c)));
                    shift[i] = BarReadCostBench.millis(() -> run(() -> {
                        BarChecks.shiftedCloses(c, new LinkedHashMap<>());
                        return null;
                    }));
                }
                double b = BarReadCostBench.median(base), o = BarReadCostBench.median(one);
                System.out.printf("| %s | %.1f | %.1f | %.2fx | %.1f |%n", k[0], b, o, b / o, BarReadCostBench.median(shift));
            }
        } finally {
            try (var walk = java.nio.file.Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private interface Work {
        Object run() throws SQLException;
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

    private static String iso(java.sql.Timestamp t) {
        return t == null ? null : t.toLocalDateTime() + "Z";
    }

    /** The candidate: both counts from one join of the new bars with the stored ones, the notes as BarChecks.storedChanges gives them. */
    private static Map<String, BarChecks.StoredChanges> oneJoin(Connection c) throws SQLException {
        Map<String, List<String>> notes = new LinkedHashMap<>();
        Map<String, long[]> changed = new LinkedHashMap<>();
        Map<String, Double> largest = new LinkedHashMap<>();
        Map<String, String> largestNote = new LinkedHashMap<>();
        List<String> sameNotes = new ArrayList<>(); // symbol, note: after its changed note, as read (by symbol and interval)
        // one join of the new bars with the stored ones per import, both counts from it: the bars are the store's largest table
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT symbol, interval, count(*) FILTER (WHERE differs), max(diff) FILTER (WHERE differs), arg_max(ts, diff) FILTER (WHERE differs), "
                        + "arg_max(stored, diff) FILTER (WHERE differs), arg_max(brought, diff) FILTER (WHERE differs), count(*) FILTER (WHERE NOT differs), count(*) "
                        + "FROM (SELECT n.symbol, n.interval, n.ts, b.close AS stored, n.close AS brought, abs(n.close / b.close - 1) AS diff, "
                        + "(n.open, n.high, n.low, n.close, n.volume) IS DISTINCT FROM (b.open, b.high, b.low, b.close, b.volume) AS differs "
                        + "FROM bar_new n JOIN bars b USING (symbol, interval, ts)) GROUP BY ALL ORDER BY ALL")) {
            while (r.next()) {
                String symbol = r.getString(1);
                long differ = r.getLong(3);
                if (differ > 0) {
                    changed.computeIfAbsent(symbol, k -> new long[1])[0] += differ;
                    double pct = 100 * r.getDouble(4);
                    Double was = largest.get(symbol);
                    if (was == null || pct > was) { // a symbol at two intervals: the larger change is said
                        largest.put(symbol, pct);
                        largestNote.put(symbol, iso(r.getTimestamp(5)) + ": " + r.getDouble(6) + " to " + r.getDouble(7)
                                + String.format(java.util.Locale.ROOT, " (%.1f%%)", pct));
                    }
                }
                // stored bars brought again with the very same values: replaced and counted as updated, but said (as daily rows are,
                // UnchangedRows), so a file imported again does not read as "62496 updated" with no word
                long same = r.getLong(8), replaced = r.getLong(9);
                if (same == 0) continue;
                String bars = " stored bars of " + symbol + " " + r.getString(2);
                sameNotes.add(symbol);
                sameNotes.add((same == replaced
                        ? String.format(java.util.Locale.ROOT, "all %,d%s it replaces", replaced, bars)
                        : String.format(java.util.Locale.ROOT, "%,d of the %,d%s it replaces", same, replaced, bars))
                        + " already held these very prices: counted as updated, nothing in them changed");
            }
        }
        changed.forEach((symbol, n) -> notes.computeIfAbsent(symbol, k -> new ArrayList<>()).add(n[0] + " stored bar" + (n[0] == 1 ? "" : "s") + " of " + symbol
                + " changed; the largest close change at " + largestNote.get(symbol) + "; check that the file is the same instrument and unit"));
        for (int i = 0; i < sameNotes.size(); i += 2) notes.computeIfAbsent(sameNotes.get(i), k -> new ArrayList<>()).add(sameNotes.get(i + 1));
        BarChecks.shiftedCloses(c, notes);
        return BarChecks.byNotes(notes, changed, largest);
    }
}
