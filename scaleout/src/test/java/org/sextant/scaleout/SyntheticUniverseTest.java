package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceSeries;

/** The synthetic universe is seeded, named synthetic, and made of whole blocks of one real symbol's returns. */
class SyntheticUniverseTest {
    static final Map<String, double[]> REAL = Map.of("A", walk(300, 1), "B", walk(200, 2), "SHORT", walk(30, 3));

    static double[] walk(int n, long seed) {
        java.util.Random r = new java.util.Random(seed);
        double[] c = new double[n];
        c[0] = 50;
        for (int t = 1; t < n; t++) c[t] = c[t - 1] * Math.exp(0.02 * r.nextGaussian());
        return c;
    }

    @Test
    void theSameSeedGivesTheSameUniverseAndALargerOneExtendsIt() {
        List<PriceSeries> a = SyntheticUniverse.generate(REAL, 3, 500, 7), b = SyntheticUniverse.generate(REAL, 5, 500, 7);
        for (int i = 0; i < 3; i++) assertArrayEquals(a.get(i).close(), b.get(i).close());
        assertEquals(List.of("SYNTH-00001", "SYNTH-00002", "SYNTH-00003"), a.stream().map(PriceSeries::symbol).toList());
        assertFalse(java.util.Arrays.equals(a.get(0).close(), SyntheticUniverse.generate(REAL, 1, 500, 8).get(0).close()), "another seed");
        assertEquals(500, a.get(0).size());
        assertEquals(java.time.DayOfWeek.MONDAY, a.get(0).dates().get(0).getDayOfWeek());
    }

    @Test
    void everyBlockIsARunOfConsecutiveRealReturnsOfOneLongEnoughSymbol() {
        PriceSeries s = SyntheticUniverse.generate(REAL, 1, 1 + 4 * SyntheticUniverse.BLOCK, 3).get(0);
        List<double[]> sources = SyntheticUniverse.sources(REAL);
        assertEquals(2, sources.size(), "SHORT has too few closes to give two blocks");
        for (int b = 1; b < 4; b++) {   // block b covers returns into closes [b*BLOCK, (b+1)*BLOCK)
            double[] block = new double[SyntheticUniverse.BLOCK];
            for (int j = 0; j < block.length; j++) block[j] = Math.log(s.close()[b * SyntheticUniverse.BLOCK + j] / s.close()[b * SyntheticUniverse.BLOCK + j - 1]);
            assertTrue(sources.stream().anyMatch(r -> containsRun(r, block)), "block " + b);
        }
        assertEquals("in", assertThrows(SextantException.class, () -> SyntheticUniverse.generate(Map.of("X", walk(10, 1)), 1, 10, 1)).field());
    }

    private static boolean containsRun(double[] r, double[] block) {
        for (int s = 0; s + block.length <= r.length; s++) {
            boolean all = true;
            for (int j = 0; j < block.length && all; j++) all = Math.abs(r[s + j] - block[j]) < 1e-12;
            if (all) return true;
        }
        return false;
    }
}
