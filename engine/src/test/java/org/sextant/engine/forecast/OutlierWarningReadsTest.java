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
 * comes from the closes the forecast read, not from a second read of the whole series; a bar forecast's or bar
 * backtest's comes from the bars it read, not from a scan of the store. Counted, not timed.
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

    /** A symbol's warning is kept across an import of another symbol, and worked out afresh after one of its own. */
    @Test
    void anImportOfAnotherSymbolKeepsTheWarning(@TempDir Path dir) throws Exception {
        engine.importPrices(List.of(tick(dir, LocalDate.of(2020, 3, 16))));
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService forecasts = new ForecastService(engine.store(), prices, dir.resolve("models"));
        String warning = forecasts.outlierWarning("TICK", null);
        assertTrue(warning != null && warning.contains(": 2020-03-16 (close "), warning);

        Path other = Files.writeString(dir.resolve("OTHER.csv"), Files.readString(tick(dir, null)));
        engine.importPrices(List.of(other));
        long before = prices.seriesReads();
        assertEquals(warning, forecasts.outlierWarning("TICK", null));
        assertEquals(0, prices.seriesReads() - before, "OTHER's import kept TICK's warning: its closes not read again");

        engine.importPrices(List.of(tick(dir, LocalDate.of(2020, 5, 15))));
        String moved = forecasts.outlierWarning("TICK", null);
        assertTrue(moved != null && moved.contains(": 2020-05-15 (close "), "warned afresh after TICK's import: " + moved);
        assertEquals(1, prices.seriesReads() - before, "TICK's closes read once more");
    }

    /**
     * 30,000 1-minute bars of BARS from 2020-01-01 (no session: every bar is read), a walk of up to 0.05% a bar whose
     * closes from bar 20,000 on are halved (a 2:1 split, seen at every interval) times {@code factor}, the last one x5.
     */
    private void bars(double factor) {
        engine.store().inTransaction(c -> {
            try (java.sql.Statement s = c.createStatement()) {
                s.execute("DELETE FROM bars WHERE symbol = 'BARS'");
                s.execute("INSERT INTO bars SELECT 'BARS', '1m', TIMESTAMP '2020-01-01' + i * INTERVAL 1 MINUTE, NULL, NULL, NULL, " + factor
                        + " * 100 * exp(sum(0.0005 * (CAST(hash(i) % 20001 AS BIGINT) - 10000) / 10000.0) OVER (ORDER BY i))"
                        + " * CASE WHEN i >= 20000 THEN 0.5 ELSE 1 END * CASE WHEN i = 29999 THEN 5 ELSE 1 END, NULL, 'test' FROM range(30000) t(i)");
            }
            return null;
        });
    }

    /** The warning of BARS at {@code interval} as the store's query gives it, counted on a repository of its own. */
    private String inStore(String interval) {
        return BarOutliers.of(new PriceRepository(engine.store()), "BARS", interval).warning();
    }

    @Test
    void aBarForecastOrBacktestWarnsFromTheBarsItReadNotFromAScanOfTheStore(@TempDir Path dir) {
        bars(1);
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService forecasts = new ForecastService(engine.store(), prices, dir.resolve("models"));

        long scans = prices.seriesScans(), reads = prices.seriesReads();
        forecasts.forecastBars("BARS", "1h", "naive", 5, null, "model"); // as the route: the forecast, then its warning
        String hourly = forecasts.outlierWarning("BARS", "1h");
        assertTrue(hourly != null && hourly.contains("a 2:1 split"), hourly);
        assertEquals(inStore("1h"), hourly, "the store query's warning");
        forecasts.backtestErrorBars("BARS", "30m", "naive", 5, "50", null, null);
        assertEquals(inStore("30m"), forecasts.outlierWarning("BARS", "30m"));
        assertEquals(0, prices.seriesScans() - scans, "no scan of the store for the warning of bars a forecast or backtest read");
        assertEquals(2, prices.seriesReads() - reads, "one read of the bars per call, for the fit and its warning");

        String chart = forecasts.outlierWarning("BARS", "4h"); // a chart holds no whole series: the store's query
        assertEquals(1, prices.seriesScans() - scans, "a chart's warning is the store's query");
        assertEquals(inStore("4h"), chart);

        bars(3); // an import: the next forecast's warning is worked out afresh, from the bars it reads
        scans = prices.seriesScans();
        forecasts.forecastBars("BARS", "1h", "naive", 5, null, "model");
        String after = forecasts.outlierWarning("BARS", "1h");
        assertEquals(inStore("1h"), after);
        assertTrue(!after.equals(hourly), "the closes tripled: " + after);
        assertEquals(0, prices.seriesScans() - scans);
    }
}
