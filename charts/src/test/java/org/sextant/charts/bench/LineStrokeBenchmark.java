package org.sextant.charts.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.*;
import java.util.concurrent.*;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.sextant.charts.MinMaxColumnReducer;

/**
 * Harness: the renderer thread's CPU time to rasterise one reduced close line (a seeded random
 * walk of n points through {@link MinMaxColumnReducer} onto a 950 x 420 canvas) in the software
 * pipeline, drawn the ways chartfx can: {@code lines}, one {@code strokeLine} per segment (chartfx's
 * ErrorDataSetRenderer without NaN support); {@code path}, one stroked path (its NaN-aware mode,
 * what PriceChart uses); {@code polyline}, {@code strokePolyline} (its dashed mode); and
 * {@code column2}, one min-max stroke per pixel column. {@code none} (clear and snapshot only) is the
 * baseline. Minimum and mean of 40 runs after 30 warm-up runs, per mode, in the same JVM.
 * Run as RenderBenchmark (docs/benchmarks.md, "Chart update and render"), main class
 * {@code org.sextant.charts.bench.LineStrokeBenchmark}, sizes as the argument (default 10000,1000000).
 */
public final class LineStrokeBenchmark {
    public static void main(String[] a) throws Exception {
        try {
            run(a);
        } finally {
            Platform.exit();
        }
    }

    private static void run(String[] a) throws Exception {
        CountDownLatch s = new CountDownLatch(1); Platform.startup(s::countDown); s.await();
        Canvas canvas = new Canvas(950, 420);
        RenderBenchmark.onFx(() -> { Stage st = new Stage(); st.setScene(new Scene(new javafx.scene.layout.StackPane(canvas), 1000, 500)); st.show(); return null; });
        ThreadMXBean tb = ManagementFactory.getThreadMXBean();
        System.out.println("| points | after reduction | drawn as | renderer cpu ms, min | renderer cpu ms, mean |");
        System.out.println("|---:|---:|---|---:|---:|");
        for (String arg : (a.length > 0 ? a[0] : "10000,1000000").split(",")) {
            int n = Integer.parseInt(arg);
            Random r = new Random(42); double[] c = new double[n]; double p = 100;
            for (int i = 0; i < n; i++) { p *= Math.exp(0.01 * r.nextGaussian()); c[i] = p; }
            double lo = Arrays.stream(c).min().getAsDouble(), hi = Arrays.stream(c).max().getAsDouble();
            double[] x = new double[n], y = new double[n];
            for (int i = 0; i < n; i++) { x[i] = 5 + 940.0 * i / (n - 1); y[i] = 410 - 400 * (c[i] - lo) / (hi - lo); }
            int m = new MinMaxColumnReducer().reducePoints(x, y, null, null, null, null, null, null, 0, n);
            double[] rx = Arrays.copyOf(x, m), ry = Arrays.copyOf(y, m);
            for (String mode : System.getProperty("modes", "none,lines,path,polyline,column2").split(",")) {
                double best = 1e9, sum = 0; int runs = 40;
                for (int k = -30; k < runs; k++) {
                    long q0 = rtCpu(tb);
                    RenderBenchmark.onFx(() -> { draw(canvas.getGraphicsContext2D(), mode, rx, ry, m); canvas.snapshot(null, null); return null; });
                    long q1 = rtCpu(tb);
                    if (k >= 0) { best = Math.min(best, (q1 - q0) / 1e6); sum += (q1 - q0) / 1e6; }
                }
                System.out.printf(Locale.ROOT, "| %,d | %,d | %s | %.2f | %.2f |%n", n, m, mode, best, sum / runs);
            }
        }
    }

    static void draw(GraphicsContext gc, String mode, double[] x, double[] y, int m) {
        gc.clearRect(0, 0, 950, 420);
        gc.setStroke(Color.web("#1565C0")); gc.setLineWidth(1.5);
        switch (mode) {
            case "lines" -> { for (int i = 0; i < m - 1; i++) gc.strokeLine(x[i], y[i], x[i + 1], y[i + 1]); }
            case "polyline" -> gc.strokePolyline(x, y, m);
            case "path" -> { gc.beginPath(); gc.moveTo(x[0], y[0]); for (int i = 1; i < m; i++) gc.lineTo(x[i], y[i]); gc.stroke(); }
            case "column2" -> {
                // one min-max stroke per pixel column, entered at the extreme nearer the previous point
                gc.beginPath();
                int i = 0; boolean first = true; double prevY = y[0];
                while (i < m) {
                    long col = (long) Math.floor(x[i]); double lo = y[i], hi = y[i]; double cx = x[i]; int j = i;
                    while (j < m && (long) Math.floor(x[j]) == col) { lo = Math.min(lo, y[j]); hi = Math.max(hi, y[j]); j++; }
                    double a = Math.abs(prevY - lo) < Math.abs(prevY - hi) ? lo : hi, b = a == lo ? hi : lo;
                    double px = col + 0.5;
                    if (first) { gc.moveTo(px, a); first = false; } else gc.lineTo(px, a);
                    if (b != a) gc.lineTo(px, b);
                    prevY = b; i = j;
                }
                gc.stroke();
            }
            default -> { }
        }
    }

    /** CPU time of JavaFX's render thread (where canvas commands are rasterised), ns. */
    static long rtCpu(ThreadMXBean tb) {
        long t = 0;
        for (Thread th : Thread.getAllStackTraces().keySet()) if (th.getName().startsWith("QuantumRenderer")) t += tb.getThreadCpuTime(th.getId());
        return t;
    }
}
