package org.sextant.engine.forecast;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.jobs.Cancellation;

/**
 * A scan's fit held until {@code release} (checking for a cancel meanwhile, as a model's optimiser does), then done and
 * held until {@code finish}; its fits and stops counted. Tests of the scans' background fits decide with it when a fit ends.
 */
final class HeldScanFit implements ForecastService.ScanFit {
    final AtomicInteger fits = new AtomicInteger();
    final AtomicInteger stopped = new AtomicInteger();
    final CountDownLatch started = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final CountDownLatch checked = new CountDownLatch(1);
    final CountDownLatch finish;
    private final Supplier<ForecastModels> models;

    /** {@code models}: the service's, once it exists; {@code finishing}: 1 to hold a fit past its last cancel check. */
    HeldScanFit(Supplier<ForecastModels> models, int finishing) {
        this.models = models;
        this.finish = new CountDownLatch(finishing);
    }

    @Override
    public PriceForecast fit(PriceSeries p, String model, int horizon, BandCalibration calibration) {
        fits.incrementAndGet();
        started.countDown();
        try {
            while (!release.await(10, TimeUnit.MILLISECONDS)) Cancellation.check();
            PriceForecast f = PriceForecast.calibrated(models.get(), p, model, horizon, ForecastBacktestRun.DEFAULT_LEVELS, calibration);
            checked.countDown(); // no cancel check after this: a change of the prices now is the kept forecast's to answer
            finish.await();
            return f;
        } catch (CancellationException e) {
            stopped.incrementAndGet();
            throw e;
        } catch (InterruptedException e) {
            throw new CancellationException("interrupted");
        }
    }
}
