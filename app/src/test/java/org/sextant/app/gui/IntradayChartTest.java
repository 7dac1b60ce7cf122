package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.DataSetError;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.PriceChart;
import org.sextant.charts.TimedBars;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The USD/CHF 30-minute sample in the Charts view: by bar index, its interval following the zoom;
 * the forecast of its 30-minute bars drawn after the last one, photographed for the user guide.
 */
@ExtendWith(ApplicationExtension.class)
class IntradayChartTest {
    /** Liveness guard for the background engine calls, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 120;
    private static final long DAY = 86_400;

    /** Opened before the window (and so loading Workbench, which gives TestFX's setup a longer liveness bound). */
    private final org.sextant.engine.Sextant engine = Workbench.openStore();
    private Workbench bench;

    @Start
    void start(Stage stage) {
        bench = new Workbench(engine, stage);
    }

    @AfterEach
    void close() throws Exception {
        bench.close();
    }

    @Test
    void usdChfHasNoWeekendGapItsIntervalFollowsTheZoomAndItsAxisTellsTimes(FxRobot robot) throws Exception {
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("USDCHF") != null));
        fx(() -> { bench.window.openChart("USDCHF", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnBars() != null && "USDCHF".equals(chart.drawnBars().symbol())));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("30m", fx(() -> bench.window.intervalChoice().getValue()));
        assertEquals(List.of("30m", "1h", "4h", "1d", "1w", "1mo"), fx(() -> List.copyOf(bench.window.intervalChoice().getItems())));
        ChartInterval whole = fx(() -> chart.drawnIntervalProperty().get());
        assertTrue(whole.ordinal() > ChartInterval.M30.ordinal(), "62,496 bars on one screen are drawn coarser: " + whole);
        assertEquals("drawn: " + whole.label, fx(() -> bench.window.drawnInterval().getText()));

        // zoom to a day of trading either side of a weekend: the stored 30-minute bars again, Friday's last beside Sunday's first
        TimedBars stored = fx(() -> chart.intervals().source());
        int friday = firstWeekendAfter(stored, stored.size() / 2);
        double from = fx(() -> chart.axisPositionOf(stored.seconds(friday - 30)));
        double to = fx(() -> chart.axisPositionOf(stored.seconds(friday + 20)));
        fx(() -> { chart.showDates(from, to); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.M30);
        WaitForAsyncUtils.waitForFxEvents();
        DataSet closes = chart.closeDataSet();
        assertTrue(stored.seconds(friday + 1) - stored.seconds(friday) > DAY, "a weekend lies between bar " + friday + " and the next");
        assertEquals(1.0, closes.get(DataSet.DIM_X, friday + 1) - closes.get(DataSet.DIM_X, friday), "across the weekend: one bar further right");
        BarSeries engine = bench.engine.getBars("USDCHF", "30m", null, null);
        assertEquals(engine.bars().get(friday + 1).close(), closes.get(DataSet.DIM_Y, friday + 1));
        // times of day on an intraday view (the axis computes its ticks at the next layout pulse)
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> String.join(" ", fx(() -> chart.dateAxis().timelineLabels())).matches(".*\\b\\d\\d:\\d\\d\\b.*"));
        assertTrue(fx(chart::getTitle).startsWith("USDCHF 30m close, "), fx(chart::getTitle));

        // zoom out to everything: coarser again; pick 4h: never finer than that
        fx(() -> { chart.showDates(0, stored.size() - 1); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) != ChartInterval.M30);
        fx(() -> { bench.window.intervalChoice().setValue("4h"); return null; }); // a ChoiceBox fires its action on a new value
        double a = fx(() -> chart.axisPositionOf(stored.seconds(friday - 40)));
        double b = fx(() -> chart.axisPositionOf(stored.seconds(friday + 40)));
        fx(() -> { chart.showDates(a, b); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.H4);
    }

    @Test
    void usdChfAt30mDrawsTheEnginesForecastOfItsBarsAfterTheLastBarUntilAnotherSymbolIsShown(FxRobot robot) throws Exception {
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("USDCHF") != null));
        fx(() -> bench.charts.select("USDCHF", "30m"));
        fx(() -> bench.charts.barForecastLoad()).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        BarForecast engineFan = engine.getForecast("USDCHF", "30m", bench.charts.forecastModel(), bench.charts.forecastHorizon(), null, null);
        assertEquals("30m", engineFan.interval());
        // the whole history is drawn coarser than the 30 minutes forecast: no fan until they are drawn
        assertTrue(fx(() -> chart.drawnIntervalProperty().get()) != ChartInterval.M30);
        assertNotNull(fx(chart::barForecast), "the forecast waits for its interval");
        assertNull(fx(chart::drawnForecastMedian));

        // the last month: the stored 30-minute bars, the fan after the last one
        OnScreen.clickOn(robot, "#range-1m");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> fx(() -> chart.drawnIntervalProperty().get() == ChartInterval.M30 && chart.drawnForecastMedian() != null));
        WaitForAsyncUtils.waitForFxEvents();
        int n = fx(() -> chart.drawnBars().size());
        assertEquals(engine.getBars("USDCHF", "30m", null, null).size(), n);
        double[] median = engineFan.forecast().forecast().median();
        DataSet drawn = fx(chart::drawnForecastMedian);
        assertEquals(median.length, drawn.getDataCount());
        for (int k = 0; k < median.length; k++) {
            assertEquals(n + k, drawn.get(DataSet.DIM_X, k), "target bar " + (k + 1) + " right after the last bar, index " + (n - 1));
            assertEquals(median[k], drawn.get(DataSet.DIM_Y, k), "the engine's median, step " + (k + 1));
        }
        double lastClose = fx(() -> chart.drawnBars().close(n - 1));
        assertArrayEquals(new double[] {n - 1, lastClose}, fx(() -> chart.fanRenderer().anchorOf(drawn)), "the fan grows out of the last close");
        List<DataSetError> bands = fx(chart::drawnForecastBands);
        assertEquals(List.of("80% band", "95% band", "99% band"), bands.stream().map(DataSet::getName).toList());
        for (QuantileBand b : engineFan.forecast().forecast().bands()) {
            DataSetError band = bands.get(List.of(0.80, 0.95, 0.99).indexOf(b.level()));
            for (int k = 0; k < median.length; k++) {
                assertEquals(b.lower()[k], band.get(DataSet.DIM_Y, k) - band.getErrorNegative(DataSet.DIM_Y, k), 1e-12, band.getName() + " lower, step " + (k + 1));
                assertEquals(b.upper()[k], band.get(DataSet.DIM_Y, k) + band.getErrorPositive(DataSet.DIM_Y, k), 1e-12, band.getName() + " upper, step " + (k + 1));
            }
        }
        assertTrue(fx(() -> chart.dateAxis().getMax()) >= n - 1 + median.length, "the whole fan is in view");
        QuantileBand widest = engineFan.forecast().forecast().bands().get(2);
        assertTrue(fx(() -> chart.priceAxis().getMin()) <= java.util.Arrays.stream(widest.lower()).min().getAsDouble(), "the 99% band's bottom in view");
        assertTrue(fx(() -> chart.priceAxis().getMax()) >= java.util.Arrays.stream(widest.upper()).max().getAsDouble(), "the 99% band's top in view");
        String title = fx(chart::getTitle);
        assertTrue(title.startsWith("USDCHF 30m close, ") && title.endsWith(" to 03-30 16:30 New York"), title);

        // closer, the last three days and the fan; over it the crosshair names the target bar's time in New York, as the bars' labels do
        fx(() -> { chart.showDates(n - 150, n + median.length); return null; });
        afterNextLayout(); // the axis places dates at the next layout pulse: before it, the point below would be the old range's
        assertEquals(ChartInterval.M30, fx(() -> chart.drawnIntervalProperty().get()));
        int step = 10;
        javafx.geometry.Point2D at = fx(() -> chart.getCanvas().localToScreen(chart.dateAxis().getDisplayPosition(n + step),
                chart.priceAxis().getDisplayPosition(median[step])));
        robot.moveTo(at);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.crosshair().dateLabel().isVisible()));
        String readOut = fx(() -> chart.crosshair().text());
        List<String> targets = engineFan.targetTsLocal().stream().map(t -> t.substring(0, 16).replace('T', ' ')).toList();
        int shown = targets.indexOf(readOut.substring(0, 16));
        assertTrue(Math.abs(shown - step) <= 1, readOut + " names one of " + targets);
        assertEquals(String.format(java.util.Locale.ROOT, "%s  median %.4f", targets.get(shown), median[shown]), readOut.substring(0, readOut.indexOf('\n')));
        assertEquals(targets.get(shown), fx(() -> chart.crosshair().dateLabel().getText()));
        assertEquals("2001-04-01 17:00", targets.get(0), "after Friday's last bar, Sunday's open");
        bench.photograph("charts-intraday");
        OnScreen.moveTo(robot, "#symbol-search");

        // the Forecast fan toggle and the Bands picker work on it
        OnScreen.clickOn(robot, "#forecast-toggle");
        assertNull(fx(chart::drawnForecastMedian), "Forecast fan off: no fan");
        OnScreen.clickOn(robot, "#forecast-toggle");
        assertNotNull(fx(chart::drawnForecastMedian));
        fx(() -> { bench.window.levelChoice().setValue(FanLevels.L95); return null; });
        assertEquals(List.of("95% band"), fx(() -> chart.drawnForecastBands().stream().map(DataSet::getName).toList()));
        assertTrue(fx(() -> bench.window.model().forecastSummaryProperty().get()).contains("20-bar (30m) reward/risk 95%"),
                fx(() -> bench.window.model().forecastSummaryProperty().get()));

        // zoomed out to coarser bars the fan goes; another symbol takes it away for good
        fx(() -> { chart.showDates(0, n - 1); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) != ChartInterval.M30);
        assertNull(fx(chart::drawnForecastMedian), "no 30-minute fan on coarser bars");
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.series() != null && "IBM".equals(chart.series().symbol())));
        assertNull(fx(chart::barForecast));
        assertNull(fx(() -> bench.charts.barForecastProperty().get()));
        fx(() -> bench.charts.forecastLoad()).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        DataSet daily = fx(chart::drawnForecastMedian);
        assertEquals(org.sextant.charts.CalendarTicks.toAxis(fx(() -> bench.charts.forecastProperty().get()).targetDates().get(0)),
                daily.get(DataSet.DIM_X, 0), "IBM's own daily fan, on dates");
    }

    @Test
    void indicatorsOnThirtyMinuteBarsSitUnderTheirBars(FxRobot robot) throws Exception {
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("USDCHF") != null));
        fx(() -> bench.charts.select("USDCHF", "30m"));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnBars() != null && "USDCHF".equals(chart.drawnBars().symbol())));
        OnScreen.clickOn(robot, "#range-1m");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.M30);
        assertTrue(fx(() -> bench.window.studies().indicators().add("sma", java.util.Map.of("length", "20"))));
        assertTrue(fx(() -> bench.window.studies().indicators().add("rsi", java.util.Map.of())));
        org.sextant.charts.ChartIndicators drawn = bench.window.studies().chartIndicators();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> drawn.overlayDataSets().size() == 1 && drawn.paneCharts().size() == 1));
        DataSet closes = fx(chart::closeDataSet);
        DataSet sma = fx(() -> drawn.overlayDataSets().get(0));
        DataSet rsi = fx(() -> drawn.paneCharts().get(0).dataSets().get(0));
        int n = closes.getDataCount();
        assertEquals(n, sma.getDataCount());
        for (int i = 0; i < n; i++) {
            // 48 bars share a trading day: placed by date they would stack on one x
            assertEquals(closes.get(DataSet.DIM_X, i), sma.get(DataSet.DIM_X, i), "SMA value " + i + " under its bar");
            assertEquals(closes.get(DataSet.DIM_X, i), rsi.get(DataSet.DIM_X, i), "RSI value " + i + " under its bar");
        }
        double sum = 0;
        for (int k = n - 20; k < n; k++) sum += closes.get(DataSet.DIM_Y, k);
        assertEquals(sum / 20, sma.get(DataSet.DIM_Y, n - 1), 1e-12, "the last SMA(20): the mean of the last 20 thirty-minute closes");
    }

    @Test
    void runBacktestOnFourHourBarsFillsTheErrorTableWithTheirWalkForward(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("USDCHF") != null));
        fx(() -> bench.charts.select("USDCHF", "4h"));
        fx(() -> bench.charts.barForecastLoad()).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        OnScreen.clickOn(robot, "#run-backtest");
        javafx.scene.control.Label headline = robot.lookup("#backtest-headline").queryAs(javafx.scene.control.Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> headline.getText().contains("(4h bars)")));
        var direct = engine.getBacktestError("USDCHF", "4h", bench.charts.forecastModel(), bench.charts.forecastHorizon(), null, null, null).result();
        assertEquals(String.format(java.util.Locale.ROOT, "%s: %d monthly (4h bars) origins · mean abs log error %.2f%%", direct.model(), direct.origins(),
                100 * direct.male()), fx(headline::getText));
        javafx.scene.control.TableView<?> levels = robot.lookup("#backtest-level-table").queryAs(javafx.scene.control.TableView.class);
        assertEquals(3, fx(() -> levels.getItems().size()), "80, 95 and 99%");
        assertNull(fx(() -> bench.window.model().errorProperty().get()), "no daily job was started for a symbol without daily prices");
        // each origin's forecast over the 4h bars that followed it, placed by time on the whole history the chart opens on
        PriceChart chart = bench.window.chart();
        assertEquals(direct.origins(), fx(() -> chart.drawnBacktestMedians().size()), "one overlay per origin");
        var overlays = engine.barBacktestOverlays("USDCHF", "4h", bench.charts.forecastModel(), bench.charts.forecastHorizon(), null).origins();
        long lastOrigin = java.time.OffsetDateTime.parse(overlays.get(overlays.size() - 1).originTs()).toEpochSecond();
        var last = fx(() -> chart.drawnBacktestMedians().get(direct.origins() - 1));
        assertEquals(fx(() -> chart.axisPositionOf(lastOrigin)), chart.backtestRenderer().anchorOf(last)[0], 1e-9, "grows from its origin bar");
        // zoomed in on the last two origins the chart draws 4h bars, each fan over the bars after its origin bar
        long before = java.time.OffsetDateTime.parse(overlays.get(overlays.size() - 2).originTs()).toEpochSecond() - 3 * DAY;
        fx(() -> { chart.showDates(chart.axisPositionOf(before), chart.axisPositionOf(lastOrigin + 40 * DAY)); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.H4);
        var zoomed = fx(() -> chart.drawnBacktestMedians().get(direct.origins() - 1));
        TimedBars drawn = fx(chart::drawnBars);
        int origin = (int) chart.backtestRenderer().anchorOf(zoomed)[0];
        assertEquals(lastOrigin, drawn.seconds(origin), "at 4h the origin is a bar of the chart");
        assertEquals(origin + 1, zoomed.get(DataSet.DIM_X, 0), "and its first target the next bar");
        bench.photograph("charts-intraday-backtest");
    }

    /** The last bar before the first gap of more than a day at or after bar {@code from}. */
    private static int firstWeekendAfter(TimedBars bars, int from) {
        for (int i = from; i + 1 < bars.size(); i++) if (bars.seconds(i + 1) - bars.seconds(i) > DAY) return i;
        throw new AssertionError("no weekend after bar " + from);
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }

    /** Returns once a whole pulse (CSS, layout, drawing) has run after this call: the second frame of a timer started now. */
    private static void afterNextLayout() throws Exception {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        javafx.application.Platform.runLater(() -> new javafx.animation.AnimationTimer() {
            private int frames;

            @Override
            public void handle(long now) {
                if (++frames == 2) {
                    stop();
                    done.countDown();
                }
            }
        }.start());
        assertTrue(done.await(GIVE_UP_SECONDS, TimeUnit.SECONDS), "no pulse came");
        WaitForAsyncUtils.waitForFxEvents();
    }
}
