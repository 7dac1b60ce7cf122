package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The readability check of {@link ReadableLayoutTest} fails on a table that cuts its values, naming the column and the text,
 * on a chart whose title or axis label is cut, naming the text, and on a wrapped label that breaks a word, naming the word.
 */
@ExtendWith(ApplicationExtension.class)
class ReadableCheckTest {
    private TableView<String> table;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        table = new TableView<>(FXCollections.observableArrayList("2527"));
        stage.setScene(new Scene(table, 300, 200));
        stage.show();
    }

    @Test
    void aNumberInATooNarrowColumnIsReportedWithItsColumn() throws Exception {
        TableColumn<String, String> closes = Columns.text("Closes", 20, s -> s + ".123456");
        closes.setMaxWidth(20);
        WaitForAsyncUtils.asyncFx(() -> table.getColumns().add(closes)).get();
        WaitForAsyncUtils.waitForFxEvents();
        List<String> found = WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.unreadable("fixture", table)).get();
        assertTrue(found.contains("fixture: column 'Closes' cell '2527.123456' shown as '...'"), found.toString());
    }

    @Test
    void aWrappedLabelTooNarrowForAWordIsReportedWithTheWord() throws Exception {
        javafx.scene.control.Label narrow = new javafx.scene.control.Label("PBO Configurations");
        javafx.scene.control.Label wide = new javafx.scene.control.Label("PBO Configurations");
        for (javafx.scene.control.Label l : List.of(narrow, wide)) l.setWrapText(true);
        narrow.setMaxWidth(50); // narrower than "Configurations": the layout breaks inside it
        wide.setMaxWidth(110); // "PBO" on one line, "Configurations" on the next: between words
        javafx.scene.layout.VBox box = WaitForAsyncUtils.asyncFx(() -> {
            javafx.scene.layout.VBox b = new javafx.scene.layout.VBox(narrow, wide);
            new Scene(b, 300, 200);
            b.applyCss();
            b.resize(300, 200);
            b.layout();
            return b;
        }).get();
        List<String> found = WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.unreadable("fixture", box)).get();
        assertEquals(List.of("fixture: 'PBO Configurations' wraps inside the word 'Configurations'"), found);
        assertTrue(WaitForAsyncUtils.asyncFx(() -> wide.getHeight() > narrow.getFont().getSize() * 2).get(), "the wide label wraps too");
    }

    @Test
    void aChartTitleAndAnAxisLabelTooLongForTheChartAreReported() throws Exception {
        String title = "Equity and drawdown of every configuration, 1991-01-02 to 2001-01-02";
        String axisLabel = "out-of-sample Sharpe ratio of every configuration tried";
        // a scene of its own at a set size, laid out by the check itself: on the suite's shared stage in CI the chart was
        // never given the scene's size (found nothing within a minute), alone it was
        io.fair_acc.chartfx.XYChart chart = WaitForAsyncUtils.asyncFx(() -> {
            io.fair_acc.chartfx.XYChart c = new io.fair_acc.chartfx.XYChart(new io.fair_acc.chartfx.axes.spi.DefaultNumericAxis("in-sample Sharpe"),
                    new io.fair_acc.chartfx.axes.spi.DefaultNumericAxis(axisLabel));
            c.setTitle(title);
            new Scene(c, 300, 200);
            return c;
        }).get();
        java.util.function.Supplier<List<String>> check = () -> {
            try {
                return WaitForAsyncUtils.asyncFx(() -> {
                    chart.applyCss();
                    chart.resize(300, 200);
                    chart.layout();
                    return ReadableLayoutTest.unreadable("fixture", chart);
                }).get();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        try {
            WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, java.util.concurrent.TimeUnit.SECONDS, () -> check.get().size() >= 2);
        } catch (java.util.concurrent.TimeoutException notBoth) {
            // the assertions below say which is missing
        }
        List<String> found = check.get();
        assertTrue(found.stream().anyMatch(f -> f.startsWith("fixture: chart title '" + title + "' shown as '")), found.toString());
        assertTrue(found.stream().anyMatch(f -> f.startsWith("fixture: axis label '" + axisLabel + "' ")), found.toString());
        assertTrue(found.stream().noneMatch(f -> f.contains("in-sample Sharpe")), "a label that fits is not reported: " + found);
    }
}
