package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.ForecastFan;
import org.sextant.charts.PriceChart;
import org.sextant.engine.data.PriceSeries;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Charts view's "As of" in the real window at 1000×700, by keyboard: a past Friday typed in the field draws that
 * forecast's fan from its start with a quarter of closes before it and the closes that followed under it, the count each
 * band held beside the field; a day before the closes is the engine's refusal there, in no dialog; Latest goes back.
 * Photographed for the user guide.
 */
@ExtendWith(ApplicationExtension.class)
class ChartsAsOfViewTest {
    /** Liveness guard for the forecast jobs, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 300;
    private static final LocalDate FRIDAY = LocalDate.of(2000, 6, 30);

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void aPastDayTypedInAsOfDrawsItsFanFromItsStartOverTheClosesThatFollowedAndSaysHowTheBandsHeld(FxRobot robot) throws Exception {
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("IBM") != null));
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnForecastMedian() != null));
        LocalDate latest = fx(() -> chart.forecast().origin());
        Label line = robot.lookup("#as-of-line").queryAs(Label.class); // empty (no width) until a day is picked
        DatePicker field = (DatePicker) OnScreen.find("#as-of");
        assertTrue(fx(() -> field.getTooltip().getText().startsWith("Forecast as if on this past day")), "the control says what it does");

        // Alt+A reaches the field from the keyboard; the day typed and Enter run the job
        OnScreen.clickOn(robot, "#symbol-search");
        robot.press(KeyCode.ALT, KeyCode.A).release(KeyCode.A, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fx(() -> field.getEditor().isFocused()), "Alt+A focuses the As of field");
        robot.write("2000-06-30").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> line.getText().startsWith("as of 2000-06-30: 80% band held ")));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.forecast() != null && chart.forecast().origin().equals(FRIDAY)));
        assertEquals(fx(() -> bench.charts.asOf().lineProperty().get()), fx(line::getText));

        ForecastFan fan = fx(chart::forecast);
        LocalDate lastStep = fan.targetDates().get(fan.targetDates().size() - 1);
        assertEquals(CalendarTicks.toAxis(fan.targetDates().get(0)), fx(() -> chart.drawnForecastMedian().get(0, 0)), 1e-6, "the fan starts at its first step");
        PriceSeries ibm = bench.engine.getClosePrice("IBM", null, null);
        int start = ibm.dates().indexOf(FRIDAY);
        LocalDate min = CalendarTicks.fromAxis(fx(() -> chart.dateAxis().getMin()));
        LocalDate max = CalendarTicks.fromAxis(fx(() -> chart.dateAxis().getMax()));
        assertEquals(ibm.dates().get(start - WorkstationWindow.FOCUS_DAYS), min, "a quarter of closes before the start");
        assertTrue(!max.isBefore(lastStep) && max.isBefore(lastStep.plusDays(10)), "to the last step " + lastStep + ": " + max);
        assertEquals(FRIDAY, fx(chart::markedDay), "the start marked");
        String title = fx(chart::getTitle);
        assertTrue(!LocalDate.parse(title.substring(title.length() - 10)).isBefore(ibm.dates().get(start + 20)), "the closes that followed drawn under the fan: " + title);
        bench.photograph("charts-as-of");
        assertReadable(line);

        // a day before the first close: the engine's refusal beside the field, no dialog, no fan of another day
        robot.press(KeyCode.ALT, KeyCode.A).release(KeyCode.A, KeyCode.ALT);
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write("1850-01-01").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> line.getText().startsWith("Could not forecast 'IBM' as of 1850-01-01: as_of 1850-01-01 is before IBM's first close")));
        assertTrue(fx(() -> line.getStyleClass().contains("error-text")), "said as an error");
        assertEquals(1, fx(() -> robot.listWindows().stream().filter(w -> w instanceof javafx.stage.Stage && w.isShowing()).count()), "no dialog");
        assertTrue(fx(() -> chart.drawnForecastMedian() == null), "no fan");

        // Latest: the latest forecast on the opening view
        OnScreen.clickOn(robot, "#as-of-latest");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.forecast() != null && chart.forecast().origin().equals(latest)));
        assertEquals("", fx(line::getText));
        assertTrue(fx(() -> field.getEditor().getText().isEmpty() && field.getValue() == null));
        assertEquals(null, fx(chart::markedDay));
        assertTrue(!CalendarTicks.fromAxis(fx(() -> chart.dateAxis().getMax())).isBefore(ibm.dates().get(ibm.size() - 1)), "back to the last closes");
    }

    @Test
    void onASymbolWithAdjustedClosesTheAxisAndTheLineSayAdjustedAndTheFanGrowsFromTheDrawnClose(FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        bench.engine.importPrices(List.of(SplitPrices.write(dir)));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf(SplitPrices.SYMBOL) != null));
        fx(() -> { bench.window.openChart(SplitPrices.SYMBOL, null); return null; });
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnForecastMedian() != null));
        assertEquals("adjusted close", fx(() -> chart.priceAxis().getAxisLabel().getText()), "the axis says which closes are drawn");
        Label line = robot.lookup("#as-of-line").queryAs(Label.class);

        // a day, then another typed at once: the second day's forecast is the one drawn, no refusal on the way
        OnScreen.clickOn(robot, "#symbol-search");
        LocalDate second = FRIDAY.plusWeeks(1);
        for (LocalDate day : List.of(FRIDAY, second)) {
            robot.press(KeyCode.ALT, KeyCode.A).release(KeyCode.A, KeyCode.ALT);
            robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
            robot.write(day.toString()).type(KeyCode.ENTER);
        }
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.forecast() != null && chart.forecast().origin().equals(second)));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> line.getText().startsWith("as of " + second + ", on adjusted closes: 80% band held ")));
        assertTrue(fx(() -> !line.getStyleClass().contains("error-text")), line.getText());
        ForecastFan fan = fx(chart::forecast);
        int start = fx(() -> chart.series().dates().indexOf(second));
        assertEquals(fan.lastClose(), fx(() -> chart.series().close()[start]), 1e-9, "the fan grows from the close drawn at its start");
        double median = fan.median()[0], drawnNext = fx(() -> chart.series().close()[start + 1]);
        assertTrue(Math.abs(Math.log(drawnNext / median)) < 0.2, "the next close drawn near the fan's first median: " + drawnNext + " vs " + median);
        assertEquals("adjusted close", fx(() -> chart.priceAxis().getAxisLabel().getText()));
        assertTrue(fx(chart::getTitle).startsWith("SPLITX daily adjusted close, "), "the title too: " + fx(chart::getTitle));
        WaitForAsyncUtils.waitForFxEvents();
        org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                java.nio.file.Path.of("target", "charts-as-of-adjusted.png")); // to look at, not for the guide
        assertReadable(line);
    }

    @Test
    void aDayTypedAndRunBacktestWhileAnotherJobWritesSayWhichJobTheyWaitForAndStopWaitingGivesEachUp(FxRobot robot) throws Exception {
        fx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
            return null;
        });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("IBM") != null));
        fx(() -> { bench.window.openChart("IBM", null); return null; });
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnForecastMedian() != null));
        LocalDate latest = fx(() -> chart.forecast().origin());
        Label line = robot.lookup("#as-of-line").queryAs(Label.class);
        Node stopBacktest = robot.lookup("#backtest-stop-waiting").query(); // hidden: not on screen yet
        Node stopDay = robot.lookup("#as-of-stop-waiting").query();
        Node runBacktest = robot.lookup("#run-backtest").query();
        assertTrue(fx(() -> !stopBacktest.isVisible() && !stopDay.isVisible()), "no Stop waiting while nothing waits");
        org.sextant.engine.jobs.JobStatus elsewhere;
        // another write holds the store, so the job started elsewhere (as an agent starts one) runs while the day is typed
        try (org.sextant.engine.testing.HeldStore held = org.sextant.engine.testing.HeldStore.hold(bench.engine.store())) {
            elsewhere = bench.engine.startForecast(List.of("KO"), null, null, false);
            OnScreen.clickOn(robot, "#symbol-search");
            robot.press(KeyCode.ALT, KeyCode.A).release(KeyCode.A, KeyCode.ALT);
            robot.write(FRIDAY.toString()).type(KeyCode.ENTER);
            String waits = "The forecast 'IBM' as of " + FRIDAY + " waits for job " + elsewhere.id() + " (KO:";
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> line.getText().startsWith(waits) || line.getStyleClass().contains("error-text")));
            assertTrue(fx(line::getText).startsWith(waits), "said beside the field, not refused: " + fx(line::getText));
            assertTrue(fx(line::getText).endsWith("(at most 10 min)"), "the wait's bound said: " + fx(line::getText));
            assertTrue(fx(() -> !line.getStyleClass().contains("error-text")), "a wait, not an error");
            // Run backtest meanwhile: it waits too, saying so under the button, whole
            OnScreen.clickOn(robot, "#run-backtest");
            Label status = robot.lookup("#backtest-status").queryAs(Label.class);
            String backtestWaits = "The backtest of IBM waits for job " + elsewhere.id() + " (KO:";
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> status.getText().startsWith(backtestWaits) || bench.charts.errorProperty().get() != null));
            assertTrue(fx(status::getText).startsWith(backtestWaits), fx(status::getText) + " / " + fx(() -> bench.charts.errorProperty().get()));
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> stopBacktest.isVisible() && stopDay.isVisible()));
            OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two with the status's text
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(fx(status::getText), fx(() -> ReadableLayoutTest.shownText(status)), "whole on screen, wrapped");
            org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(bench.stage.getScene().getRoot()),
                    java.nio.file.Path.of("target", "charts-as-of-waits.png")); // to look at, not for the guide
            assertReadable(line);
            assertInside(stopBacktest);
            // the dark theme: both waiting lines legible, the buttons inside the window
            OnScreen.clickOn(robot, "View");
            OnScreen.clickOn(robot, "#menu-theme-dark");
            WaitForAsyncUtils.waitForFxEvents();
            OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4);
            Pixels.assertLegible(bench.stage.getScene().getRoot(), line, (javafx.scene.paint.Color) fx(line::getTextFill), "charts-as-of-waits-dark");
            Pixels.assertLegible(bench.stage.getScene().getRoot(), status, (javafx.scene.paint.Color) fx(status::getTextFill), "charts-backtest-waits-dark");
            assertReadable(line);
            assertInside(stopBacktest);

            // Stop waiting under the backtest: given up, Run backtest can be pressed again
            OnScreen.clickOn(robot, "#backtest-stop-waiting");
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> status.getText().isEmpty() && !stopBacktest.isVisible()
                    && !runBacktest.isDisabled()));
            assertTrue(fx(() -> line.getText().startsWith(waits)), "the day still waits: " + fx(line::getText));
        }
        // the day ran once the other job ended; the backtest given up never did
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> line.getText().startsWith("as of 2000-06-30: 80% band held ")
                && chart.forecast() != null && chart.forecast().origin().equals(FRIDAY)));
        assertEquals(org.sextant.engine.jobs.JobState.SUCCEEDED, bench.engine.jobs().status(elsewhere.id()).state(), "the job waited for was left to end");
        assertEquals(List.of(), bench.engine.jobs().list().stream().filter(j -> j.kind().equals("forecast_backtest")).toList(), "no backtest ran");
        assertEquals(null, fx(() -> bench.charts.errorProperty().get()));

        // Stop waiting beside As of: the day given up as Latest gives it up, the line saying which forecast was not made
        LocalDate second = FRIDAY.plusWeeks(1);
        try (org.sextant.engine.testing.HeldStore held = org.sextant.engine.testing.HeldStore.hold(bench.engine.store())) {
            // AA: KO's forecast is stored by now, and a job finding it stored ends without waiting for the writer
            org.sextant.engine.jobs.JobStatus again = bench.engine.startForecast(List.of("AA"), null, null, false);
            OnScreen.clickOn(robot, "#symbol-search");
            robot.press(KeyCode.ALT, KeyCode.A).release(KeyCode.A, KeyCode.ALT);
            robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
            robot.write(second.toString()).type(KeyCode.ENTER);
            DatePicker field = (DatePicker) OnScreen.find("#as-of");
            try {
                WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> stopDay.isVisible() || line.getStyleClass().contains("error-text")));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("no wait shown: line '" + fx(line::getText) + "', field '" + fx(() -> field.getEditor().getText()) + "' = " + fx(field::getValue), e);
            }
            assertTrue(fx(line::getText).contains("waits for job " + again.id()), fx(line::getText));
            OnScreen.clickOn(robot, "#as-of-stop-waiting");
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("Stopped waiting: the forecast 'IBM' as of " + second + " was not made", fx(line::getText));
            assertTrue(fx(() -> field.getValue() == null && field.getEditor().getText().isEmpty() && !stopDay.isVisible()), "the field emptied, the button gone");
        }
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.forecast() != null && chart.forecast().origin().equals(latest)));
        assertEquals(List.of(), bench.engine.jobs().list().stream().filter(j -> j.subjects().get(0).endsWith(":as_of=" + second)).toList(), "the day given up never ran");
    }

    /** Inside the window at 1000x700, not cut. */
    private static void assertInside(Node n) throws Exception {
        Bounds b = fx(() -> n.localToScene(n.getLayoutBounds()));
        assertTrue(b.getMaxY() <= 700 && b.getMaxX() <= 1000 + 1 && b.getHeight() > 0 && b.getWidth() > 0, n.getId() + " inside the window: " + b);
    }

    /** The line read whole (on screen, or in its tooltip when cut), inside the window, the chart keeping its room and its title whole. */
    private void assertReadable(Label line) throws Exception {
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 4); // a layout pulse or two with the line's text
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Parent root = bench.stage.getScene().getRoot();
        assertEquals(List.of(), fx(() -> ReadableLayoutTest.unreadable("charts", root)), "readable at 1000x700");
        Bounds at = fx(() -> line.localToScene(line.getLayoutBounds()));
        assertTrue(at.getMaxY() <= 700 && at.getMaxX() <= 1000 + 1 && at.getHeight() > 0, "inside the window: " + at);
        assertEquals(fx(line::getText), fx(() -> ReadableLayoutTest.shownText(line)), "whole on screen, wrapped if need be");
        for (String id : List.of("#as-of", "#as-of-latest")) {
            Node n = OnScreen.find(id);
            Bounds b = fx(() -> n.localToScene(n.getLayoutBounds()));
            assertTrue(b.getMaxX() <= at.getMinX() + 1 || b.getMaxY() <= at.getMinY() + 1, id + " beside or above the line, not over it: " + b + ", " + at);
        }
        double chart = fx(() -> bench.window.chart().getHeight());
        assertTrue(chart > 250, "the chart keeps its room: " + chart + " px");
    }

    private static <T> T fx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
