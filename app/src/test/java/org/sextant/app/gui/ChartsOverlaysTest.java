package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ListCell;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.forecast.store.StoredForecast;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Charts view's forecast overlays: Run backtest stores a walk-forward (monthly origins), the
 * chart then draws every origin's median and bands beside the live fan, the Backtests toggle
 * hides only them, and the error table shows the backtest's coverage and per-step errors.
 */
@ExtendWith(ApplicationExtension.class)
class ChartsOverlaysTest {
    /** Liveness guard for the background backtest job, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 300;

    @TempDir
    Path home;
    private Sextant engine;
    private ChartsViewModel model;
    private WorkstationWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        engine = TestStore.open(home);
        model = new ChartsViewModel(engine);
        window = new WorkstationWindow(model);
        window.show(stage);
        model.start();
    }

    @AfterEach
    void closeEngine() throws Exception {
        model.backtestLoad().handle((f, e) -> null).get();
        model.close();
        engine.close();
    }

    @Test
    void aBacktestIsOverlaidOriginByOriginWithItsErrorTable(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !window.symbolList().getItems().isEmpty());
        String target = "KO";
        // the list's cells come a layout pulse after its items: wait for KO's, looked up on the FX thread
        java.util.concurrent.Callable<ListCell<?>> cell = () -> window.symbolList().lookupAll(".list-cell").stream()
                .filter(n -> n instanceof ListCell<?> c && c.getItem() instanceof SymbolInfo s && s.symbol().equals(target))
                .map(n -> (ListCell<?>) n).findFirst().orElse(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(cell) != null);
        OnScreen.clickOn(robot, onFx(cell));
        PriceChart chart = window.chart();
        // the chart's data sets change on the FX thread: read them there
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.drawnForecastMedian() != null && model.backtestProperty().get() != null));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> chart.drawnBacktestMedians().isEmpty()), "nothing stored yet");
        assertTrue(window.errorPane().headline().getText().startsWith("No backtest stored"), window.errorPane().headline().getText());
        // what the classifier sees without any backtest: a blend or two where the blue line meets the orange fan
        javafx.geometry.Bounds plotArea = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        int withoutBacktests = 0;
        for (int look = 0; look < 10; look++) {
            WaitForAsyncUtils.waitForFxEvents();
            withoutBacktests = Math.max(withoutBacktests,
                    Pixels.count(ChartSnapshot.capture(stage.getScene().getRoot()), plotArea, ChartsOverlaysTest::isBacktestPurple));
            Thread.sleep(100);
        }
        assertTrue(withoutBacktests < 20, "the live fan and the line are not taken for backtests: " + withoutBacktests);

        OnScreen.clickOn(robot, "#run-backtest");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> model.backtestProperty().get() != null
                && model.backtestProperty().get().result() != null && !chart.drawnBacktestMedians().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();

        StoredForecastBacktest stored = engine.backtestOverlays(target, null, null, null, null);
        WalkForwardBacktest.Result r = stored.result();
        assertNotNull(r);
        List<DataSet> medians = onFx(chart::drawnBacktestMedians);
        assertEquals(stored.forecasts().size(), medians.size(), "one dashed median per stored origin");
        assertTrue(medians.size() >= 40, "monthly origins over the last 40% of ten years: " + medians.size());
        for (int k = 0; k < medians.size(); k++) {
            StoredForecast f = stored.forecasts().get(k);
            DataSet m = medians.get(k);
            assertEquals(20, m.getDataCount());
            assertEquals(CalendarTicks.toAxis(f.targetDates().get(0)), m.get(DataSet.DIM_X, 0));
            assertEquals(f.forecast().median()[19], m.get(DataSet.DIM_Y, 19), 1e-9 * f.lastClose());
            assertTrue(f.targetDates().get(0).isAfter(f.origin()), "each fan starts after its origin");
        }
        assertEquals(3 * medians.size(), (int) onFx(() -> chart.drawnBacktestBands().size()), "a band per level per origin");
        assertNotNull(onFx(chart::drawnForecastMedian), "the live fan stays");

        // the error table is the stored backtest's
        assertTrue(window.errorPane().headline().getText().contains("monthly origins"), window.errorPane().headline().getText());
        assertEquals(3, window.errorPane().levelTable().getItems().size());
        ChartsViewModel.LevelErrors l95 = window.errorPane().levelTable().getItems().get(1);
        assertEquals(0.95, l95.level(), 1e-12);
        assertEquals(r.conformalCoverage()[1], l95.coverageConformal(), 1e-12);
        assertEquals(r.coverage()[1], l95.coverageModel(), 1e-12);
        assertEquals(20, window.errorPane().stepTable().getItems().size());
        assertEquals(r.malePerStep()[19], window.errorPane().stepTable().getItems().get(19).male(), 1e-12);

        javafx.geometry.Bounds plot = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        WritableImage image = ChartSnapshot.capture(stage.getScene().getRoot());
        ChartSnapshot.writePng(image, Path.of("target", "charts.png"));
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("charts.png"));
        int purple = Pixels.count(image, plot, ChartsOverlaysTest::isBacktestPurple);
        assertTrue(purple > 2000, "the backtest fans are visible: " + purple + " pixels");

        OnScreen.clickOn(robot, "#backtests-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> chart.drawnBacktestMedians().isEmpty() && chart.drawnBacktestBands().isEmpty()), "the toggle hides the backtests");
        assertNotNull(onFx(chart::drawnForecastMedian), "and only them");
        // chartfx redraws on the pulse after layout: look again over a few pulses before judging the picture
        int left = -1;
        for (int look = 0; look < 20 && (look == 0 || left > withoutBacktests); look++) {
            WaitForAsyncUtils.waitForFxEvents();
            left = Pixels.count(ChartSnapshot.capture(stage.getScene().getRoot()), plot, ChartsOverlaysTest::isBacktestPurple);
            if (left > withoutBacktests) Thread.sleep(100);
        }
        assertTrue(left <= withoutBacktests, "no backtest colour on screen: " + left + " pixels, " + withoutBacktests + " before any backtest");
        OnScreen.clickOn(robot, "#backtests-toggle");
        OnScreen.clickOn(robot, "#forecast-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(medians.size(), (int) onFx(() -> chart.drawnBacktestMedians().size()), "the live toggle leaves the backtests");
        assertEquals(null, onFx(chart::drawnForecastMedian));
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }

    /** Pixels of the plot in the backtest purple (blue well above green, red between). */
    private static boolean isBacktestPurple(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return b - g > 15 && r - g > 5 && b > r;
    }

}
