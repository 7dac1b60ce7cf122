package org.sextant.charts.bench;

import com.sun.javafx.tk.Toolkit;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.PriceChart;
import org.sextant.charts.PriceBars;

/**
 * Harness: update + render time of a daily close series of 10k, 100k and 1M points in
 * {@link PriceChart} (chartfx, {@code MinMaxColumnReducer}) against JavaFX's own
 * {@link LineChart} on the same data in the same run (the baseline; at a size it only runs while
 * the previous size, scaled, predicts it finishes within {@link #LINE_CHART_CAP_S} s).
 *
 * <p>One measurement, all on the JavaFX thread with no wait for the pulse timer: give the chart
 * the new data (for LineChart that includes making its {@code XYChart.Data} points, as a caller
 * must), run two scene pulses (CSS, layout, chartfx's drawing; the second for what the first
 * invalidated), then rasterise the chart into an image (snapshot). The two charts take turns.
 * Each 1000 x 500 chart sits in its own window. After the PriceChart runs the harness checks on
 * that image that every pixel column shows its true high and low (the one-sided miss in pixels).
 *
 * <p>Needs a screen or Monocle headless (the charts module's test class path has Monocle):
 * {@code java -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -cp ... org.sextant.charts.bench.RenderBenchmark}
 * (docs/benchmarks.md, "Chart update and render"). Uses JavaFX's internal {@code Toolkit.firePulse}
 * to run a pulse synchronously (the class path loads JavaFX as an unnamed module, so it is reachable).
 */
public final class RenderBenchmark {
    static final int WIDTH = 1000;
    static final int HEIGHT = 500;
    static final double LINE_CHART_CAP_S = 60;
    /**
     * Warm-up runs per chart and size: at least this many (-Dbench.warmUp), then more, up to
     * {@link #WARM_UP_MAX}, until three runs in a row see under 2 ms of JIT compilation. With a
     * fixed 3 the first size was measured while the compiler threads still worked on the drawing
     * code (a median of 140 ms of compilation per 10k run at load 12), which made 10k look dearer
     * than 1M; on 2 busy cores the 10k PriceChart reaches its steady cost only after about 100 runs.
     */
    private static final int WARM_UP = Integer.getInteger("bench.warmUp", 100);
    private static final int WARM_UP_MAX = 200;
    /** Calendar days between points (-Dbench.dayStep): the same points over a longer span, to separate axis from line costs. */
    private static final int DAY_STEP = Integer.getInteger("bench.dayStep", 1);
    private static final int RUNS = 7;

    public static void main(String[] args) throws Exception {
        int[] sizes = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {10_000, 100_000, 1_000_000};
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        PriceChart price = onFx(PriceChart::new);
        LineChart<Number, Number> line = onFx(RenderBenchmark::newLineChart);
        onFx(() -> { show(price, "PriceChart"); show(line, "LineChart"); return null; });
        if (Boolean.getBoolean("bench.debug")) onFx(() -> { ReducerCount.wrap(price); return null; });
        // the JVM's first seconds (-Dbench.jvmWarmUpSeconds): both charts take turns before the table.
        // Run with -Xms1g -XX:+AlwaysPreTouch too: on a small fresh heap the first size measured ~2-3x
        // dearer (probably each snapshot image landing in heap not yet touched) until LineChart grew it
        PriceBars warm = randomWalk(10_000, 7);
        long warmUntil = System.nanoTime() + (long) (Double.parseDouble(System.getProperty("bench.jvmWarmUpSeconds", "5")) * 1e9);
        while (System.nanoTime() < warmUntil) {
            time(price, () -> price.show(warm));
            time(line, () -> setLineData(line, warm));
        }
        onFx(() -> { line.getData().clear(); Toolkit.getToolkit().firePulse(); return null; });

        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, java %s, prism %s, LineChart %s%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"), System.getProperty("prism.order", "default"),
                line.getCreateSymbols() ? "with a symbol per point (its default)" : "without symbols");
        System.out.println("| points | PriceChart ms | LineChart ms | ratio | PriceChart cpu ms | LineChart cpu ms | cpu ratio | PriceChart update+pulse ms | LineChart update+pulse ms | ratio | runs | highs and lows kept (worst column miss, px) |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        double lastLineMs = -1;
        int lastSize = 0;
        for (int n : sizes) {
            PriceBars series = randomWalk(n, 42);
            // the baseline runs at the first size, then while the last size's time scaled up stays under the cap
            boolean lineRuns = lastSize == 0 || (lastLineMs >= 0 && lastLineMs / 1000 * n / lastSize <= LINE_CHART_CAP_S);
            List<Double> priceMs = new ArrayList<>();
            List<Double> lineMs = new ArrayList<>();
            List<Double> priceCpu = new ArrayList<>();
            List<Double> lineCpu = new ArrayList<>();
            List<Double> priceFx = new ArrayList<>();
            List<Double> lineFx = new ArrayList<>();
            // one chart after the other (the baseline's nodes would otherwise burden the other's collections)
            warmUp(price, () -> price.show(series));
            for (int run = 0; run < RUNS; run++) {
                double p = time(price, () -> price.show(series));
                priceMs.add(p);
                priceCpu.add(lastCpuMs);
                priceFx.add(lastFxMs);
            }
            // a slow baseline is not warmed up and runs once when a run takes over 2 s
            if (lineRuns && n <= 10_000) warmUp(line, () -> setLineData(line, series));
            for (int run = 0; lineRuns && run < RUNS && (lineMs.isEmpty() || median(lineMs) < 2000); run++) {
                double l = time(line, () -> setLineData(line, series));
                if (run >= 0) {
                    lineMs.add(l);
                    lineCpu.add(lastCpuMs);
                    lineFx.add(lastFxMs);
                }
            }
            if (!lineRuns) lastLineMs = -1;
            if (!lineMs.isEmpty()) {
                lastLineMs = median(lineMs);
                lastSize = n;
            }
            double pm = median(priceMs);
            String lm = lineMs.isEmpty() ? String.format(Locale.ROOT, "not run (predicted > %.0f s)", LINE_CHART_CAP_S)
                    : String.format(Locale.ROOT, "%.1f", median(lineMs));
            String ratio = lineMs.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f×", median(lineMs) / pm);
            double pc = median(priceCpu);
            String lc = lineCpu.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", median(lineCpu));
            String cpuRatio = lineCpu.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f×", median(lineCpu) / pc);
            int miss = onFx(() -> worstColumnMiss(price, series));
            double pf = median(priceFx);
            String lf = lineFx.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", median(lineFx));
            String fxRatio = lineFx.isEmpty() ? "-" : String.format(Locale.ROOT, "%.0f×", median(lineFx) / pf);
            System.out.printf(Locale.ROOT, "| %,d | %.1f | %s | %s | %.1f | %s | %s | %.1f | %s | %s | %d / %d | %s |%n", n, pm, lm, ratio, pc, lc, cpuRatio,
                    pf, lf, fxRatio, priceMs.size(), lineMs.size(), miss <= 2 ? "yes (" + miss + ")" : "NO (" + miss + ")");
            onFx(() -> { line.getData().clear(); Toolkit.getToolkit().firePulse(); return null; }); // frees the baseline's nodes
            System.gc();
        }
        Platform.exit();
    }

    /** A seeded 1%-volatility random walk of daily closes, one per calendar day from 1900. */
    static PriceBars randomWalk(int n, long seed) {
        Random r = new Random(seed);
        double[] close = new double[n];
        List<LocalDate> dates = new ArrayList<>(n);
        LocalDate d = LocalDate.of(1900, 1, 1);
        double p = 100;
        for (int i = 0; i < n; i++) {
            p *= Math.exp(0.01 * r.nextGaussian());
            close[i] = p;
            dates.add(d);
            d = d.plusDays(DAY_STEP);
        }
        return PriceBars.closes("WALK", dates, close);
    }

    private static LineChart<Number, Number> newLineChart() {
        NumberAxis x = new NumberAxis();
        NumberAxis y = new NumberAxis();
        x.setForceZeroInRange(false);
        y.setForceZeroInRange(false);
        x.setAnimated(false);
        y.setAnimated(false);
        LineChart<Number, Number> c = new LineChart<>(x, y);
        // -Dbench.lineSymbols=true: a symbol node per point, as LineChart does by default; the
        // table's baseline is otherwise the tuned LineChart (no symbols), the fairer comparison
        c.setCreateSymbols(Boolean.getBoolean("bench.lineSymbols"));
        c.setAnimated(false);
        c.setLegendVisible(false);
        return c;
    }

    /** What a LineChart caller does with new data: one Data point per close, in a new series. */
    private static void setLineData(LineChart<Number, Number> chart, PriceBars s) {
        List<XYChart.Data<Number, Number>> points = new ArrayList<>(s.size());
        for (int i = 0; i < s.size(); i++) points.add(new XYChart.Data<>(CalendarTicks.toAxis(s.dates().get(i)), s.close()[i]));
        chart.getData().setAll(List.of(new XYChart.Series<>(FXCollections.observableArrayList(points))));
    }

    private static void show(Node chart, String title) {
        Stage stage = new Stage();
        stage.setTitle(title);
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(chart), WIDTH, HEIGHT));
        stage.show();
    }

    /** CPU of the whole process (all threads: chartfx's parallel coordinates, the renderer, GC) in the last {@link #time}. */
    static volatile double lastCpuMs;
    /** Update and pulses only (the JavaFX thread's part; the screen is rasterised after it, on the render thread). */
    private static volatile double lastFxMs;
    /** JIT compilation (ms, summed over compiler threads) during the last {@link #time}. */
    private static volatile long lastJitMs;

    /** Warm-up runs (see {@link #WARM_UP}); returns how many it took. */
    static int warmUp(Node chart, Runnable update) throws Exception {
        int quiet = 0;
        int runs = 0;
        while (runs < WARM_UP_MAX && (runs < WARM_UP || quiet < 3)) {
            time(chart, update);
            quiet = lastJitMs < 2 ? quiet + 1 : 0;
            runs++;
        }
        if (Boolean.getBoolean("bench.debug")) System.out.printf(Locale.ROOT, "  %s: %d warm-up runs%n", chart.getClass().getSimpleName(), runs);
        return runs;
    }

    /**
     * CPU time of the process's Java threads in ns (JavaFX, renderer, chartfx's pool, ...; exact,
     * unlike the JDK's process CPU time, which on Linux counts 10 ms clock ticks, as coarse as the
     * runs it measures). JIT compiler and GC threads are not Java threads and not counted: the
     * debug print shows their work ({@code jit}, {@code gc}).
     */
    private static long processCpuNanos() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long t : threads.getThreadCpuTime(threads.getAllThreadIds())) sum += Math.max(0, t);
        return sum;
    }

    /** The JDK's process CPU time (all threads, 10 ms ticks on Linux), for the debug print. */
    private static long jdkProcessCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static long jitMs() {
        return java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    private static long gcMs() {
        long t = 0;
        for (var gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, gc.getCollectionTime());
        return t;
    }

    /** Milliseconds for update, two pulses and a snapshot of the chart, on the JavaFX thread. */
    static double time(Node chart, Runnable update) throws Exception {
        return onFx(() -> {
            long j0 = jitMs();
            long g0 = gcMs();
            long p0 = jdkProcessCpuNanos();
            long c0 = processCpuNanos();
            long t0 = System.nanoTime();
            update.run();
            long t1 = System.nanoTime();
            Toolkit.getToolkit().firePulse();
            long t2 = System.nanoTime();
            Toolkit.getToolkit().firePulse();
            long t3 = System.nanoTime();
            chart.snapshot(null, null);
            long t4 = System.nanoTime();
            lastCpuMs = (processCpuNanos() - c0) / 1e6;
            lastJitMs = jitMs() - j0;
            double processMs = (jdkProcessCpuNanos() - p0) / 1e6;
            if (Boolean.getBoolean("bench.debug")) {
                System.out.printf(Locale.ROOT, "  %s: update %.1f, pulse %.1f, pulse %.1f, snapshot %.1f ms; cpu %.1f ms (process %.0f), jit %d ms, gc %d ms%s%n",
                        chart.getClass().getSimpleName(), (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6,
                        lastCpuMs, processMs, lastJitMs, gcMs() - g0, chart instanceof PriceChart ? ", " + ReducerCount.last() : "");
            }
            lastFxMs = (t3 - t0) / 1e6;
            return (t4 - t0) / 1e6;
        });
    }

    /**
     * The largest distance, in pixels, by which a pixel column's drawn line fails to reach the
     * highest or lowest close that falls in that column (0: every column shows its true range).
     * The first and last two columns are left out (the line's end caps).
     */
    static int worstColumnMiss(PriceChart chart, PriceBars s) {
        Toolkit.getToolkit().firePulse();
        WritableImage image = chart.snapshot(null, null);
        PixelReader pixels = image.getPixelReader();
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        int[] top = new int[w];
        int[] bottom = new int[w];
        Arrays.fill(top, Integer.MAX_VALUE);
        Arrays.fill(bottom, Integer.MIN_VALUE);
        int minCol = Integer.MAX_VALUE;
        int maxCol = Integer.MIN_VALUE;
        for (int i = 0; i < s.size(); i++) {
            Point2D p = pixelOf(chart, CalendarTicks.toAxis(s.dates().get(i)), s.close()[i]);
            int col = (int) Math.floor(p.getX());
            if (col < 0 || col >= w) continue;
            top[col] = Math.min(top[col], (int) Math.round(p.getY()));
            bottom[col] = Math.max(bottom[col], (int) Math.round(p.getY()));
            minCol = Math.min(minCol, col);
            maxCol = Math.max(maxCol, col);
        }
        if (Boolean.getBoolean("bench.debug")) org.sextant.charts.ChartSnapshot.writePng(image, java.nio.file.Path.of("target", "render-bench-" + s.size() + ".png"));
        int[] drawnTop = new int[w];
        int[] drawnBottom = new int[w];
        Arrays.fill(drawnTop, Integer.MAX_VALUE);
        Arrays.fill(drawnBottom, Integer.MIN_VALUE);
        for (int x = 0; x < w; x++) {
            for (int y = 0; y < h; y++) {
                if (isLine(pixels.getArgb(x, y))) {
                    drawnTop[x] = Math.min(drawnTop[x], y);
                    drawnBottom[x] = Math.max(drawnBottom[x], y);
                }
            }
        }
        // a column's data may be drawn one column over (chartfx snaps to pixel edges): look at x-1..x+1
        int worst = 0;
        for (int x = minCol + 2; x <= maxCol - 2; x++) {
            if (top[x] == Integer.MAX_VALUE) continue;
            int t = Math.min(drawnTop[x - 1], Math.min(drawnTop[x], drawnTop[x + 1]));
            int b = Math.max(drawnBottom[x - 1], Math.max(drawnBottom[x], drawnBottom[x + 1]));
            int miss = t == Integer.MAX_VALUE ? h : Math.max(0, Math.max(t - top[x], bottom[x] - b));
            if (miss > worst && Boolean.getBoolean("bench.debug")) {
                System.out.printf("column %d: data %d..%d, drawn %d..%d%n", x, top[x], bottom[x], t, b);
            }
            worst = Math.max(worst, miss);
        }
        return worst;
    }

    /** Where a value lies in the chart's own picture (its snapshot's pixels). */
    static Point2D pixelOf(PriceChart chart, double x, double y) {
        double px = chart.dateAxis().getDisplayPosition(x);
        double py = chart.priceAxis().getDisplayPosition(y);
        Point2D local = chart.sceneToLocal(chart.getCanvas().localToScene(px, py));
        return new Point2D(local.getX() - chart.getBoundsInLocal().getMinX(), local.getY() - chart.getBoundsInLocal().getMinY());
    }

    /** The close line's blue (PriceChart.LINE_COLOR), anti-aliased edges included. */
    private static boolean isLine(int argb) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return b > 150 && b - r > 90 && b - g > 40;
    }

    static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }

    /** Runs {@code work} on the FX thread and waits for its result (the benchmarks' one way in). */
    static <T> T onFx(Callable<T> work) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                f.complete(work.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        return f.get();
    }

    /** Debug only: what the line renderer hands to the reducer and keeps, and the vertical strokes it then draws. */
    private static final class ReducerCount {
        private static volatile String last = "";

        static String last() {
            return last;
        }

        static void wrap(PriceChart chart) {
            io.fair_acc.chartfx.renderer.RendererDataReducer reducer = chart.lineRenderer().getRendererDataReducer();
            chart.lineRenderer().setRendererDataReducer((x, y, xep, xen, yep, yen, styles, selected, from, to) -> {
                int kept = reducer.reducePoints(x, y, xep, xen, yep, yen, styles, selected, from, to);
                double dy = 0;
                int tall = 0;
                for (int i = 1; i < kept; i++) {
                    double d = Math.abs(y[i] - y[i - 1]);
                    if (Double.isFinite(d)) dy += d;
                    if (d > 10) tall++;
                }
                last = String.format(Locale.ROOT, "reducer %d -> %d points, strokes' vertical extent %.0f px, %d strokes over 10 px", to - from, kept, dy, tall);
                return kept;
            });
        }
    }
}
