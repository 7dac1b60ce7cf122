package org.sextant.engine.forecast.global;

import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.QuantileBand;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GlobalModelTest {
    static final int H = 6;

    /** Seasonal series of period 4 at different levels and scales, with noise: what a global model can learn across. */
    static List<double[]> seasonal(int count, long seed) {
        Random r = new Random(seed);
        List<double[]> out = new ArrayList<>();
        double[] shape = {1, 3, -1, -3};
        for (int s = 0; s < count; s++) {
            double level = 100 + 900 * r.nextDouble(), amp = 5 + 20 * r.nextDouble();
            int n = 30 + r.nextInt(30), phase = r.nextInt(4);
            double[] y = new double[n];
            for (int t = 0; t < n; t++) y[t] = level + amp * shape[(t + phase) % 4] + amp * 0.1 * r.nextGaussian();
            out.add(y);
        }
        return out;
    }

    static GlobalConfig small(long seed) {
        return GlobalConfig.forHorizon(H, seed).withLookbacks(8, 12).withMembers(2).withHidden(32).withSteps(300).withBatch(64).withThreads(2);
    }

    static GlobalModel train(List<double[]> series, GlobalConfig c) throws InterruptedException {
        return GlobalModel.train(series, c, f -> { }, () -> false);
    }

    @Test
    void theSameSeedGivesTheSameModelBitForBit() throws Exception {
        List<double[]> data = seasonal(30, 1);
        double[] a = train(data, small(3).withSteps(50)).median(data.get(0), H);
        double[] b = train(data, small(3).withSteps(50)).median(data.get(0), H);
        assertArrayEquals(a, b, 0.0);
        double[] c = train(data, small(4).withSteps(50)).median(data.get(0), H);
        assertTrue(!java.util.Arrays.equals(a, c), "another seed trains another model");
    }

    @Test
    void learnsASeasonalPatternSharedAcrossSeriesBetterThanTheNaiveForecast() throws Exception {
        List<double[]> data = seasonal(40, 2);
        GlobalModel m = train(data, small(1));
        double model = 0, naive = 0;
        for (double[] fresh : seasonal(20, 99)) { // series the model never saw
            int cut = fresh.length - H;
            double[] f = m.median(java.util.Arrays.copyOf(fresh, cut), H);
            for (int k = 0; k < H; k++) {
                model += Math.abs(fresh[cut + k] - f[k]);
                naive += Math.abs(fresh[cut + k] - fresh[cut - 1]);
            }
        }
        assertTrue(model < 0.5 * naive, "global MAE " + model + " vs naive " + naive);
    }

    @Test
    void aStoredModelForecastsExactlyAsTheTrainedOne() throws Exception {
        List<double[]> data = seasonal(20, 5);
        GlobalModel m = train(data, small(1).withSteps(50));
        GlobalModel back = read(bytes(m));
        Forecast a = m.forecast("global", data.get(1), H, new double[] {0.8, 0.95});
        Forecast b = back.forecast("global", data.get(1), H, new double[] {0.8, 0.95});
        assertArrayEquals(a.median(), b.median(), 0.0);
        assertArrayEquals(a.band(0.95).upper(), b.band(0.95).upper(), 0.0);
        assertThrows(java.io.IOException.class, () -> read(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
    }

    @Test
    void theRelativeLossTrainsAnotherModelAndIsStoredWithIt() throws Exception {
        List<double[]> data = seasonal(20, 5);
        GlobalModel plain = train(data, small(1).withSteps(50));
        GlobalModel relative = train(data, small(1).withSteps(50).withRelativeLoss(true));
        assertTrue(!java.util.Arrays.equals(plain.median(data.get(1), H), relative.median(data.get(1), H)), "the weights change the training");
        GlobalModel back = read(bytes(relative));
        assertTrue(back.config().relativeLoss());
        assertArrayEquals(relative.median(data.get(1), H), back.median(data.get(1), H), 0.0);
    }

    private static byte[] bytes(GlobalModel m) throws java.io.IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        m.write(new DataOutputStream(out));
        return out.toByteArray();
    }

    private static GlobalModel read(byte[] stored) throws java.io.IOException {
        return GlobalModel.read(new ByteArrayInputStream(stored), stored.length);
    }

    @Test
    void bandsAreConformalAndNested() throws Exception {
        List<double[]> data = seasonal(120, 6); // enough series that a tenth calibrates apart from training
        GlobalModel m = train(data, small(1));
        // about a tenth of the series is held out of training and gives 20 origins each
        assertTrue(m.calibrationCount() >= 100 && m.calibrationCount() < 600, "calibration residuals: " + m.calibrationCount());
        Forecast f = m.forecast("global", data.get(0), H, new double[] {0.95, 0.8});
        QuantileBand b80 = f.band(0.8), b95 = f.band(0.95);
        for (int k = 0; k < H; k++) {
            assertTrue(b95.lower(k) <= b80.lower(k) && b80.lower(k) <= f.median()[k] && f.median()[k] <= b80.upper(k) && b80.upper(k) <= b95.upper(k));
        }
        assertTrue(b95.upper(H - 1) > b95.lower(H - 1), "a band with width");
    }

    @Test
    void refusesALongerHorizonThanTrainedAndTooFewSeries() throws Exception {
        GlobalModel m = train(seasonal(10, 7), small(1).withSteps(20));
        SextantException e = assertThrows(SextantException.class, () -> new GlobalForecaster("global", m).forecast(seasonal(1, 8).get(0), 1, H + 1));
        assertTrue(e.getMessage().contains("horizon"), e.getMessage());
        SextantException few = assertThrows(SextantException.class, () -> train(List.of(new double[] {1, 2, 3}), small(1)));
        assertTrue(few.getMessage().contains("series"), few.getMessage());
    }

    @Test
    void cancellingStopsTraining() {
        java.util.concurrent.atomic.AtomicInteger polls = new java.util.concurrent.atomic.AtomicInteger();
        assertThrows(CancellationException.class, () -> GlobalModel.train(seasonal(10, 9), small(1), f -> { }, () -> polls.incrementAndGet() > 5));
        assertTrue(polls.get() < 20, "stopped soon after the request: " + polls.get());
    }

    @Test
    void progressReachesTheEnd() throws Exception {
        double[] last = {0};
        GlobalModel.train(seasonal(10, 10), small(1).withSteps(20), f -> last[0] = Math.max(last[0], f), () -> false);
        assertEquals(1.0, last[0], 1e-12);
    }
}
