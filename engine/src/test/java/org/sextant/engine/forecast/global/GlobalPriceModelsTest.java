package org.sextant.engine.forecast.global;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GlobalPriceModelsTest {
    @TempDir Path dir;

    private final Map<String, double[]> closes = new LinkedHashMap<>();
    private String digest = "aaaa";

    static final JobContext QUIET = new JobContext() {
        @Override public void progress(double fraction, String message) { }
        @Override public boolean cancelled() { return false; }
    };

    private GlobalPriceModels models() {
        return small(dir, () -> closes, () -> digest);
    }

    /** Global models trained with a small configuration (a fraction of a second), kept in {@code dir}. */
    static GlobalPriceModels small(Path dir, java.util.function.Supplier<Map<String, double[]>> closes, java.util.function.Supplier<String> digest) {
        return small(dir, (GlobalPriceModels.TrainingCloses) choose -> parts(List.copyOf(closes.get().values()), choose), digest);
    }

    /** The parts of in-memory series that {@code choose} gives, as a store's read hands them over. */
    static List<double[]> parts(List<double[]> stored, java.util.function.Function<int[], TrainingSample> choose) {
        TrainingSample s = choose.apply(stored.stream().mapToInt(y -> y.length).toArray());
        List<double[]> out = new java.util.ArrayList<>();
        for (int i = 0; i < stored.size(); i++) {
            if (s.part(i) != null) out.add(java.util.Arrays.copyOfRange(stored.get(i), s.part(i).from(), s.part(i).to()));
        }
        return out;
    }

    /** As above, reading the training parts with {@code closes}. */
    static GlobalPriceModels small(Path dir, GlobalPriceModels.TrainingCloses closes, java.util.function.Supplier<String> digest) {
        return new GlobalPriceModels(dir, closes, digest,
                h -> GlobalConfig.forHorizon(h, 1).withLookbacks(10).withMembers(1).withHidden(16).withSteps(30).withRecentOrigins(1000));
    }

    static double[] walk(long seed, int n) {
        Random r = new Random(seed);
        double[] y = new double[n];
        y[0] = 50;
        for (int t = 1; t < n; t++) y[t] = y[t - 1] * Math.exp(0.01 * r.nextGaussian());
        return y;
    }

    @Test
    void trainsOnceStoresTheModelAndReusesItUntilTheDataChanges() throws Exception {
        for (int s = 0; s < 4; s++) closes.put("S" + s, walk(s, 300));
        GlobalPriceModels m = models();
        SextantException none = assertThrows(SextantException.class, () -> m.current(5));
        assertTrue(none.getMessage().contains("not been trained"), none.getMessage());
        assertTrue(none.fix().contains("train_global_model"), none.fix());

        GlobalTraining first = m.train(20, QUIET);
        assertFalse(first.reused());
        assertTrue(Files.exists(dir.resolve("global-h20-aaaa.sxgm")));
        assertEquals(20, m.current(5).horizon());
        GlobalTraining again = m.train(20, QUIET);
        assertTrue(again.reused());
        // the wire answer: a fresh training says on how many series; a reuse leaves the counts out
        assertTrue(org.sextant.engine.Json.write(first).contains("\"calibration_residuals\""), org.sextant.engine.Json.write(first));
        assertFalse(org.sextant.engine.Json.write(again).contains("series"), org.sextant.engine.Json.write(again));
        assertThrows(SextantException.class, () -> m.current(21), "a model for 20 steps does not forecast 21");

        digest = "bbbb"; // the prices changed
        m.dataChanged();
        assertThrows(SextantException.class, () -> m.current(5));
        assertFalse(m.train(20, QUIET).reused());
        assertTrue(Files.exists(dir.resolve("global-h20-bbbb.sxgm")));
        assertFalse(Files.exists(dir.resolve("global-h20-aaaa.sxgm")), "the stale model is removed");
    }

    @Test
    void theLast40PercentOfEverySeriesNeverTrains() throws Exception {
        for (int s = 0; s < 4; s++) closes.put("S" + s, walk(s, 300));
        double[] probe = walk(77, 200);
        GlobalPriceModels m = models();
        m.train(20, QUIET);
        double[] before = m.current(20).median(probe, 20);
        for (double[] y : closes.values()) for (int t = 180; t < 300; t++) y[t] *= 3; // the backtest window
        digest = "cccc";
        m.dataChanged();
        m.train(20, QUIET);
        assertArrayEquals(before, m.current(20).median(probe, 20), 0.0);
        for (double[] y : closes.values()) y[100] *= 3; // inside the training part
        digest = "dddd";
        m.dataChanged();
        m.train(20, QUIET);
        assertFalse(java.util.Arrays.equals(before, m.current(20).median(probe, 20)), "a change inside the training part retrains differently");
    }
}
