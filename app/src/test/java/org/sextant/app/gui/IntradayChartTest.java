package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fair_acc.dataset.DataSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.charts.ChartInterval;
import org.sextant.charts.PriceChart;
import org.sextant.charts.TimedBars;
import org.sextant.engine.data.BarSeries;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The USD/CHF 30-minute sample in the Charts view: by bar index, its interval following the zoom, photographed for the user guide. */
@ExtendWith(ApplicationExtension.class)
class IntradayChartTest {
    /** Liveness guard for the background engine calls, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 120;
    private static final long DAY = 86_400;

    /** Opened before the window (and so loading Workbench, which gives TestFX's setup a longer liveness bound). */
    private final org.sextant.engine.Sextant engine = Workbench.openStore();
    private Workbench bench;

    @Start
    void start(Stage stage) {
        bench = new Workbench(engine, stage);
    }

    @AfterEach
    void close() throws Exception {
        bench.close();
    }

    @Test
    void usdChfHasNoWeekendGapItsIntervalFollowsTheZoomAndItsAxisTellsTimes(FxRobot robot) throws Exception {
        PriceChart chart = bench.window.chart();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> bench.charts.infoOf("USDCHF") != null));
        fx(() -> { bench.window.openChart("USDCHF", null); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnBars() != null && "USDCHF".equals(chart.drawnBars().symbol())));
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("30m", fx(() -> bench.window.intervalChoice().getValue()));
        assertEquals(List.of("30m", "1h", "4h", "1d", "1w", "1mo"), fx(() -> List.copyOf(bench.window.intervalChoice().getItems())));
        ChartInterval whole = fx(() -> chart.drawnIntervalProperty().get());
        assertTrue(whole.ordinal() > ChartInterval.M30.ordinal(), "62,496 bars on one screen are drawn coarser: " + whole);
        assertEquals("drawn: " + whole.label, fx(() -> bench.window.drawnInterval().getText()));

        // zoom to a day of trading either side of a weekend: the stored 30-minute bars again, Friday's last beside Sunday's first
        TimedBars stored = fx(() -> chart.intervals().source());
        int friday = firstWeekendAfter(stored, stored.size() / 2);
        double from = fx(() -> chart.axisPositionOf(stored.seconds(friday - 30)));
        double to = fx(() -> chart.axisPositionOf(stored.seconds(friday + 20)));
        fx(() -> { chart.showDates(from, to); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.M30);
        WaitForAsyncUtils.waitForFxEvents();
        DataSet closes = chart.closeDataSet();
        assertTrue(stored.seconds(friday + 1) - stored.seconds(friday) > DAY, "a weekend lies between bar " + friday + " and the next");
        assertEquals(1.0, closes.get(DataSet.DIM_X, friday + 1) - closes.get(DataSet.DIM_X, friday), "across the weekend: one bar further right");
        BarSeries engine = bench.engine.getBars("USDCHF", "30m", null, null);
        assertEquals(engine.bars().get(friday + 1).close(), closes.get(DataSet.DIM_Y, friday + 1));
        // times of day on an intraday view (the axis computes its ticks at the next layout pulse)
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> String.join(" ", fx(() -> chart.dateAxis().timelineLabels())).matches(".*\\b\\d\\d:\\d\\d\\b.*"));
        assertTrue(fx(chart::getTitle).startsWith("USDCHF 30m close, "), fx(chart::getTitle));
        bench.photograph("charts-intraday");

        // zoom out to everything: coarser again; pick 4h: never finer than that
        fx(() -> { chart.showDates(0, stored.size() - 1); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) != ChartInterval.M30);
        fx(() -> { bench.window.intervalChoice().setValue("4h"); return null; }); // a ChoiceBox fires its action on a new value
        double a = fx(() -> chart.axisPositionOf(stored.seconds(friday - 40)));
        double b = fx(() -> chart.axisPositionOf(stored.seconds(friday + 40)));
        fx(() -> { chart.showDates(a, b); return null; });
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> fx(() -> chart.drawnIntervalProperty().get()) == ChartInterval.H4);
    }

    /** The last bar before the first gap of more than a day at or after bar {@code from}. */
    private static int firstWeekendAfter(TimedBars bars, int from) {
        for (int i = from; i + 1 < bars.size(); i++) if (bars.seconds(i + 1) - bars.seconds(i) > DAY) return i;
        throw new AssertionError("no weekend after bar " + from);
    }

    private static <T> T fx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }
}
