package org.sextant.engine.forecast.m3;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The paired bootstrap that says whether two configurations' sMAPE differ by more than chance. */
class M3PairedBootstrapTest {

    @Test
    void aDifferenceTheSameOnEverySeriesHasNoSpread() {
        List<M3PairedBootstrap.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < 300; i++) pairs.add(new M3PairedBootstrap.Pair(i % 3 == 0 ? "yearly" : "monthly", 10 + i % 7, 10.1 + i % 7));
        M3PairedBootstrap.Stats s = M3PairedBootstrap.bootstrap(pairs, 1);
        assertEquals(0.1, s.b() - s.a(), 1e-12);
        assertEquals(0, s.seDiff(), 1e-12);
        assertEquals(0.1, s.low(), 1e-12);
        assertEquals(0.1, s.high(), 1e-12);
        assertTrue(s.seA() > 0.05, "A's own mean varies with the series drawn");
    }

    @Test
    void noiseGivesAnIntervalAroundTheObservedDifferenceOfTheTextbookWidth() {
        Random r = new Random(7);
        List<M3PairedBootstrap.Pair> pairs = new ArrayList<>();
        int n = 2000;
        for (int i = 0; i < n; i++) {
            double a = 12 + 3 * r.nextGaussian();
            pairs.add(new M3PairedBootstrap.Pair(i % 2 == 0 ? "quarterly" : "other", a, a + r.nextGaussian()));
        }
        M3PairedBootstrap.Stats s = M3PairedBootstrap.bootstrap(pairs, 1);
        double textbook = 1 / Math.sqrt(n); // sd of the per-series difference is 1
        assertEquals(textbook, s.seDiff(), 0.15 * textbook);
        double observed = s.b() - s.a();
        assertTrue(s.low() < observed && s.high() > observed, s.low() + " to " + s.high());
        assertEquals(observed, (s.low() + s.high()) / 2, 0.2 * s.seDiff());
        assertEquals(3.92 * s.seDiff(), s.high() - s.low(), 0.2 * s.high() - 0.2 * s.low());
    }
}
