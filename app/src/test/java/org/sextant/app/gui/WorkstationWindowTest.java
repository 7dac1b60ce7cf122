package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.DataSetError;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Point2D;
import javafx.scene.control.ListCell;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.BarColumns;
import org.sextant.charts.ChartType;
import org.sextant.charts.PriceChart;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the real window on a temporary SEXTANT_HOME with real prices, and photographs it for the docs. */
@ExtendWith(ApplicationExtension.class)
class WorkstationWindowTest {
    /** Liveness guard for the background engine calls, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 60;

    @TempDir
    Path home;
    private Sextant engine;
    private ChartsViewModel model;
    private WorkstationWindow window;
    private Stage stage;
    private final List<String> shown = new CopyOnWriteArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // TestFX reuses one stage: the default layout's size, whatever size the previous test class left
        stage.setWidth(1200);
        stage.setHeight(760);
        engine = TestStore.open(home);
        model = new ChartsViewModel(engine);
        window = new WorkstationWindow(model);
        window.setOnSymbolShown(shown::add);
        window.show(stage);
        model.start();
    }

    @AfterEach
    void closeEngine() throws Exception {
        model.forecastLoad().handle((f, e) -> null).get(); // let a selection's forecast finish before the store closes
        model.close();
        engine.close();
    }

    @Test
    void clickingASymbolChartsItsClosesAndTheWindowIsPhotographed(FxRobot robot) throws Exception {
        assertEquals("Sextant", stage.getTitle());
        List<SymbolInfo> all = engine.listSymbols(null);
        int listed = ChartsViewModelTest.listed(engine, null).size();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == listed);
        // the list and the summary are two engine calls: either may land first
        javafx.scene.control.Labeled summary = robot.lookup("#status-summary").queryLabeled();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> !summary.getText().equals(WorkstationWindow.describe(null)));
        String status = summary.getText();
        assertTrue(status.startsWith(all.size() + " symbols · "), status);

        String target = all.get(all.size() > 1 ? 1 : 0).symbol();
        OnScreen.clickOn(robot, cellOf(robot, target));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(target));
        WaitForAsyncUtils.waitForFxEvents();

        PriceSeries expected = engine.getClosePrice(target, null, null);
        PriceChart chart = robot.lookup("#price-chart").queryAs(PriceChart.class);
        DataSet data = chart.closeDataSet();
        assertEquals(target, data.getName());
        assertEquals(expected.size(), data.getDataCount());
        assertEquals(CalendarTicks.toAxis(expected.dates().get(0)), data.get(DataSet.DIM_X, 0));
        assertEquals(expected.close()[0], data.get(DataSet.DIM_Y, 0));
        int last = expected.size() - 1;
        assertEquals(CalendarTicks.toAxis(expected.dates().get(last)), data.get(DataSet.DIM_X, last));
        assertEquals(expected.close()[last], data.get(DataSet.DIM_Y, last));
        assertEquals(List.of(target), shown, "the app is told once which symbol is on screen");
        assertEquals(target, window.symbolList().getSelectionModel().getSelectedItem().symbol());

        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> chart.drawnForecastMedian() != null);
        WaitForAsyncUtils.waitForFxEvents();
        PriceForecast forecast = engine.getForecast(target, null, null, null);
        assertFanMatches(chart, expected, forecast, List.of(0.80, 0.95, 0.99));
        String legend = robot.lookup("#forecast-summary").queryLabeled().getText();
        assertTrue(legend.startsWith(forecast.model() + " · 20-day reward/risk"), legend);
        LocalDate firstShown = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        int opening = expected.size() - WorkstationWindow.OPENING_DAYS;
        assertTrue(Math.abs(firstShown.toEpochDay() - expected.dates().get(Math.max(0, opening)).toEpochDay()) <= 20,
                "opens on the last " + WorkstationWindow.OPENING_DAYS + " trading days, from " + firstShown);
        assertTrue(chart.dateAxis().getMax() >= CalendarTicks.toAxis(forecast.targetDates().get(19)), "the whole fan is on screen");

        WritableImage image = ChartSnapshot.capture(stage.getScene().getRoot());
        Path png = ChartSnapshot.writePng(image, Path.of("target", "workstation.png"));
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("workstation.png"));
        assertTrue(Files.size(png) > 20_000, "a full window picture");
        assertEquals(1200, (int) image.getWidth());
        javafx.geometry.Bounds plot = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        double lastClosePixel = WaitForAsyncUtils.asyncFx(() -> chart.dateAxis().getDisplayPosition(
                CalendarTicks.toAxis(expected.dates().get(last)))).get();
        int columns = Pixels.columns(image, plot, WorkstationWindowTest::isCloseLineBlue);
        assertTrue(columns > lastClosePixel * 0.9, "the line runs across the plot up to the last close: " + columns + " of " + lastClosePixel + " columns");
        assertTrue(Pixels.count(image, plot, WorkstationWindowTest::isFanOrange) > 500, "the fan is visible in the picture");
    }

    @Test
    void theToggleHidesTheFanAndTheSelectorChangesItsBands(FxRobot robot) throws Exception {
        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == ChartsViewModelTest.listed(engine, null).size());
        String target = all.get(0).symbol();
        OnScreen.clickOn(robot, cellOf(robot, target));
        PriceChart chart = window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> chart.drawnForecastMedian() != null
                && chart.forecast().symbol().equals(target));
        WaitForAsyncUtils.waitForFxEvents();
        PriceSeries prices = engine.getClosePrice(target, null, null);
        PriceForecast forecast = engine.getForecast(target, null, null, null);
        assertFanMatches(chart, prices, forecast, List.of(0.80, 0.95, 0.99));

        OnScreen.clickOn(robot, "#forecast-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(false, model.forecastVisibleProperty().get());
        assertEquals(null, chart.drawnForecastMedian(), "hidden: no median drawn");
        assertTrue(chart.drawnForecastBands().isEmpty(), "hidden: no band drawn");
        javafx.geometry.Bounds plot = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        assertEquals(0, Pixels.count(ChartSnapshot.capture(stage.getScene().getRoot()), plot, WorkstationWindowTest::isFanOrange), "no fan colour on screen");

        OnScreen.clickOn(robot, "#forecast-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertFanMatches(chart, prices, forecast, List.of(0.80, 0.95, 0.99));

        OnScreen.clickOn(robot, "#forecast-levels");
        OnScreen.clickOn(robot, "95%");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(FanLevels.L95, model.fanLevelsProperty().get());
        assertFanMatches(chart, prices, forecast, List.of(0.95));
        String legend = robot.lookup("#forecast-summary").queryLabeled().getText();
        assertTrue(legend.contains(" 95%:") && !legend.contains(" 80%:"), legend);
        assertTrue(Pixels.count(ChartSnapshot.capture(stage.getScene().getRoot()), plot, WorkstationWindowTest::isFanOrange) > 200, "the 95% band is drawn");
    }

    @Test
    void theNavigatorSwitchesTabsAndSendsTheChartToADate(FxRobot robot) throws Exception {
        List<String> opened = new CopyOnWriteArrayList<>();
        javafx.scene.control.Label content = new javafx.scene.control.Label("runs");
        WaitForAsyncUtils.asyncFx(() -> window.addViews(List.of(new WorkstationView() {
            public String id() { return "research"; }
            public String title() { return "Research"; }
            public javafx.scene.Node root() { return content; }
            public void open(String key) { opened.add(key); }
        }))).get();
        assertEquals(List.of("Charts", "Research"), window.tabs().getTabs().stream().map(javafx.scene.control.Tab::getText).toList());
        WaitForAsyncUtils.asyncFx(() -> window.openRun("run-7")).get();
        assertEquals("research", window.shownView());
        assertEquals(List.of("run-7"), opened);
        assertEquals(false, WaitForAsyncUtils.asyncFx(() -> window.showView("no-such-view")).get());

        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == ChartsViewModelTest.listed(engine, null).size());
        String target = all.get(0).symbol();
        PriceSeries prices = engine.getClosePrice(target, null, null);
        LocalDate focus = prices.dates().get(prices.size() / 2);
        WaitForAsyncUtils.asyncFx(() -> window.openChart(target, focus)).get();
        PriceChart chart = window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> chart.series() != null && chart.series().symbol().equals(target)
                && !chart.dateAxis().isAutoRanging() && CalendarTicks.fromAxis(chart.dateAxis().getMax()).isBefore(prices.dates().get(prices.size() - 1)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(WorkstationWindow.CHARTS, window.shownView());
        LocalDate min = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        LocalDate max = CalendarTicks.fromAxis(chart.dateAxis().getMax());
        assertTrue(!min.isAfter(focus) && !max.isBefore(focus), focus + " inside " + min + ".." + max);
        assertTrue(max.toEpochDay() - min.toEpochDay() < 200, "about three months either side, not the whole history: " + min + ".." + max);
        assertEquals(target, window.symbolList().getSelectionModel().getSelectedItem().symbol());
        // the day is marked, the title names the days on screen, and the axis names the currency
        LocalDate marked = WaitForAsyncUtils.asyncFx(chart::markedDay).get();
        assertEquals(focus, marked);
        String title = WaitForAsyncUtils.asyncFx(chart::getTitle).get();
        assertTrue(title.startsWith(target + " daily close, ") && !title.contains(prices.dates().get(0).toString()), title);
        assertEquals("USD", chart.priceAxis().getUnit());
    }

    @Test
    void rangeButtonsShowTheLastPeriodAndLogScaleSwitchesTheAxis(FxRobot robot) throws Exception {
        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == ChartsViewModelTest.listed(engine, null).size());
        String target = "IBM";
        PriceSeries prices = engine.getClosePrice(target, null, null);
        WaitForAsyncUtils.asyncFx(() -> window.openChart(target, null)).get();
        PriceChart chart = window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> chart.series() != null && chart.series().symbol().equals(target));
        // the forecast bar and the backtest line above the chart wrap when their texts arrive: clicked before, a button may move
        // between the pointer's move and its press (a CI run's 1y click missed so)
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null));
        model.backtestLoad().handle((b, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        LocalDate last = prices.dates().get(prices.size() - 1);

        OnScreen.clickOn(robot, "#range-1y");
        WaitForAsyncUtils.waitForFxEvents();
        LocalDate firstShown = prices.dates().stream().filter(d -> !d.isBefore(last.minusYears(1))).findFirst().orElseThrow();
        assertEquals(target + " daily close, " + firstShown + " to " + last, chart.getTitle());
        LocalDate min = CalendarTicks.fromAxis(chart.dateAxis().getMin());
        assertTrue(!min.isAfter(firstShown) && min.isAfter(firstShown.minusDays(10)), "the axis starts at " + min);
        // the prices fit the year shown: its lowest and highest close are inside, and close to the edges
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (int i = prices.dates().indexOf(firstShown); i < prices.size(); i++) {
            lo = Math.min(lo, prices.close()[i]);
            hi = Math.max(hi, prices.close()[i]);
        }
        // the fan is fitted too (drawn before the click): its bands widen the bound
        double fanLo = lo, fanHi = hi;
        for (org.sextant.engine.forecast.QuantileBand b : engine.getForecast(target, null, null, null).forecast().bands()) {
            for (double v : b.lower()) fanLo = Math.min(fanLo, v);
            for (double v : b.upper()) fanHi = Math.max(fanHi, v);
        }
        assertTrue(chart.priceAxis().getMin() <= lo && chart.priceAxis().getMin() > fanLo - (fanHi - fanLo) * 0.1,
                chart.priceAxis().getMin() + " vs closes from " + lo + ", fan from " + fanLo);

        OnScreen.clickOn(robot, "#range-ytd");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.getTitle().contains(prices.dates().stream().filter(d -> d.getYear() == last.getYear()).findFirst().orElseThrow() + " to " + last),
                chart.getTitle());
        OnScreen.clickOn(robot, "#range-all");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(target + " daily close, " + prices.dates().get(0) + " to " + last, chart.getTitle());

        OnScreen.clickOn(robot, "#log-scale");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.priceAxis().isLogAxis());
        assertTrue(chart.priceAxis().getMin() > 0, "a log axis starts above zero: " + chart.priceAxis().getMin());
        OnScreen.clickOn(robot, "#range-5y");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.priceAxis().isLogAxis() && chart.priceAxis().getMin() > 0);
        OnScreen.clickOn(robot, "#log-scale");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!chart.priceAxis().isLogAxis());
    }

    /** The fan on the chart is the engine's forecast: median after the last close, bands at {@code levels} around it. */
    private static void assertFanMatches(PriceChart chart, PriceSeries prices, PriceForecast forecast, List<Double> levels) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            DataSet median = chart.drawnForecastMedian();
            assertEquals(20, median.getDataCount());
            LocalDate lastClose = prices.dates().get(prices.size() - 1);
            assertTrue(CalendarTicks.fromAxis(median.get(DataSet.DIM_X, 0)).isAfter(lastClose), "the median starts after " + lastClose);
            double[] m = forecast.forecast().median();
            for (int i = 0; i < 20; i++) {
                assertEquals(CalendarTicks.toAxis(forecast.targetDates().get(i)), median.get(DataSet.DIM_X, i));
                assertEquals(m[i], median.get(DataSet.DIM_Y, i), 1e-9 * m[i]);
            }
            List<DataSetError> bands = chart.drawnForecastBands();
            assertEquals(levels.stream().map(PriceChart::bandName).toList(), bands.stream().map(DataSet::getName).toList());
            for (int b = 0; b < levels.size(); b++) {
                QuantileBand expected = forecast.forecast().band(levels.get(b));
                DataSetError band = bands.get(b);
                for (int i = 0; i < 20; i++) {
                    double mid = band.get(DataSet.DIM_Y, i);
                    double lower = mid - band.getErrorNegative(DataSet.DIM_Y, i);
                    double upper = mid + band.getErrorPositive(DataSet.DIM_Y, i);
                    assertTrue(lower <= mid && mid <= upper, "lower <= median <= upper at step " + (i + 1));
                    assertEquals(expected.lower(i), lower, 1e-9 * mid);
                    assertEquals(expected.upper(i), upper, 1e-9 * mid);
                }
            }
        }).get();
    }

    @Test
    void typingInTheSearchFieldNarrowsTheListAndKeepsTheChart(FxRobot robot) throws Exception {
        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == ChartsViewModelTest.listed(engine, null).size());
        String first = all.get(0).symbol();
        OnScreen.clickOn(robot, cellOf(robot, first));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(first));

        String target = all.get(all.size() - 1).symbol();
        String query = target.substring(0, Math.min(3, target.length())).toLowerCase();
        List<SymbolInfo> expected = engine.listSymbols(query);
        OnScreen.clickOn(robot, "#symbol-search").write(query);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.symbolList().getItems().equals(expected));
        assertTrue(expected.size() < all.size(), "'" + query + "' narrows the list");
        assertEquals(query, model.filterTextProperty().get());
        assertEquals(first, window.chart().series().symbol(), "filtering does not change the chart");

        OnScreen.clickOn(robot, cellOf(robot, target));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(target));
        // the chart takes the series just before the window tells its listener, in the same FX call
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> shown.size() >= 2);
        assertEquals(List.of(first, target), shown);
    }

    /**
     * The chart type: candlesticks (and OHLC bars) with the volume pane for a symbol stored with
     * open, high, low and volume (the sample's MSFT), a line for closes-only data, and the
     * crosshair's labels on both axes. Photographs the candles for the user guide.
     */
    @Test
    void candlesWithVolumeForOhlcvDataAndALineForClosesOnly(FxRobot robot) throws Exception {
        String msft = ohlcvSymbol();
        open(robot, msft);
        PriceChart chart = window.chart();
        assertFalse(onFx(chart::drawsBars), "a line until candles are chosen");
        OnScreen.clickOn(robot, "#chart-type");
        robot.clickOn(ChartType.CANDLES.toString());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(chart::drawsBars));
        ChartSnapshot.capture(stage.getScene().getRoot());

        // the stored bars, drawn as they are stored
        List<PriceBar> stored = engine.bars(msft, null, null);
        assertEquals(stored.size(), onFx(() -> chart.barDataSet().getDataCount()));
        BarColumns drawn = onFx(() -> chart.candleRenderer().columns());
        assertTrue(onFx(drawn::count) > 100, "the candles on screen: " + onFx(drawn::count));
        for (int k = 0; k < onFx(drawn::count); k++) {
            int col = k;
            PriceBar b = stored.get(onFx(() -> drawn.firstBar(col)));
            assertEquals(b.high(), onFx(() -> drawn.high(col)), "the day's high, " + b.date());
            assertEquals(b.low(), onFx(() -> drawn.low(col)), "the day's low, " + b.date());
        }
        assertTrue(onFx(() -> chart.volumePane().isVisible() && chart.volumePane().getHeight() > 60), "the volume pane under the chart");
        assertTrue(onFx(() -> chart.volumePane().getHeight() <= 150.5 && chart.getHeight() > 2 * chart.volumePane().getHeight()),
                "a volume strip, the prices keep most of the height");
        assertEquals(stored.get(0).volume(), onFx(() -> chart.volumePane().volumeDataSet().get(1, 0)));

        // the crosshair labels the price on the price axis and the day on the date axis
        PriceBar day = stored.get(stored.size() - 40);
        Point2D at = onFx(() -> chart.getCanvas().localToScreen(chart.dateAxis().getDisplayPosition(CalendarTicks.toAxis(day.date())),
                chart.priceAxis().getDisplayPosition(day.close())));
        robot.moveTo(at);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.crosshair().dateLabel().isVisible()));
        assertEquals(day.date().toString(), onFx(() -> chart.crosshair().dateLabel().getText()));
        assertEquals(day.close(), Double.parseDouble(onFx(() -> chart.crosshair().valueLabel().getText())), day.close() * 0.01);
        WritableImage image = ChartSnapshot.capture(stage.getScene().getRoot());
        Path png = ChartSnapshot.writePng(image, Path.of("target", "charts-candles.png"));
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("charts-candles.png"));
        assertTrue(Files.size(png) > 20_000, "a full window picture");

        OnScreen.clickOn(robot, "#chart-type");
        robot.clickOn(ChartType.OHLC.toString());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.chartTypeProperty().get() == ChartType.OHLC && chart.drawsBars()));

        // closes only: a line, no volume, the switch off
        open(robot, "IBM");
        assertFalse(onFx(chart::drawsBars));
        assertFalse(onFx(() -> chart.volumePane().isVisible()));
        assertTrue(onFx(() -> window.chartTypeChoice().isDisabled()), "no candles for closes only");
        assertEquals(List.of(chart.closeDataSet()), onFx(() -> List.copyOf(chart.lineRenderer().getDatasets())));
    }

    /** The keyboard zooms (+, -) and pans (left, right arrows) the chart once it has the focus; prices follow what is shown. */
    @Test
    void plusMinusAndArrowsZoomAndPanTheChart(FxRobot robot) throws Exception {
        open(robot, "IBM");
        PriceChart chart = window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null));
        model.backtestLoad().handle((b, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.clickOn(robot, chart.getCanvas());
        assertTrue(onFx(chart::isFocused), "a click gives the chart the keyboard");
        double[] before = onFx(() -> new double[] {chart.dateAxis().getMin(), chart.dateAxis().getMax()});
        double width = before[1] - before[0];

        robot.type(javafx.scene.input.KeyCode.ADD);
        double[] zoomed = onFx(() -> new double[] {chart.dateAxis().getMin(), chart.dateAxis().getMax()});
        assertEquals(width * 0.8, zoomed[1] - zoomed[0], width * 1e-9, "+ keeps 80% of the dates");
        assertEquals((before[0] + before[1]) / 2, (zoomed[0] + zoomed[1]) / 2, width * 1e-9, "around the middle");

        robot.type(javafx.scene.input.KeyCode.LEFT);
        robot.type(javafx.scene.input.KeyCode.LEFT);
        double[] panned = onFx(() -> new double[] {chart.dateAxis().getMin(), chart.dateAxis().getMax()});
        assertEquals(zoomed[0] - 2 * 0.1 * (zoomed[1] - zoomed[0]), panned[0], width * 1e-9, "two steps back in time");
        assertEquals(zoomed[1] - zoomed[0], panned[1] - panned[0], width * 1e-9);
        // prices fitted to the closes now on screen
        PriceSeries s = engine.getClosePrice("IBM", null, null);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.size(); i++) {
            double x = CalendarTicks.toAxis(s.dates().get(i));
            if (x < panned[0] || x > panned[1]) continue;
            lo = Math.min(lo, s.close()[i]);
            hi = Math.max(hi, s.close()[i]);
        }
        double axisLo = onFx(() -> chart.priceAxis().getMin());
        double axisHi = onFx(() -> chart.priceAxis().getMax());
        assertTrue(axisLo <= lo && axisHi >= hi && axisHi - axisLo <= (hi - lo) * 1.2, axisLo + ".." + axisHi + " fits " + lo + ".." + hi);

        robot.type(javafx.scene.input.KeyCode.RIGHT);
        robot.type(javafx.scene.input.KeyCode.SUBTRACT);
        double[] out = onFx(() -> new double[] {chart.dateAxis().getMin(), chart.dateAxis().getMax()});
        assertEquals(width, out[1] - out[0], width * 1e-9, "- undoes +");
        assertTrue(onFx(() -> chart.getTitle()).startsWith("IBM daily close, "), "the title follows");
    }

    /** The right-click menu exports the days on screen as CSV and the chart as PNG, and copies it to the clipboard. */
    @Test
    void theRightClickMenuExportsAndCopiesTheChart(FxRobot robot, @TempDir Path exports) throws Exception {
        String msft = ohlcvSymbol();
        open(robot, msft);
        PriceChart chart = window.chart();
        List<String> asked = new CopyOnWriteArrayList<>();
        onFx(() -> { chart.setExportTarget((kind, name) -> { asked.add(name); return exports.resolve(name); }); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null));
        model.backtestLoad().handle((b, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.rightClickOn(robot, chart.getCanvas());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.contextMenu().isShowing()));
        WritableImage menu = ChartSnapshot.capture(chart.contextMenu().getScene().getRoot());
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(menu, docs.resolve("images").resolve("chart-menu.png"));
        OnScreen.clickOn(robot, "Export CSV…");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> asked.size() == 1 && Files.exists(exports.resolve(asked.get(0))));

        int[] shown = onFx(chart::shownBars);
        List<PriceBar> stored = engine.bars(msft, null, null);
        String csv = Files.readString(exports.resolve(asked.get(0)));
        assertTrue(asked.get(0).matches(java.util.regex.Pattern.quote(msft) + " \\d{4}-\\d{2}-\\d{2} to \\d{4}-\\d{2}-\\d{2}\\.csv"), asked.get(0));
        String[] lines = csv.split("\r\n", -1);
        assertEquals("date,open,high,low,close,volume", lines[0]);
        assertEquals(shown[1] - shown[0] + 1, lines.length - 2, "a row per day on screen, each line ended by CRLF");
        assertEquals("", lines[lines.length - 1]);
        PriceBar first = stored.get(shown[0]);
        String[] row = lines[1].split(",");
        assertEquals(first.date().toString(), row[0]);
        assertEquals(first.open(), Double.parseDouble(row[1]));
        assertEquals(first.high(), Double.parseDouble(row[2]));
        assertEquals(first.low(), Double.parseDouble(row[3]));
        assertEquals(first.close(), Double.parseDouble(row[4]));
        assertEquals(first.volume(), Double.parseDouble(row[5]));

        OnScreen.rightClickOn(robot, chart.getCanvas());
        OnScreen.clickOn(robot, "Export PNG…");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> asked.size() == 2 && Files.exists(exports.resolve(asked.get(1))));
        javafx.scene.image.Image png = new javafx.scene.image.Image(exports.resolve(asked.get(1)).toUri().toString());
        assertEquals(onFx(chart::getWidth), png.getWidth(), 1.0, "the chart as drawn");

        OnScreen.rightClickOn(robot, chart.getCanvas());
        OnScreen.clickOn(robot, "Copy image");
        assertTrue(onFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().hasImage()), "the chart on the clipboard");
        assertEquals(onFx(chart::getWidth), onFx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getImage().getWidth()), 1.0);

        OnScreen.rightClickOn(robot, chart.getCanvas());
        OnScreen.clickOn(robot, "Reset zoom");
        assertTrue(onFx(() -> CalendarTicks.fromAxis(chart.dateAxis().getMin()).isBefore(stored.get(5).date())), "the whole history");
    }

    /** Microsoft with open, high, low and volume: MSFT.OHLCV in the sample universe (MSFT there is closes only), MSFT in TestStore's seed. */
    private String ohlcvSymbol() {
        return engine.listSymbols("MSFT").stream().map(SymbolInfo::symbol)
                .filter(s -> engine.bars(s, null, null).get(0).open() != null).findFirst().orElseThrow();
    }

    /** Types {@code symbol} in the search field, clicks its cell and waits until the chart shows it. */
    private void open(FxRobot robot, String symbol) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !window.symbolList().getItems().isEmpty());
        OnScreen.clickOn(robot, "#symbol-search").eraseText(20).write(symbol);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".list-cell")
                .match((ListCell<?> c) -> c.getItem() instanceof SymbolInfo s && s.symbol().equals(symbol)).tryQuery().isPresent());
        OnScreen.clickOn(robot, robot.lookup(".list-cell").match((ListCell<?> c) -> c.getItem() instanceof SymbolInfo s && s.symbol().equals(symbol))
                .<ListCell<?>>query());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.chart().series() != null
                && window.chart().series().symbol().equals(symbol)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }

    /**
     * The visible list cell showing {@code symbol}. The list makes its cells on the layout pulse
     * after its items change, so this waits for one rather than looking once.
     */
    private static ListCell<?> cellOf(FxRobot robot, String symbol) throws java.util.concurrent.TimeoutException {
        java.util.concurrent.atomic.AtomicReference<ListCell<?>> found = new java.util.concurrent.atomic.AtomicReference<>();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> {
            java.util.Optional<ListCell<?>> cell = robot.lookup(".list-cell").match((ListCell<?> c) -> c.isVisible()
                    && c.getItem() instanceof SymbolInfo s && s.symbol().equals(symbol)).tryQuery();
            cell.ifPresent(found::set);
            return cell.isPresent();
        });
        return found.get();
    }

    /** The fan's orange (any of its bands, alone or stacked). */
    private static boolean isFanOrange(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return r - b > 30 && r - g > 10;
    }

    /** The close line colour (#1565C0). */
    private static boolean isCloseLineBlue(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return b > 150 && b - r > 90 && b - g > 40;
    }
}
