package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;

import java.time.LocalDate;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.PriceChart;
import org.sextant.engine.data.PriceSeries;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** The chart's From/To fields show exactly the typed period, and refuse what they cannot show without moving the chart. */
@ExtendWith(ApplicationExtension.class)
class ChartPeriodTest {
    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void fromAndToShowThatPeriodAndABadPeriodIsSaidBesideThem(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> onFx(() -> bench.window.symbolList().getItems().size()) == ChartsViewModelTest.listed(bench.engine, null).size());
        PriceSeries ibm = bench.engine.getClosePrice("IBM", null, null);
        WaitForAsyncUtils.asyncFx(() -> bench.window.openChart("IBM", null)).get();
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> chart.series() != null && chart.series().symbol().equals("IBM")));

        type(robot, "#chart-from", "1995-01-01");
        type(robot, "#chart-to", "1996-06-30");
        OnScreen.clickOn(robot, "#chart-period-show");
        WaitForAsyncUtils.waitForFxEvents();
        LocalDate first = ibm.dates().stream().filter(d -> !d.isBefore(LocalDate.of(1995, 1, 1))).findFirst().orElseThrow();
        LocalDate last = ibm.dates().stream().filter(d -> !d.isAfter(LocalDate.of(1996, 6, 30))).reduce((a, b) -> b).orElseThrow();
        String shown = "IBM daily close, " + first + " to " + last;
        settle(() -> onFx(chart::getTitle).equals(shown));
        String title = onFx(chart::getTitle);
        assertEquals(shown, title);
        LocalDate min = CalendarTicks.fromAxis(onFx(() -> chart.dateAxis().getMin()));
        LocalDate max = CalendarTicks.fromAxis(onFx(() -> chart.dateAxis().getMax()));
        assertTrue(!min.isAfter(first) && min.isAfter(first.minusDays(15)), "the axis starts at " + min);
        assertTrue(!max.isBefore(last) && max.isBefore(last.plusDays(15)), "the axis ends at " + max);
        assertEquals("", onFx(() -> robot.lookup("#chart-period-problem").queryLabeled().getText()));

        // a date the field cannot read, From after To, a period without a close: said beside the fields, the chart stays
        type(robot, "#chart-from", "1995-13-03");
        OnScreen.clickOn(robot, "#chart-period-show");
        settle(() -> problem(robot).startsWith("From: '1995-13-03' is not a date"));
        assertTrue(problem(robot).startsWith("From: '1995-13-03' is not a date"), problem(robot));
        type(robot, "#chart-from", "1997-01-01");
        OnScreen.clickOn(robot, "#chart-period-show");
        settle(() -> problem(robot).startsWith("From 1997-01-01"));
        assertEquals("From 1997-01-01 is after To 1996-06-30: swap them", problem(robot));
        type(robot, "#chart-from", "1850-01-01");
        type(robot, "#chart-to", "1850-12-31");
        OnScreen.clickOn(robot, "#chart-period-show");
        settle(() -> problem(robot).startsWith("No close"));
        assertTrue(problem(robot).startsWith("No close between 1850-01-01 and 1850-12-31"), problem(robot));
        assertEquals(title, onFx(chart::getTitle), "a refused period leaves the chart where it was");
    }

    /**
     * Waits (at most the give-up time) until {@code shown}: a click reaches the window on a later pulse, and an idle window
     * no longer pulses by itself, so one round of FX events can read the field before its answer. The assertions that follow
     * say what was wrong when it never comes.
     */
    private static void settle(Callable<Boolean> shown) {
        try {
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, shown);
        } catch (java.util.concurrent.TimeoutException e) {
            // the assertion after it names what the window shows instead
        }
    }

    private static void type(FxRobot robot, String field, String text) {
        WaitForAsyncUtils.asyncFx(() -> robot.lookup(field).queryAs(javafx.scene.control.DatePicker.class).getEditor().setText(text));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String problem(FxRobot robot) throws Exception {
        return onFx(() -> robot.lookup("#chart-period-problem").queryLabeled().getText());
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get();
    }
}
