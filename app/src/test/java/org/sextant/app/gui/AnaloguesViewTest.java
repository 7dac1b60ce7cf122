package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.ForwardReturnHistogram;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.analogue.AnalogueDate;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.CalibrationReport;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Drives the Analogues view over the real sample data (NYSE composite 1966–2002) and photographs it for the docs. */
@ExtendWith(ApplicationExtension.class)
class AnaloguesViewTest {
    /** Liveness guard for the background engine calls (the calibration walks 400 steps), not a performance bound. */
    private static final int GIVE_UP_SECONDS = 180;

    @TempDir
    Path home;
    private Sextant engine;
    private AnaloguesView view;
    private Stage stage;
    private final AnaloguesViewModelTest.RecordingNavigator navigator = new AnaloguesViewModelTest.RecordingNavigator();

    @Start
    void start(Stage stage) {
        this.stage = stage;
        engine = TestStore.open(home);
        view = new AnaloguesView(engine, navigator);
        Scene scene = new Scene((javafx.scene.Parent) view.root(), 1200, 760);
        WorkstationTheme.LIGHT.applyTo(scene); // the picture shows the theme's colours, as the window does
        stage.setScene(scene);
        // the docs' picture at this size whatever an earlier test in the same toolkit left the stage at (1000x700 took it once)
        stage.setWidth(1200);
        stage.setHeight(760);
        stage.show();
    }

    @AfterEach
    void closeEngine() throws Exception {
        view.model().calibrationLoad().handle((c, e) -> null).get(); // the calibration reads the store: let it finish first
        view.close();
        engine.close();
    }

    @Test
    void todaysVectorRunsIntoAHistogramDatesAndCalibrationAndADateOpensTheChart(FxRobot robot) throws Exception {
        AnaloguesViewModel model = view.model();
        OnScreen.clickOn(robot, "#analogues-today");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !model.dimensions().isEmpty());
        OnScreen.clickOn(robot, "#analogues-run");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> model.responseProperty().get() != null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> model.calibrationProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();

        AnalogueResponse r = model.responseProperty().get();
        Map<String, Object> args = Map.of("benchmark", "NYSE", "horizon", 5, "mode", "soft", "top_k", 100,
                "recency_half_life_days", 730.0, "backfill_weight", 0.5, "include_analogue_dates", true);
        assertEquals(Json.write(engine.compareToHistory(args)), Json.write(r), "the view shows the engine's answer for today's vector");
        assertEquals(r.headline().text(), robot.lookup("#analogues-headline").queryLabeled().getText());

        ForwardReturnHistogram chart = view.histogram();
        assertEquals(r.sampleSize(), chart.bins().total(), "every analogue is in a bar");
        assertEquals(100, chart.bins().total());
        assertEquals(r.forward5d().mean(), chart.marks().mean());
        assertEquals(r.forward5d().ci95().low(), chart.marks().ciLow());
        assertEquals(r.forward5d().ci95().high(), chart.marks().ciHigh());
        assertEquals(r.headline().baseRateMean(), chart.marks().baseRate());

        assertEquals(r.sampleSize(), view.datesTable().getItems().size());
        assertEquals(r.analogueDates().get(0), view.datesTable().getItems().get(0));
        java.util.List<java.util.List<String>> csv = TableExports.byMenu(robot, view.datesTable(), home.resolve("analogues.csv"));
        assertEquals(java.util.List.of("date", "distance", "weight", "1d", "3d", "5d", "regime"), csv.get(0));
        assertEquals(1 + r.sampleSize(), csv.size(), "every analogue, not only the rows on screen");
        assertEquals(r.analogueDates().get(0).date().toString(), csv.get(1).get(0));
        assertEquals(r.analogueDates().get(0).forward5d(), Double.parseDouble(csv.get(1).get(5)), "a fraction in full precision");

        CalibrationReport cal = model.calibrationProperty().get();
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f%% (nominal 90%%)", cal.bandCoveragePct()),
                robot.lookup("#calibration-2").queryLabeled().getText());
        assertTrue(robot.lookup("#analogues-calibration-verdict").queryLabeled().getText().contains("base rate"));

        WritableImage image = ChartSnapshot.capture(stage.getScene().getRoot());
        Path png = ChartSnapshot.writePng(image, Path.of("target", "analogues.png"));
        assertTrue(Files.size(png) > 20_000, "a full view picture");
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("analogues.png"));
        Bounds plot = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        assertTrue(Pixels.count(image, plot, AnaloguesViewTest::isBarBlue) > 2000, "the bars are drawn");
        assertTrue(Pixels.count(image, plot, AnaloguesViewTest::isMeanOrange) > 100, "the mean and its CI are drawn");

        AnalogueDate first = r.analogueDates().get(0);
        TableRow<?> row = robot.lookup("#analogues-dates .table-row-cell")
                .match((TableRow<?> t) -> t.getIndex() == 0 && first.equals(t.getItem())).query();
        OnScreen.doubleClickOn(robot, row);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(java.util.List.of("NYSE@" + first.date()), navigator.charts, "a double click opens the benchmark's chart at that date");
    }

    @Test
    void anEditedValueIsWhatTheComparisonMatches(FxRobot robot) throws Exception {
        AnaloguesViewModel model = view.model();
        OnScreen.clickOn(robot, "#analogues-today");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !model.dimensions().isEmpty());
        java.util.function.Supplier<java.util.Optional<TableCell<?, ?>>> rsiCell = () -> robot.lookup("#analogues-dimensions .table-cell")
                .match((TableCell<?, ?> c) -> c.getTableColumn() != null && c.getTableColumn().getText().equals("value") && c.getTableRow() != null
                        && c.getTableRow().getItem() instanceof AnaloguesViewModel.Dimension d && d.name().equals("rsi_14")).tryQuery();
        // the table makes its cells at the next layout pulse after the rows arrive
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> rsiCell.get().isPresent());
        TableCell<?, ?> rsi = rsiCell.get().orElseThrow();
        OnScreen.doubleClickOn(robot, rsi);
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write("25").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(model.usesTodayProperty().get());
        assertEquals("vector: edited", robot.lookup("#analogues-vector").queryLabeled().getText());
        OnScreen.clickOn(robot, "#analogues-mode");
        OnScreen.clickOn(robot, "hard");
        OnScreen.clickOn(robot, "#analogues-run");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> model.responseProperty().get() != null);
        AnalogueResponse r = model.responseProperty().get();
        assertEquals(25.0, r.query().get("rsi_14"));
        assertEquals("hard", r.mode());
        assertEquals("<30", r.matchedBins().get("rsi_14"));
        assertEquals(Json.write(engine.compareToHistory(model.arguments())), Json.write(r));
    }

    /** The bar blue. */
    private static boolean isBarBlue(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return b > 150 && b - r > 60 && b - g > 30;
    }

    /** The mean's orange. */
    private static boolean isMeanOrange(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return r > 180 && r - b > 120 && g < 140;
    }
}
