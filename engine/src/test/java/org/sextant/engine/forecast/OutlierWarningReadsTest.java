package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.testing.TempSextant;

/**
 * The first forecast after an import reads the closes once: its data_warning (the route asks for it right after)
 * comes from the closes the forecast read, not from a second read of the whole series. Counted, not timed.
 */
public class OutlierWarningReadsTest {
    @TempSextant private Sextant engine;

    /**
     * 1600 weekdays of TICK from 2020-01-01 moving about 1% a day at random (seeded), the close of {@code spiked} (or none)
     * 100 times too large: early, before the live forecast's calibration window, so that its bands can be computed.
     */
    public static Path tick(Path dir, LocalDate spiked) throws Exception {
        StringBuilder csv = new StringBuilder("Date,Close\n");
        java.util.Random moves = new java.util.Random(7);
        double close = 100;
        LocalDate d = LocalDate.of(2020, 1, 1);
        for (int n = 0; n < 1600; d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) continue;
            close *= Math.exp(0.01 * moves.nextGaussian());
            csv.append(d).append(',').append(d.equals(spiked) ? close * 100 : close).append('\n');
            n++;
        }
        return Files.writeString(dir.resolve("TICK.csv"), csv);
    }

    @Test
    void theFirstForecastAfterAnImportReadsTheClosesOnce(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(tick(dir, LocalDate.of(2020, 3, 16))));
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService forecasts = new ForecastService(engine.store(), prices, dir.resolve("models"));

        long before = prices.seriesReads();
        forecasts.forecast("tick", "naive", 5, null, "model");           // as the route: the forecast, then its warning
        String warning = forecasts.outlierWarning("TICK", null);
        assertTrue(warning != null && warning.startsWith("TICK: 1 close(s) jump and fall straight back, as a bad tick does: 2020-03-16 (close "), warning);
        assertEquals(1, prices.seriesReads() - before, "one read of TICK's closes for the forecast and its warning");

        engine.importPrices(List.of(tick(dir, LocalDate.of(2020, 5, 15))));
        before = prices.seriesReads();
        forecasts.forecast("TICK", "naive", 5, null, "model");
        String moved = forecasts.outlierWarning("TICK", null);
        assertTrue(moved != null && moved.contains(": 2020-05-15 (close "), "warned afresh after the import: " + moved);
        assertEquals(1, prices.seriesReads() - before, "after the next import too");
    }
}
