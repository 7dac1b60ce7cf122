package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.testing.TempSextant;

/**
 * A stored forecast backtest (the chart's verdict and overlays) is shown only while the store holds the closes it read: a
 * re-import correcting every 2020 close kept showing the origins and errors of the wrong closes. Closes added after the
 * backtest's last date change nothing it measured: it stays shown.
 */
class StoredBacktestClosesTest {
    @TempSextant private Sextant engine;
    @TempDir Path tmp;

    @Test
    void aBacktestOfClosesCorrectedSinceIsNotShownAndSaysWhy() throws Exception {
        engine.importPrices(List.of(csv("wrong", 1.2, LocalDate.of(2021, 12, 31)))); // every 2020 close 20% too high
        engine.storeForecastBacktest("FIXB", "naive", 5, "monthly", null, null);
        assertShown();

        engine.importPrices(List.of(csv("right", 1.0, LocalDate.of(2021, 12, 31))));
        ChartData chart = engine.getChartData("FIXB", 504, "naive", 5, null, true);
        assertNull(chart.backtest(), "the verdict of the wrong closes is not shown");
        assertEquals(0, chart.backtestOrigins());
        assertEquals(List.of(), chart.overlays());
        assertTrue(chart.backtestNote().startsWith("the stored naive backtest (horizon 5, run "), chart.backtestNote());
        assertTrue(chart.backtestNote().endsWith("is not shown: the store's closes from 2019-01-02 to 2021-12-31 differ from those the backtest "
                + "read (783 closes there now); run the backtest again"), chart.backtestNote());
        StoredForecastBacktest overlays = engine.backtestOverlays("FIXB", "naive", 5, null, null);
        assertNull(overlays.result());
        assertEquals(List.of(), overlays.forecasts());
        assertEquals(chart.backtestNote(), overlays.staleNote());

        engine.storeForecastBacktest("FIXB", "naive", 5, "monthly", null, null); // run again: shown
        assertShown();
        engine.importPrices(List.of(csv("later", 1.0, LocalDate.of(2022, 1, 14)))); // two more weeks: what it measured is unchanged
        assertShown();
    }

    private void assertShown() {
        ChartData chart = engine.getChartData("FIXB", 504, "naive", 5, null, true);
        assertNotNull(chart.backtest());
        assertTrue(chart.backtestOrigins() > 0);
        assertNull(chart.backtestNote());
        StoredForecastBacktest overlays = engine.backtestOverlays("FIXB", "naive", 5, null, null);
        assertNotNull(overlays.result());
        assertNull(overlays.staleNote());
    }

    /** FIXB's weekday closes 2019-01-02..{@code last}, 2020's times {@code factor2020}. */
    private Path csv(String dir, double factor2020, LocalDate last) throws Exception {
        StringBuilder sb = new StringBuilder("Date,Close\n");
        int i = 0;
        for (LocalDate d = LocalDate.of(2019, 1, 2); !d.isAfter(last); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            double close = (80 + 8 * Math.sin(i / 9.0) + 0.02 * i++) * (d.getYear() == 2020 ? factor2020 : 1);
            sb.append(d).append(',').append(String.format(java.util.Locale.ROOT, "%.4f", close)).append('\n');
        }
        Files.createDirectories(tmp.resolve(dir));
        return Files.writeString(tmp.resolve(dir).resolve("FIXB.csv"), sb);
    }
}
