package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.TestSeries;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Optimised Theta (Fiorucci et al. 2016): θ is estimated, so the theta line follows the data's trend. */
class OptimisedThetaTest {
    @Test
    void aSmoothTrendIsExtrapolatedInFull() {
        // y = 100 + 2t + small noise: the standard method (θ = 2) carries half the slope into the
        // SES drift; the optimised θ grows so the forecast rises by about 2 per step
        SplittableRandom r = new SplittableRandom(3);
        double[] y = new double[60];
        for (int t = 0; t < y.length; t++) y[t] = 100 + 2 * t + 0.2 * (r.nextDouble() - 0.5);
        OptimisedTheta.Fit fit = OptimisedTheta.fit(y);
        assertTrue(fit.theta() > 3, "theta " + fit.theta());
        Forecast f = new OptimisedTheta().forecast(y, 1, 6, new double[] {0.95});
        double[] m = f.median();
        for (int i = 1; i < 6; i++) assertEquals(2, m[i] - m[i - 1], 0.1, "step " + (i + 1));
        assertEquals(100 + 2 * 60, m[0], 1.0);
    }

    @Test
    void fitsAtLeastAsWellAsTheStandardThetaLine() {
        // θ = 2 is inside the search space, so the optimised in-sample error cannot be larger than
        // the best error with θ fixed at 2 (found here by a grid over α with ℓ₀ at its optimum)
        double[] y = TestSeries.m3("N2900", "train");
        OptimisedTheta.Fit fit = OptimisedTheta.fit(y);
        assertTrue(fit.theta() >= 1 && fit.alpha() > 0 && fit.alpha() < 1);
        double bestTwo = Double.POSITIVE_INFINITY;
        int n = y.length;
        for (double a = 0.01; a < 1; a += 0.01) {
            for (double l0 = y[0] * 0.8; l0 <= y[0] * 1.2; l0 += y[0] * 0.002) {
                double l = l0, sse = 0, p = 1;
                for (int t = 1; t <= n; t++) {
                    double mu = l + 0.5 * (fit.an() * p + fit.bn() * (1 - p * (1 - a)) / a);
                    sse += (y[t - 1] - mu) * (y[t - 1] - mu);
                    l = a * y[t - 1] + (1 - a) * l;
                    p *= 1 - a;
                }
                bestTwo = Math.min(bestTwo, sse / n);
            }
        }
        assertTrue(fit.mse() <= bestTwo * (1 + 1e-6), fit.mse() + " vs " + bestTwo);
    }

    @Test
    void seasonalDataAreAdjustedAsInTheta() {
        Forecast f = new OptimisedTheta().forecast(TestSeries.airPassengers(), 12, 12, new double[] {0.8});
        double[] m = f.median();
        // the airline peak months (July, August) stay above the November trough after reseasonalising
        assertTrue(m[6] > m[10] * 1.2, java.util.Arrays.toString(m));
    }
}
