package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan job stores its forecasts as it goes ({@link ScanJobStore}): stopped partway (a cancel, its time limit) it keeps
 * what it computed and says how many, and the next scan job fits only the rest. Before, it stored after its whole loop and
 * a stop kept nothing (attack 15 M3). Fits are counted; the cancel comes after the third fit, by count, not by time.
 */
class ScanJobKeepsTest {
    private static final List<String> SYMBOLS = List.of("IBM", "KO", "AA", "MSFT", "GE");
    private static final ForecastScan.Request SCAN = new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, null);

    @TempSextant private Sextant engine;
    private ForecastService service;

    @AfterEach
    void close() {
        if (service != null) service.close();
    }

    @Test
    void aScanJobStoppedPartwayKeepsWhatItComputedAndTheNextFitsOnlyTheRest(@TempDir Path tmp) throws Exception {
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        AtomicInteger fits = new AtomicInteger();
        AtomicBoolean cancel = new AtomicBoolean();
        service.fitScansWith((p, model, horizon, calibration) -> {
            PriceForecast f = PriceForecast.calibrated(service.models(), p, model, horizon, ForecastBacktestRun.DEFAULT_LEVELS, calibration);
            if (fits.incrementAndGet() == 3) cancel.set(true); // after its last cancel check: the third forecast is made
            return f;
        });

        // two to a commit: the third forecast is still pending when the cancel comes, and must be committed then
        CancellationException stop = assertThrows(CancellationException.class,
                () -> Cancellation.watching(cancel::get, () -> service.scanJob(SCAN, context(cancel), 2)));
        assertInstanceOf(Cancellation.AfterStoring.class, stop, "a cancel after storing says what stays: " + stop.getMessage());
        assertTrue(stop.getMessage().contains("the forecasts of 3 of 5 symbol(s)"), stop.getMessage());
        assertEquals(3, fits.get());
        assertEquals(3, liveForecastRows(), "the three forecasts computed before the cancel are stored");

        assertEquals(3, service.scan(SCAN, 0).rows().size(), "a read ranks the stored ones without fitting");
        assertEquals(3, fits.get());

        ScanResult all = Cancellation.watching(() -> false, () -> service.scanJob(SCAN, context(new AtomicBoolean()), 2));
        assertEquals(5, all.rows().size() + all.skipped().size(), all.skipped().toString());
        assertEquals(5, fits.get(), "the second job fitted only the two left");
        assertEquals(5, liveForecastRows());
    }

    private static JobContext context(AtomicBoolean cancel) {
        return new JobContext() {
            @Override
            public void progress(double fraction, String message) {}

            @Override
            public boolean cancelled() { return cancel.get(); }
        };
    }

    private long liveForecastRows() {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM forecasts WHERE kind = 'live'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
