package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * Which forecasts a scan import fits again: all within the budget, else at each level the best as the files rank them,
 * the best as the store's closes rank them and the files' largest falls, then random others while the budget lasts.
 */
class ScanReplayTest {
    @Test
    void withinTheBudgetAllAreReplayedElseTheBestAtEachLevelAndRandomOthers() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1)); // upside grows with i % 7: 6, 13, 20, ... rank first at every level
        List<double[]> honest = fs.stream().map(ScanReplayTest::asFiled).toList();
        assertEquals(40, new ScanReplay(40, 1, 1, new Random(1)).chosen(fs, f -> 1, honest).size());
        fs.set(17, forecast(17, 50, 1)); // altered to rank first
        List<Integer> sample = new ScanReplay(0, 1, 5, new Random(7)).chosen(fs, f -> 1, honest);
        assertTrue(sample.contains(17), sample.toString());
        assertTrue(sample.size() >= 6 && sample.size() <= 8, sample.toString()); // the best by the files, by the store, the largest fall; 5 drawn
        assertEquals(List.of(), ScanReplay.NONE.chosen(fs, f -> 1, honest));
    }

    @Test
    void theStoresWinnerTheFilesRankLowIsFittedAgain() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> store = new ArrayList<>(fs.stream().map(ScanReplayTest::asFiled).toList());
        store.set(20, new double[]{99, 99, 99}); // the store's closes make 20 the winner; the files rank it among the last
        assertTrue(new ScanReplay(0, 1, 0, null).chosen(fs, f -> 1, store).contains(20));
        store.set(20, asFiled(fs.get(20)));
        store.set(27, new double[]{5, 5, 5}); // 27 (upside 7) filed at 1: a fall from the top third to the bottom
        fs.set(27, forecast(27, 1, 1));
        assertTrue(new ScanReplay(0, 1, 0, null).chosen(fs, f -> 1, store).contains(27));
    }

    @Test
    void overTheBudgetMoreAreDrawnUntilItIsSpent() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> honest = fs.stream().map(ScanReplayTest::asFiled).toList();
        assertEquals(30, new ScanReplay(30, 1, 2, new Random(3)).chosen(fs, f -> 1, honest).size());
        java.util.function.ToDoubleFunction<StoredForecast> seconds = f -> f.symbol().equals("S3") ? 6 : 1;
        double spent = new ScanReplay(30, 1, 2, new Random(3)).chosen(fs, seconds, honest).stream().mapToDouble(i -> seconds.applyAsDouble(fs.get(i))).sum();
        assertTrue(spent > 24 && spent <= 30, String.valueOf(spent)); // filled to the budget, never past it
    }

    /** The forecast's own reward/risk at each level: the store ranks it as the files do. */
    private static double[] asFiled(StoredForecast f) {
        double[] r = new double[ForecastScan.LEVELS.length];
        for (int i = 0; i < r.length; i++) r[i] = RewardRisk.of(f.forecast(), f.lastClose(), ForecastScan.LEVELS[i], 1).ratio();
        return r;
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
