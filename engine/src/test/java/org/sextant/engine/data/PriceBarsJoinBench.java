package org.sextant.engine.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.sextant.engine.store.Store;

/**
 * Harness: what dating daily prices on their session's clock (V049: price_bars joins symbol_sessions and converts each
 * daily row's date through the session's time zone) costs the reads that go through the view, against the view before
 * it (V040: the date cast to a timestamp at 00:00 UTC, no join), defined in the same store and read in the same rounds.
 * A synthetic store of daily prices: {@code symbols} symbols of {@code days} weekdays each, a quarter each us_equity,
 * eu_equity, fx and without a session row. Reads: one symbol's daily prices as bars (what a bar read at 1d and each
 * ResampleWindow read of daily prices does), for 50 symbols; the whole store grouped per symbol (a run_select an agent
 * may send); every daily row's time summed (a full scan of the view).
 *
 * <p>Run: see docs/benchmarks.md, "Daily prices as bars: cost of the session clock".
 */
public final class PriceBarsJoinBench {
    /** The view as V040 defined it: daily prices at 00:00 UTC. */
    private static final String BEFORE = "CREATE VIEW price_bars_utc AS "
            + "SELECT symbol, '1d' AS interval, CAST(date AS TIMESTAMP) AS ts, open, high, low, close, volume, source FROM prices "
            + "UNION ALL SELECT symbol, interval, ts, open, high, low, close, volume, source FROM bars";
    private static final int ONE_SYMBOL_READS = 50;

    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int days = args.length > 1 ? Integer.parseInt(args[1]) : 2520;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path dir = Files.createTempDirectory("sextant-price-bars-bench");
        try (Store store = Store.open(dir.resolve("bench.duckdb"), dir.resolve("staging"))) {
            store.inTransaction(c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("INSERT INTO prices (symbol, date, open, high, low, close, volume, source) "
                            + "SELECT 'S' || s, d, 100, 101, 99, 100 + (s % 7), 1000, 'bench' FROM range(" + symbols + ") t(s), "
                            + "(SELECT CAST(DATE '1990-01-01' + INTERVAL (i) DAY AS DATE) AS d FROM range(" + (days * 7 / 5 + 7) + ") r(i) "
                            + "WHERE dayofweek(DATE '1990-01-01' + INTERVAL (i) DAY) BETWEEN 1 AND 5 LIMIT " + days + ")");
                    st.execute("INSERT INTO symbol_sessions SELECT 'S' || s, CASE s % 4 WHEN 0 THEN 'us_equity' WHEN 1 THEN 'eu_equity' ELSE 'fx' END "
                            + "FROM range(" + symbols + ") t(s) WHERE s % 4 <> 3");
                    st.execute(BEFORE);
                }
                return null;
            });
            System.out.printf("cores=%d, load average=%.2f, %d symbols x %d days = %d daily rows, median of %d rounds, ms%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    symbols, days, (long) symbols * days, rounds);
            System.out.println("| read | baseline: V040 view (00:00 UTC, no join) | V049 view (session clock) | ratio |");
            System.out.println("|---|---|---|---|");
            row(store, rounds, ONE_SYMBOL_READS + " reads of one symbol's daily prices as bars", v -> oneSymbol(store, v, symbols));
            row(store, rounds, "whole store: rows and last bar per symbol", v -> scalar(store,
                    "SELECT sum(n) FROM (SELECT symbol, count(*) AS n, max(ts) AS last FROM " + v + " WHERE interval = '1d' GROUP BY symbol)"));
            row(store, rounds, "whole store: every daily row's time", v -> scalar(store, "SELECT sum(epoch(ts)) FROM " + v + " WHERE interval = '1d'"));
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private interface Read {
        void on(String view);
    }

    /** One table row: each round reads through the old view, then the new one. */
    private static void row(Store store, int rounds, String label, Read read) {
        read.on("price_bars_utc"); // warm both: the first read of a round pays for the buffer pool
        read.on("price_bars");
        double[] base = new double[rounds], now = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            base[i] = BarReadCostBench.millis(() -> read.on("price_bars_utc"));
            now[i] = BarReadCostBench.millis(() -> read.on("price_bars"));
        }
        double b = BarReadCostBench.median(base), n = BarReadCostBench.median(now);
        System.out.printf("| %s | %.0f | %.0f | %.2fx |%n", label, b, n, n / b);
    }

    private static void oneSymbol(Store store, String view, int symbols) {
        store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT ts, open, high, low, close, volume FROM " + view
                    + " WHERE symbol = ? AND interval = '1d' ORDER BY ts")) {
                for (int i = 0; i < ONE_SYMBOL_READS; i++) {
                    p.setString(1, "S" + (i * 7919L % symbols));
                    try (ResultSet r = p.executeQuery()) {
                        while (r.next()) r.getObject(1);
                    }
                }
            }
            return null;
        });
    }

    private static void scalar(Store store, String sql) {
        store.read(c -> {
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
                r.next();
                return r.getObject(1);
            }
        });
    }
}
