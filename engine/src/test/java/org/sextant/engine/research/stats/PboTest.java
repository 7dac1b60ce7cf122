package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bailey, Borwein, López de Prado and Zhu (2017): on configurations with no skill the in-sample
 * winner is a coin toss out of sample (PBO near 1/2); one truly skilful configuration wins in
 * sample and stays on top out of sample (PBO near 0).
 */
class PboTest {
    private static double[][] noise(int configs, int t, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] r = new double[configs][t];
        for (double[] row : r) for (int i = 0; i < t; i++) row[i] = gaussian(rnd) * 0.01;
        return r;
    }

    static double gaussian(SplittableRandom rnd) {
        double u = rnd.nextDouble(), v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    @Test
    void pureNoiseGivesAboutOneHalf() {
        double sum = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Pbo p = Pbo.cscv(noise(40, 1000, seed), 10);
            assertEquals(252, p.splits());
            sum += p.pbo();
        }
        assertEquals(0.5, sum / 5, 0.12);
    }

    @Test
    void onePlantedSkilfulConfigurationGivesNearZero() {
        double[][] r = noise(40, 1000, 7);
        for (int i = 0; i < 1000; i++) r[13][i] += 0.002;   // daily SR ~0.2 on top of noise
        Pbo p = Pbo.cscv(r, 10);
        assertTrue(p.pbo() < 0.05, "PBO " + p.pbo());
        assertTrue(p.meanOosRank() > 0.9, "OOS rank " + p.meanOosRank());
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Pbo.cscv(noise(5, 100, 1), 7));
        assertThrows(IllegalArgumentException.class, () -> Pbo.cscv(noise(1, 100, 1), 4));
        assertThrows(IllegalArgumentException.class, () -> Pbo.cscv(noise(5, 10, 1), 16));
    }
}
