package org.sextant.charts.bench;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.renderer.spi.financial.CandleStickRenderer;
import io.fair_acc.dataset.spi.financial.OhlcvDataSet;
import io.fair_acc.dataset.spi.financial.api.attrs.AttributeModel;
import io.fair_acc.dataset.spi.financial.api.ohlcv.IOhlcv;
import io.fair_acc.dataset.spi.financial.api.ohlcv.IOhlcvItem;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.sextant.charts.BarColumns;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.ChartType;
import org.sextant.charts.PriceBars;
import org.sextant.charts.PriceChart;

/**
 * Harness: update + render time of daily OHLCV bars as candlesticks with volume, 10 years
 * (2,520 bars) and 1M bars: {@link PriceChart} in its candle view with the volume pane under it
 * (bars grouped per pixel column, {@link BarColumns}) against chartfx's own
 * {@link CandleStickRenderer} with its volume bars, which draws every bar (no reduction), in the
 * same run. One measurement is {@link RenderBenchmark}'s: hand over the data, two pulses, a
 * snapshot, on the JavaFX thread; each chart 1000 x 600 in its own window. After the PriceChart
 * runs it checks that every bar's high and low lies inside its drawn column and that each
 * column reaches its most extreme day. Run like RenderBenchmark (docs/benchmarks.md, "Candlesticks
 * and volume update and render").
 */
public final class CandleBenchmark {
    private static final int RUNS = 7;
    /** Above this many bars chartfx runs in a child JVM with a time limit ({@link BaselineProcess}). */
    private static final int IN_PROCESS_BASELINE_MAX = 10_000;
    private static final int BASELINE_TIMEOUT_S = Integer.getInteger("bench.baselineTimeout", 120);

    public static void main(String[] args) throws Exception {
        int[] sizes = args.length > 0 && !args[0].startsWith("--") ? Arrays.stream(args[0].split(",")).mapToInt(Integer::parseInt).toArray()
                : new int[] {2_520, 100_000, 1_000_000};
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        if (args.length == 2 && args[0].equals("--baseline")) {
            baseline(Integer.parseInt(args[1]));
            return;
        }
        PriceChart price = RenderBenchmark.onFx(PriceChart::new);
        VBox ours = RenderBenchmark.onFx(() -> {
            price.chartTypeProperty().set(ChartType.CANDLES);
            VBox.setVgrow(price, Priority.ALWAYS);
            return new VBox(price, price.volumePane());
        });
        XYChart theirs = RenderBenchmark.onFx(CandleBenchmark::chartfxCandles);
        OhlcvDataSet theirData = (OhlcvDataSet) theirs.getRenderers().get(0).getDatasets().get(0);
        PriceBars warm = randomOhlcv(2_520, 7);
        Ohlcv warmTheirs = new Ohlcv(warm);
        // chartfx's data set cannot be drawn empty: it holds bars before its window opens
        RenderBenchmark.onFx(() -> { showTheirs(theirs, theirData, warmTheirs, warm); price.show(warm); return null; });
        RenderBenchmark.onFx(() -> { show(ours, "PriceChart candles"); show(theirs, "chartfx CandleStickRenderer"); return null; });

        long warmUntil = System.nanoTime() + (long) (Double.parseDouble(System.getProperty("bench.jvmWarmUpSeconds", "5")) * 1e9);
        while (System.nanoTime() < warmUntil) {
            RenderBenchmark.time(ours, () -> price.show(warm));
            RenderBenchmark.time(theirs, () -> showTheirs(theirs, theirData, warmTheirs, warm));
        }
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, java %s, prism %s%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"), System.getProperty("prism.order", "default"));
        System.out.println("| bars | PriceChart candles + volume ms | chartfx CandleStickRenderer + volume ms | ratio | PriceChart cpu ms | chartfx cpu ms | runs | every high and low inside its drawn column |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---|");
        for (int n : sizes) {
            PriceBars bars = randomOhlcv(n, 42);
            Ohlcv theirBars = new Ohlcv(bars);
            Runnable theirUpdate = () -> showTheirs(theirs, theirData, theirBars, bars);
            List<Double> oursMs = new ArrayList<>();
            List<Double> oursCpu = new ArrayList<>();
            List<Double> theirsMs = new ArrayList<>();
            List<Double> theirsCpu = new ArrayList<>();
            RenderBenchmark.warmUp(ours, () -> price.show(bars));
            for (int run = 0; run < RUNS; run++) {
                oursMs.add(RenderBenchmark.time(ours, () -> price.show(bars)));
                oursCpu.add(RenderBenchmark.lastCpuMs);
            }
            String kept = RenderBenchmark.onFx(() -> keepsEveryHighAndLow(bars, price.candleRenderer().columns()));
            // a slow baseline is not warmed up and runs once when a run takes over 2 s (as RenderBenchmark's LineChart)
            if (n <= 10_000) RenderBenchmark.warmUp(theirs, theirUpdate);
            BaselineProcess.Result child = null;
            if (n > IN_PROCESS_BASELINE_MAX) {
                child = BaselineProcess.run(CandleBenchmark.class, n, BASELINE_TIMEOUT_S);
            } else {
                for (int run = 0; run < RUNS && (theirsMs.isEmpty() || RenderBenchmark.median(theirsMs) < 2000); run++) {
                    theirsMs.add(RenderBenchmark.time(theirs, theirUpdate));
                    theirsCpu.add(RenderBenchmark.lastCpuMs);
                }
            }
            // what each drew, to look at (target/candle-bench-*.png)
            RenderBenchmark.onFx(() -> {
                org.sextant.charts.ChartSnapshot.writePng(ours.snapshot(null, null), java.nio.file.Path.of("target", "candle-bench-ours-" + n + ".png"));
                if (n <= IN_PROCESS_BASELINE_MAX) {
                    org.sextant.charts.ChartSnapshot.writePng(theirs.snapshot(null, null), java.nio.file.Path.of("target", "candle-bench-chartfx-" + n + ".png"));
                }
                return null;
            });
            double o = RenderBenchmark.median(oursMs);
            if (child == null) {
                child = new BaselineProcess.Result(RenderBenchmark.median(theirsMs), RenderBenchmark.median(theirsCpu), theirsMs.size(), null);
            }
            String ratio = child.missing() != null ? "-" : String.format(Locale.ROOT, "%.2f×", child.ms() / o);
            System.out.printf(Locale.ROOT, "| %,d | %.1f | %s | %s | %.1f | %s | %d / %d | %s |%n", n, o, child.msText(), ratio,
                    RenderBenchmark.median(oursCpu), child.cpuText(), oursMs.size(), child.runs(), kept);
            System.gc();
        }
        Platform.exit();
    }

    /** The child of {@link BaselineProcess}: chartfx's candles on {@code n} daily bars, as the parent would run them. */
    private static void baseline(int n) throws Exception {
        XYChart theirs = RenderBenchmark.onFx(CandleBenchmark::chartfxCandles);
        OhlcvDataSet data = (OhlcvDataSet) theirs.getRenderers().get(0).getDatasets().get(0);
        PriceBars bars = randomOhlcv(n, 42);
        Ohlcv ohlcv = new Ohlcv(bars);
        Runnable update = () -> showTheirs(theirs, data, ohlcv, bars);
        BaselineProcess.measureAndExit(theirs, update, RUNS);
    }

    /** "yes (N columns for M bars)" when every bar on screen lies inside its column and each column reaches its extremes. */
    static String keepsEveryHighAndLow(PriceBars bars, BarColumns drawn) {
        for (int k = 0; k < drawn.count(); k++) {
            int end = k + 1 < drawn.count() ? drawn.firstBar(k + 1) : drawn.firstBar(0) + drawn.barsOnScreen();
            double hi = Double.NEGATIVE_INFINITY;
            double lo = Double.POSITIVE_INFINITY;
            for (int i = drawn.firstBar(k); i < end; i++) {
                hi = Math.max(hi, bars.high()[i]);
                lo = Math.min(lo, bars.low()[i]);
            }
            if (hi != drawn.high(k) || lo != drawn.low(k)) return "NO (column " + k + ")";
        }
        return String.format(Locale.ROOT, "yes (%d columns for %,d bars)", drawn.count(), drawn.barsOnScreen());
    }

    /**
     * chartfx's update as a caller does it: the new bars, and the axes set to their dates and
     * prices (its data set does not recompute its limits on setData, so auto-ranging axes would
     * keep the previous range and the renderer would draw only the bars inside it).
     */
    private static void showTheirs(XYChart chart, OhlcvDataSet data, Ohlcv ohlcv, PriceBars bars) {
        data.setData(ohlcv);
        double lo = Arrays.stream(bars.low()).min().orElse(0);
        double hi = Arrays.stream(bars.high()).max().orElse(1);
        chart.getXAxis().set(CalendarTicks.toAxis(bars.dates().get(0)) - CalendarTicks.SECONDS_PER_DAY,
                CalendarTicks.toAxis(bars.dates().get(bars.size() - 1)) + CalendarTicks.SECONDS_PER_DAY);
        chart.getYAxis().set(lo, hi);
        chart.getXAxis().forceRedraw();
        chart.getYAxis().forceRedraw();
    }

    static XYChart chartfxCandles() {
        DefaultNumericAxis x = new DefaultNumericAxis("time");
        DefaultNumericAxis y = new DefaultNumericAxis("price");
        x.setAutoRanging(false);
        y.setAutoRanging(false);
        y.setForceZeroInRange(false);
        XYChart chart = new XYChart(x, y);
        CandleStickRenderer renderer = new CandleStickRenderer(true); // with its volume bars
        renderer.getDatasets().add(new OhlcvDataSet("WALK"));
        chart.getRenderers().setAll(renderer);
        chart.setLegendVisible(false);
        return chart;
    }

    static void show(Node chart, String title) {
        Stage stage = new Stage();
        stage.setTitle(title);
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(chart), RenderBenchmark.WIDTH, 600));
        stage.show();
    }

    /** Seeded daily OHLCV: a 1% random walk of closes, each open the previous close, high and low around them. */
    public static PriceBars randomOhlcv(int n, long seed) {
        Random r = new Random(seed);
        List<LocalDate> dates = new ArrayList<>(n);
        double[] o = new double[n], h = new double[n], l = new double[n], c = new double[n], v = new double[n];
        LocalDate d = LocalDate.of(1900, 1, 1);
        double p = 100;
        for (int i = 0; i < n; i++) {
            o[i] = p;
            p *= Math.exp(0.01 * r.nextGaussian());
            c[i] = p;
            h[i] = Math.max(o[i], c[i]) * (1 + 0.005 * Math.abs(r.nextGaussian()));
            l[i] = Math.min(o[i], c[i]) * (1 - 0.005 * Math.abs(r.nextGaussian()));
            v[i] = 1e6 * (1 + r.nextDouble());
            dates.add(d);
            d = d.plusDays(1);
        }
        return new PriceBars("WALK", dates, o, h, l, c, v);
    }

    /** The same bars as chartfx's financial data model (one item per bar, as its callers build it). */
    static final class Ohlcv implements IOhlcv {
        private final List<IOhlcvItem> items;

        /** Intraday bars, each at its open time. */
        Ohlcv(org.sextant.charts.TimedBars b) {
            items = new ArrayList<>(b.size());
            for (int i = 0; i < b.size(); i++) {
                items.add(new Item(new Date(b.seconds(i) * 1000), b.open(i), b.high(i), b.low(i), b.close(i), b.volume(i)));
            }
        }

        Ohlcv(PriceBars b) {
            items = new ArrayList<>(b.size());
            for (int i = 0; i < b.size(); i++) {
                items.add(new Item(new Date((long) CalendarTicks.toAxis(b.dates().get(i)) * 1000), b.open()[i], b.high()[i], b.low()[i],
                        b.close()[i], b.volume()[i]));
            }
        }

        @Override public IOhlcvItem getOhlcvItem(int index) { return items.get(index); }
        @Override public int size() { return items.size(); }
        @Override public AttributeModel getAddon() { return null; }
        @Override public AttributeModel getAddonOrCreate() { return null; }
        @Override public Iterator<IOhlcvItem> iterator() { return items.iterator(); }
    }

    private record Item(Date getTimeStamp, double getOpen, double getHigh, double getLow, double getClose, double getVolume) implements IOhlcvItem {
        @Override public double getOpenInterest() { return 0; }
        @Override public AttributeModel getAddon() { return null; }
        @Override public AttributeModel getAddonOrCreate() { return null; }
    }
}
