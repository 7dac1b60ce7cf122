package org.sextant.engine.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.LiveCalibration;

/**
 * A cancel request reaches inside a model's fit: the optimiser stops at its next iteration
 * instead of running to convergence. Counted in checkpoints, not timed: a full fit passes many,
 * a cancelled one stops at the first after the request.
 */
class CancellationTest {
    /** A random walk of 2000 prices: long enough that each fit iterates many times. */
    private static final double[] PRICES = prices(2000);

    private static double[] prices(int n) {
        Random r = new Random(7);
        double[] y = new double[n];
        double v = 100;
        for (int i = 0; i < n; i++) y[i] = v *= Math.exp(0.0003 + 0.012 * r.nextGaussian());
        return y;
    }

    @ParameterizedTest
    @ValueSource(strings = {"ets", "arima", "theta", "otm"})
    void aCancelDuringAFitStopsItAtTheNextIteration(String model) throws Exception {
        Forecaster f = ForecastModels.BUILT_IN.forPrices(model);
        AtomicInteger passed = new AtomicInteger();
        Cancellation.watching(() -> passed.incrementAndGet() < 0, () -> f.forecast(PRICES, 1, 20));
        int fullFit = passed.get();
        assertTrue(fullFit > 20, model + ": a whole fit passes many checkpoints, " + fullFit);

        int requestAt = 5; // the fit's entry is the first checkpoint; the request comes during the optimisation
        AtomicInteger seen = new AtomicInteger();
        assertThrows(CancellationException.class,
                () -> Cancellation.watching(() -> seen.incrementAndGet() >= requestAt, () -> f.forecast(PRICES, 1, 20)));
        assertEquals(requestAt, seen.get(), model + ": no iteration after the request (a whole fit passes " + fullFit + ")");
    }

    @Test
    void everyFitOfAWalkForwardIsACheckpointWhateverTheModel() throws Exception {
        // naive has no optimiser: the fit itself is the checkpoint (as for the global model's forecast)
        Forecaster naive = ForecastModels.BUILT_IN.forPrices("naive");
        AtomicInteger fits = new AtomicInteger();
        Cancellation.watching(() -> fits.incrementAndGet() < 0, () -> LiveCalibration.run(naive, PRICES, 20, Forecaster.DEFAULT_LEVELS));
        assertTrue(fits.get() > 200, "a calibrated live forecast refits at about 250 origins: " + fits.get());
        AtomicInteger seen = new AtomicInteger();
        assertThrows(CancellationException.class,
                () -> Cancellation.watching(() -> seen.incrementAndGet() >= 3, () -> LiveCalibration.run(naive, PRICES, 20, Forecaster.DEFAULT_LEVELS)));
        assertEquals(3, seen.get());
    }

    @Test
    void outsideAJobTheCheckDoesNothingAndAnInnerWatchRestoresTheOuter() throws Exception {
        Cancellation.check(); // a read or a scale-out task: no job, nothing to stop
        AtomicInteger outer = new AtomicInteger();
        Cancellation.watching(() -> outer.incrementAndGet() < 0, () -> {
            Cancellation.watching(() -> false, () -> {
                Cancellation.check();
                return null;
            });
            Cancellation.check();
            return null;
        });
        assertEquals(1, outer.get(), "the outer request is asked again once the inner work ended");
        Cancellation.check();
    }
}
