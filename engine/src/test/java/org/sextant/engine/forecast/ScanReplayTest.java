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
        assertEquals(40, new ScanReplay(40, 1, new Random(1)).chosen(fs, f -> 1, honest).size());
        fs.set(17, forecast(17, 50, 1)); // altered to rank first
        List<Integer> sample = new ScanReplay(8, 1, new Random(7)).chosen(fs, f -> 1, honest);
        assertTrue(sample.contains(17), sample.toString());
        assertEquals(8, sample.size(), sample.toString()); // the best by the files, by the store, the largest fall; drawn to the budget
        assertEquals(List.of(), ScanReplay.NONE.chosen(fs, f -> 1, honest));
    }

    @Test
    void theStoresWinnerTheFilesRankLowIsFittedAgain() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> store = new ArrayList<>(fs.stream().map(ScanReplayTest::asFiled).toList());
        store.set(20, new double[]{99, 99, 99}); // the store's closes make 20 the winner; the files rank it among the last
        assertTrue(new ScanReplay(9, 1, null).chosen(fs, f -> 1, store).contains(20));
        store.set(20, asFiled(fs.get(20)));
        store.set(27, new double[]{5, 5, 5}); // 27 (upside 7) filed at 1: a fall from the top third to the bottom
        fs.set(27, forecast(27, 1, 1));
        assertTrue(new ScanReplay(9, 1, null).chosen(fs, f -> 1, store).contains(27));
    }

    @Test
    void overTheBudgetMoreAreDrawnUntilItIsSpent() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> honest = fs.stream().map(ScanReplayTest::asFiled).toList();
        assertEquals(30, new ScanReplay(30, 1, new Random(3)).chosen(fs, f -> 1, honest).size());
        java.util.function.ToDoubleFunction<StoredForecast> seconds = f -> f.symbol().equals("S3") ? 6 : 1;
        double spent = new ScanReplay(30, 1, new Random(3)).chosen(fs, seconds, honest).stream().mapToDouble(i -> seconds.applyAsDouble(fs.get(i))).sum();
        assertTrue(spent > 24 && spent <= 30, String.valueOf(spent)); // filled to the budget, never past it
    }

    @Test
    void theOwnMediansFitsTakeAtMostHalfTheBudgetAndThePicksTheRest() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 40; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> drift = fs.stream().map(ScanReplayTest::asFiled).toList();
        int[] fitted = {0};
        ScanReplay.OwnMedians own = new ScanReplay.OwnMedians() { // each forecast's own median costs 1 s and makes 33 the store's winner
            public double seconds(int i) { return 1; }

            public double[] ratios(int i) {
                fitted[0]++;
                return i == 33 ? new double[]{99, 99, 99} : drift.get(i);
            }
        };
        ScanReplay.Sample s = new ScanReplay(10, 1, new Random(5)).sample(fs, f -> 1, drift, own);
        assertEquals(5, fitted[0], "half of the 10 s budget: 5 own medians");
        assertEquals(5, s.chosen().size(), "the other half: 5 forecasts fitted again");
        assertEquals(5, s.ownMediansFitted());
        assertTrue(s.unfitted(10).endsWith("; of the 40 forecasts whose store rank is one fit of the model's own median (charged to the budget, at most half"
                + " of it), 5 were ranked by it (drawn at random) and the other 35 by drift's line: half the budget's time ended them (fix: to rank"
                + " every forecast by its own median, run the job on at most 5 symbols (--symbols) a job and import each output: each import has"
                + " its own budget and memory)"), s.unfitted(10));
        ScanReplay.Sample all = new ScanReplay(100, 1, null).sample(fs, f -> 3, drift, own);
        assertEquals(45, fitted[0], "a budget of 100 s: all 40 own medians in its half");
        assertTrue(all.chosen().contains(33), "the winner by its own median is among the picks: " + all.chosen());
        assertEquals(40, new ScanReplay(40, 1, null).sample(fs, f -> 1, drift, own).chosen().size(), "all fitted again: no rank needed");
        assertEquals(45, fitted[0], "no own median fitted when every forecast is fitted again");
    }

    @Test
    void aTinyBudgetStopsTheRankedPicksTooAndSaysWhatItLeft() {
        List<StoredForecast> fs = new ArrayList<>();
        for (int i = 0; i < 300; i++) fs.add(forecast(i, 1 + i % 7, 1));
        List<double[]> honest = fs.stream().map(ScanReplayTest::asFiled).toList();
        ScanReplay sampling = new ScanReplay(3, 5, new Random(2));
        List<Integer> ranked = sampling.ranked(fs, honest);
        assertTrue(ranked.size() > 3 && ranked.size() <= 45, ranked.toString());
        ScanReplay.Sample tiny = sampling.sample(fs, f -> 1, honest, ScanReplay.OwnMedians.NONE);
        assertEquals(ranked.subList(0, 3).stream().sorted().toList(), tiny.chosen()); // the first ranked picks, nothing past the budget
        assertEquals(0, tiny.drawn());
        assertEquals("the 3 s budget fitted again 3 of the " + ranked.size() + " forecasts ranked first (by reward/risk as the files and as the store's"
                + " closes rank them) and 0 of the " + (300 - ranked.size()) + " others, drawn at random: each other had a 0% chance", tiny.unfitted(3));
        ScanReplay.Sample more = new ScanReplay(ranked.size() + 3, 5, new Random(2)).sample(fs, f -> 1, honest, ScanReplay.OwnMedians.NONE);
        assertEquals(ranked.size() + 3, more.chosen().size());
        assertTrue(more.chosen().containsAll(ranked));
        assertTrue(more.unfitted(60).endsWith("3 of the " + (300 - ranked.size()) + " others, drawn at random: each other had a 1% chance"), more.unfitted(60));
        assertEquals(null, new ScanReplay(300, 5, new Random(2)).sample(fs, f -> 1, honest, ScanReplay.OwnMedians.NONE).unfitted(300));
    }

    @Test
    void aRefitIsPricedByTheStoresCountNotTheFilesHistoryRows() {
        StoredForecast filed = forecast(0, 1, 1); // its file says history_rows 300
        StoredForecast arima = new StoredForecast("S0", "arima", filed.kind(), filed.calibration(), filed.origin(), 5, filed.lastClose(), 300,
                filed.targetDates(), filed.forecast(), filed.coverage(), filed.closesDigest());
        java.util.function.IntToDoubleFunction seconds = ScanReplay.fitsOnStore(ForecastModels.BUILT_IN, List.of(arima), new int[]{1000});
        assertEquals(LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, 1000, "arima", 5), seconds.applyAsDouble(0));
        assertTrue(seconds.applyAsDouble(0) > LiveForecastCost.estimatedSeconds(ForecastModels.BUILT_IN, 300, "arima", 5), "1,000 closes cost more than 300");
    }

    /** The forecast's own reward/risk at each level: the store ranks it as the files do. */
    private static double[] asFiled(StoredForecast f) {
        double[] r = new double[ForecastScan.LEVELS.length];
        for (int i = 0; i < r.length; i++) r[i] = RewardRisk.of(f.forecast(), f.lastClose(), ForecastScan.LEVELS[i], 1).ratio();
        return r;
    }

    /** A forecast of a last close of 100 whose bands reach {@code up} above it and {@code down} below at every level. */
    static StoredForecast forecast(int i, double up, double down) {
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
