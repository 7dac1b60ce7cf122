package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.TableRow;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.forecast.ScanResult;
import org.sextant.engine.forecast.ScanRow;
import org.sextant.charts.ChartSnapshot;
import org.sextant.engine.forecast.ForecastScan;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Scans view in the real window: Scan runs the scan job over the sample universe, the table
 * holds the engine's ranking, a column header re-sorts it, and a double-click opens the chart.
 * The drift model (random walk with drift) keeps the walk-forward of every symbol fast.
 */
@ExtendWith(ApplicationExtension.class)
class ScansViewTest {
    /** Liveness guard for the background scan job, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 300;

    @TempDir
    Path home;
    private Workbench app;

    @Start
    void start(Stage stage) {
        app = Workbench.withoutChrome(TestStore.open(home), stage, window -> { });
    }

    @AfterEach
    void closeEngine() throws Exception {
        app.charts.backtestLoad().handle((f, e) -> null).get();
        app.window.closeViews();
        app.charts.close();
        app.engine.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aScanRanksTheUniverseSortsAndOpensTheChart(FxRobot robot) throws Exception {
        OnScreen.clickOn(robot, "#tab-scans");
        ScansView view = (ScansView) app.window.view(ScansView.ID);
        WaitForAsyncUtils.asyncFx(() -> {
            view.model().modelProperty().set("drift");
            view.model().topProperty().set(15);
        }).get();
        OnScreen.clickOn(robot, "#scan-run");
        // the rows change on the FX thread: read them there
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> !view.model().runningProperty().get() && !view.model().rows().isEmpty()).get());
        WaitForAsyncUtils.waitForFxEvents();

        // the engine's ranking, already computed and stored by the job: served again at once
        ScanResult expected = app.engine.scanForecasts(new ForecastScan.Request(null, "drift", null, 95.0, null, 15, 250, null, null));
        List<ScanRow> rows = expected.rows();
        assertEquals(expected.notComputed().size(), 0, "the job stored every forecast");
        assertEquals(rows.stream().map(ScanRow::symbol).toList(), view.table().getItems().stream().map(ScanRow::symbol).toList());
        assertEquals(15, view.table().getItems().size());
        String status = robot.lookup("#scan-status").queryLabeled().getText();
        assertTrue(status.startsWith("15 of "), status);

        WritableImage image = ChartSnapshot.capture(app.stage.getScene().getRoot());
        ChartSnapshot.writePng(image, Path.of("target", "scans.png"));
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("scans.png"));

        OnScreen.clickOn(robot, "R/R 80%");
        WaitForAsyncUtils.waitForFxEvents();
        List<ScanRow> sorted = List.copyOf(view.table().getItems());
        assertEquals(sorted.stream().sorted(Comparator.comparingDouble(r -> r.rewardRisk80() == null ? Double.POSITIVE_INFINITY : r.rewardRisk80())).toList(),
                sorted, "ascending by reward/risk at 80%");
        // the foot's Export CSV… (the same as the table's right-click item): every row in the order shown, the numbers behind the rounded cells
        List<List<String>> csv = TableExports.byButton(robot, view.table(), "#scan-export", home.resolve("scan.csv"));
        assertEquals(List.of("Symbol", "Start", "Last close", "Median return", "R/R 80%", "R/R 95%", "R/R 99%", "Coverage 80%",
                "Coverage 95%", "Coverage 99%", "Closes"), csv.get(0));
        assertEquals(1 + sorted.size(), csv.size(), "a header and every row");
        assertEquals(sorted.get(0).symbol(), csv.get(1).get(0));
        assertEquals(sorted.get(0).medianReturn(), Double.parseDouble(csv.get(1).get(3)), "full precision");

        ScanRow pick = sorted.get(0);
        TableRow<?> row = robot.lookup(".table-row-cell").match((TableRow<?> r) -> r.getItem() == pick).query();
        OnScreen.doubleClickOn(robot, row);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> app.window.chart().series() != null
                && app.window.chart().series().symbol().equals(pick.symbol())).get());
        assertEquals(WorkstationWindow.CHARTS, app.window.shownView());
    }

    @Test
    void aBadMinimumIsRefusedWithItsField(FxRobot robot) throws Exception {
        OnScreen.clickOn(robot, "#tab-scans");
        OnScreen.clickOn(robot, "#scan-min-rr").write("lots");
        OnScreen.clickOn(robot, "#scan-run");
        WaitForAsyncUtils.waitForFxEvents();
        String error = robot.lookup("#scan-error").queryLabeled().getText();
        assertTrue(error.contains("reward/risk") && error.contains("1.2"), error);
        assertTrue(app.engine.jobs().list().isEmpty(), "no job for a bad request");
    }
}
