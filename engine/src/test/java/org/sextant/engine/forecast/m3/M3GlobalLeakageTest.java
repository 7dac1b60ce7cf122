package org.sextant.engine.forecast.m3;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No test value of an M3 series reaches the global model: 16 M3 series (4 per category) are
 * forecast by the benchmark's own training path, then again with every test value multiplied
 * by 10; every forecast must be identical. The same check on a training path that also sees
 * the test parts must fail, so the check can catch a leak.
 */
class M3GlobalLeakageTest {
    private static final int STEPS = 10, MEMBERS = 1; // the property does not depend on how well the model is trained

    @Test
    void perturbingTheTestPartsChangesNoForecast() throws Exception {
        List<M3Series> series = sample();
        Map<String, double[]> before = M3GlobalBenchmark.global(series, 2, 7, STEPS, MEMBERS);
        Map<String, double[]> after = M3GlobalBenchmark.global(perturbed(series), 2, 7, STEPS, MEMBERS);
        assertEquals(series.size(), before.size());
        for (M3Series s : series) assertArrayEquals(before.get(s.id()), after.get(s.id()), 0.0, s.id());
    }

    @Test
    void theCheckCatchesATrainingPathThatSeesTestValues() throws Exception {
        List<M3Series> series = sample();
        java.util.function.Function<M3Series, double[]> leaky = s -> concat(s.train(), s.test());
        Map<String, double[]> before = M3GlobalBenchmark.global(series, leaky, 2, 7, STEPS, MEMBERS);
        Map<String, double[]> after = M3GlobalBenchmark.global(perturbed(series), leaky, 2, 7, STEPS, MEMBERS);
        boolean changed = false;
        for (M3Series s : series) changed |= !java.util.Arrays.equals(before.get(s.id()), after.get(s.id()));
        assertTrue(changed, "a training path that sees the test parts must change some forecast when they change");
    }

    private static List<M3Series> sample() throws Exception {
        return M3Data.read(Path.of(M3GlobalLeakageTest.class.getResource("/forecast/m3_leakage.csv").toURI()));
    }

    private static List<M3Series> perturbed(List<M3Series> series) {
        List<M3Series> out = new ArrayList<>();
        for (M3Series s : series) {
            double[] test = s.test().clone();
            for (int i = 0; i < test.length; i++) test[i] *= 10;
            out.add(new M3Series(s.id(), s.category(), s.frequency(), s.horizon(), s.train(), test));
        }
        return out;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
