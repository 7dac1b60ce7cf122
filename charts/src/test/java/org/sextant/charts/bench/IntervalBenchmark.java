package org.sextant.charts.bench;

import com.sun.javafx.tk.Toolkit;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.dataset.spi.financial.OhlcvDataSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.sextant.charts.ChartType;
import org.sextant.charts.IntradayBars;
import org.sextant.charts.PriceChart;
import org.sextant.charts.TimedBars;

/**
 * Harness: update + render time of one-minute OHLCV bars (fx's 24x5 week, seeded) as candlesticks
 * with volume, 10k, 100k and 1M bars: {@link PriceChart#showBars} (bar-index axis, the interval
 * chosen for the view and resampled on the fly, bars grouped per pixel column) against chartfx's own
 * {@code CandleStickRenderer} with its volume bars on the same bars, which draws every bar (no
 * reduction), in a child JVM with a time limit ({@link BaselineProcess}). The measurement is
 * {@link RenderBenchmark#time}'s (hand over the data, two pulses, a snapshot, on the JavaFX
 * thread), each chart 1000 x 600. After our runs it checks on the picture that every trading
 * day's high and low is drawn within 2 px (docs/benchmarks.md, "Intraday bars update and render").
 */
public final class IntervalBenchmark {
    private static final int RUNS = 7;
    private static final int BASELINE_TIMEOUT_S = Integer.getInteger("bench.baselineTimeout", 120);
    private static final LocalDateTime START = LocalDateTime.of(2020, 1, 6, 3, 0);

    public static void main(String[] args) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        if (args.length == 2 && args[0].equals("--baseline")) {
            baseline(Integer.parseInt(args[1]));
            return;
        }
        int[] sizes = args.length > 0 ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray() : new int[] {10_000, 100_000, 1_000_000};
        PriceChart price = RenderBenchmark.onFx(PriceChart::new);
        VBox ours = RenderBenchmark.onFx(() -> {
            price.chartTypeProperty().set(ChartType.CANDLES);
            VBox.setVgrow(price, Priority.ALWAYS);
            return new VBox(price, price.volumePane());
        });
        RenderBenchmark.onFx(() -> { CandleBenchmark.show(ours, "PriceChart intraday candles"); return null; });
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, java %s, prism %s%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"), System.getProperty("prism.order", "default"));
        System.out.println("| 1m bars | PriceChart ms | PriceChart cpu ms | interval drawn (bars) | chartfx CandleStickRenderer ms | chartfx cpu ms | runs | every daily high and low within 2 px |");
        System.out.println("|---:|---:|---:|---|---:|---:|---:|---|");
        for (int n : sizes) {
            TimedBars bars = IntradayBars.fx(n, 1, START, 42);
            List<Double> ms = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            RenderBenchmark.warmUp(ours, () -> price.showBars(bars));
            for (int run = 0; run < RUNS; run++) {
                ms.add(RenderBenchmark.time(ours, () -> price.showBars(bars)));
                cpu.add(RenderBenchmark.lastCpuMs);
            }
            String drawn = RenderBenchmark.onFx(() -> price.drawnBars().interval() + String.format(Locale.ROOT, " (%,d)", price.drawnBars().size()));
            String kept = RenderBenchmark.onFx(() -> dailyExtremes(price, bars));
            RenderBenchmark.onFx(() -> org.sextant.charts.ChartSnapshot.writePng(ours.snapshot(null, null), java.nio.file.Path.of("target", "interval-bench-" + n + ".png")));
            BaselineProcess.Result theirs = BaselineProcess.run(IntervalBenchmark.class, n, BASELINE_TIMEOUT_S);
            System.out.printf(Locale.ROOT, "| %,d | %.1f | %.1f | %s | %s | %s | %d / %d | %s |%n", n, RenderBenchmark.median(ms), RenderBenchmark.median(cpu),
                    drawn, theirs.msText(), theirs.cpuText(), ms.size(), theirs.runs(), kept);
            System.gc();
        }
        Platform.exit();
    }

    /** The child: chartfx's candles on the same bars, every bar drawn; a run over 2 s runs once, without warm-up. */
    private static void baseline(int n) throws Exception {
        TimedBars bars = IntradayBars.fx(n, 1, START, 42);
        XYChart theirs = RenderBenchmark.onFx(CandleBenchmark::chartfxCandles);
        OhlcvDataSet data = (OhlcvDataSet) theirs.getRenderers().get(0).getDatasets().get(0);
        CandleBenchmark.Ohlcv ohlcv = new CandleBenchmark.Ohlcv(bars);
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            lo = Math.min(lo, bars.low(i));
            hi = Math.max(hi, bars.high(i));
        }
        double[] y = {lo, hi};
        Runnable update = () -> {
            data.setData(ohlcv);
            theirs.getXAxis().set(bars.seconds(0) - 60, bars.seconds(n - 1) + 60);
            theirs.getYAxis().set(y[0], y[1]);
            theirs.getXAxis().forceRedraw();
            theirs.getYAxis().forceRedraw();
        };
        BaselineProcess.measureAndExit(theirs, update, RUNS);
    }

    /**
     * "yes (N days, worst miss K px)": for every trading day of {@code source}, the candle pixels
     * drawn in its columns (one either side) reach within 2 px of its highest high and lowest low.
     */
    static String dailyExtremes(PriceChart chart, TimedBars source) {
        Toolkit.getToolkit().firePulse();
        WritableImage image = chart.snapshot(null, null);
        PixelReader pixels = image.getPixelReader();
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        TimedBars drawn = chart.drawnBars();
        int worst = 0;
        int days = 0;
        for (int i = 0; i < source.size(); ) {
            LocalDate day = source.tradingDay(i);
            double hi = Double.NEGATIVE_INFINITY;
            double lo = Double.POSITIVE_INFINITY;
            int j = i;
            while (j < source.size() && source.tradingDay(j).equals(day)) {
                hi = Math.max(hi, source.high(j));
                lo = Math.min(lo, source.low(j));
                j++;
            }
            i = j;
            int last = drawn.firstOfDay(day.plusDays(1)) - 1;
            int first = Math.min(last, drawn.firstOfDay(day));
            Point2D top = RenderBenchmark.pixelOf(chart, first, hi);
            Point2D bottom = RenderBenchmark.pixelOf(chart, last, lo);
            int from = (int) Math.floor(top.getX()) - 1;
            int to = (int) Math.floor(bottom.getX()) + 1;
            if (from < 0 || to >= w) continue;
            int drawnTop = Integer.MAX_VALUE;
            int drawnBottom = Integer.MIN_VALUE;
            for (int x = from; x <= to; x++) {
                for (int yy = 0; yy < h; yy++) {
                    if (isCandle(pixels.getArgb(x, yy))) {
                        drawnTop = Math.min(drawnTop, yy);
                        drawnBottom = Math.max(drawnBottom, yy);
                    }
                }
            }
            int miss = drawnTop == Integer.MAX_VALUE ? h
                    : Math.max(0, Math.max(drawnTop - (int) Math.round(top.getY()), (int) Math.round(bottom.getY()) - drawnBottom));
            if (miss > 2 && Boolean.getBoolean("bench.debug")) {
                System.out.printf(Locale.ROOT, "%s: columns %d..%d, high at %.1f low at %.1f, drawn %d..%d%n", day, from, to, top.getY(), bottom.getY(), drawnTop, drawnBottom);
            }
            worst = Math.max(worst, miss);
            days++;
        }
        return String.format(Locale.ROOT, "%s (%,d days, worst miss %d px)", worst <= 2 ? "yes" : "NO", days, worst);
    }

    /** The candles' green or red (CandleRenderer.UP_COLOR, DOWN_COLOR), anti-aliased edges included. */
    private static boolean isCandle(int argb) {
        int r = (argb >> 16) & 0xff;
        int g = (argb >> 8) & 0xff;
        int b = argb & 0xff;
        return (g > r + 40 && g > b + 30) || (r > g + 80 && r > b + 80);
    }
}
