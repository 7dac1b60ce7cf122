package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.charts.PriceChart;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The bar above the chart in the real window at 1000×700: the text saying which model drew the fan, its reward/risk
 * and its bands' coverage is read on screen, whole, inside the chart's column (not only in a tooltip), and the fan's
 * check box is named for what it switches, the latest fan or an As of day's.
 */
@ExtendWith(ApplicationExtension.class)
class ChartsForecastBarTest {
    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void theModelAndItsRewardRiskAreReadWholeAboveTheChartAt1000By700() throws Exception {
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("IBM") != null));
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnForecastMedian() != null));
        Label summary = (Label) OnScreen.find("#forecast-summary");
        String model = fx(() -> bench.charts.forecastProperty().get().model());
        WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> summary.getText().startsWith(model + " · 20-day reward/risk")));
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two with the text
        WaitForAsyncUtils.waitForFxEvents();

        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "charts-forecast-bar.png")); // to look at, not for the guide
        String text = fx(summary::getText);
        assertTrue(text.contains("coverage"), text);
        Bounds at = fx(() -> summary.localToScene(summary.getLayoutBounds()));
        assertTrue(at.getWidth() > 100 && at.getHeight() > 0, "the text has room: " + at);
        assertEquals(text, fx(() -> ReadableLayoutTest.shownText(summary)), "whole on screen, wrapped if need be");
        // the reward/risk, then the coverage on a line of its own, wrapped (if at all) between levels, never inside one
        assertTrue(text.contains("\n") && text.substring(text.indexOf('\n')).contains("bands, coverage 80%:"), text);
        List<String> parted = fx(() -> {
            javafx.scene.text.Text drawn = ReadableLayoutTest.labeledText(summary);
            List<String> out = new java.util.ArrayList<>();
            for (int i = text.indexOf("%:"); i >= 0; i = text.indexOf("%:", i + 1)) {
                if (ReadableLayoutTest.caretTop(drawn, i - 2) != ReadableLayoutTest.caretTop(drawn, i + 3)) out.add(text.substring(i - 2, i + 7));
            }
            return out;
        });
        assertEquals(List.of(), parted, "no level parted from its value: " + text);
        Node column = fx(() -> summary.getParent().getParent());
        Bounds shown = fx(() -> column.localToScene(column.getLayoutBounds()));
        assertTrue(at.getMinX() >= shown.getMinX() - 1 && at.getMaxX() <= shown.getMaxX() + 1 && at.getMaxY() <= 700,
                "inside the chart's column, not cut at its edge: " + at + " in " + shown);
        for (String id : List.of("#forecast-toggle", "#backtests-toggle", "#forecast-levels")) {
            Node n = OnScreen.find(id);
            Bounds b = fx(() -> n.localToScene(n.getLayoutBounds()));
            assertTrue(!b.intersects(at), id + " beside or above the text, not over it: " + b + ", " + at);
        }
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("charts", bench.stage.getScene().getRoot())), "readable at 1000x700");
        assertTrue(fx(() -> chart.getHeight()) > 250, "the chart keeps its room");

        // the box hides whichever fan is drawn, the latest or an As of day's: its name says the fan, not "live"
        CheckBox fan = (CheckBox) OnScreen.find("#forecast-toggle");
        assertEquals("Forecast fan", fx(fan::getText));
        assertTrue(fx(() -> fan.getTooltip().getText().contains("As of")), "its tooltip says it switches the As of fan too");
        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "charts-forecast-bar.png")); // to look at, not for the guide
    }

    /**
     * A series trading Saturdays and Sundays: its 20 steps are ten weeks, not four, and the bar said "20-day": it says the days it
     * counts, as the forecast's header does, whole on screen at 1000x700.
     */
    @Test
    void aWeekendSeriesSaysTheDaysItsHorizonCountsAt1000By700(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of("Date,Close"));
        for (java.time.LocalDate d = java.time.LocalDate.of(2022, 1, 1); !d.isAfter(java.time.LocalDate.of(2024, 12, 29)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() >= 6) lines.add(d + "," + (100 + lines.size() % 7 + 0.01 * lines.size()));
        }
        bench.engine.importPrices(List.of(java.nio.file.Files.write(dir.resolve("WKEND.csv"), lines)));
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        fx(() -> { bench.window.openChart("WKEND", null); return null; });
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnForecastMedian() != null
                && bench.charts.forecastProperty().get() != null && "WKEND".equals(bench.charts.forecastProperty().get().symbol())));
        Label summary = (Label) OnScreen.find("#forecast-summary");
        String model = fx(() -> bench.charts.forecastProperty().get().model());
        WaitForAsyncUtils.waitFor(Workbench.GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> summary.getText().startsWith(model + " · ")));
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two with the text
        WaitForAsyncUtils.waitForFxEvents();
        String text = fx(summary::getText);
        assertTrue(text.startsWith(model + " · 20 trading days (Saturday, Sunday) reward/risk"), text);
        assertTrue(!text.contains("-day"), text);
        assertEquals(text, fx(() -> ReadableLayoutTest.shownText(summary)), "whole on screen, wrapped if need be");
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("charts", bench.stage.getScene().getRoot())), "readable at 1000x700");
        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "charts-forecast-bar-weekend.png")); // to look at, not for the guide
    }

    private static <T> T fx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
