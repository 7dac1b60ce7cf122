package org.sextant.app.render;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.application.Platform;
import javafx.scene.image.WritableImage;
import org.sextant.app.gui.ChartInputs;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.home.SextantHome;

/**
 * render_chart's time (docs/benchmarks.md, "render_chart: cold start and JavaFX hand-overs"). Two tables:
 * <ol>
 * <li>Cold start: two fresh JVMs each, the first picture after start without the background warm-up (the baseline:
 * JavaFX's start, then the picture) and with it (ChartRenderer.warmUp, then the picture), then a second picture.</li>
 * <li>Hand-overs to the JavaFX thread: the steps as they were (build; ChartSnapshot.renderAsync; the title, the drawn
 * interval, the axis' width, the drawn dates one hand-over each; reproduced here, the baseline) against
 * ChartRenderer's one hand-over, interleaved in the same JVM, with the JavaFX thread idle and kept busy as a
 * window's is (a task of 4 ms always queued).</li>
 * </ol>
 * Run with the Monocle flags of docs/benchmarks.md; {@code -Dbench.runs=N} (default 15).
 */
public final class RenderChartBenchmark {
    private static final int RUNS = Integer.getInteger("bench.runs", 15);

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("cold")) {
            cold(Boolean.parseBoolean(args[1]));
            System.exit(0);
        }
        coldTable();
        hopsTable();
        System.exit(0);
    }

    private static Sextant engine() throws Exception {
        return Sextant.open(new SextantHome(Files.createTempDirectory("sextant-bench-")).ensureLayout());
    }

    // ---- cold start -------------------------------------------------------------------------------------------

    private static void coldTable() throws Exception {
        System.out.println("| start | JavaFX start ms | background first picture ms | agent's first picture ms | second picture ms |");
        System.out.println("|---|---:|---:|---:|---:|");
        for (int i = 0; i < 2; i++) {
            for (boolean warm : new boolean[] {false, true}) {
                List<String> cmd = new ArrayList<>(List.of(Path.java(), "-cp", System.getProperty("java.class.path")));
                for (String p : List.of("glass.platform", "monocle.platform", "prism.order", "java.awt.headless", "headless.geometry")) {
                    if (System.getProperty(p) != null) cmd.add("-D" + p + "=" + System.getProperty(p));
                }
                cmd.addAll(List.of(RenderChartBenchmark.class.getName(), "cold", String.valueOf(warm)));
                Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String out = new String(p.getInputStream().readAllBytes()).lines().filter(l -> l.startsWith("|")).findFirst().orElse("| failed |");
                p.waitFor();
                System.out.println(out);
            }
        }
    }

    /** One fresh JVM: the engine's work done first (both starts alike), then the pictures as an agent asks for them. */
    private static void cold(boolean warm) throws Exception {
        Sextant engine = engine();
        engine.getForecast("IBM", null, null, null);
        ChartRenderer renderer = new ChartRenderer(engine, true);
        String toolkit = "-", warmUp = "-";
        if (warm) {
            long t = System.nanoTime();
            renderer.warmUp().get();
            warmUp = ms(System.nanoTime() - t);
        } else {
            long t = System.nanoTime();
            FxToolkit.start(true).get();
            toolkit = ms(System.nanoTime() - t);
        }
        long t = System.nanoTime();
        renderer.render("IBM", 500, null, null, 1000, 600);
        String first = ms(System.nanoTime() - t);
        t = System.nanoTime();
        renderer.render("IBM", 500, null, null, 1000, 600);
        String second = ms(System.nanoTime() - t);
        System.out.println("| " + (warm ? "warm-up at start" : "no warm-up (baseline)") + " | " + toolkit + " | " + warmUp + " | " + first + " | " + second + " |");
    }

    // ---- hand-overs -------------------------------------------------------------------------------------------

    private static final AtomicInteger HOPS = new AtomicInteger();

    private static void hopsTable() throws Exception {
        Sextant engine = engine();
        ChartRenderer renderer = new ChartRenderer(engine, true);
        renderer.onFxStep = HOPS::incrementAndGet;
        FxToolkit.start(true).get();
        // the engine's work kept (forecasts cached) and the JIT warmed on both paths
        for (int i = 0; i < 5; i++) {
            oldBars(engine, "USDCHF", "30m", 300, 900, 500);
            renderer.render("USDCHF", "30m", 300, null, null, 900, 500);
        }
        System.out.println();
        System.out.println("| JavaFX thread | picture | hand-overs before | hand-overs now | before ms (median) | now ms (median) | before / now |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|");
        for (boolean busy : new boolean[] {false, true}) {
            AtomicBoolean load = new AtomicBoolean(busy);
            if (busy) windowLoad(load);
            row(busy, "USDCHF 30m, 300 bars, 900x500", () -> oldBars(engine, "USDCHF", "30m", 300, 900, 500),
                    () -> renderer.render("USDCHF", "30m", 300, null, null, 900, 500));
            row(busy, "USDCHF 30m, 20,000 bars (drawn coarser), 900x500", () -> oldBars(engine, "USDCHF", "30m", 20000, 900, 500),
                    () -> renderer.render("USDCHF", "30m", 20000, null, null, 900, 500));
            load.set(false);
        }
    }

    private static void row(boolean busy, String picture, Callable<?> before, Callable<?> now) throws Exception {
        long[] b = new long[RUNS], n = new long[RUNS];
        int hopsBefore = 0, hopsNow = 0;
        for (int i = 0; i < RUNS; i++) { // interleaved: the machine's load falls on both alike
            HOPS.set(0);
            long t = System.nanoTime();
            before.call();
            b[i] = System.nanoTime() - t;
            hopsBefore = HOPS.get();
            HOPS.set(0);
            t = System.nanoTime();
            now.call();
            n[i] = System.nanoTime() - t;
            hopsNow = HOPS.get();
        }
        double mb = median(b), mn = median(n);
        System.out.println("| " + (busy ? "busy (4 ms tasks)" : "idle") + " | " + picture + " | " + hopsBefore + " | " + hopsNow + " | "
                + String.format(Locale.ROOT, "%.1f | %.1f | %.2f", mb / 1e6, mn / 1e6, mb / mn) + " |");
    }

    /** A window's work on the JavaFX thread: one 4 ms task always queued while {@code on}. */
    private static void windowLoad(AtomicBoolean on) {
        Runnable[] task = new Runnable[1];
        task[0] = () -> {
            long end = System.nanoTime() + 4_000_000L;
            while (System.nanoTime() < end) Thread.onSpinWait();
            if (on.get()) Platform.runLater(task[0]);
        };
        Platform.runLater(task[0]);
    }

    /** render_chart by bar as it was before its steps were folded into one hand-over (the baseline). */
    private static Map<String, Object> oldBars(Sextant engine, String symbol, String at, int days, int width, int height) throws Exception {
        BarSeries bars = engine.getBars(symbol, at, null, null);
        BarForecast forecast = engine.getForecast(symbol, at, null, null, null, null);
        int n = bars.size(), h = forecast.targetTs().size(), shown = Math.min(days, n);
        org.sextant.charts.TimedBars timed = ChartInputs.timed(bars);
        PriceChart chart = fx(() -> {
            PriceChart c = new PriceChart();
            c.setForecastLevels(List.of(0.80, 0.95, 0.99));
            c.showBars(timed);
            c.finestIntervalProperty().set(org.sextant.charts.ChartInterval.of(at));
            c.showBarForecast(ChartInputs.barFan(forecast));
            return c;
        });
        HOPS.incrementAndGet(); // renderAsync's own
        WritableImage image = ChartSnapshot.renderAsync(chart, width, height, () -> {
            double from = chart.axisPositionOf(timed.seconds(n - shown)), to = chart.axisPositionOf(timed.seconds(n - 1));
            if (chart.drawnIntervalProperty().get() == timed.interval()) to += h + 0.5;
            chart.showDates(from, to);
        }).get();
        byte[] png = ChartSnapshot.toPng(image);
        String title = fx(chart::getTitle);
        String drawn = fx(() -> chart.drawnIntervalProperty().get().label);
        double axis = drawn.equals(at) ? 0 : fx(() -> chart.dateAxis().getWidth());
        int[] ends = fx(() -> Arrays.copyOf(chart.shownBars(), 2));
        return Map.of("png", png.length, "title", title, "drawn", drawn, "axis", axis, "ends", ends[0] + ends[1]);
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        HOPS.incrementAndGet();
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Exception e) {
                result.completeExceptionally(e);
            }
        });
        return result.get();
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.0f", nanos / 1e6);
    }

    private static final class Path {
        static String java() {
            return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
    }
}
