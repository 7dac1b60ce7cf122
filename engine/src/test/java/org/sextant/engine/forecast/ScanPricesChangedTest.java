package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan_forecasts call waiting for a background fit when the prices change (an import, a gather, a delete): the fit is
 * stopped, and the call answers with the symbol not computed and a note to call again. Before, the fit's stop reached the
 * call as "the app failed: CancellationException" (attack 15 M4). The fit is held by a latch until the change.
 */
@Timeout(300) // hang guard only
class ScanPricesChangedTest {
    @TempSextant private Sextant engine;
    private ForecastService service;
    private HeldScanFit fit;

    @AfterEach
    void stopTheFits() {
        if (fit != null) fit.release.countDown();
        if (service != null) service.close();
    }

    @Test
    void aCallWhoseAwaitedFitIsStoppedByAChangeOfThePricesAnswersAndSaysToCallAgain(@TempDir Path tmp) throws Exception {
        fit = new HeldScanFit(() -> service.models(), 0);
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        service.fitScansWith(fit);
        ForecastScan.Request ibm = new ForecastScan.Request(List.of("IBM"), "naive", 5, null, null, null, null, null, null);
        // a budget the wait never reaches: only the change of the prices ends the fit
        FutureTask<ScanResult> call = new FutureTask<>(() -> Cancellation.within(Duration.ofMinutes(5), "scan_forecasts", null,
                () -> service.scan(ibm)));
        Thread caller = new Thread(call, "scan-caller");
        caller.setDaemon(true);
        caller.start();
        fit.started.await();

        Path csv = Files.writeString(tmp.resolve("TINY.csv"), "Date,Close\n2020-01-02,1\n2020-01-03,2\n2020-01-06,3\n");
        engine.importPrices(List.of(csv));
        service.invalidate(); // what the engine does for its own service on every change of the prices

        ScanResult answer = call.get(); // was an ExecutionException: CancellationException "cancelled during a model fit"
        assertEquals(List.of("IBM"), answer.notComputed());
        assertEquals(0, answer.rows().size());
        assertTrue(answer.note() != null && answer.note().contains("prices changed during this call") && answer.note().contains("call again"),
                answer.note());
        service.scanFits().awaitIdle();
        assertEquals(1, fit.stopped.get(), "the fit of the old prices was stopped");
    }
}
