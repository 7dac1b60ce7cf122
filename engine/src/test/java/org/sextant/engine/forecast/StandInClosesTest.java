package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The closes a scan import keeps for the own-median stand-ins: only those of the forecasts the budget's share reaches,
 * drawn at random, however many forecasts are added; the replay's sample ranks exactly those by their own median.
 */
class StandInClosesTest {
    private static final double FIT = ScanStoreRanks.fitSeconds("arima", 300);

    @Test
    void onlyTheClosesTheSharesDrawReachesAreKept() {
        ScanReplay replay = new ScanReplay(2 * 5.5 * FIT, 1, new Random(3)); // half of it: five stand-in fits
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, replay);
        for (int i = 0; i < 400; i++) {
            own.add(i % 4 == 0 ? "drift" : "arima", 5, walk(300, i));
            assertTrue(own.order(null, null).size() <= 6, "at most the five the share reaches and the first past it, after " + (i + 1));
        }
        assertEquals(0, own.seconds(0), "drift's line: no fit");
        assertEquals(FIT, own.seconds(1));
        List<Integer> reached = own.order(null, null).subList(0, 5);
        assertNotEquals(List.of(1, 2, 3, 5, 6), reached, "drawn, not the files' order");
        assertTrue(reached.stream().allMatch(i -> i % 4 != 0), reached.toString());
        for (int i : reached) assertEquals(ForecastScan.LEVELS.length, own.ratios(i).length);
        int past = own.order(null, null).get(5);
        assertThrows(IllegalStateException.class, () -> own.ratios(past), "the first past the share: its closes were not kept");
    }

    @Test
    void theSampleRanksByTheirOwnMedianTheOnesKept() {
        List<org.sextant.engine.forecast.store.StoredForecast> fs = new ArrayList<>();
        List<double[]> drift = new ArrayList<>();
        ScanReplay replay = new ScanReplay(2 * 3.5 * FIT, 1, new Random(8)); // its half: three stand-ins
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, replay);
        for (int i = 0; i < 60; i++) {
            fs.add(ScanReplayTest.forecast(i, 1 + i % 7, 1));
            drift.add(new double[ForecastScan.LEVELS.length]);
            own.add("arima", 1, walk(300, i));
        }
        ScanReplay.Sample s = replay.sample(fs, i -> FIT, drift, own); // a stand-in not kept would throw
        assertEquals(60, s.ownMedians());
        assertEquals(3, s.ownMediansFitted());
    }

    /** A random walk of {@code n} closes near 100. */
    static double[] walk(int n, long seed) {
        Random r = new Random(seed);
        double[] y = new double[n];
        y[0] = 100;
        for (int i = 1; i < n; i++) y[i] = y[i - 1] * Math.exp(0.01 * r.nextGaussian());
        return y;
    }
}
