package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;
import org.sextant.engine.testing.TempSextant;

/**
 * A short history: 12 closes got a "99%" band 260 days ahead lying wholly above every close seen, with
 * an "empirical coverage" of 1.0 from one origin. A live forecast looks no further ahead than its
 * history, and a coverage from fewer than 30 origins is null with a note saying why.
 */
class ShortHistoryForecastTest {
    @TempSextant private Sextant engine;

    @Test
    void aHorizonLongerThanTheHistoryIsRefusedNamingTheLongestItSupports() {
        int closes = engine.getClosePrice("MSFT.OHLCV", null, null).size();
        SextantException daily = assertThrows(SextantException.class, () -> engine.getForecast("MSFT.OHLCV", "naive", 260, null));
        assertEquals("invalid_input", daily.failReason());
        assertEquals("horizon", daily.field());
        assertTrue(daily.fix().startsWith("set horizon to " + closes + " or less"), daily.fix());
        assertNotNull(engine.getForecast("MSFT.OHLCV", "naive", closes, null), "the longest it names is served");

        int months = engine.getBars("KO", "1mo", null, null).size();
        SextantException monthly = assertThrows(SextantException.class, () -> engine.getForecast("KO", "1mo", "naive", 260, null, null));
        assertEquals("horizon", monthly.field());
        assertTrue(monthly.getMessage().contains("longer than the " + months + " bars of history"), monthly.getMessage());
    }

    @Test
    void coverageFromFewerThanThirtyOriginsIsNullWithANote() {
        List<LocalDate> dates = new ArrayList<>();
        double[] close = new double[12];
        LocalDate d = LocalDate.of(2010, 1, 4);
        while (dates.size() < 12) {
            if (d.getDayOfWeek().getValue() <= 5) {
                close[dates.size()] = 100 + dates.size() % 3;
                dates.add(d);
            }
            d = d.plusDays(1);
        }
        PriceSeries tiny = new PriceSeries("TINYX", dates.get(0), dates.get(11), dates, close, null);
        PriceForecast f = PriceForecast.calibrated(ForecastModels.BUILT_IN, tiny, "naive", 6, ForecastScan.LEVELS, BandCalibration.CONFORMAL);
        assertEquals(ForecastScan.LEVELS.length, f.coverage().size());
        for (LevelCoverage c : f.coverage()) {
            assertTrue(c.origins() < CalibrationNotes.MIN_COVERAGE_ORIGINS, "origins " + c.origins());
            assertNull(c.empirical(), "a coverage from " + c.origins() + " origin(s) is not measured");
        }
        assertTrue(f.calibrationNote().contains("empirical coverage is null: " + f.coverage().get(0).origins() + " walk-forward origin(s)"),
                f.calibrationNote());

        // thousands of closes: measured, no such note
        PriceForecast ko = engine.getForecast("KO", "naive", 20, null);
        assertTrue(ko.coverage().get(0).origins() >= CalibrationNotes.MIN_COVERAGE_ORIGINS && ko.coverage().get(0).empirical() != null);
        assertTrue(ko.calibrationNote() == null || !ko.calibrationNote().contains("empirical coverage is null"), ko.calibrationNote());
    }
}
