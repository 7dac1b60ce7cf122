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

    /**
     * One position at three sizes has equal Sharpe ratios in every split: nothing is selected, and
     * CSCV used to rank an arbitrary "winner" at the median every time (PBO 1.00). Undefined now;
     * a split that ties is left out where others do not.
     */
    @Test
    void configurationsThatTieHaveNoPbo() {
        double[] r = new double[64];
        SplittableRandom rnd = new SplittableRandom(7);
        for (int t = 0; t < r.length; t++) r[t] = rnd.nextGaussian() * 0.01;
        double[][] scaled = {scale(r, 0.5), scale(r, 1), scale(r, 0.3)};
        Pbo p = Pbo.cscv(scaled, 4);
        assertTrue(Double.isNaN(p.pbo()) && p.splits() == 0, "PBO " + p.pbo() + " over " + p.splits() + " splits");
        assertTrue(Double.isNaN(Pbo.cscv(new double[][]{new double[64], new double[64]}, 4).pbo()), "configurations that never trade tie too");
        // the first 32 bars flat for both: splits whose in-sample half is those blocks tie and are left out
        double[] late = r.clone(), other = scale(r, -1);
        for (int t = 0; t < 32; t++) { late[t] = 0; other[t] = 0; }
        Pbo partial = Pbo.cscv(new double[][]{late, other}, 4);
        assertEquals(5, partial.splits(), "C(4,2) = 6 splits, one of them (the two flat blocks in sample) ties");
    }

    private static double[] scale(double[] r, double f) {
        double[] out = new double[r.length];
        for (int t = 0; t < r.length; t++) out[t] = r[t] * f;
        return out;
    }
}
