package org.sextant.engine.forecast;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class AccuracyTest {
    @Test
    void smapeIsMeanOfSymmetricPercentErrors() {
        // 200·|100−110|/210 = 9.5238..., 200·|50−40|/90 = 22.222...
        assertEquals((2000.0 / 210 + 2000.0 / 90) / 2, Accuracy.smape(new double[] {100, 50}, new double[] {110, 40}), 1e-12);
        assertEquals(0, Accuracy.smape(new double[] {0}, new double[] {0}), 0);
    }

    @Test
    void maseScalesByInSampleNaiveAtLag() {
        double[] train = {1, 3, 2, 4, 3};
        // lag-1 naive MAE in sample: (2+1+2+1)/4 = 1.5; out-of-sample MAE (1+3)/2 = 2
        assertEquals(2 / 1.5, Accuracy.mase(train, new double[] {5, 6}, new double[] {4, 3}, 1), 1e-12);
        // lag-2: |2-1|,|4-3|,|3-2| → 1
        assertEquals(2.0, Accuracy.mase(train, new double[] {5, 6}, new double[] {4, 3}, 2), 1e-12);
    }

    @Test
    void pinballAndCoverage() {
        assertEquals(0.9 * 2, Accuracy.pinball(12, 10, 0.9), 1e-12);
        assertEquals(0.1 * 2, Accuracy.pinball(8, 10, 0.9), 1e-12);
        assertEquals(0.5, Accuracy.coverage(new double[] {1, 5}, new double[] {0, 0}, new double[] {2, 2}), 0);
        assertEquals(Math.log(2), Accuracy.absLogError(50, 100), 1e-15);
    }
}
