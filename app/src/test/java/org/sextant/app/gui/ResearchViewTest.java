package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.dataset.DataSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.EquityDrawdownChart;
import org.sextant.charts.SweepScatterChart;
import org.sextant.engine.research.run.RunDetail;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Drives the Research tab of the real window on a temporary SEXTANT_HOME holding the sample Dow
 * 30: a bad spec is refused naming its node, a small sweep runs and shows its verdict and
 * charts, and the window is photographed for the docs.
 */
@ExtendWith(ApplicationExtension.class)
class ResearchViewTest {
    /** Liveness guard for background work, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 120;

    @TempDir
    Path home;
    private Workbench app;
    private ResearchView view;

    @org.junit.jupiter.api.BeforeAll
    static void allowASlowStart() {
        // @Start opens a store and builds the window; on a loaded machine that passes TestFX's 30 s default (a liveness guard only)
        org.testfx.api.FxToolkit.toolkitContext().setSetupTimeoutInMillis(180_000);
    }

    @Start
    void start(Stage stage) {
        app = Workbench.withoutChrome(TestStore.open(home), stage, window -> view = (ResearchView) window.view(ResearchView.ID));
        app.window.showView(ResearchView.ID);
    }

    @AfterEach
    void closeEngine() throws Exception {
        view.model().runFinished().handle((r, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        app.charts.forecastLoad().handle((f, e) -> null).get();
        fx(() -> { app.window.closeViews(); return null; });
        app.charts.close();
        app.engine.close();
    }

    /**
     * Without the mouse: Ctrl+Enter validates, Ctrl+Tab leaves the editor, Tab reaches the list of errors, and Enter on an error
     * puts the editor on the node it names (only a click did).
     */
    @Test
    void enterOnAnErrorPutsTheEditorOnItsNode(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        String good = fx(() -> view.specEditor().getText());
        fx(() -> { view.specEditor().setText(good.replace("\"crossover\"", "\"crosover\"")); return null; });
        OnScreen.clickOn(robot, "#spec-editor").press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.ENTER)
                .release(javafx.scene.input.KeyCode.ENTER, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !fx(() -> view.problemList().getItems().isEmpty()));
        robot.press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.TAB).release(javafx.scene.input.KeyCode.TAB, javafx.scene.input.KeyCode.CONTROL);
        for (int i = 0; i < 5 && !fx(() -> view.problemList().isFocused()); i++) robot.type(javafx.scene.input.KeyCode.TAB);
        assertTrue(fx(() -> view.problemList().isFocused()), "Tab reaches the errors");
        fx(() -> { view.specEditor().deselect(); return null; });
        robot.type(javafx.scene.input.KeyCode.HOME); // the first error
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("\"cross\"", fx(() -> view.specEditor().getSelectedText()));
        assertTrue(fx(() -> view.specEditor().isFocused()), "the editor has the keys again");
    }

    @Test
    void aBadSpecIsRefusedWithTheNodeAndFieldNamed(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        assertEquals("research", app.window.shownView());
        String good = fx(() -> view.specEditor().getText());
        assertTrue(good.contains("\"crossover\""), "the editor starts on the example");
        fx(() -> { view.specEditor().setText(good.replace("\"crossover\"", "\"crosover\"")); return null; });
        OnScreen.clickOn(robot, "#validate");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.problemList().getItems().isEmpty());
        java.util.function.Supplier<List<String>> cells = () -> robot.lookup("#spec-problems .list-cell").queryAllAs(ListCell.class).stream()
                .map(c -> c.getText()).filter(t -> t != null && !t.isBlank()).toList();
        // the list makes its cells at the next layout pulse after the items arrive
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !cells.get().isEmpty());
        List<String> shown = cells.get();
        assertTrue(shown.stream().anyMatch(t -> t.startsWith("cross · nodes.cross.type: unknown node type 'crosover'")), shown.toString());
        assertEquals("1 error: nothing can run", robot.lookup("#validation").queryLabeled().getText());
        // clicking the error puts the editor on the node it names
        // the list may make its cells again at a layout pulse between the lookup and the click (it failed so in a full run):
        // look up and click until the editor is on the node
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> {
            ListCell<?> errorCell = robot.lookup("#spec-problems .list-cell").match((ListCell<?> c) -> c.getItem() != null && c.isVisible()).queryAs(ListCell.class);
            try {
                OnScreen.clickOn(robot, errorCell);
            } catch (AssertionError notShowingYet) {
                return false;
            }
            WaitForAsyncUtils.waitForFxEvents();
            return "\"cross\"".equals(fx(() -> view.specEditor().getSelectedText()));
        });

        assertEquals("\"cross\"", fx(() -> view.specEditor().getSelectedText()));

        // fixing the typo and pressing Ctrl+Enter in the editor validates again
        fx(() -> { view.specEditor().setText(good); return null; });
        OnScreen.clickOn(robot, "#spec-editor").press(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.ENTER)
                .release(javafx.scene.input.KeyCode.ENTER, javafx.scene.input.KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "Valid: 30 configurations".equals(robot.lookup("#validation").queryLabeled().getText()));
        assertEquals(good, fx(() -> view.specEditor().getText()), "the shortcut does not type a new line");

        OnScreen.clickOn(robot, "#example-spec");
        OnScreen.clickOn(robot, "#validate");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "Valid: 30 configurations".equals(robot.lookup("#validation").queryLabeled().getText()));
        assertTrue(view.problemList().getItems().isEmpty());

        // the catalogue explains a node when it is picked
        OnScreen.clickOn(robot, robot.lookup("#node-catalogue .list-cell").match((ListCell<?> c) -> c.getItem() instanceof ResearchViewModel.CatalogueNode n
                && n.name().equals("rsi")).queryAs(ListCell.class));
        String help = robot.lookup("#node-help").queryLabeled().getText();
        assertTrue(help.startsWith("rsi (indicator): ") && help.contains("Wilder"), help);
    }

    @Test
    void aSmallSweepShowsItsVerdictStatisticsAndChartsAndIsPhotographed(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        fx(() -> { view.specEditor().setText(ResearchViewModelTest.SMALL_SWEEP); return null; });
        OnScreen.clickOn(robot, "#run-symbols").write("IBM, KO, MSFT");
        OnScreen.clickOn(robot, "#validate");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "Valid: 6 configurations".equals(robot.lookup("#validation").queryLabeled().getText()));
        OnScreen.clickOn(robot, "#run-sweep");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().runFinished().isDone());
        RunDetail run = view.model().runFinished().get();
        assertNotNull(run);
        WaitForAsyncUtils.waitForFxEvents();

        RunDetail stored = app.engine.getRun(run.info().runId());
        assertEquals(List.of("IBM", "KO", "MSFT"), stored.info().symbols());
        assertEquals(1, view.runsTable().getItems().size());
        assertEquals(stored.info().runId(), view.runsTable().getSelectionModel().getSelectedItem().runId(), "the new run is selected");
        assertEquals(stored.statistics().verdict(), view.verdictLabel().getText());
        assertEquals(stored.statistics().verdictText(), robot.lookup("#verdict-text").queryLabeled().getText());
        assertEquals(String.format(Locale.ROOT, "%.3f (N = 6)", stored.statistics().dsr()), robot.lookup("#stat-dsr").queryLabeled().getText());
        assertEquals(String.format(Locale.ROOT, "%.3f", stored.statistics().pbo()), robot.lookup("#stat-pbo").queryLabeled().getText());
        assertEquals(String.format(Locale.ROOT, "%.3f", stored.statistics().placeboPValue()), robot.lookup("#stat-placebo-p").queryLabeled().getText());
        assertTrue(robot.lookup("#stat-psr").tryQuery().isPresent() && robot.lookup("#stat-mintrl").tryQuery().isPresent()
                && robot.lookup("#stat-haircut-sharpe").tryQuery().isPresent());
        assertEquals(stored.statistics().reasons().size(), robot.lookup("#verdict-reasons").queryAs(javafx.scene.layout.VBox.class).getChildren().size());
        assertEquals("Session default: 1 run, 6 configurations tried", robot.lookup("#session-summary").queryLabeled().getText());
        // the bars a year the Sharpe ratios and DSR were annualised with, beside them in the panel and in the runs list
        assertEquals("Figures " + stored.info().annualisation(), robot.lookup("#verdict-annualisation").queryLabeled().getText());
        assertTrue(stored.info().annualisation().startsWith("annualised with 252 bars a year (1d: "), stored.info().annualisation());
        javafx.scene.control.TableCell<?, ?> bars = robot.lookup("#runs-table .table-cell")
                .match((javafx.scene.control.TableCell<?, ?> c) -> c.getTableColumn().getText().equals("Bars/yr") && c.getItem() != null)
                .queryAs(javafx.scene.control.TableCell.class);
        assertEquals("252", bars.getText());
        assertEquals("Figures " + stored.info().annualisation(), fx(() -> bars.getTooltip().getText()), "the whole sentence in the cell's tip");

        EquityDrawdownChart equity = view.equityChart();
        DataSet line = equity.equityDataSets().get(0);
        assertEquals(stored.curve("best").size(), line.getDataCount());
        assertEquals(stored.curve("best").equity()[line.getDataCount() - 1], line.get(DataSet.DIM_Y, line.getDataCount() - 1));
        assertEquals(stored.curve("best").drawdown()[100], equity.drawdownDataSet().get(DataSet.DIM_Y, 100), 1e-12);
        // holding the same symbols, grey and dashed beside the strategy, and its figures under the strategy's
        DataSet holding = equity.equityDataSets().get(equity.equityDataSets().size() - 1);
        assertEquals(2, equity.equityDataSets().size(), "the best curve and holding's");
        assertEquals("holding", holding.getName()); // short: the legend keeps two lines at 1000x700
        assertEquals(stored.curve("benchmark").equity()[holding.getDataCount() - 1], holding.get(DataSet.DIM_Y, holding.getDataCount() - 1));
        assertTrue(holding.getStyle().contains("-fx-line-dash-array"), holding.getStyle());
        assertTrue(robot.lookup("#stat-holding-oos-").queryLabeled().getText().startsWith(
                String.format(Locale.ROOT, "Sharpe %.3f, CAGR", stored.benchmark().outOfSample().sharpe())));
        SweepScatterChart scatter = view.scatterChart();
        assertEquals(6, scatter.pointsDataSet().getDataCount());
        assertEquals(stored.inSample().sharpe(), scatter.chosenDataSet().get(DataSet.DIM_X, 0), 1e-12);
        assertEquals(stored.outOfSample().sharpe(), scatter.chosenDataSet().get(DataSet.DIM_Y, 0), 1e-12);

        // a click on another configuration's dot draws its equity beside the best one
        ResearchViewModel.ChartData data = view.model().chartsProperty().get();
        int other = data.chosenIndex() == 0 ? 1 : 0;
        robot.clickOn(fx(() -> scatter.getCanvas().localToScreen(scatter.getXAxis().getDisplayPosition(data.inSampleSharpe()[other]),
                scatter.getYAxis().getDisplayPosition(data.outOfSampleSharpe()[other]))), javafx.scene.input.MouseButton.PRIMARY);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> equity.equityDataSets().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        int picked = scatter.selectedIndex();
        assertTrue(picked >= 0 && picked != data.chosenIndex(), "a configuration other than the chosen one is selected: " + picked);
        assertEquals(stored.configurations().get(picked).configuration(), app.engine.getRun(run.info().runId()).selectedConfiguration(),
                "the selection is stored with the run");
        assertEquals(stored.curve("best").equity()[50], equity.equityDataSets().get(0).get(DataSet.DIM_Y, 50), "the best curve stays the main one");

        // over the plot the pointer's Sharpe ratios are read out; once the pointer has left the chart no read-out stays. The scatter
        // is at the window's right edge: a pointer leaving the window from its plot kept "0.23, 0.85" beside the dots (and on the
        // docs' picture), as chartfx's crosshair only clears on a move seen elsewhere in the window
        javafx.geometry.Point2D overPlot = fx(() -> scatter.getCanvas().localToScreen(scatter.getCanvas().getWidth() * 0.3, scatter.getCanvas().getHeight() * 0.4));
        robot.moveTo(overPlot);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, fx(() -> readOuts(app.stage.getScene().getRoot())).size(), "the scatter reads out the pointer");
        robot.robotContext().getBaseRobot().moveMouse(fx(() -> outsideTheWindow(app.stage, overPlot)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), fx(() -> readOuts(app.stage.getScene().getRoot())), "read-outs left after the pointer left the window from the scatter");
        OnScreen.moveTo(robot, "#verdict");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), fx(() -> readOuts(app.stage.getScene().getRoot())), "read-outs on the picture");
        WritableImage image = ChartSnapshot.capture(app.stage.getScene().getRoot());
        Path png = ChartSnapshot.writePng(image, Path.of("target", "research.png"));
        Path docs = Pixels.docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("research.png"));
        assertTrue(Files.size(png) > 30_000, "a full window picture");
        // the equity line and the chosen configuration's dot are on the picture, where their charts put them
        Node root = app.stage.getScene().getRoot();
        assertTrue(Pixels.count(image, fx(() -> plotArea(equity.equityChart(), root)), ResearchViewTest::isBlue) > 150, "the equity line is drawn");
        assertTrue(Pixels.count(image, fx(() -> plotArea(equity.drawdownChart(), root)), ResearchViewTest::isRed) > 150, "the drawdown area is drawn");
        Point2D chosen = fx(() -> pixelOf(scatter, root, stored.inSample().sharpe(), stored.outOfSample().sharpe()));
        assertTrue(isOrange(image.getPixelReader().getArgb((int) Math.round(chosen.getX()), (int) Math.round(chosen.getY()))), "the chosen dot at " + chosen);

        // at the smallest size the workstation promises the selected run reads whole
        fx(() -> { app.stage.setWidth(1000); app.stage.setHeight(700); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.writePng(ChartSnapshot.capture(app.stage.getScene().getRoot()), Path.of("target", "research-1000x700.png"));
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("research", app.stage.getScene().getRoot())));
        // the verdict and the figures it rests on are read without scrolling its panel
        Bounds viewport = fx(() -> { Node v = robot.lookup("#verdict-panel .viewport").query(); return v.localToScene(v.getLayoutBounds()); });
        for (String figure : List.of("#verdict", "#stat-dsr", "#stat-pbo", "#stat-placebo-p", "#verdict-annualisation")) {
            Bounds at = fx(() -> { Node n = robot.lookup(figure).query(); return n.localToScene(n.getLayoutBounds()); });
            assertTrue(at.getHeight() > 0 && at.getMinY() >= viewport.getMinY() - 1 && at.getMaxY() <= viewport.getMaxY() + 1
                    && at.getMinX() >= viewport.getMinX() - 1 && at.getMaxX() <= viewport.getMaxX() + 1,
                    figure + " at " + at + " outside the verdict panel's view " + viewport + " at 1000x700");
        }
        // beside the 50-column editor: the three figures the verdict rests on each read on one line ("Placebo p" broke after
        // "Placebo"), and the equity legend names its three curves on one line (it took three, the plot's height)
        assertEquals(List.of(), fx(() -> keyFiguresOnMoreThanOneLine(app.stage.getScene().getRoot())), "at 1000x700");
        assertEquals(1, fx(() -> legendLines(equity)), "the lines of the equity legend at 1000x700");
        // beside the editor too every column of the runs table is in view (it scrolled sideways: the verdict is now under it)
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.columnsOutOfView(view.runsTable())), "the runs table's columns at 1000x700 beside the editor");
        // and the run's name is read whole, wrapped in the room the figures leave (it was cut to "small sma c…")
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.elided(view.runsTable())), "the runs' values cut short at 1000x700 beside the editor");
        // the compose column folds away: the runs table then shows every column without a sideways scroll, the legend keeps one line
        OnScreen.clickOn(robot, "#fold-compose");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> view.specEditor().getScene() == null));
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.writePng(ChartSnapshot.capture(app.stage.getScene().getRoot()), Path.of("target", "research-folded-1000x700.png"));
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.columnsOutOfView(view.runsTable())), "the runs table's columns at 1000x700 with the editor folded");
        assertEquals(1, fx(() -> legendLines(equity)), "the lines of the equity legend with the editor folded");
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("research folded", app.stage.getScene().getRoot())));
        // and comes back as it was, the editor 50 columns wide (ResearchEditorRoomTest measures that on the first showing)
        OnScreen.clickOn(robot, "#fold-compose");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> view.specEditor().getScene() != null));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(() -> view.specEditor().getWidth() >= specColumnsWidth(view.specEditor())),
                "the editor is back at least 50 columns wide: " + fx(() -> view.specEditor().getWidth()));
        // the dark theme's picture, to look at (holding's dashed grey curve on the dark ground); then light again
        fx(() -> { WorkstationTheme.DARK.applyTo(app.stage.getScene()); return null; });
        OnScreen.awaitLayoutPulses(app.stage.getScene(), 4); // the charts draw again in the theme's colours
        WaitForAsyncUtils.waitForFxEvents();
        ChartSnapshot.writePng(ChartSnapshot.capture(app.stage.getScene().getRoot()), Path.of("target", "research-dark-1000x700.png"));
        java.util.function.Supplier<String> holdingStyle = () -> equity.equityDataSets().get(equity.equityDataSets().size() - 1).getStyle();
        assertTrue(holdingStyle.get().contains(EquityDrawdownChart.BENCHMARK_COLOR_ON_DARK), "a lighter grey on the dark plot: " + holdingStyle.get());
        fx(() -> { WorkstationTheme.LIGHT.applyTo(app.stage.getScene()); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(holdingStyle.get().contains(EquityDrawdownChart.BENCHMARK_COLOR), "grey again on the light plot: " + holdingStyle.get());

        // a second run, then opening the first by id (as the pilot queue and other views do) shows it again
        OnScreen.clickOn(robot, "#run-sweep");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().runFinished().isDone() && view.runsTable().getItems().size() == 2);
        fx(() -> { app.window.showView(WorkstationWindow.CHARTS); app.window.openRun(run.info().runId()); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().selectedRunProperty().get().info().runId().equals(run.info().runId()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("research", app.window.shownView());
        assertEquals(run.info().runId(), view.runsTable().getSelectionModel().getSelectedItem().runId());
        assertEquals("Session default: 2 runs, 12 configurations tried", robot.lookup("#session-summary").queryLabeled().getText());
        List<List<String>> csv = TableExports.byMenu(robot, view.runsTable(), home.resolve("runs.csv"));
        assertEquals(List.of("When", "Name", "Symbols", "N", "Verdict", "IS", "OOS", "DSR", "PBO", "Bars/yr"), csv.get(0));
        assertEquals(3, csv.size());
        org.sextant.engine.research.run.RunInfo top = view.runsTable().getItems().get(0);
        assertEquals("6", csv.get(1).get(3));
        assertEquals(top.dsr(), Double.parseDouble(csv.get(1).get(7)), "full precision, not the two decimals shown");
        assertEquals(252.0, Double.parseDouble(csv.get(1).get(9)));
    }

    /** A ruined run is marked in the runs list with the failing colour, not shown like any other verdict. */
    @Test
    void aRuinedRunsVerdictHasTheFailingColour(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        // RuinedRunTest's repro: an SMA 2/3 crossover at 10x on IBM loses everything in October 2000
        String tenTimes = ResearchViewModelTest.SMALL_SWEEP.replace("[10, 20, 40]", "2").replace("[100, 200]", "3")
                .replace("\"fraction\": 1", "\"fraction\": 10").replace("\"cost_bps\": 5, \"slippage_bps\": 5", "\"cost_bps\": 0");
        var ruined = app.engine.backtest(new org.sextant.engine.research.StrategyRunRequest("default", tenTimes, List.of("IBM"), null, null, null, 1));
        var whole = app.engine.backtest(new org.sextant.engine.research.StrategyRunRequest("default", tenTimes.replace("\"fraction\": 10", "\"fraction\": 1"),
                List.of("IBM"), null, null, null, 1));
        assertEquals("ruined", ruined.verdict());
        assertTrue(!whole.verdict().equals("ruined"), whole.verdict());
        view.model().refreshRuns().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.runsTable().getItems().size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        java.util.function.Function<String, javafx.scene.control.TableCell<?, ?>> verdictCell = verdict -> robot.lookup("#runs-table .table-cell")
                .match((javafx.scene.control.TableCell<?, ?> c) -> verdict.equals(c.getItem()) && c.getTableColumn().getText().equals("Verdict"))
                .queryAs(javafx.scene.control.TableCell.class);
        assertTrue(fx(() -> verdictCell.apply("ruined").getStyleClass().contains("error-text")), "the ruined run's verdict is in the failing colour");
        assertTrue(fx(() -> !verdictCell.apply(whole.verdict()).getStyleClass().contains("error-text")), "another verdict is not marked ruined");

        fx(() -> { view.model().selectRun(ruined.runId()); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "ruined".equals(view.verdictLabel().getText()));
        WaitForAsyncUtils.waitForFxEvents(); // the text is set just before the colour, in one event this thread may see half of
        assertEquals(List.of(ResearchPane.FAILING_VERDICT), view.verdictLabel().getStyleClass().stream()
                .filter(c -> c.equals(ResearchPane.verdictStyle("not significant"))).toList(), "the panel's verdict too");
        assertEquals(ResearchPane.FAILING_VERDICT, ResearchPane.verdictStyle("ruined"));
    }

    /** A run whose Sharpe ratio is not above 0 says why its MinTRL is "never", read whole at 1000x700 (it said "never" alone). */
    @Test
    void aNegativeSharpesMinTrlSaysWhyAt1000x700(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        // an SMA 2/3 crossover trades most days: 50 bps a trade leaves IBM's in-sample Sharpe ratio below 0
        String churn = ResearchViewModelTest.SMALL_SWEEP.replace("[10, 20, 40]", "2").replace("[100, 200]", "3")
                .replace("\"cost_bps\": 5", "\"cost_bps\": 50");
        var losing = app.engine.backtest(new org.sextant.engine.research.StrategyRunRequest("default", churn, List.of("IBM"), null, null, null, 1));
        assertTrue(losing.inSample().sharpe() < 0, "the case needs a Sharpe ratio below 0: " + losing.inSample().sharpe());
        view.model().refreshRuns().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        fx(() -> { app.stage.setWidth(1000); app.stage.setHeight(700); view.model().selectRun(losing.runId()); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#stat-mintrl").tryQuery().isPresent()
                && view.model().selectedRunProperty().get() != null && view.model().selectedRunProperty().get().info().runId().equals(losing.runId()));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.Label minTrl = robot.lookup("#stat-mintrl").queryAs(javafx.scene.control.Label.class);
        assertEquals("never (the in-sample Sharpe ratio is not above 0)", minTrl.getText());
        assertTrue(fx(() -> minTrl.getTooltip().getText()).contains("however long"), "the engine's whole sentence in the tip");
        // scrolled to in the verdict panel, as a user reads it (it is under the key figures), for the picture
        javafx.scene.control.ScrollPane panel = robot.lookup("#verdict-panel").queryAs(javafx.scene.control.ScrollPane.class);
        fx(() -> { double room = panel.getContent().getLayoutBounds().getHeight() - panel.getViewportBounds().getHeight();
            panel.setVvalue(Math.min(1, panel.getContent().sceneToLocal(minTrl.localToScene(0, 0)).getY() / room)); return null; });
        WaitForAsyncUtils.waitForFxEvents();
        Bounds viewport = fx(() -> { Node v = robot.lookup("#verdict-panel .viewport").query(); return v.localToScene(v.getLayoutBounds()); });
        Bounds at = fx(() -> minTrl.localToScene(minTrl.getLayoutBounds()));
        assertTrue(at.getMinY() >= viewport.getMinY() - 1 && at.getMaxY() <= viewport.getMaxY() + 1 && at.getMaxX() <= viewport.getMaxX() + 1,
                "MinTRL at " + at + " outside the verdict panel's view " + viewport);
        ChartSnapshot.writePng(ChartSnapshot.capture(app.stage.getScene().getRoot()), Path.of("target", "research-never-1000x700.png"));
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("research, MinTRL never", app.stage.getScene().getRoot())));
    }

    @Test
    void datesAreReadInIsoAndTheLocaleFormatAndAnUnreadableDateStopsTheRun(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        fx(() -> { view.specEditor().setText(ResearchViewModelTest.SMALL_SWEEP); return null; });
        OnScreen.clickOn(robot, "#run-symbols").write("IBM, KO");
        OnScreen.clickOn(robot, "#run-from").write("1995-01-03");
        assertEquals("", robot.lookup("#date-problem").queryLabeled().getText());
        OnScreen.clickOn(robot, "#run-to").write("1995-13-03");
        // shown at once, before the field is left, and Run refuses
        assertEquals("To: '1995-13-03' is not a date; write 1995-01-03 or " + localeShort(java.time.LocalDate.of(1995, 1, 3)),
                robot.lookup("#date-problem").queryLabeled().getText());
        assertTrue(robot.lookup("#run-sweep").queryButton().isDisabled(), "no run on another period than the one shown");
        robot.type(javafx.scene.input.KeyCode.ENTER);
        OnScreen.clickOn(robot, "#run-symbols");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1995-13-03", robot.lookup("#run-to .text-field").queryTextInputControl().getText(), "the unreadable text stays");
        assertEquals(java.time.LocalDate.of(1995, 1, 3), view.model().fromProperty().get(), "ISO is read");
        assertEquals(null, view.model().toProperty().get());

        // the locale's own format is read too; Run runs on exactly these dates
        OnScreen.clickOn(robot, "#run-to .text-field").press(javafx.scene.input.KeyCode.SHORTCUT, javafx.scene.input.KeyCode.A)
                .release(javafx.scene.input.KeyCode.A, javafx.scene.input.KeyCode.SHORTCUT).write(localeShort(java.time.LocalDate.of(2000, 12, 29)));
        assertEquals("", robot.lookup("#date-problem").queryLabeled().getText());
        assertTrue(!robot.lookup("#run-sweep").queryButton().isDisabled());
        OnScreen.clickOn(robot, "#run-sweep");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().runFinished().isDone());
        RunDetail run = view.model().runFinished().get();
        assertEquals(java.time.LocalDate.of(2000, 12, 29), view.model().toProperty().get());
        List<java.time.LocalDate> days = app.engine.getRun(run.info().runId()).curve("best").dates();
        assertTrue(!days.get(0).isBefore(java.time.LocalDate.of(1995, 1, 3)) && !days.get(days.size() - 1).isAfter(java.time.LocalDate.of(2000, 12, 29)),
                days.get(0) + " to " + days.get(days.size() - 1));

        // the equity readout is the curve's value at the nearest trading day, not the pointer's height
        EquityDrawdownChart equity = view.equityChart();
        DataSet line = equity.equityDataSets().get(0);
        int bar = line.getDataCount() / 2;
        double between = line.get(DataSet.DIM_X, bar) + 1.4 * 86_400; // the pointer between two bars
        robot.moveTo(fx(() -> equity.equityChart().getCanvas().localToScreen(equity.equityChart().getXAxis().getDisplayPosition(between),
                equity.equityChart().getCanvas().getHeight() * 0.1)));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> equity.equityReadout().text() != null && !equity.equityReadout().text().isEmpty());
        String readout = equity.equityReadout().text();
        java.time.LocalDate day = java.time.LocalDate.parse(readout.substring(0, 10));
        int at = days.indexOf(day);
        assertTrue(at >= 0, "a trading day of the curve: " + readout);
        assertTrue(Math.abs(at - bar) < line.getDataCount() / 20, "near the pointer: " + readout);
        assertEquals(day + String.format(Locale.ROOT, "  equity %.3f", line.get(DataSet.DIM_Y, at)), readout);
    }

    private static String localeShort(java.time.LocalDate d) {
        return java.time.format.DateTimeFormatter.ofLocalizedDate(java.time.format.FormatStyle.SHORT)
                .withLocale(Locale.getDefault(Locale.Category.FORMAT)).format(d);
    }

    @Test
    void aRunWithoutSymbolsSaysWhatToDo(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !view.catalogueList().getItems().isEmpty());
        OnScreen.clickOn(robot, "#run-sweep");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> view.model().runFinished().isDone());
        WaitForAsyncUtils.waitForFxEvents();
        String error = robot.lookup("#research-error").queryAs(Label.class).getText();
        assertTrue(error.startsWith("Could not start the sweep: no symbols to backtest"), error);
        assertTrue(!robot.lookup("#run-sweep").queryButton().isDisabled(), "Run is enabled again");
        assertTrue(robot.lookup("#cancel-sweep").queryButton().isDisabled(), "nothing to cancel");
    }

    // ---- layout -----------------------------------------------------------------------------

    /** The names and values of the verdict's key figures laid out on more than one line. */
    private static List<String> keyFiguresOnMoreThanOneLine(Node root) {
        List<String> out = new java.util.ArrayList<>();
        Node figures = root.lookup("#verdict-key-figures");
        for (Node n : ((javafx.scene.Parent) figures).getChildrenUnmodifiable()) {
            if (n instanceof javafx.scene.control.Labeled l && l.getHeight() > l.prefHeight(-1) + 2) {
                out.add(String.format(Locale.ROOT, "'%s' %.0f px high, one line is %.0f", l.getText(), l.getHeight(), l.prefHeight(-1)));
            }
        }
        return out;
    }

    /** How many rows the legend of the equity plot lays its curves' names out in. */
    private static long legendLines(EquityDrawdownChart equity) {
        Node legend = equity.equityChart().getLegend().getNode();
        return ((javafx.scene.Parent) legend).getChildrenUnmodifiable().stream().filter(Node::isVisible)
                .mapToLong(n -> Math.round(n.getBoundsInParent().getMinY())).distinct().count();
    }

    /** The width of 50 columns of the editor's font: half a 100-column JSON line. */
    private static double specColumnsWidth(javafx.scene.control.TextArea editor) {
        javafx.scene.text.Text columns = new javafx.scene.text.Text("0".repeat(50));
        columns.setFont(editor.getFont());
        return columns.getLayoutBounds().getWidth();
    }

    /** A point of the screen right of the window (or under it), level with {@code from}: the pointer leaves the window there. */
    private static Point2D outsideTheWindow(Stage stage, Point2D from) {
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getBounds();
        Point2D right = new Point2D(stage.getX() + stage.getWidth() + 10, from.getY());
        Point2D below = new Point2D(from.getX(), stage.getY() + stage.getHeight() + 10);
        if (screen.contains(right)) return right;
        assertTrue(screen.contains(below), "the screen " + screen + " has room beside the window " + stage.getX() + "," + stage.getY()
                + " " + stage.getWidth() + "x" + stage.getHeight());
        return below;
    }

    /** The crosshair read-outs drawn now ("0.23, 0.85" beside the pointer), each as "chart: text". */
    private static List<String> readOuts(Node root) {
        List<String> out = new java.util.ArrayList<>();
        for (Node n : root.lookupAll("." + io.fair_acc.chartfx.plugins.CrosshairIndicator.STYLE_CLASS_LABEL)) {
            if (!(n instanceof javafx.scene.text.Text t) || t.getScene() == null || t.getText() == null || t.getText().isEmpty()) continue;
            boolean drawn = true;
            for (Node p = n; p != null; p = p.getParent()) drawn &= p.isVisible();
            Node chart = n;
            while (chart != null && !(chart instanceof io.fair_acc.chartfx.Chart)) chart = chart.getParent();
            if (drawn) out.add((chart == null ? "?" : chart.getId()) + ": " + t.getText());
        }
        return out;
    }

    // ---- pixels -----------------------------------------------------------------------------

    private static Bounds plotArea(XYChart c, Node root) {
        return root.sceneToLocal(c.getCanvas().localToScene(c.getCanvas().getLayoutBounds()));
    }

    private static Point2D pixelOf(XYChart chart, Node root, double x, double y) {
        return root.sceneToLocal(chart.getCanvas().localToScene(chart.getXAxis().getDisplayPosition(x), chart.getYAxis().getDisplayPosition(y)));
    }

    private static boolean isBlue(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return b > 150 && b - r > 90 && b - g > 40;
    }

    private static boolean isRed(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return r - g > 40 && r - b > 40;
    }

    private static boolean isOrange(int argb) {
        int r = Pixels.red(argb), g = Pixels.green(argb), b = Pixels.blue(argb);
        return r > 180 && r - b > 120 && g > 50 && g < 140;
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
