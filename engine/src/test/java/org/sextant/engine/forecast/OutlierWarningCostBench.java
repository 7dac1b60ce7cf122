package org.sextant.engine.forecast;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.home.SextantHome;

/**
 * Harness: what the {@code data_warning} of a forecast, backtest or chart answer costs per call. Baseline: the closes or
 * bars read (and resampled) again and searched for bad ticks on every call, as the routes did (an
 * {@link OutlierWarnings} that keeps nothing); now: the warning kept per store version, its first call after an import
 * computing as the baseline does. Both interleaved round by round in one process, a fresh kept one per round.
 * Series: the embedded NYSE composite's daily closes and a synthetic fx series of 1-minute bars, built as
 * {@link BarReadCostBench} builds it, at 1m (the finest, a bars-only symbol's default) and at 1h (resampled).
 *
 * <p>Run: see docs/benchmarks.md, "Bad-tick warnings: cost per call".
 */
public final class OutlierWarningCostBench {
    private static int calls = 20;

    public static void main(String[] args) throws Exception {
        int synthetic = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        calls = args.length > 2 ? Integer.parseInt(args[2]) : calls;
        Path home = Files.createTempDirectory("sextant-outlier-warning-bench");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            BarReadCostBench.addSynthetic(engine.store(), synthetic);
            PriceRepository prices = new PriceRepository(engine.store());
            System.out.printf("cores=%d, load average=%.2f, %d calls per burst, median of %d rounds%n",
                    Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    calls, rounds);
            System.out.println("| series | values | baseline: read and searched every call, ms per call | kept: first call after an import, ms"
                    + " | kept: later calls, ms per call | later calls faster |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            row(engine, prices, "NYSE daily (sample)", "NYSE", null, rounds);
            row(engine, prices, "SYN 1m (" + synthetic + " bars)", "SYN", "1m", rounds);
            row(engine, prices, "SYN at 1h (resampled from 1m)", "SYN", "1h", rounds);
        }
    }

    private static void row(Sextant engine, PriceRepository prices, String label, String symbol, String interval, int rounds) {
        double[] base = new double[rounds], first = new double[rounds], kept = new double[rounds];
        String[] answers = new String[2];
        for (int i = 0; i < rounds; i++) {
            OutlierWarnings before = new OutlierWarnings(engine.store(), prices, 0);
            OutlierWarnings now = new OutlierWarnings(engine.store(), prices, OutlierWarnings.CAPACITY);
            base[i] = BarReadCostBench.millis(() -> answers[0] = burst(before, symbol, interval)) / calls;
            first[i] = BarReadCostBench.millis(() -> now.of(symbol, interval));
            kept[i] = BarReadCostBench.millis(() -> answers[1] = burst(now, symbol, interval)) / calls;
            if (!java.util.Objects.equals(answers[0], answers[1])) throw new IllegalStateException("the answers differ: " + Arrays.toString(answers));
        }
        int values = interval == null ? prices.closes(symbol, null, null).size() : prices.bars(symbol, interval, null, null).size();
        double b = BarReadCostBench.median(base), k = BarReadCostBench.median(kept);
        System.out.printf("| %s | %d | %.1f | %.1f | %.4f | %.0fx |%n", label, values, b, BarReadCostBench.median(first), k, b / k);
    }

    private static String burst(OutlierWarnings warnings, String symbol, String interval) {
        String last = null;
        for (int i = 0; i < calls; i++) last = warnings.of(symbol, interval);
        return last;
    }
}
