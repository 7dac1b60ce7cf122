package org.sextant.engine.research.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.research.ResearchData;

/** The forecast node's series: the real model's forecast at each origin, from the window up to that bar only. */
class ForecastSeriesTest {
    private static final double[] AA = ResearchData.dowJones(1, 700).close()[0];

    @Test
    void eachValueIsTheModelsForecastFromTheWindowEndingAtItsOrigin() {
        int window = 250, every = 20, h = 10;
        double[] s = ForecastSeries.of(ForecastModels.BUILT_IN, AA, "theta", h, ForecastSeries.MEDIAN_RETURN, 0.8, every, window);
        for (int t = 0; t < window - 1; t++) assertTrue(Double.isNaN(s[t]), "no value before the window is full");
        int origin = window - 1 + 3 * every;
        double[] history = Arrays.copyOfRange(AA, origin - window + 1, origin + 1);
        Forecast f = ForecastModels.BUILT_IN.forPrices("theta").forecast(history, 1, h, new double[]{0.8});
        assertEquals(f.median()[h - 1] / AA[origin] - 1, s[origin], 1e-12);
        for (int t = origin; t < origin + every; t++) assertEquals(s[origin], s[t], 0, "held until the next refit");
        assertTrue(s[origin + every] != s[origin], "refitted at the next origin");

        double[] rr = ForecastSeries.of(ForecastModels.BUILT_IN, AA, "theta", h, ForecastSeries.REWARD_RISK, 0.8, every, window);
        assertEquals(RewardRisk.of(f, AA[origin], 0.8, h).ratio(), rr[origin], 1e-12);
    }

    @Test
    void noValueChangesWhenTheFutureIsCutOff() {
        int window = 120, every = 7;
        double[] full = ForecastSeries.of(ForecastModels.BUILT_IN, AA, "drift", 5, ForecastSeries.MEDIAN_RETURN, 0.8, every, window);
        for (int cut : new int[]{window, 300, 451, 699}) {
            double[] past = ForecastSeries.of(ForecastModels.BUILT_IN, Arrays.copyOf(AA, cut + 1), "drift", 5, ForecastSeries.MEDIAN_RETURN, 0.8, every, window);
            for (int t = 0; t <= cut; t++) assertEquals(full[t], past[t], 0, "bar " + t + " with data up to " + cut);
        }
    }

    @Test
    void aWindowShorterThanTheModelNeedsIsRefusedNamingIt() {
        assertEquals("window", assertThrows(SextantException.class,
                () -> ForecastSeries.of(ForecastModels.BUILT_IN, AA, "theta", 5, ForecastSeries.MEDIAN_RETURN, 0.8, 5, 4)).field());
    }
}
