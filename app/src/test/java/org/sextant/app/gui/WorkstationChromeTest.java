package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.app.pilot.CommandQueue;
import org.sextant.app.pilot.PilotExecutor;
import org.sextant.charts.ChartSnapshot;
import org.sextant.engine.Json;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import tools.jackson.databind.JsonNode;

/** Menus and shortcuts, the dark theme, the remembered layout, and the window driven by a pilot command. */
@ExtendWith(ApplicationExtension.class)
class WorkstationChromeTest {
    // a layout saved by an earlier run: the Jobs view, dark, a narrower symbol list
    @RegisterExtension final Workbench bench = new Workbench().preparing(h -> Files.writeString(Files.createDirectories(h.root()).resolve(WorkstationLayout.FILE),
            Json.write(new WorkstationLayout(null, null, 1100, 700, false, 0.3, "jobs", "dark"))));
    private final Path home = bench.engine.home().root();
    private CommandQueue queue;

    @AfterEach
    void closeTheQueue() {
        if (queue != null) queue.close();
    }

    @Test
    void theSavedLayoutIsRestoredAndTheChangedOneRemembered(FxRobot robot) throws Exception {
        assertEquals("jobs", bench.window.shownView());
        assertEquals(1100, bench.stage.getWidth(), 1);
        assertEquals(WorkstationTheme.DARK, WorkstationTheme.of(bench.stage.getScene()));

        robot.press(KeyCode.SHORTCUT, KeyCode.DIGIT1).release(KeyCode.DIGIT1, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "charts".equals(bench.window.shownView()));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.3, bench.window.chartSplit().getDividerPositions()[0], 0.01, "the symbol list keeps its saved width");
        robot.press(KeyCode.SHORTCUT, KeyCode.SHIFT, KeyCode.L).release(KeyCode.L, KeyCode.SHIFT, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(WorkstationTheme.LIGHT, WorkstationTheme.of(bench.stage.getScene()));
        WaitForAsyncUtils.asyncFx(() -> bench.window.chartSplit().setDividerPositions(0.25)).get();
        WaitForAsyncUtils.asyncFx(bench.chrome::remember).get();

        JsonNode saved = Json.MAPPER.readTree(Files.readString(home.resolve(WorkstationLayout.FILE)));
        assertEquals("charts", saved.get("view").asString());
        assertEquals("light", saved.get("theme").asString());
        assertEquals(0.25, saved.get("chart_divider").asDouble(), 0.01);
        assertEquals(1100, saved.get("width").asDouble(), 1);
        try (var s = Files.list(home)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "written atomically, no temp file left");
        }
    }

    @Test
    void aBrokenLayoutFileOpensTheDefaultLayout() throws Exception {
        Files.writeString(home.resolve(WorkstationLayout.FILE), "{\"width\": ");
        assertEquals(WorkstationLayout.defaults(), WorkstationLayout.load(home.resolve(WorkstationLayout.FILE)));
    }

    @Test
    void theDarkThemeDarkensTheChartAndTheViews(FxRobot robot) throws Exception {
        bench.show("charts");
        List<String> symbols = ChartsViewModelTest.listed(bench.engine, null).stream().map(s -> s.symbol()).toList();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.symbolList().getItems().size() == symbols.size());
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.chart().drawnForecastMedian() != null);
        WritableImage image = ChartSnapshot.capture(bench.stage.getScene().getRoot());
        javafx.geometry.Bounds plot = WaitForAsyncUtils.asyncFx(() -> bench.stage.getScene().getRoot()
                .sceneToLocal(bench.window.chart().getCanvas().localToScene(bench.window.chart().getCanvas().getLayoutBounds()))).get();
        assertTrue(meanBrightness(image, plot) < 0.3, "the plot area is dark: " + meanBrightness(image, plot));
        bench.photograph("dark");
        // the readouts drawn on the plot are light on the dark canvas
        javafx.geometry.Point2D middle = WaitForAsyncUtils.asyncFx(() -> bench.window.chart().getCanvas().localToScreen(
                bench.window.chart().getCanvas().getWidth() / 2, bench.window.chart().getCanvas().getHeight() / 2)).get();
        robot.moveTo(middle).moveBy(5, 3);
        // the readout is placed at the next pulse after the pointer moved
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".chart-crosshair-label").tryQuery().isPresent());
        javafx.scene.text.Text readout = robot.lookup(".chart-crosshair-label").queryAs(javafx.scene.text.Text.class);
        assertTrue(((javafx.scene.paint.Color) readout.getFill()).getBrightness() > 0.8, "crosshair readout " + readout.getFill());
        bench.show(AnaloguesView.ID);
        AnaloguesView analogues = (AnaloguesView) bench.window.view(AnaloguesView.ID);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(WaitForAsyncUtils.asyncFx(() -> analogues.histogram().baseRateColour().getBrightness()).get() > 0.7, "base-rate line and label");
        bench.show("charts");

        OnScreen.clickOn(robot, "View");
        OnScreen.clickOn(robot, "Light theme");
        WritableImage light = ChartSnapshot.capture(bench.stage.getScene().getRoot());
        assertTrue(meanBrightness(light, plot) > 0.7, "and light again: " + meanBrightness(light, plot));
    }

    @Test
    void theIndicatorEditorItsPanesAndTheComparisonAreDarkToo(FxRobot robot) throws Exception {
        bench.show("charts");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !bench.window.symbolList().getItems().isEmpty());
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.chart().drawnForecastMedian() != null);
        OnScreen.clickOn(robot, "#add-indicator");
        OnScreen.openChoices(robot, "#indicator-kind");
        OnScreen.clickOn(robot, "RSI");
        OnScreen.clickOn(robot, "#indicator-apply");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.studies().chartIndicators().paneCharts().size() == 1);
        OnScreen.clickOn(robot, "#indicator-edit-0"); // the editor stays open in the picture
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Parent root = bench.stage.getScene().getRoot();
        WritableImage image = ChartSnapshot.capture(root);
        bench.photograph("dark-indicators");
        javafx.scene.Node pane = bench.window.studies().chartIndicators().paneCharts().get(0).getCanvas();
        assertTrue(meanBrightness(image, boundsIn(root, pane)) < 0.3, "the RSI pane is dark: " + meanBrightness(image, boundsIn(root, pane)) + " in " + boundsIn(root, pane));
        assertTrue(meanBrightness(image, boundsIn(root, bench.window.studies().editor())) < 0.3, "the indicator editor is dark");
        assertLight(robot.lookup("#indicator-editor .label").queryLabeled());

        OnScreen.clickOn(robot, "#indicator-cancel");
        OnScreen.toggle(robot, "#compare-toggle", true);
        org.sextant.charts.CompareChart compare = WaitForAsyncUtils.asyncFx(() -> bench.window.studies().compareView().chart()).get(); // built by the toggle, read on the FX thread
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> compare.dataSets().size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        image = ChartSnapshot.capture(root);
        assertTrue(meanBrightness(image, boundsIn(root, compare.plot().getCanvas())) < 0.3, "the comparison's plot is dark");
        assertLight(robot.lookup("#compare-legend .label").queryLabeled());
        assertLight(robot.lookup("#compare-bar .label").queryLabeled());
        bench.photograph("dark-compare");
        OnScreen.toggle(robot, "#compare-toggle", false);
    }

    private static javafx.geometry.Bounds boundsIn(javafx.scene.Parent root, javafx.scene.Node n) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> root.sceneToLocal(n.localToScene(n.getLayoutBounds()))).get();
    }

    private static void assertLight(javafx.scene.control.Labeled label) {
        javafx.scene.paint.Paint fill = label.getTextFill();
        assertTrue(fill instanceof javafx.scene.paint.Color c && c.getBrightness() > 0.7, "'" + label.getText() + "' is light on dark: " + fill);
    }

    @Test
    void aPilotCommandSwitchesTheViewAndTheWindowSaysAnAgentDidIt(FxRobot robot) throws Exception {
        queue = new CommandQueue(bench.engine.home(), new PilotExecutor(bench.engine, new WindowPilot(bench.window)),
                n -> javafx.application.Platform.runLater(() -> bench.chrome.showNotice(n)), Clock.systemUTC()).start();
        String symbol = bench.engine.listSymbols(null).get(2).symbol();
        Path pending = bench.engine.home().pendingCommands();
        Files.writeString(pending.resolve(".cmd-1.tmp"),
                "{\"id\": \"cmd-1\", \"command\": \"open_chart\", \"args\": {\"symbol\": \"" + symbol + "\"}, \"created_at\": \"" + Instant.now() + "\"}");
        Files.move(pending.resolve(".cmd-1.tmp"), pending.resolve("cmd-1.json"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        Thread.sleep(1500); // more than one poll
        assertEquals("jobs", bench.window.shownView(), "nothing happens without the flag");
        assertFalse(bench.chrome.notice().isVisible());

        Files.createFile(bench.engine.home().pilotFlag()); // by hand, as the person would
        Path done = bench.engine.home().doneCommands().resolve("cmd-1.json");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> Files.exists(done));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.chrome.notice().isVisible());
        assertEquals("charts", bench.window.shownView());
        assertEquals("Driven by an agent: open chart " + symbol, bench.chrome.notice().getText());
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> bench.window.chart().series() != null && bench.window.chart().series().symbol().equals(symbol));
        assertTrue(Json.MAPPER.readTree(Files.readString(done)).get("ok").asBoolean());

        Files.writeString(pending.resolve("cmd-2.json"), "{\"id\": \"cmd-2\", \"command\": \"select_view\", \"args\": {\"view\": \"agents\"}}");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "agents".equals(bench.window.shownView()));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> bench.chrome.notice().getText().equals("Driven by an agent: show the agents view"));

        // a run the store does not hold: the command fails as the window would, and the view stays
        Files.writeString(pending.resolve("cmd-3.json"), "{\"id\": \"cmd-3\", \"command\": \"open_run\", \"args\": {\"run_id\": \"run-nope\"}}");
        Path failed = bench.engine.home().doneCommands().resolve("cmd-3.json");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> Files.exists(failed));
        JsonNode result = Json.MAPPER.readTree(Files.readString(failed));
        assertFalse(result.get("ok").asBoolean(), result.toString());
        assertEquals("not_found", result.get("fail_reason").asString(), result.toString());
        assertTrue(result.get("error").asString().contains("run-nope"), result.toString());
        assertEquals("agents", bench.window.shownView());
    }

    @Test
    void f1OpensTheUserGuideRenderedSearchableAndEscClosesIt(FxRobot robot) throws Exception {
        robot.press(KeyCode.F1).release(KeyCode.F1);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.chrome.help() != null && bench.chrome.help().stage().isShowing());
        HelpWindow help = bench.chrome.help();
        assertEquals("Sextant user guide", help.stage().getTitle());
        javafx.scene.Parent page = help.stage().getScene().getRoot();
        List<String> texts = WaitForAsyncUtils.asyncFx(() -> page.lookupAll(".guide-run").stream()
                .map(n -> ((javafx.scene.text.Text) n).getText()).toList()).get();
        assertTrue(texts.size() > 100, "the guide's text is drawn: " + texts.size());
        assertTrue(texts.stream().noneMatch(t -> t.contains("**") || t.startsWith("## ") || t.contains("![") || t.contains("|---")),
                "rendered, not raw Markdown");
        assertTrue(help.sections().stream().anyMatch(sec -> sec.title().equals("Analogues: when markets looked like this before")));
        long pictures = WaitForAsyncUtils.asyncFx(() -> page.lookupAll(".image-view").stream()
                .filter(n -> ((javafx.scene.image.ImageView) n).getImage().getWidth() > 500).count()).get();
        assertTrue(pictures >= 5, "the guide's pictures are shown: " + pictures);

        OnScreen.clickOn(robot, "#help-search").write("crosshair");
        WaitForAsyncUtils.waitForFxEvents();
        List<MarkdownView.Section> shown = help.sections().stream().filter(sec -> sec.node().isVisible()).toList();
        assertTrue(!shown.isEmpty() && shown.size() < help.sections().size(), shown.size() + " of " + help.sections().size());
        assertTrue(shown.stream().allMatch(sec -> sec.text().toLowerCase(java.util.Locale.ROOT).contains("crosshair")));
        assertEquals(shown.size() + (shown.size() == 1 ? " section" : " sections"), robot.lookup("#help-matches").queryLabeled().getText());
        bench.photograph("help", help.stage().getScene().getRoot());

        robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(help.stage().isShowing(), "Esc closes the guide");
        robot.press(KeyCode.F1).release(KeyCode.F1);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.chrome.help().stage().isShowing());
        OnScreen.clickOn(robot, "#help-close");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(bench.chrome.help().stage().isShowing(), "and so does Close");
    }

    private static double meanBrightness(WritableImage image, javafx.geometry.Bounds area) {
        PixelReader px = image.getPixelReader();
        double sum = 0;
        int n = 0;
        for (int x = (int) area.getMinX() + 5; x < area.getMaxX() - 5; x += 7) {
            for (int y = (int) area.getMinY() + 5; y < area.getMaxY() - 5; y += 7) {
                sum += px.getColor(x, y).getBrightness();
                n++;
            }
        }
        return sum / n;
    }
}
