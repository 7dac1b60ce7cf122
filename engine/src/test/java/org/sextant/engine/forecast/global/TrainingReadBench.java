package org.sextant.engine.forecast.global;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.store.Store;

/**
 * What reading the global model's training data costs the JVM (docs/benchmarks.md "Global model
 * training: the read"): the read before (every stored close into boxed lists, then the training
 * parts copied out of them, {@link #wholeStoreRead}) against {@link StoredPrices#trainingCloses},
 * on one synthetic store per size, interleaved round by round. Both give the same arrays (checked).
 * Live heap: used heap after System.gc() while what the read holds at its fullest is reachable
 * (the baseline probed at its two fullest points, the new read at its end, where it is fullest).
 *
 * <pre>java -Xmx4g ... TrainingReadBench ROWS:SYMBOLS[,ROWS:SYMBOLS...] [by-symbol|by-date] [rounds] [old|new|both]</pre>
 */
public final class TrainingReadBench {
    private static final java.util.function.Function<int[], TrainingSample> PART = TrainingClosesTest.WHOLE;

    public static void main(String[] args) throws Exception {
        String layout = args.length > 1 ? args[1] : "by-symbol";
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        String which = args.length > 3 ? args[3] : "both";
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, max heap %d MB, rows inserted %s, best of %d rounds%n",
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().maxMemory() >> 20, layout, rounds);
        System.out.println("| stored rows | symbols (training) | read | ms | allocated MB | live heap MB | live bytes per stored row |");
        System.out.println("|---:|---:|---|---:|---:|---:|---:|");
        for (String size : args[0].split(",")) {
            long rows = Long.parseLong(size.split(":")[0]);
            int symbols = Integer.parseInt(size.split(":")[1]);
            Path dir = Files.createTempDirectory("training-read-");
            try (Store store = Store.open(dir.resolve("t.duckdb"), dir.resolve("staging"))) {
                fill(store, rows, symbols, layout.equals("by-date"));
                int training = StoredPrices.trainingCloses(store, PART).size();
                String label = String.format(Locale.ROOT, "| %,d | %d (%d) |", rows, symbols, training);
                Figures old = new Figures(), now = new Figures();
                for (int r = 0; r < rounds; r++) {
                    if (!which.equals("new")) old.add(measure(() -> wholeStoreRead(store, null)), probed(store));
                    if (!which.equals("old")) now.add(measure(() -> StoredPrices.trainingCloses(store, PART)), liveAfter(() -> StoredPrices.trainingCloses(store, PART)));
                }
                if (which.equals("both")) check(wholeStoreRead(store, null), StoredPrices.trainingCloses(store, PART));
                if (!which.equals("new")) old.print(label, "baseline: every close, boxed", rows);
                if (!which.equals("old")) now.print(label, "first 60% of training symbols, double[]", rows);
            } finally {
                try (var files = Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    /**
     * {@code rows} closes of {@code symbols} symbols, every tenth symbol 200 closes (too short to
     * train), adjusted closes on a third of the days; inserted symbol by symbol (a long file per
     * symbol) or date by date (a wide file).
     */
    static void fill(Store store, long rows, int symbols, boolean byDate) {
        int shorts = symbols / 10;
        long days = (rows - 200L * shorts) / (symbols - shorts);
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO prices SELECT 'S' || lpad(s::VARCHAR, 4, '0'), DATE '1000-01-01' + d::INTEGER, NULL, NULL, NULL, "
                        + "100 * exp(0.2 * sin(d / 37.0 + s)), CASE WHEN d % 3 = 0 THEN 99 * exp(0.2 * sin(d / 37.0 + s)) END, NULL, 'bench' "
                        + "FROM range(" + symbols + ") t(s), range(" + days + ") u(d) WHERE s % 10 <> 9 OR d < 200 "
                        + (byDate ? "ORDER BY d, s" : "ORDER BY s, d"));
            }
            return null;
        });
    }

    /** The read before 2026-12-05 as GlobalPriceModels.train used it; {@code probe} runs at its two fullest points. */
    static List<double[]> wholeStoreRead(Store store, Runnable probe) {
        List<double[]> train = new ArrayList<>();
        for (double[] y : wholeStoreSeries(store, probe)) train.add(Arrays.copyOf(y, GlobalPriceModels.trainingLength(y.length)));
        return train;
    }

    /** Every close of each series that trains, read as before 2026-12-05. */
    static List<double[]> wholeStoreSeries(Store store, Runnable probe) {
        Map<String, double[]> closes = store.read(c -> {
            Map<String, List<Double>> by = new LinkedHashMap<>();
            try (PreparedStatement p = c.prepareStatement("SELECT symbol, coalesce(adj_close, close) FROM prices ORDER BY symbol, date");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) by.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(r.getDouble(2));
            }
            if (probe != null) probe.run();
            Map<String, double[]> out = new LinkedHashMap<>();
            by.forEach((s, v) -> {
                double[] y = v.stream().mapToDouble(Double::doubleValue).toArray();
                if (y.length >= StoredPrices.MIN_ROWS && Arrays.stream(y).allMatch(x -> x > 0 && Double.isFinite(x))) out.put(s, y);
            });
            if (probe != null) probe.run();
            java.lang.ref.Reference.reachabilityFence(by); // the probe counts it, as the code before held it
            return out;
        });
        return new ArrayList<>(closes.values());
    }

    private record Run(double millis, long allocated) {}

    private static Run measure(java.util.function.Supplier<List<double[]>> read) {
        com.sun.management.ThreadMXBean t = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        System.gc();
        long a0 = t.getCurrentThreadAllocatedBytes(), t0 = System.nanoTime();
        List<double[]> out = read.get();
        long ns = System.nanoTime() - t0, bytes = t.getCurrentThreadAllocatedBytes() - a0;
        if (out.isEmpty()) throw new IllegalStateException("nothing read");
        return new Run(ns / 1e6, bytes);
    }

    /** The baseline's live heap at its fullest point, over the heap before it. */
    private static long probed(Store store) {
        long before = used();
        long[] max = {0};
        List<double[]> out = wholeStoreRead(store, () -> max[0] = Math.max(max[0], used() - before));
        if (out.isEmpty()) throw new IllegalStateException("nothing read");
        return Math.max(max[0], liveHeld(out, before));
    }

    private static long liveAfter(java.util.function.Supplier<List<double[]>> read) {
        long before = used();
        return liveHeld(read.get(), before);
    }

    private static long liveHeld(List<double[]> held, long before) {
        long live = used() - before;
        if (held.isEmpty()) throw new IllegalStateException("nothing read"); // keeps it reachable past used()
        return live;
    }

    private static long used() {
        for (int i = 0; i < 2; i++) System.gc();
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }

    private static void check(List<double[]> a, List<double[]> b) {
        if (a.size() != b.size()) throw new IllegalStateException("series " + a.size() + " vs " + b.size());
        for (int i = 0; i < a.size(); i++) if (!Arrays.equals(a.get(i), b.get(i))) throw new IllegalStateException("series " + i + " differs");
    }

    private static final class Figures {
        double millis = Double.MAX_VALUE;
        long allocated = Long.MAX_VALUE, live = Long.MAX_VALUE;

        void add(Run r, long liveBytes) {
            millis = Math.min(millis, r.millis());
            allocated = Math.min(allocated, r.allocated());
            live = Math.min(live, liveBytes);
        }

        void print(String label, String read, long rows) {
            System.out.printf(Locale.ROOT, "%s %s | %.0f | %.1f | %.1f | %.1f |%n", label, read, millis, allocated / 1048576.0, live / 1048576.0,
                    live / (double) rows);
        }
    }
}
