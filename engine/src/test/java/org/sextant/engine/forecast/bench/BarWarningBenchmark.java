package org.sextant.engine.forecast.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.BarWarningReference;
import org.sextant.engine.forecast.OutlierWarnings;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;

/**
 * The data_warning of bars at an interval, worked out once after an import (the first chart, bar forecast or backtest
 * of a symbol at an interval pays it): the baseline reads every bar into memory and runs the rules over all of them
 * (the path before, {@link BarWarningReference}); a chart has one store query hand back only the bars around the jumps
 * ({@code OutlierWarnings} keeping nothing, so every call works it out). A bar forecast or backtest, which has read every
 * bar for its fit, paid that store query too (its baseline here) and now works the same out on the bars it read
 * ({@link OutlierWarnings#keep(String, String, long, org.sextant.engine.data.BarSeries)}, then the route's lookup); the
 * baseline's rules alone, on bars already read, are what it paid before the store query. Interleaved round by round in
 * one process, the answers checked equal. Series: fx 1-minute bars around the clock (weekends fall outside the session), a walk with
 * a bad tick, a 2:1 split and a last close x5. "MB" is what the calling thread allocated on the Java heap. Not a test:
 * run it by hand (docs/benchmarks.md, "Bar warnings: the first answer after an import").
 */
public final class BarWarningBenchmark {
    public static void main(String[] args) throws Exception {
        int[] sizes = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray() : new int[] {100_000, 1_000_000, 2_000_000};
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path home = Files.createTempDirectory("sextant-bar-warning-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            for (int n : sizes) add(engine.store(), "B" + n, n);
            PriceRepository prices = new PriceRepository(engine.store());
            OutlierWarnings now = new OutlierWarnings(engine.store(), prices, 0);
            System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, median of %d rounds%n", Runtime.getRuntime().availableProcessors(),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
            System.out.println("| series | bars read | baseline: every bar read, s | MB | of which the rules on the bars read, s | MB "
                    + "| store query, s | MB | in hand, s | MB | store query faster than the baseline | in hand faster than the store query |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (int n : sizes) row(engine.store(), prices, now, "B" + n, n + " 1m bars", "1m", rounds);
            int largest = sizes[sizes.length - 1];
            row(engine.store(), prices, now, "B" + largest, largest + " 1m bars at 1h", "1h", rounds);
        }
    }

    private static void row(Store store, PriceRepository prices, OutlierWarnings now, String symbol, String label, String interval, int rounds) {
        double[] base = new double[rounds], baseMb = new double[rounds], rules = new double[rounds], rulesMb = new double[rounds];
        double[] query = new double[rounds], queryMb = new double[rounds], hand = new double[rounds], handMb = new double[rounds];
        String[] answers = new String[3];
        int[] read = new int[1];
        for (int round = 0; round < rounds; round++) {
            int i = round;
            long version = store.commits();
            BarSeries[] bars = new BarSeries[1];
            double[] readMs = new double[1];
            double readMb = allocatedMb(() -> readMs[0] = BarReadCostBench.millis(() -> bars[0] = prices.bars(symbol, interval, null, null)));
            rulesMb[i] = allocatedMb(() -> rules[i] = BarReadCostBench.millis(() -> answers[0] = BarWarningReference.warning(bars[0])));
            read[0] = bars[0].size();
            base[i] = readMs[0] + rules[i];
            baseMb[i] = readMb + rulesMb[i];
            queryMb[i] = allocatedMb(() -> query[i] = BarReadCostBench.millis(() -> answers[1] = now.of(symbol, interval)));
            OutlierWarnings kept = new OutlierWarnings(store, prices, 1); // as a bar forecast's: it keeps the warning of the bars it read, the route looks it up
            handMb[i] = allocatedMb(() -> hand[i] = BarReadCostBench.millis(() -> {
                kept.keep(symbol, interval, version, bars[0]);
                answers[2] = kept.of(symbol, interval);
            }));
            for (String a : answers) if (!Objects.equals(answers[0], a)) throw new IllegalStateException("the answers differ:\n" + String.join("\n", answers));
            if (answers[0] == null) throw new IllegalStateException("no warning: the series should hold a split and a bad tick");
        }
        double b = BarReadCostBench.median(base), q = BarReadCostBench.median(query), h = BarReadCostBench.median(hand);
        System.out.printf(Locale.ROOT, "| %s | %d | %.2f | %.0f | %.2f | %.0f | %.2f | %.1f | %.3f | %.0f | %.1fx | %.0fx |%n", label, read[0],
                b / 1000, BarReadCostBench.median(baseMb), BarReadCostBench.median(rules) / 1000, BarReadCostBench.median(rulesMb), q / 1000,
                BarReadCostBench.median(queryMb), h / 1000, BarReadCostBench.median(handMb), b / q, q / h);
    }

    /**
     * {@code n} fx 1-minute bars of {@code symbol} from 2020-01-01 (Wednesday), a walk of up to 0.05% a bar; the close of
     * bar 1,000 (a Wednesday) x100, closes from two thirds of the series on halved (a 2:1 split), the last one x5.
     */
    static void add(Store store, String symbol, int n) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO bars SELECT '" + symbol + "', '1m', TIMESTAMP '2020-01-01' + i * INTERVAL 1 MINUTE, NULL, NULL, NULL, "
                        + "100 * exp(sum(0.0005 * (CAST(hash(i) % 20001 AS BIGINT) - 10000) / 10000.0) OVER (ORDER BY i))"
                        + " * CASE WHEN i = 1000 THEN 100 ELSE 1 END * CASE WHEN i >= " + (2L * n / 3) + " THEN 0.5 ELSE 1 END"
                        + " * CASE WHEN i = " + (n - 1) + " THEN 5 ELSE 1 END, 100, 'bench' FROM range(" + n + ") t(i)");
                s.execute("INSERT INTO symbol_sessions VALUES ('" + symbol + "', 'fx')");
            }
            return null;
        });
    }

    private static double allocatedMb(Runnable r) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId(), before = threads.getThreadAllocatedBytes(id);
        r.run();
        return (threads.getThreadAllocatedBytes(id) - before) / 1e6;
    }
}
