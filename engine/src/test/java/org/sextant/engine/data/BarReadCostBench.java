package org.sextant.engine.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.sextant.contract.Bounds;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;

/**
 * Harness: what the bar routes' store work costs per burst of 20 calls, with what is derived from a whole series
 * (outside-session counts, list_symbols' trading-day spans) computed on every call (the baseline, a reader keeping
 * nothing) against kept per data version (the reader the routes use), interleaved round by round in one process.
 * Series: the embedded USDCHF 30-minute sample and a synthetic fx series of 1-minute bars. A page is what
 * get_close_price at 1h does per answer: the page's bars (limit Bounds.MAX_PRICE_ROWS) and the outside-session count;
 * list_symbols is the bars-only symbols with their trading days; a chart is the newest 250 bars at 1h.
 *
 * <p>Run: see docs/benchmarks.md, "Bar reads: whole-series costs per call".
 */
public final class BarReadCostBench {
    private static final int CALLS = 20;

    public static void main(String[] args) throws Exception {
        int synthetic = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path home = Files.createTempDirectory("sextant-bar-read-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            Store store = engine.store();
            addSynthetic(store, synthetic);
            System.out.printf("cores=%d, load average=%.2f, %d calls per cell, median of %d rounds, ms per 20 calls%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    CALLS, rounds);
            System.out.println("| series | calls | baseline (computed every call) | kept per data version | ratio |");
            System.out.println("|---|---|---|---|---|");
            for (String symbol : List.of("USDCHF", "SYN")) {
                String label = symbol.equals("SYN") ? "SYN 1m (" + synthetic + " bars)" : "USDCHF 30m (sample)";
                // a fresh cached reader per round: its first call computes, as the first page after an import does
                row(label, "20 pages of get_close_price at 1h", rounds, r -> () -> pages(r, symbol));
                row(label, "20 list_symbols", rounds, r -> () -> listSymbols(r));
                row(label, "20 get_chart_data at 1h (250 bars)", rounds, r -> () -> charts(r, symbol));
            }
        }
    }

    private interface Work {
        Runnable on(BarReader reader);
    }

    private static Store store;

    private static void row(String series, String calls, int rounds, Work work) {
        double[] base = new double[rounds], kept = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            base[i] = millis(work.on(new BarReader(store, 0)));
            kept[i] = millis(work.on(new BarReader(store)));
        }
        double b = median(base), k = median(kept);
        System.out.printf("| %s | %s | %.0f | %.0f | %.1fx |%n", series, calls, b, k, b / k);
    }

    private static long pages(BarReader reader, String symbol) {
        long seen = 0;
        LocalDate start = null;
        for (int i = 0; i < CALLS; i++) {
            BarSeries page = reader.read(symbol, BarInterval.H1, start, null, Bounds.MAX_PRICE_ROWS / 20); // 20 pages within the series
            seen += page.size() + reader.outsideSession(symbol, BarInterval.H1, start, null);
            start = page.bars().get(page.size() - 1).date().plusDays(1);
        }
        return seen;
    }

    private static long listSymbols(BarReader reader) {
        long seen = 0;
        for (int i = 0; i < CALLS; i++) seen += reader.barsOnlySymbols("").size();
        return seen;
    }

    private static long charts(BarReader reader, String symbol) {
        long seen = 0;
        for (int i = 0; i < CALLS; i++) seen += reader.readNewest(symbol, BarInterval.H1, 250).size();
        return seen;
    }

    /** An fx series of 1-minute bars around the clock, weekends included (they fall outside the session). */
    private static void addSynthetic(Store s, int bars) {
        store = s;
        s.inTransaction(c -> {
            try (Statement st = c.createStatement()) {
                st.execute("INSERT INTO bars SELECT 'SYN', '1m', TIMESTAMP '2020-01-01' + i * INTERVAL 1 MINUTE, 1 + i * 1e-7, 1 + i * 1e-7 + 1e-4, 1 + i * 1e-7 - 1e-4, "
                        + "1 + i * 1e-7 + sin(i / 60.0) * 1e-4, 100, 'bench' FROM range(" + bars + ") t(i)");
                st.execute("INSERT INTO symbol_sessions VALUES ('SYN', 'fx')");
            }
            return null;
        });
    }

    private static double millis(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return (System.nanoTime() - t0) / 1e6;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
