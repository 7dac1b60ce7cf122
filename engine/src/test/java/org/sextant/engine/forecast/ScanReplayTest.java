package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.store.StoredForecast;

/** Which forecasts a scan import fits again: all within the budget, else the best-ranked at each level plus a random draw. */
class ScanReplayTest {
    @Test
    void withinTheBudgetAllAreReplayedElseTheBestAtEachLevelAndRandomOthers() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1)); // upside grows with i % 7: 6, 13, 20, ... rank first at every level
        assertEquals(40, new ScanReplay(40, 1, 1, new Random(1)).chosen(fs, f -> 1).size());
        fs.set(17, forecast(17, 50, 1)); // altered to rank first
        List<Integer> sample = new ScanReplay(39, 1, 5, new Random(7)).chosen(fs, f -> 1);
        assertTrue(sample.contains(17), sample.toString());
        assertEquals(6, sample.size(), sample.toString()); // the best at each level is the same symbol, and 5 drawn
        assertTrue(sample.stream().anyMatch(i -> i != 17), sample.toString());
        assertEquals(List.of(), ScanReplay.NONE.chosen(fs, f -> 1));
    }

    /** A forecast of a last close of 100 whose bands reach {@code up} above it and {@code down} below at every level. */
    private static StoredForecast forecast(int i, double up, double down) {
        List<QuantileBand> bands = new ArrayList<>();
        int n = 0;
        for (double level : ForecastScan.LEVELS) {
            n++;
            bands.add(new QuantileBand(level, new double[]{100 - down * n}, new double[]{100 + up * n}));
        }
        LocalDate origin = LocalDate.of(2024, 1, 5);
        return new StoredForecast("S" + i, "drift", StoredForecast.LIVE, "model", origin, 1, 100, 300, List.of(origin.plusDays(3)),
                new Forecast("drift", new double[]{100}, bands), List.of(), "d");
    }
}
