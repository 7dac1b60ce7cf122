package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.ListCell;
import javafx.scene.image.PixelReader;
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
        engine = TestStore.open(home);
        model = new ChartsViewModel(engine);
        window = new WorkstationWindow(model);
        window.setOnSymbolShown(shown::add);
        window.show(stage);
        model.start();
    }

    @AfterEach
    void closeEngine() {
        model.close();
        engine.close();
    }

    @Test
    void clickingASymbolChartsItsClosesAndTheWindowIsPhotographed(FxRobot robot) throws Exception {
        assertEquals("Sextant", stage.getTitle());
        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == all.size());
        String status = robot.lookup("#status-summary").queryLabeled().getText();
        assertTrue(status.startsWith(all.size() + " symbols · "), status);

        String target = all.get(all.size() > 1 ? 1 : 0).symbol();
        robot.clickOn(cellOf(robot, target));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(target));
        WaitForAsyncUtils.waitForFxEvents();

        PriceSeries expected = engine.closePrices(target, null, null);
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

        WritableImage image = ChartSnapshot.capture(stage.getScene().getRoot());
        Path png = ChartSnapshot.writePng(image, Path.of("target", "workstation.png"));
        Path docs = docsFolder();
        if (docs != null) ChartSnapshot.writePng(image, docs.resolve("images").resolve("workstation.png"));
        assertTrue(Files.size(png) > 20_000, "a full window picture");
        assertEquals(1200, (int) image.getWidth());
        javafx.geometry.Bounds plot = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot()
                .sceneToLocal(chart.getCanvas().localToScene(chart.getCanvas().getLayoutBounds()))).get();
        int columns = lineColumns(image, plot);
        assertTrue(columns > plot.getWidth() * 0.9, "the line runs across the plot: " + columns + " of " + plot.getWidth() + " columns");
    }

    @Test
    void typingInTheSearchFieldNarrowsTheListAndKeepsTheChart(FxRobot robot) throws Exception {
        List<SymbolInfo> all = engine.listSymbols(null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> window.symbolList().getItems().size() == all.size());
        String first = all.get(0).symbol();
        robot.clickOn(cellOf(robot, first));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(first));

        String target = all.get(all.size() - 1).symbol();
        String query = target.substring(0, Math.min(3, target.length())).toLowerCase();
        List<SymbolInfo> expected = engine.listSymbols(query);
        robot.clickOn("#symbol-search").write(query);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.symbolList().getItems().equals(expected));
        assertTrue(expected.size() < all.size(), "'" + query + "' narrows the list");
        assertEquals(query, model.filterTextProperty().get());
        assertEquals(first, window.chart().series().symbol(), "filtering does not change the chart");

        robot.clickOn(cellOf(robot, target));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> window.chart().series() != null && window.chart().series().symbol().equals(target));
        assertEquals(List.of(first, target), shown);
    }

    /** The project's docs folder (the one holding user-guide.md), wherever the test runs from; null if absent. */
    private static Path docsFolder() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs").resolve("user-guide.md"))) return dir.resolve("docs");
        }
        return null;
    }

    private static ListCell<?> cellOf(FxRobot robot, String symbol) {
        return robot.lookup(".list-cell").match((ListCell<?> cell) -> cell.getItem() instanceof SymbolInfo s
                && s.symbol().equals(symbol)).query();
    }

    /** Columns of the plot holding a pixel of the close line colour (#1565C0). */
    private static int lineColumns(WritableImage image, javafx.geometry.Bounds plot) {
        PixelReader pixels = image.getPixelReader();
        int columns = 0;
        for (int x = (int) plot.getMinX(); x < (int) plot.getMaxX(); x++) {
            for (int y = (int) plot.getMinY(); y < (int) plot.getMaxY(); y++) {
                int argb = pixels.getArgb(x, y);
                int r = (argb >> 16) & 0xff;
                int g = (argb >> 8) & 0xff;
                int b = argb & 0xff;
                if (b > 150 && b - r > 90 && b - g > 40) {
                    columns++;
                    break;
                }
            }
        }
        return columns;
    }
}
