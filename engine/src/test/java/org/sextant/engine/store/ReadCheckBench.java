package org.sextant.engine.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.function.IntFunction;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.sql.ReadOnlySql;

/**
 * Harness: what checking each statement of a read request costs ({@link ReadCheckedConnections}),
 * against two stores holding the same prices, one with its connections checked and one without
 * ({@link Store#openUnchecked}: the baseline), both read inside a read scope, alternating call by
 * call in one process so that a loaded machine slows both sides alike.
 *
 * <p>Run: see docs/benchmarks.md, "Read requests: cost of the statement check".
 */
public final class ReadCheckBench {
    private static final int SYMBOLS = 30;
    private static final int DAYS = 2500;

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        Path dir = Files.createTempDirectory("sextant-read-check-bench");
        try (Store checked = fill(Store.open(dir.resolve("checked/s.duckdb"), dir.resolve("checked/staging")));
             Store unchecked = fill(Store.openUnchecked(dir.resolve("unchecked/s.duckdb"), dir.resolve("unchecked/staging")));
             ReadOnlySql checkedSql = new ReadOnlySql(checked);
             ReadOnlySql uncheckedSql = new ReadOnlySql(unchecked)) {
            PriceRepository with = new PriceRepository(checked);
            PriceRepository without = new PriceRepository(unchecked);
            LocalDate day = LocalDate.of(2005, 6, 1);
            System.out.printf("cores=%d, load average=%.2f, %d symbols x %d days, calls per side=%d (after %d warm-up), medians and p90 in microseconds%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    SYMBOLS, DAYS, calls, calls / 2);
            System.out.println("| read (inside a read scope) | unchecked (baseline) p50 | checked p50 | added p50 | unchecked p90 | checked p90 |");
            System.out.println("|---|---|---|---|---|---|");
            row("closes of one symbol, one day (kept prepared statement)", i -> without.closes(symbol(i), day, day), i -> with.closes(symbol(i), day, day), calls);
            row("closes of one symbol, whole series (2500 rows)", i -> without.closes(symbol(i), null, null), i -> with.closes(symbol(i), null, null), calls / 4);
            row("list_symbols page of 100 (new connection and statement)", i -> without.symbolPage("", 0, 100), i -> with.symbolPage("", 0, 100), calls);
            String select = "SELECT symbol, close FROM prices WHERE symbol = 'S01' AND close > ";
            row("run_select, a new text each call (5 rows)", i -> uncheckedSql.run(select + i + " LIMIT 5", null),
                    i -> checkedSql.run(select + i + " LIMIT 5", null), calls / 8);
        }
    }

    private static String symbol(int i) {
        return String.format("S%02d", Math.floorMod(i, SYMBOLS));
    }

    private static Store fill(Store store) {
        store.inTransaction(c -> {
            try (var s = c.createStatement()) {
                s.execute("INSERT INTO prices(symbol, date, close, adj_close, source) SELECT printf('S%02d', k), DATE '2000-01-03' + d::INTEGER, "
                        + "100 + k + d / 10.0, 100 + k + d / 10.0, 'bench' FROM range(" + SYMBOLS + ") a(k), range(" + DAYS + ") b(d)");
                s.execute("INSERT INTO symbols(symbol, first_date, last_date, rows, source) "
                        + "SELECT symbol, min(date), max(date), count(*), 'bench' FROM prices GROUP BY symbol");
            }
            return null;
        });
        return store;
    }

    private static void row(String name, IntFunction<Object> without, IntFunction<Object> with, int calls) {
        IntFunction<Object> a = i -> ReadOnlyScope.run("bench", () -> without.apply(i));
        IntFunction<Object> b = i -> ReadOnlyScope.run("bench", () -> with.apply(i));
        for (int i = 0; i < calls / 2; i++) { a.apply(-1 - i); b.apply(-1 - i); }
        double[] ta = new double[calls];
        double[] tb = new double[calls];
        for (int i = 0; i < calls; i++) {
            boolean withFirst = (i & 1) == 1; // alternate the order so neither side always runs on a warm cache
            long t0 = System.nanoTime();
            (withFirst ? b : a).apply(i);
            long t1 = System.nanoTime();
            (withFirst ? a : b).apply(i);
            long t2 = System.nanoTime();
            ta[i] = (withFirst ? t2 - t1 : t1 - t0) / 1e3;
            tb[i] = (withFirst ? t1 - t0 : t2 - t1) / 1e3;
        }
        Arrays.sort(ta);
        Arrays.sort(tb);
        double pa = ta[calls / 2], pb = tb[calls / 2];
        System.out.printf("| %s | %.1f | %.1f | %+.1f | %.1f | %.1f |%n", name, pa, pb, pb - pa, ta[calls * 9 / 10], tb[calls * 9 / 10]);
    }
}
