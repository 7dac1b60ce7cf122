package org.sextant.engine.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sextant.engine.store.Store;

/**
 * Harness: what list_symbols costs per call on stores of a growing number of intraday bars, the bars-only symbols read from
 * the bars on every call (the baseline: a reader keeping none, the query list_symbols ran before, DISTINCT over every bar for
 * the page and again for the count) against the reader the facade uses (them kept per data version), interleaved call by
 * call in one process; also an unknown symbol's suggestions (the same scan), the first list_symbols after a write (the kept
 * list read again), and get_close_price of one daily symbol for scale (attack 30 F5 measured list_symbols 3-10x slower).
 * Each store: 500 symbols of 250 daily prices, and the bars as 5 bars-only symbols of 1-minute bars.
 *
 * <p>Run: see docs/benchmarks.md, "Symbol listing: bars-only symbols kept per data version".
 */
public final class SymbolListingBench {
    public static void main(String[] args) throws Exception {
        int[] sizes = Arrays.stream((args.length > 0 ? args[0] : "0,1000000,5000000").split(",")).mapToInt(Integer::parseInt).toArray();
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.out.printf("cores=%d, load average=%.2f, median of %d calls, ms per call%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), calls);
        System.out.println("| bars in store | call | baseline: bars scanned each call | kept per data version | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (int bars : sizes) {
            Path dir = Files.createTempDirectory("sextant-symbol-listing-bench");
            try (Store store = Store.open(dir.resolve("bench.duckdb"), dir.resolve("staging"))) {
                fill(store, bars);
                PriceRepository scanned = new PriceRepository(store, new BarReader(store, BarReader.CACHE_ENTRIES, true, 0));
                PriceRepository kept = new PriceRepository(store);
                String label = String.format("%,d", bars);
                row(label, "list_symbols, first page of 500", calls, () -> scanned.symbolPage(null, 0, 500), () -> kept.symbolPage(null, 0, 500));
                row(label, "list_symbols, search \"syn\"", calls, () -> scanned.symbolPage("syn", 0, 500), () -> kept.symbolPage("syn", 0, 500));
                row(label, "unknown symbol's suggestions (SYMN)", calls, () -> scanned.unknownSymbol("SYMN"), () -> kept.unknownSymbol("SYMN"));
                // a write between calls: the kept list is read from the bars again, once (its first call) per write
                rowTimed(label, "list_symbols, first call after a write", calls, () -> scanned.symbolPage(null, 0, 500), () -> {
                    touch(store);
                    long start = System.nanoTime();
                    kept.symbolPage(null, 0, 500);
                    return System.nanoTime() - start;
                });
                double close = median(calls, () -> time(() -> kept.closes("D00042", null, null)));
                System.out.printf("| %s | get_close_price, 250 daily closes (for scale) | | %.2f | |%n", label, close);
            }
        }
    }

    /** 500 symbols of 250 daily prices; {@code bars} 1-minute bars over 5 bars-only symbols, written in SQL. */
    private static void fill(Store store, int bars) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) SELECT 'D' || lpad(i::VARCHAR, 5, '0'), "
                        + "DATE '2023-01-02', DATE '2023-01-02' + 249, 250, 'bench' FROM range(500) t(i)");
                s.execute("INSERT INTO prices SELECT 'D' || lpad(i::VARCHAR, 5, '0'), DATE '2023-01-02' + j::INTEGER, NULL, NULL, NULL, 10 + j, NULL, NULL, 'bench' "
                        + "FROM range(500) t(i), range(250) u(j)");
                long each = bars / 5;
                if (bars > 0) {
                    s.execute("INSERT INTO bars SELECT 'SYN' || (i // " + each + "), '1m', TIMESTAMP '2020-01-06 00:00' + (i % " + each + ") * INTERVAL 1 MINUTE, "
                            + "NULL, NULL, NULL, 1 + (i % 1000) / 1000.0, NULL, 'bench' FROM range(" + each * 5 + ") t(i)");
                }
            }
            return null;
        });
        store.checkpoint();
    }

    /** A write that changes no prices but commits: the store's data version moves on. */
    private static void touch(Store store) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("UPDATE symbols SET source = source WHERE symbol = 'D00000'");
            }
        });
    }

    /** One row: the two calls interleaved, {@code calls} times each (one untimed call each first). */
    private static void rowTimed(String bars, String call, int calls, Runnable baseline, java.util.function.LongSupplier keptNanos) {
        baseline.run();
        keptNanos.getAsLong();
        List<Long> base = new ArrayList<>(), kept = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            base.add(time(baseline));
            kept.add(keptNanos.getAsLong());
        }
        double b = median(base), k = median(kept);
        System.out.printf("| %s | %s | %.2f | %.2f | %.0fx |%n", bars, call, b, k, b / k);
    }

    private static void row(String bars, String call, int calls, Runnable baseline, Runnable kept) {
        rowTimed(bars, call, calls, baseline, () -> time(kept));
    }

    private static long time(Runnable work) {
        long start = System.nanoTime();
        work.run();
        return System.nanoTime() - start;
    }

    private static double median(int calls, java.util.function.LongSupplier nanos) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < calls; i++) out.add(nanos.getAsLong());
        return median(out);
    }

    private static double median(List<Long> nanos) {
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2) / 1e6;
    }
}
