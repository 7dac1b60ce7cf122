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

    @org.junit.jupiter.api.BeforeAll
    static void allowASlowStart() {
        // @Start opens a store and builds the window; on a loaded machine that passes TestFX's 30 s default (a liveness guard only)
        org.testfx.api.FxToolkit.toolkitContext().setSetupTimeoutInMillis(180_000);
    }

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
        ScansView view = scanWithDrift(robot, 15);

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

    /**
     * A symbol trading Sunday to Thursday ranked among weekday ones, in the real window at 1000x700: the status line names it
     * whole (its own week, read in its row's tooltip), and the pointer resting on its row shows that tooltip saying what its
     * horizon counted. Until now only the view model's texts were checked, not what the window shows.
     */
    @Test
    void aSundayToThursdayRowSaysItsHorizonInItsTooltipAndTheStatusNamesItAt1000By700(FxRobot robot) throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of("Date,Close"));
        double close = 100;
        for (java.time.LocalDate d = java.time.LocalDate.of(2021, 1, 3); !d.isAfter(java.time.LocalDate.of(2023, 12, 28)); d = d.plusDays(1)) {
            int day = d.getDayOfWeek().getValue(); // Sunday 7 .. Thursday 4 trade; Friday and Saturday do not
            if (day == 5 || day == 6) continue;
            close *= 1 + 0.01 * Math.sin(lines.size() * 0.7) + 0.0004;
            lines.add(d + "," + String.format(java.util.Locale.ROOT, "%.4f", close));
        }
        app.engine.importPrices(List.of(java.nio.file.Files.write(home.resolve("TASI.csv"), lines)));
        WaitForAsyncUtils.asyncFx(() -> {
            app.stage.setWidth(1000);
            app.stage.setHeight(700);
        }).get();
        ScansView view = scanWithDrift(robot, 1000);
        ScanRow tasi = WaitForAsyncUtils.asyncFx(() -> view.table().getItems().stream().filter(r -> r.symbol().equals("TASI")).findFirst().orElseThrow()).get();
        WaitForAsyncUtils.asyncFx(() -> view.table().scrollTo(tasi)).get();
        OnScreen.awaitLayoutPulses(app.stage.getScene(), 4); // a layout pulse or two with the scrolled rows and the status
        WaitForAsyncUtils.waitForFxEvents();

        javafx.scene.control.Label status = (javafx.scene.control.Label) OnScreen.find("#scan-status");
        String said = WaitForAsyncUtils.asyncFx(status::getText).get();
        assertTrue(said.contains("; own week: TASI (the row's tooltip says what its horizon counted)"), said);
        assertEquals(said, WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.shownText(status)).get(), "the status line shows whole at 1000x700");
        javafx.geometry.Bounds at = WaitForAsyncUtils.asyncFx(() -> status.localToScene(status.getLayoutBounds())).get();
        assertTrue(at.getMaxX() <= 1000 + 1 && at.getMaxY() <= 700 + 1, "inside the window: " + at);

        TableRow<?> row = WaitForAsyncUtils.asyncFx(() -> (TableRow<?>) robot.lookup(".table-row-cell").match((TableRow<?> r) -> r.getItem() == tasi).query()).get();
        OnScreen.moveTo(robot, row);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> row.getTooltip() != null && row.getTooltip().isShowing()).get());
        String tip = WaitForAsyncUtils.asyncFx(() -> row.getTooltip().getText()).get();
        assertTrue(tip.startsWith("Horizon: 20 trading days (Sunday to Thursday)"), tip);
        assertEquals(tasi.weekNote(), tip.substring("Horizon: ".length()), "the row's own note, as the scan gave it");
        // a weekday row shown beside it, without a bad tick, has nothing to say
        TableRow<?> weekday = WaitForAsyncUtils.asyncFx(() -> (TableRow<?>) robot.lookup(".table-row-cell").match((TableRow<?> r) -> r.getItem() instanceof ScanRow s
                && s.weekNote() == null && s.dataWarning() == null).query()).get();
        assertEquals(null, WaitForAsyncUtils.asyncFx(weekday::getTooltip).get(), ((ScanRow) weekday.getItem()).symbol());
        ChartSnapshot.writePng(ChartSnapshot.capture(app.stage.getScene().getRoot()), Path.of("target", "scans-week-note-1000x700.png")); // to look at
    }

    /** The Scans tab after its Scan button ranked the universe with the drift model, keeping {@code top} rows. */
    private ScansView scanWithDrift(FxRobot robot, int top) throws Exception {
        OnScreen.clickOn(robot, "#tab-scans");
        ScansView view = (ScansView) app.window.view(ScansView.ID);
        WaitForAsyncUtils.asyncFx(() -> {
            view.model().modelProperty().set("drift");
            view.model().topProperty().set(top);
        }).get();
        OnScreen.clickOn(robot, "#scan-run");
        // the rows change on the FX thread: read them there
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> !view.model().runningProperty().get() && !view.model().rows().isEmpty()).get());
        WaitForAsyncUtils.waitForFxEvents();
        return view;
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
