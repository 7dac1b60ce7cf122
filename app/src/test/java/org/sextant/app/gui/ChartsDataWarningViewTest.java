package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real window at 1000×700 shows the data warning of what the Charts view draws, one line under the toolbars with the
 * whole text in its tooltip, legible in the light and the dark theme, the chart keeping its room: a symbol whose daily
 * closes are dated weekly, with its live forecast and after Run backtest (the stored backtest's), and bars with a probable
 * split, after Run backtest at their interval. Photographed for the user guide.
 */
@ExtendWith(ApplicationExtension.class)
class ChartsDataWarningViewTest {
    /** Liveness guard for the forecasts and backtests, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 300;

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void theWarningOfWeeklyClosesAndOfSplitBarsShowsUnderTheToolbarsWithTheChartInView(FxRobot robot) throws Exception {
        Path files = Files.createTempDirectory("sextant-warned-");
        WarnedPrices.importInto(bench.engine, files);
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        Label line = bench.window.dataWarning();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("WEEKX") != null && bench.charts.infoOf("STEPH") != null));

        // the weekly closes: the live forecast's warning, then Run backtest's stored one, the same text once
        String weekly = bench.engine.outlierWarning("WEEKX", null);
        fx(() -> { bench.window.openChart("WEEKX", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.window.chart().drawnForecastMedian() != null));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(line::isVisible));
        assertEquals("\u26a0 " + weekly, fx(line::getText));
        OnScreen.clickOn(robot, "#run-backtest");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.backtestProperty().get() != null
                && bench.charts.backtestProperty().get().result() != null && !bench.window.chart().drawnBacktestMedians().isEmpty()));
        assertEquals(weekly, fx(() -> bench.charts.backtestProperty().get().dataWarning()), "the stored backtest's");
        assertEquals("\u26a0 " + weekly, fx(line::getText), "once");
        assertShownWithTheChart(line);
        for (String theme : List.of("dark", "light")) {
            OnScreen.clickOn(robot, "View");
            OnScreen.clickOn(robot, "#menu-theme-" + theme);
            WaitForAsyncUtils.waitForFxEvents();
            assertLegible(line, theme);
        }
        bench.photograph("charts-data-warning");

        // bars with a probable split: their forecast's warning, and after Run backtest the walk-forward's
        String split = bench.engine.outlierWarning("STEPH", "1h");
        fx(() -> { bench.window.openChart("STEPH", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> ("\u26a0 " + split).equals(line.getText())));
        OnScreen.clickOn(robot, "#run-backtest");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.backtestProperty().get() != null
                && bench.charts.barBacktestProperty().get() != null));
        assertEquals(split, fx(() -> bench.charts.backtestProperty().get().dataWarning()), "the walk-forward of the bars");
        assertEquals("\u26a0 " + split, fx(line::getText));
        assertShownWithTheChart(line);

        // a symbol without a warning: the line goes and gives its room back
        fx(() -> { bench.window.openChart("DAYX", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.window.chart().drawnForecastMedian() != null && !line.isVisible()));
        assertTrue(fx(() -> !line.isManaged()), "no room kept for it");
    }

    /** On screen whole or with its whole text in the tooltip, inside the window, the chart still tall under it, its title whole. */
    private void assertShownWithTheChart(Label line) throws Exception {
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two with the warning's text
        WaitForAsyncUtils.waitForFxEvents();
        Parent root = bench.stage.getScene().getRoot();
        // the line is read whole (on screen, or from its tooltip when cut short); the rest of the view is ReadableLayoutTest's
        String mark = "charts: '\u26a0";
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("charts", root)).stream()
                .filter(u -> u.startsWith(mark) || u.startsWith("charts: chart title")).toList(), "readable at 1000x700");
        Bounds at = fx(() -> line.localToScene(line.getLayoutBounds()));
        assertTrue(at.getMaxY() <= 700 && at.getMaxX() <= 1000 + 1 && at.getHeight() > 0, "inside the window: " + at);
        assertEquals(fx(line::getText), fx(() -> line.getTooltip().getText()), "the whole text in its tooltip");
        double chart = fx(() -> bench.window.chart().getHeight());
        assertTrue(chart > 250, "the chart keeps its room: " + chart + " px");
    }

    /** The warning's colour against what is drawn behind it: WCAG AA. */
    private void assertLegible(Label line, String theme) throws Exception {
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4);
        WaitForAsyncUtils.waitForFxEvents();
        Pixels.assertLegible(bench.stage.getScene().getRoot(), line, (Color) fx(line::getTextFill), "charts-data-warning-" + theme);
        assertTrue(fx(() -> !line.getStyle().contains("-fx-text-fill")), "the theme's colour");
    }

    private static <T> T fx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
