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
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.BarWarningReference;
import org.sextant.engine.forecast.OutlierWarnings;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;

/**
 * The data_warning of bars at an interval, worked out once after an import (the first chart, bar forecast or backtest
 * of a symbol at an interval pays it): the baseline reads every bar into memory and runs the rules over all of them
 * (the path before, {@link BarWarningReference}); now one store query hands back only the bars around the jumps
 * ({@code OutlierWarnings} keeping nothing, so every call works it out). The baseline's rules alone, on bars already read,
 * are what a bar forecast or backtest paid for it before (it kept the warning of the bars it read for its fit).
 * Interleaved round by round in one process, the two answers checked equal. Series: fx 1-minute bars around the clock (weekends fall outside the session), a walk with
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
                    + "| store query, s | MB | faster than the baseline | than the rules alone |");
            System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (int n : sizes) row(prices, now, "B" + n, n + " 1m bars", "1m", rounds);
            int largest = sizes[sizes.length - 1];
            row(prices, now, "B" + largest, largest + " 1m bars at 1h", "1h", rounds);
        }
    }

    private static void row(PriceRepository prices, OutlierWarnings now, String symbol, String label, String interval, int rounds) {
        double[] base = new double[rounds], baseMb = new double[rounds], rules = new double[rounds], rulesMb = new double[rounds];
        double[] query = new double[rounds], queryMb = new double[rounds];
        String[] answers = new String[2];
        int[] read = new int[1];
        for (int round = 0; round < rounds; round++) {
            int i = round;
            baseMb[i] = allocatedMb(() -> base[i] = BarReadCostBench.millis(() -> {
                var bars = prices.bars(symbol, interval, null, null);
                read[0] = bars.size();
                rulesMb[i] = allocatedMb(() -> rules[i] = BarReadCostBench.millis(() -> answers[0] = BarWarningReference.warning(bars)));
            }));
            queryMb[i] = allocatedMb(() -> query[i] = BarReadCostBench.millis(() -> answers[1] = now.of(symbol, interval)));
            if (!Objects.equals(answers[0], answers[1])) throw new IllegalStateException("the answers differ:\n" + answers[0] + "\n" + answers[1]);
            if (answers[0] == null) throw new IllegalStateException("no warning: the series should hold a split and a bad tick");
        }
        double b = BarReadCostBench.median(base), r = BarReadCostBench.median(rules), q = BarReadCostBench.median(query);
        System.out.printf(Locale.ROOT, "| %s | %d | %.2f | %.0f | %.2f | %.0f | %.2f | %.1f | %.1fx | %.1fx |%n", label, read[0], b / 1000,
                BarReadCostBench.median(baseMb), r / 1000, BarReadCostBench.median(rulesMb), q / 1000, BarReadCostBench.median(queryMb), b / q, r / q);
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
