package org.sextant.engine.forecast.m3;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No test value of an M3 series reaches the global ensemble: 16 M3 series (4 per category) are
 * forecast by the benchmark's own training path (every group of {@link M3GlobalEnsemble}), then
 * again with every test value multiplied by 10; every member's forecast must be identical. The
 * same check on a training path that also sees the test parts must fail, so the check can catch a
 * leak. Both also with pooled training (yearly models on every category's series, quarterly on
 * their own and on every category's) and with aggregated training (quarterly and yearly models
 * also on monthly series summed into quarters and years), where one series' test part could
 * reach another's model, with networks on log values, and with networks that correct Theta's
 * forecast (Theta refitted at every training origin).
 * The validation split that chooses groups and weights must not contain a test value either.
 */
class M3GlobalLeakageTest {
    // the property does not depend on how well the model is trained
    private static final M3GlobalEnsemble.Settings TINY = new M3GlobalEnsemble.Settings(1, 3, 7, 2, true, true);

    private static M3GlobalEnsemble.Settings settings(String variant) {
        java.util.Map<String, String> map = switch (variant) {
            case "own", "log values" -> java.util.Map.of();
            case "pooled", "anchored on Theta" -> java.util.Map.of("yearly", "pooled", "quarterly", "both");
            case "aggregated" -> java.util.Map.of("yearly", "aggregated", "quarterly", "aggregated");
            default -> throw new IllegalArgumentException(variant);
        };
        return new M3GlobalEnsemble.Settings(1, 3, 7, 2, List.of(true), true, 128, 3, variant.equals("log values"), map, variant.equals("anchored on Theta"));
    }

    @ParameterizedTest(name = "training {0}")
    @ValueSource(strings = {"own", "pooled", "aggregated", "log values", "anchored on Theta"})
    void perturbingTheTestPartsChangesNoForecast(String variant) throws Exception {
        List<M3Series> series = sample();
        M3GlobalEnsemble.Forecasts before = M3GlobalEnsemble.forecast(series, M3Series::train, settings(variant));
        M3GlobalEnsemble.Forecasts after = M3GlobalEnsemble.forecast(perturbed(series), M3Series::train, settings(variant));
        assertEquals(series.size(), before.paths().size());
        M3Series quarterly = series.stream().filter(s -> s.category().equalsIgnoreCase("quarterly")).findFirst().orElseThrow();
        assertEquals(settings(variant).pools("quarterly").size() == 2 ? 2 * TINY.groups() : TINY.groups(), before.paths().get(quarterly.id()).length, "both pools train a set of groups each");
        for (M3Series s : series) assertTrue(java.util.Arrays.deepEquals(before.paths().get(s.id()), after.paths().get(s.id())), s.id());
    }

    @ParameterizedTest(name = "training {0}")
    @ValueSource(strings = {"own", "pooled", "aggregated", "log values", "anchored on Theta"})
    void theCheckCatchesATrainingPathThatSeesTestValues(String variant) throws Exception {
        List<M3Series> series = sample();
        java.util.function.Function<M3Series, double[]> leaky = s -> concat(s.train(), s.test());
        M3GlobalEnsemble.Forecasts before = M3GlobalEnsemble.forecast(series, leaky, settings(variant));
        M3GlobalEnsemble.Forecasts after = M3GlobalEnsemble.forecast(perturbed(series), leaky, settings(variant));
        boolean changed = false;
        for (M3Series s : series) changed |= !java.util.Arrays.deepEquals(before.paths().get(s.id()), after.paths().get(s.id()));
        assertTrue(changed, "a training path that sees the test parts must change some forecast when they change");
    }

    @Test
    void aggregationSumsWholePeriodsEndingAtTheLastValue() {
        assertArrayEquals(new double[] {9, 18}, M3GlobalEnsemble.aggregated(new double[] {1, 2, 3, 4, 5, 6, 7}, 12, 4), 0.0,
                "monthly into quarters: the first month, part of no whole quarter, is left out");
        assertArrayEquals(new double[] {10}, M3GlobalEnsemble.aggregated(new double[] {1, 2, 3, 4}, 4, 1), 0.0);
    }

    @Test
    void theValidationSplitHoldsNoTestValue() throws Exception {
        List<M3Series> series = sample();
        List<M3Series> a = M3GlobalBenchmark.validationSplit(series), b = M3GlobalBenchmark.validationSplit(perturbed(series));
        for (int i = 0; i < series.size(); i++) {
            M3Series s = series.get(i), v = a.get(i);
            assertArrayEquals(v.train(), b.get(i).train(), 0.0);
            assertArrayEquals(v.test(), b.get(i).test(), 0.0);
            assertEquals(s.train().length, v.train().length + v.test().length, "the validation split is the training part, cut h before its end");
            assertEquals(s.horizon(), v.test().length);
        }
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
