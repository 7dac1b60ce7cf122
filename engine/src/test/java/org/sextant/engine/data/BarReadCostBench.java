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
 * Harness: what the bar routes' store work costs per burst of 20 calls, the path before windowed reads (the baseline:
 * outside-session counts and trading-day spans kept per data version, but every page and chart resampling the whole
 * series and list_symbols counting every symbol's bars each call) against the reader the routes use now (only the
 * stored bars of the days a read may answer are resampled; list_symbols' counts kept per data version), interleaved
 * round by round in one process.
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
            System.out.println("| series | calls | baseline: whole series resampled, list counts every call | windowed, list counts kept | ratio |");
            System.out.println("|---|---|---|---|---|");
            for (String symbol : List.of("USDCHF", "SYN")) {
                String label = symbol.equals("SYN") ? "SYN 1m (" + synthetic + " bars)" : "USDCHF 30m (sample)";
                // a fresh cached reader per round: its first call computes, as the first page after an import does
                row(label, "20 pages of get_close_price at 1h", rounds, false, r -> () -> pages(r, symbol));
                // the same pages once the reader has kept the outside-session counts: what each later page costs
                row(label, "the same 20 pages, counts kept", rounds, true, r -> () -> pages(r, symbol));
                row(label, "20 list_symbols", rounds, false, r -> () -> listSymbols(r));
                row(label, "20 get_chart_data at 1h (250 bars)", rounds, false, r -> () -> charts(r, symbol));
            }
        }
    }

    private interface Work {
        Runnable on(BarReader reader);
    }

    private static Store store;

    /** One row; {@code warm}: each reader does the work once, untimed, before the timed burst. */
    private static void row(String series, String calls, int rounds, boolean warm, Work work) {
        double[] base = new double[rounds], kept = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            BarReader before = new BarReader(store, BarReader.CACHE_ENTRIES, false), now = new BarReader(store);
            if (warm) {
                work.on(before).run();
                work.on(now).run();
            }
            base[i] = millis(work.on(before));
            kept[i] = millis(work.on(now));
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

    /** An fx series of 1-minute bars around the clock, weekends included (they fall outside the session); also OutlierWarningCostBench's. */
    public static void addSynthetic(Store s, int bars) {
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

    /** Milliseconds {@code r} takes; also OutlierWarningCostBench's. */
    public static double millis(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return (System.nanoTime() - t0) / 1e6;
    }

    public static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
