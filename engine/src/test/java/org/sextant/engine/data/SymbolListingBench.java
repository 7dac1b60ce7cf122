package org.sextant.engine.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.sextant.engine.store.Store;

/**
 * Harness: what list_symbols costs per call on stores of a growing number of intraday bars. Baseline: the page as it was read
 * before it was one query (the bars-only symbols kept, but three reads: the page's symbols, their count, then the page's daily
 * rows by 500 placeholders and the bars-only names through the full join of names); now: the facade's reader, one read. Calls
 * interleaved in one process; also the first call after a write of prices (before: every bar read again after any write;
 * now a write that names its symbols, as an import does, has only those read again), the same call after a write naming
 * nothing against one naming its symbol (that alone), after a research run's write (before: any write read them again; now
 * it keeps them), and get_close_price for scale.
 * Each store: 500 symbols of 250 daily prices, and the bars as 5 bars-only symbols of 1-minute bars.
 *
 * <p>Run: see docs/benchmarks.md, "Symbol listing: one read per page, kept per prices version".
 */
public final class SymbolListingBench {
    public static void main(String[] args) throws Exception {
        int[] sizes = Arrays.stream((args.length > 0 ? args[0] : "0,1000000,5000000").split(",")).mapToInt(Integer::parseInt).toArray();
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        System.out.printf("cores=%d, load average=%.2f, median of %d calls, ms per call%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), calls);
        System.out.println("| bars in store | call | baseline: three reads, any write reads the bars again | now: one read | ratio |");
        System.out.println("|---|---|---|---|---|");
        for (int bars : sizes) {
            Path dir = Files.createTempDirectory("sextant-symbol-listing-bench");
            try (Store store = Store.open(dir.resolve("bench.duckdb"), dir.resolve("staging"))) {
                fill(store, bars);
                BarReader before = new BarReader(store);
                PriceRepository now = new PriceRepository(store);
                String label = String.format("%,d", bars);
                row(label, "list_symbols, first page of 500", calls, () -> beforeCut(store, before, "", 0, 500), () -> now.symbolPage(null, 0, 500));
                row(label, "list_symbols, search \"syn\"", calls, () -> beforeCut(store, before, "syn", 0, 500), () -> now.symbolPage("syn", 0, 500));
                // a write of prices between calls: before, every bar read again; now only the symbol the write names (as an import does);
                // not interleaved: a baseline's write naming nothing would make the next call read every bar again
                rowTimed(label, "list_symbols, first call after a write of prices", calls, false, timedAfter(() -> touch(store, false), () -> beforeCut(store, before, "", 0, 500)),
                        timedAfter(() -> touch(store, true), () -> now.symbolPage(null, 0, 500)));
                rowTimed(label, "list_symbols, first call after a write of prices: naming nothing (baseline) or its symbol", calls, false,
                        timedAfter(() -> touch(store, false), () -> now.symbolPage(null, 0, 500)), timedAfter(() -> touch(store, true), () -> now.symbolPage(null, 0, 500)));
                // a research run's write: before, as any write; now kept (not interleaved: the baseline's writes would move the version)
                int[] runs = {0};
                org.sextant.engine.research.store.ResearchStore research = new org.sextant.engine.research.store.ResearchStore(store);
                rowTimed(label, "list_symbols, first call after a research run's write", calls, false, timedAfter(() -> touch(store, false), () -> beforeCut(store, before, "", 0, 500)),
                        timedAfter(() -> research.session("bench-" + runs[0]++), () -> now.symbolPage(null, 0, 500)));
                double close = median(calls, () -> time(() -> now.closes("D00042", null, null)));
                System.out.printf("| %s | get_close_price, 250 daily closes (for scale) | | %.2f | |%n", label, close);
            }
        }
    }

    /**
     * list_symbols' page as read before it was one query: its symbols and their count (two queries over the full join of
     * names), then its daily rows by one placeholder each, then its bars-only names; the same answer.
     */
    private static SymbolPage beforeCut(Store store, BarReader reader, String q, int offset, int limit) {
        BarsOnlySymbols kept = reader.barsOnlySymbols();
        String matching = "SELECT symbol, true AS daily FROM symbols LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol) WHERE "
                + "(? = '' OR contains(lower(symbol), ?) OR contains(lower(coalesce(d.name, '')), ?))"
                + " UNION ALL SELECT symbol, false FROM " + kept.relation() + " WHERE " + BarReader.MATCHES;
        List<String> daily = new ArrayList<>(), barsOnly = new ArrayList<>();
        int count = store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, daily FROM (" + matching + ") ORDER BY symbol LIMIT ? OFFSET ?")) {
                int at = bind(c, p, kept, q);
                p.setInt(at, limit);
                p.setLong(at + 1, offset);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) (r.getBoolean(2) ? daily : barsOnly).add(r.getString(1));
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT count(*) FROM (" + matching + ")")) {
                bind(c, p, kept, q);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return Math.toIntExact(r.getLong(1));
                }
            }
        });
        List<SymbolInfo> page = new ArrayList<>(daily.isEmpty() ? List.of() : store.read(c -> {
            List<SymbolInfo> rows = new ArrayList<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, d.name, d.currency, d.exchange, first_date, last_date, rows, source FROM symbols LEFT JOIN "
                    + SymbolDescription.STORED + " d USING (symbol) WHERE symbol IN (" + BarReader.placeholders(daily.size()) + ") ORDER BY symbol")) {
                for (int i = 0; i < daily.size(); i++) p.setString(i + 1, daily.get(i));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) rows.add(SymbolInfo.read(r));
                }
            }
            return rows;
        }));
        Map<String, SymbolDescription> named = new java.util.LinkedHashMap<>();
        if (!barsOnly.isEmpty()) store.read(c -> {
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, name, currency, exchange FROM " + SymbolDescription.STORED
                    + " d WHERE symbol IN (SELECT unnest(?::VARCHAR[]))")) {
                p.setObject(1, c.createArrayOf("VARCHAR", barsOnly.toArray()));
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) named.put(r.getString(1), SymbolDescription.read(r, 2));
                }
            }
            return null;
        });
        for (String s : barsOnly) named.putIfAbsent(s, new SymbolDescription(null, null, null));
        page.addAll(reader.barsOnlySymbols(kept, named));
        page.sort(Comparator.comparing(SymbolInfo::symbol));
        Map<String, List<String>> stored = reader.storedIntervals(), intervals = new java.util.TreeMap<>();
        for (SymbolInfo s : page) intervals.put(s.symbol(), stored.getOrDefault(s.symbol(), List.of()));
        return new SymbolPage(List.copyOf(page), intervals, count, offset, limit);
    }

    private static int bind(java.sql.Connection c, PreparedStatement p, BarsOnlySymbols kept, String q) throws java.sql.SQLException {
        for (int i = 1; i <= 3; i++) p.setString(i, q);
        int at = kept.bind(c, p, 4);
        for (int i = 0; i < 3; i++) p.setString(at + i, q);
        return at + 3;
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

    /**
     * A write of prices that changes none: the prices version moves on, as after an import; {@code named}: it names the symbol
     * it writes, as an import of D00000 does (else any symbol may have changed, as every write before this change).
     */
    private static void touch(Store store, boolean named) {
        store.inTransaction(c -> {
            if (named) store.changesOnly(List.of("D00000"));
            try (Statement s = c.createStatement()) {
                return s.executeUpdate("UPDATE symbols SET source = source WHERE symbol = 'D00000'");
            }
        });
    }

    /** The call timed after {@code write}, which is not. */
    private static java.util.function.LongSupplier timedAfter(Runnable write, Runnable call) {
        return () -> {
            write.run();
            return time(call);
        };
    }

    /** One row: the two calls {@code calls} times each (one untimed call each first), interleaved or the baseline's all first. */
    private static void rowTimed(String bars, String call, int calls, boolean interleaved, java.util.function.LongSupplier baselineNanos,
                                 java.util.function.LongSupplier nowNanos) {
        List<Long> base = new ArrayList<>(), now = new ArrayList<>();
        baselineNanos.getAsLong();
        if (interleaved) nowNanos.getAsLong();
        for (int i = 0; i < calls; i++) {
            base.add(baselineNanos.getAsLong());
            if (interleaved) now.add(nowNanos.getAsLong());
        }
        if (!interleaved) {
            nowNanos.getAsLong();
            for (int i = 0; i < calls; i++) now.add(nowNanos.getAsLong());
        }
        double b = median(base), k = median(now);
        System.out.printf("| %s | %s | %.2f | %.2f | %.1fx |%n", bars, call, b, k, b / k);
    }

    private static void row(String bars, String call, int calls, Runnable baseline, Runnable now) {
        rowTimed(bars, call, calls, true, () -> time(baseline), () -> time(now));
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
