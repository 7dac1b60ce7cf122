package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * scan_forecasts hands its fits to the scans' fit thread ({@link ScanFits}), which goes on after the call: that thread
 * runs as the read, so a fit that tried to write through a store connection is refused there as on the call's own thread.
 */
@Timeout(300) // hang guard only
class ScanFitReadScopeTest {
    @TempSextant private Sextant engine;
    private ForecastService service;

    @AfterEach
    void stopTheFits() {
        if (service != null) service.close();
    }

    @Test
    void aScanFitOnTheFitThreadCannotWriteTheStore(@TempDir Path tmp) throws Exception {
        AtomicReference<String> thread = new AtomicReference<>();
        AtomicReference<Throwable> write = new AtomicReference<>();
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        service.fitScansWith((p, model, horizon, calibration) -> {
            thread.set(Thread.currentThread().getName());
            try {
                engine.store().read(c -> c.createStatement().execute("CREATE TABLE worker_wrote(x INTEGER)"));
            } catch (RuntimeException e) {
                write.set(e);
            }
            throw new java.util.concurrent.CancellationException("the test's fit ends here");
        });
        ReadOnlyScope.run("scan_forecasts", () -> Cancellation.within(Duration.ofSeconds(20), "scan_forecasts", null,
                () -> service.scan(new ForecastScan.Request(List.of("IBM"), "naive", 5, null, null, null, null, null, null))));
        service.scanFits().awaitIdle();

        assertTrue(thread.get().startsWith("sextant-scan-fit"), "fitted on the scans' fit thread: " + thread.get());
        SextantException refused = assertInstanceOf(SextantException.class, write.get(), "the write was refused");
        assertEquals(FailReason.FORBIDDEN, refused.reason());
        assertTrue(refused.getMessage().startsWith("the read request scan_forecasts tried to "), refused.getMessage());
        boolean created = engine.store().read(c -> {
            try (ResultSet r = c.createStatement().executeQuery("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'worker_wrote'")) {
                r.next();
                return r.getLong(1) > 0;
            }
        });
        assertFalse(created, "no table was created");
    }
}
