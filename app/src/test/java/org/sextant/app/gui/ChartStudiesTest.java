package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.CompareChart;
import org.sextant.charts.IndicatorPane;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.research.indicator.BollingerBands;
import org.sextant.engine.research.indicator.Rsi;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Charts view's comparison and indicators, driven through the real window: two symbols
 * rebased to 100 at a typed base date with their legend; an RSI pane from the right-click menu and
 * a Bollinger overlay from the toolbar whose drawn values are the engine's, then a parameter edited
 * (a value out of bounds refused, naming it); Bollinger bands kept inside the prices each range and
 * period fits. Photographs both for the user guide.
 */
@ExtendWith(ApplicationExtension.class)
class ChartStudiesTest {
    /** Liveness guard for the background reads, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 60;

    private final Sextant engine = Workbench.openStore();
    private Workbench bench;
    private WorkstationWindow window;

    @Start
    void start(Stage stage) {
        bench = new Workbench(engine, stage);
        window = bench.window;
    }

    @AfterEach
    void close() throws Exception {
        bench.close();
    }

    @Test
    void twoSymbolsAreComparedRebasedTo100AtTheChosenDateWithALegend(FxRobot robot) throws Exception {
        open("IBM");
        OnScreen.toggle(robot, "#compare-toggle", true);
        CompareChart compare = onFx(() -> window.studies().compareView().chart()); // built by the toggle, read on the FX thread
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> compare.dataSets().size() == 1));
        assertFalse(onFx(() -> window.chart().getParent().isVisible()), "the comparison takes the price chart's place");

        OnScreen.clickOn(robot, "#compare-symbol").write("KO");
        OnScreen.clickOn(robot, "#compare-add");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> compare.dataSets().size() == 2));
        PriceSeries ibm = engine.getClosePrice("IBM", null, null);
        PriceSeries ko = engine.getClosePrice("KO", null, null);
        LocalDate first = ibm.dates().get(0).isAfter(ko.dates().get(0)) ? ibm.dates().get(0) : ko.dates().get(0);
        assertEquals(first, onFx(compare::base), "by default the first day both have, the first day shown");
        assertRebased(compare, List.of(ibm, ko), first);

        LocalDate chosen = LocalDate.of(2000, 1, 3);
        OnScreen.clickOn(robot, "#compare-base .text-field").write(chosen.toString()).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chosen.equals(compare.base())));
        assertRebased(compare, List.of(ibm, ko), chosen);
        String readout = onFx(() -> compare.crosshair().readOut(CalendarTicks.toAxis(chosen)));
        assertEquals("2000-01-03  IBM 100.0  KO 100.0", readout, "each symbol's value at its nearest bar");
        assertTrue(onFx(() -> compare.dateAxis().getMin()) <= CalendarTicks.toAxis(chosen) + 1, "the chart shows the base day");

        // photographed with both symbols and the legend, before one is removed
        OnScreen.moveTo(robot, "#symbol-search");
        bench.photograph("charts-compare");

        OnScreen.clickOn(robot, "#compare-remove-KO");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> compare.dataSets().size() == 1));
        assertEquals("IBM", onFx(() -> compare.dataSets().get(0).getName()));
        OnScreen.toggle(robot, "#compare-toggle", false);
        assertTrue(onFx(() -> window.chart().getParent().isVisible()), "the price chart comes back");
    }

    @Test
    void anRsiPaneFromTheMenuAndABollingerOverlayFromTheToolbarAreTheEnginesValues(FxRobot robot) throws Exception {
        open("IBM");
        PriceChart chart = window.chart();
        double[] close = engine.getClosePrice("IBM", null, null).close();

        OnScreen.rightClickOn(robot, chart.getCanvas());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.contextMenu().isShowing()));
        OnScreen.clickOn(robot, "Add indicator…");
        OnScreen.openChoices(robot, "#indicator-kind");
        OnScreen.clickOn(robot, "RSI");
        assertEquals("14", robot.lookup("#indicator-param-length").queryTextInputControl().getText(), "the catalogue's default");
        OnScreen.clickOn(robot, "#indicator-apply");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.studies().chartIndicators().paneCharts().size() == 1));
        IndicatorPane rsi = onFx(() -> window.studies().chartIndicators().paneCharts().get(0));
        assertValues(Rsi.of(close, 14), onFx(() -> rsi.dataSets().get(0)));

        addBollinger(robot, "10");
        List<DataSet> bands = onFx(() -> window.studies().chartIndicators().overlayDataSets());
        BollingerBands expected = BollingerBands.of(close, 10, 2.0);
        assertValues(expected.lower(), bands.get(0));
        assertValues(expected.middle(), bands.get(1));
        assertValues(expected.upper(), bands.get(2));
        assertEquals(List.of("Bollinger(10, 2.0) lower", "Bollinger(10, 2.0) middle", "Bollinger(10, 2.0) upper"),
                bands.stream().map(DataSet::getName).toList());

        // edit the RSI: a length out of bounds is refused, naming it; a good one redraws the pane
        OnScreen.clickOn(robot, "#indicator-edit-0");
        OnScreen.doubleClickOn(robot, "#indicator-param-length").eraseText(4).write("0");
        OnScreen.clickOn(robot, "#indicator-apply");
        assertEquals("RSI length is 0, outside its bounds: give a whole number from 1 to 5000",
                robot.lookup("#indicator-error").queryLabeled().getText());
        assertTrue(onFx(() -> window.studies().editor().isVisible()), "the editor stays open on a refused value");
        OnScreen.doubleClickOn(robot, "#indicator-param-length").eraseText(4).write("7");
        OnScreen.clickOn(robot, "#indicator-apply");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.studies().chartIndicators().paneCharts().size() == 1
                && window.studies().chartIndicators().paneCharts().get(0).valueAxis().getName().equals("RSI(7)")));
        assertValues(Rsi.of(close, 7), onFx(() -> window.studies().chartIndicators().paneCharts().get(0).dataSets().get(0)));
        assertEquals("", robot.lookup("#indicator-error").queryLabeled().getText());
        assertEquals(List.of("RSI(7)", "Bollinger(10, 2.0)"), onFx(() -> window.studies().indicators().shown().stream()
                .map(ChartIndicatorsViewModel.Shown::label).toList()));

        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null));
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.moveTo(robot, "#symbol-search"); // chartfx shows its zoom tool bar while the pointer rests over the title
        bench.photograph("charts-indicators");

        OnScreen.clickOn(robot, "#indicator-remove-1");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.studies().chartIndicators().overlayDataSets().isEmpty()));
        assertEquals(1, (int) onFx(() -> window.studies().chartIndicators().paneCharts().size()), "the RSI stays");
    }

    @Test
    void bollingerBandsStayInsideThePricesFittedToARange(FxRobot robot) throws Exception {
        open("IBM");
        PriceChart chart = window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null));
        // without the fan, whose 99% band reaches past most of what the bands do, at the end
        OnScreen.clickOn(robot, "#forecast-toggle");
        // a range first, then the bands: adding them fits the prices again
        OnScreen.clickOn(robot, "#range-1y");
        addBollinger(robot, "20");
        assertEquals(List.of("Bollinger(20, 2.0)"), onFx(() -> window.studies().indicators().shown().stream().map(ChartIndicatorsViewModel.Shown::label).toList()));
        assertBandsInside(chart, "1Y, then the bands added");
        for (String range : List.of("1m", "6m", "1y", "5y")) {
            OnScreen.clickOn(robot, "#range-" + range);
            assertBandsInside(chart, range);
        }
        for (String[] field : new String[][] {{"#chart-from", "1998-01-02"}, {"#chart-to", "1998-12-31"}}) {
            onFx(() -> { robot.lookup(field[0]).queryAs(javafx.scene.control.DatePicker.class).getEditor().setText(field[1]); return null; });
        }
        OnScreen.clickOn(robot, "#chart-period-show");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> onFx(() -> chart.dateAxis().getMin() > CalendarTicks.toAxis(LocalDate.of(1997, 12, 1))));
        assertBandsInside(chart, "From 1998-01-02 to 1998-12-31");
    }

    /** Bollinger bands of this length from the toolbar's Add indicator…, once their three lines are drawn. */
    private void addBollinger(FxRobot robot, String length) throws Exception {
        OnScreen.clickOn(robot, "#add-indicator");
        OnScreen.openChoices(robot, "#indicator-kind");
        OnScreen.clickOn(robot, "Bollinger");
        OnScreen.doubleClickOn(robot, "#indicator-param-length").eraseText(4).write(length);
        OnScreen.clickOn(robot, "#indicator-apply");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.studies().chartIndicators().overlayDataSets().size() == 3));
    }

    /** Every upper and lower band value inside the dates shown lies between the price axis' ends. */
    private void assertBandsInside(PriceChart chart, String view) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        double[] axes = onFx(() -> new double[] {chart.dateAxis().getMin(), chart.dateAxis().getMax(), chart.priceAxis().getMin(), chart.priceAxis().getMax()});
        int inside = 0;
        for (DataSet band : onFx(() -> window.studies().chartIndicators().overlayDataSets())) {
            if (band.getName().endsWith("middle")) continue;
            for (int i = 0; i < band.getDataCount(); i++) {
                double x = band.get(DataSet.DIM_X, i);
                double y = band.get(DataSet.DIM_Y, i);
                if (x < axes[0] || x > axes[1] || Double.isNaN(y)) continue;
                inside++;
                assertTrue(axes[2] <= y && y <= axes[3], view + ": " + band.getName() + " " + y + " on " + CalendarTicks.fromAxis(x)
                        + " outside the prices shown, " + axes[2] + " to " + axes[3]);
            }
        }
        assertTrue(inside > 20, view + ": band values on screen: " + inside);
    }

    /** Each symbol's line is 100 at the base day and close / base close elsewhere; the legend shows the last value. */
    private void assertRebased(CompareChart compare, List<PriceSeries> series, LocalDate base) throws Exception {
        List<DataSet> lines = onFx(compare::dataSets);
        assertEquals(series.size(), lines.size());
        for (int k = 0; k < series.size(); k++) {
            PriceSeries s = series.get(k);
            DataSet d = lines.get(k);
            int at = s.dates().indexOf(base);
            assertEquals(s.symbol(), d.getName());
            assertEquals(s.size(), d.getDataCount());
            assertEquals(CalendarTicks.toAxis(base), d.get(DataSet.DIM_X, at));
            assertEquals(100.0, d.get(DataSet.DIM_Y, at), 1e-12, s.symbol() + " at the base");
            int last = s.size() - 1;
            double lastValue = 100 * s.close()[last] / s.close()[at];
            assertEquals(lastValue, d.get(DataSet.DIM_Y, last), 1e-9);
            String legend = onFx(() -> ((javafx.scene.control.Label) compare.lookup("#compare-legend-" + s.symbol())).getText());
            assertEquals(s.symbol() + " " + String.format(Locale.ROOT, "%.1f", lastValue), legend);
        }
    }

    private static void assertValues(double[] expected, DataSet drawn) {
        assertEquals(expected.length, drawn.getDataCount());
        for (int i = 0; i < expected.length; i++) assertEquals(expected[i], drawn.get(DataSet.DIM_Y, i), "value " + i + " of " + drawn.getName());
    }

    /** Opens {@code symbol} as another view would (the list and its clicks are WorkstationWindowTest's). */
    private void open(String symbol) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !window.symbolList().getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(() -> window.openChart(symbol, null)).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> window.chart().series() != null
                && window.chart().series().symbol().equals(symbol)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
