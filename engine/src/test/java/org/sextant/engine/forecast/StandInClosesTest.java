package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.PriceSeries;

/**
 * The closes a scan import keeps for the own-median stand-ins: only those of the forecasts the budget's share reaches,
 * drawn at random, however many forecasts are added, and no more than its memory bound holds; the replay's sample
 * ranks exactly those by their own median, and a forecast fitted again among them is fitted on the series the check read.
 */
class StandInClosesTest {
    private static final double FIT = ScanStoreRanks.fitSeconds("arima", 300);

    @Test
    void onlyTheClosesTheSharesDrawReachesAreKept() {
        ScanReplay replay = new ScanReplay(2 * 5.5 * FIT, 1, new Random(3)); // half of it: five stand-in fits
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, replay);
        for (int i = 0; i < 400; i++) {
            own.add(i % 4 == 0 ? "drift" : "arima", 5, series(i, 300));
            assertTrue(own.order(null, null).size() <= 5, "at most the five the share reaches, after " + (i + 1));
        }
        assertEquals(0, own.seconds(0), "drift's line: no fit");
        assertEquals(FIT, own.seconds(1));
        List<Integer> reached = own.order(null, null);
        assertEquals(5, reached.size());
        assertNotEquals(List.of(1, 2, 3, 5, 6), reached, "drawn, not the files' order");
        assertTrue(reached.stream().allMatch(i -> i % 4 != 0), reached.toString());
        for (int i : reached) assertEquals(ForecastScan.LEVELS.length, own.ratios(i).length);
        int notReached = java.util.stream.IntStream.range(1, 400).filter(i -> i % 4 != 0 && !reached.contains(i)).findFirst().orElseThrow();
        assertThrows(IllegalStateException.class, () -> own.ratios(notReached), "past the share: its closes were not kept");
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
            own.add("arima", 1, series(i, 300));
        }
        ScanReplay.Sample s = replay.sample(fs, i -> FIT, drift, own); // a stand-in not kept would throw
        assertEquals(60, s.ownMedians());
        assertEquals(3, s.ownMediansFitted());
        assertTrue(s.unfitted(replay.budgetSeconds()).endsWith("3 were ranked by it (drawn at random) and the other 57 by drift's line: half the"
                + " budget's time ended them (fix: to rank every forecast by its own median, run the job on at most 3 symbols (--symbols) a job"
                + " and import each output: each import has its own budget and memory)"), s.unfitted(replay.budgetSeconds()));
    }

    @Test
    void theClosesHeldStopAtTheMemoryBoundAndAreTheSeriesTheCheckRead() {
        List<org.sextant.engine.forecast.store.StoredForecast> fs = new ArrayList<>();
        List<double[]> drift = new ArrayList<>();
        List<PriceSeries> read = new ArrayList<>();
        ScanReplay replay = new ScanReplay(2 * 5.5 * FIT, 1, new Random(5)); // time for five stand-ins
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, replay, 3 * StandInCloses.heldBytes(300)); // memory for three
        for (int i = 0; i < 50; i++) {
            read.add(series(i, 300));
            own.add("arima", 5, read.get(i));
            fs.add(ScanReplayTest.forecast(i, 1 + i % 7, 1));
            drift.add(new double[ForecastScan.LEVELS.length]);
        }
        List<Integer> reached = own.order(null, null);
        assertEquals(3, reached.size(), "the memory bound, not the time share, ends them");
        for (int i = 0; i < 50; i++) {
            if (!reached.contains(i)) {
                assertNull(own.held(i));
                continue;
            }
            PriceSeries held = own.held(i), was = read.get(i);
            assertEquals(was.symbol(), held.symbol());
            assertEquals(was.dates(), held.dates());
            assertArrayEquals(PriceForecast.closes(was), PriceForecast.closes(held));
            PriceForecast again = PriceForecast.calibrated(ForecastModels.BUILT_IN, held, "drift", 5, ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.CONFORMAL);
            PriceForecast first = PriceForecast.calibrated(ForecastModels.BUILT_IN, was, "drift", 5, ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.CONFORMAL);
            assertArrayEquals(first.forecast().median(), again.forecast().median());
            assertEquals(first.targetDates(), again.targetDates());
        }
        ScanReplay.Sample s = replay.sample(fs, i -> FIT, drift, own);
        assertEquals(3, s.ownMediansFitted(), "the others ranked by drift's line");
        // what a user is told: how many were ranked, how many not, that memory (not time) ended it, and how to rank them all
        assertTrue(s.unfitted(replay.budgetSeconds()).endsWith("of the 50 forecasts whose store rank is one fit of the model's own median"
                + " (charged to the budget, at most half of it), 3 were ranked by it (drawn at random) and the other 47 by drift's line: the "
                + 3 * StandInCloses.heldBytes(300) + " bytes of their closes one import keeps for those fits ended them, not the time (fix: to"
                + " rank every forecast by its own median, run the job on at most 3 symbols (--symbols) a job and import each output: each"
                + " import has its own budget and memory)"), s.unfitted(replay.budgetSeconds()));
    }

    @Test
    void aSeriesWithAGapPastWhatADayByteHoldsIsRankedButNotHeldForTheReplay() {
        PriceSeries s = series(1, 300);
        List<LocalDate> dates = new ArrayList<>(s.dates());
        for (int i = 150; i < dates.size(); i++) dates.set(i, dates.get(i).plusDays(400)); // a listing suspended for 400 days
        PriceSeries suspended = new PriceSeries(s.symbol(), dates.get(0), dates.get(299), dates, s.close(), s.adjClose());
        StandInCloses own = new StandInCloses(ForecastModels.BUILT_IN, new ScanReplay(2 * 5.5 * FIT, 1, null));
        own.add("arima", 5, suspended);
        own.add("arima", 5, s);
        assertEquals(List.of(0, 1), own.order(null, null));
        assertEquals(ForecastScan.LEVELS.length, own.ratios(0).length, "its stand-in fits the closes kept");
        assertNull(own.held(0), "its dates not kept: the replay reads it again");
        assertEquals(s.dates(), own.held(1).dates());
    }

    /** A series of {@code n} weekday closes from 2015-01-05: a random walk near 100 whose adjusted closes are a tenth lower. */
    static PriceSeries series(long seed, int n) {
        double[] adj = walk(n, seed), close = new double[n];
        List<LocalDate> dates = new ArrayList<>();
        LocalDate d = LocalDate.of(2015, 1, 5);
        for (int i = 0; i < n; i++) {
            close[i] = adj[i] / 0.9;
            dates.add(d);
            d = d.plusDays(d.getDayOfWeek() == java.time.DayOfWeek.FRIDAY ? 3 : 1);
        }
        return new PriceSeries("S" + seed, dates.get(0), dates.get(n - 1), dates, close, adj);
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
