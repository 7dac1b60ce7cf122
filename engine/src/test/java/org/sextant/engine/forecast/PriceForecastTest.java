package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceForecastTest {
    private static PriceSeries series(double[] adj) {
        List<LocalDate> dates = new ArrayList<>();
        LocalDate d = LocalDate.of(2026, 1, 5); // a Monday
        while (dates.size() < adj.length) {
            if (d.getDayOfWeek().getValue() <= 5) dates.add(d);
            d = d.plusDays(1);
        }
        double[] close = adj.clone();
        return new PriceSeries("TEST", dates.get(0), dates.get(dates.size() - 1), dates, close, adj);
    }

    @Test
    void forecastsAdjustedClosesOnBusinessDaysWithRewardRisk() {
        double[] adj = new double[120];
        for (int i = 0; i < adj.length; i++) adj[i] = 100 * Math.exp(0.001 * i + 0.01 * Math.sin(i));
        PriceForecast pf = PriceForecast.of(ForecastModels.BUILT_IN, series(adj), "drift", 10, Forecaster.DEFAULT_LEVELS);
        assertEquals(10, pf.targetDates().size());
        assertTrue(pf.targetDates().stream().allMatch(d -> d.getDayOfWeek().getValue() <= 5));
        assertTrue(pf.targetDates().get(0).isAfter(pf.origin()));
        assertEquals(adj[119], pf.lastClose(), 0);
        assertEquals(3, pf.rewardRisk().size());
        // upward drift on the log scale: the upside to the upper band exceeds the downside
        assertTrue(pf.rewardRisk().get(0).ratio() > 1);
        assertEquals("log_drift", pf.model());
    }

    @Test
    void nonPositivePricesAreRefused() {
        double[] adj = {10, 11, 0, 12, 13, 14};
        SextantException e = assertThrows(SextantException.class, () -> PriceForecast.of(ForecastModels.BUILT_IN, series(adj), "naive", 5, Forecaster.DEFAULT_LEVELS));
        assertEquals("history", e.field());
    }
}
