package org.sextant.engine.data;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.store.Store;

/**
 * Harness: what the open's early-closes step costs on a store of N one-minute bars of 2010-2019, then with a day of 1987
 * beside them: before, every open ran the pass over the bars' times in a write (one filter, ts < 1990-01-02 OR ts >=
 * 2100-12-31; the baseline, its statement below); now the pass is a read over two ranges, each skipping the row groups
 * outside it, and a write follows only when years lack their early closes (the 1987 day's rows deleted before each round
 * of the last row). Checkpointed, as an open finds the store. Interleaved round by round on one store. Arguments: bars, rounds.
 *
 * <p>Run: see docs/benchmarks.md, "Store open: the early-closes step".
 */
public final class EarlyClosesAtOpenBench {
    /** The pass as it was: one filter with OR over the bars' times. */
    private static final String PASS_BEFORE = "SELECT DISTINCT y FROM (SELECT unnest([year(ts - INTERVAL 1 DAY), year(ts + INTERVAL 1 DAY)]) AS y FROM bars "
            + "WHERE ts < TIMESTAMP '1990-01-02' OR ts >= TIMESTAMP '2100-12-31') "
            + "WHERE y NOT BETWEEN 1990 AND 2100 AND y NOT IN (SELECT DISTINCT year(day) FROM session_early_closes) ORDER BY y";

    public static void main(String[] args) throws Exception {
        int bars = args.length > 0 ? Integer.parseInt(args[0]) : 5_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Path dir = Files.createTempDirectory("sextant-early-closes-bench");
        try (Store store = Store.open(dir.resolve("sextant.duckdb"), dir.resolve("staging"))) {
            store.inTransaction(c -> {
                try (java.sql.Statement st = c.createStatement()) {
                    return st.executeUpdate("INSERT INTO bars SELECT 'S' || (i // 1000000), '1m', TIMESTAMP '2010-01-01' + to_minutes(i % 1000000), "
                            + "NULL, NULL, NULL, 100, 1, 'bench' FROM range(" + bars + ") t(i) ORDER BY 1, 3");
                }
            });
            store.checkpoint();
            System.out.printf("cores=%d, load average=%.2f, %,d bars, median of %d rounds, ms%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), bars, rounds);
            System.out.println("| bars | open | baseline: the pass, every open | now | ratio |");
            System.out.println("|---|---|---|---|---|");
            row(store, rounds, "2010-2019", "nothing lacking", false);
            write(store, "INSERT INTO bars SELECT 'OLD', '1m', TIMESTAMP '1987-12-24 14:30' + to_minutes(i), NULL, NULL, NULL, 100, 1, 'bench' FROM range(390) t(i)");
            store.inTransaction(EarlyCloseYears::addForStoredBars);
            store.checkpoint();
            row(store, rounds, "2010-2019 and a day of 1987", "nothing lacking", false);
            row(store, rounds, "2010-2019 and a day of 1987", "1987's early closes lacking", true);
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** One row: the old pass in a write against the open's step now; {@code lacking}: 1987's early closes are deleted first. */
    private static void row(Store store, int rounds, String bars, String open, boolean lacking) {
        double[] before = new double[rounds], now = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            before[r] = BarReadCostBench.millis(() -> store.inTransaction(c -> {
                try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(PASS_BEFORE)) {
                    while (rs.next()) rs.getInt(1);
                }
                return null;
            }));
            if (lacking) {
                write(store, "DELETE FROM session_early_closes WHERE year(day) = 1987");
                store.checkpoint();
            }
            now[r] = BarReadCostBench.millis(() -> {
                if (store.read(EarlyCloseYears::storedBarsLackEarlyCloses)) store.inTransaction(EarlyCloseYears::addForStoredBars);
            });
        }
        double b = BarReadCostBench.median(before), n = BarReadCostBench.median(now);
        System.out.printf("| %s | %s | %.1f | %.1f | %.1fx |%n", bars, open, b, n, b / n);
    }

    private static void write(Store store, String sql) {
        store.inTransaction(c -> {
            try (java.sql.Statement st = c.createStatement()) {
                return st.executeUpdate(sql);
            }
        });
    }
}
