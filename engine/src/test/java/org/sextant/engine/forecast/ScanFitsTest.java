package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan's fit that its call cannot wait for goes on in the background ({@link ScanFits}), so calling again makes progress
 * (attack 12: ARIMA at 260 steps on a loaded machine gave up KO's fit at every call). The fit here is held by latches,
 * polling the cancel checks as a model's optimiser does, and counted; a call's budget only decides when it stops waiting.
 */
@Timeout(300) // hang guard only: a fit that never stops would hold awaitIdle forever
class ScanFitsTest {
    @TempSextant private Sextant engine;
    private ForecastService service;

    private static final ForecastScan.Request IBM = request("IBM");

    @AfterEach
    void stopTheFits() {
        if (service != null) service.close();
    }

    @Test
    void aFitGoingOnInTheBackgroundIsRankedByTheNextCallWithoutFittingAgain(@TempDir Path tmp) throws Exception {
        HeldScanFit fit = held(0);
        service(tmp, fit);
        ScanResult first = call(IBM);
        assertEquals(List.of("IBM"), first.notComputed(), first.note());
        assertGoesOn(first.note());

        fit.release.countDown();
        service.scanFits().awaitIdle();
        ScanResult second = call(IBM);
        assertEquals(List.of(), second.notComputed(), second.note());
        assertEquals("IBM", second.rows().get(0).symbol());
        assertEquals(1, fit.fits.get(), "ranked from the background fit, not fitted again");
    }

    @Test
    void aCallWhileTheFitGoesOnJoinsItAndABusyPoolFitsAsBefore(@TempDir Path tmp) throws Exception {
        HeldScanFit fit = held(0);
        service(tmp, fit);
        call(IBM);
        ScanResult again = call(IBM);
        assertEquals(List.of("IBM"), again.notComputed(), again.note());
        assertGoesOn(again.note());
        assertEquals(1, fit.fits.get(), "the second call waits for the fit under way instead of starting another");

        ScanResult other = call(request("KO")); // the pool's one thread fits IBM: KO is fitted by the call and given up
        assertEquals(List.of("KO"), other.notComputed(), other.note());
        assertTrue(other.note().endsWith("(a busy machine)): call again to continue, or start_scan computes them all as a job and stores them"),
                other.note());
        assertEquals(2, fit.fits.get());

        fit.release.countDown();
        service.scanFits().awaitIdle();
        assertEquals(1, call(IBM).rows().size());
        assertEquals(2, fit.fits.get());
    }

    /** The import changes an early close only: the forecast's key (rows, last date and close) is the same, its prices are not. */
    @Test
    void aFitOfPricesChangedMeanwhileIsNotKept(@TempDir Path tmp) throws Exception {
        HeldScanFit fit = held(1);
        service(tmp, fit);
        assertGoesOn(call(IBM).note());
        fit.release.countDown();
        fit.checked.await(); // past its last cancel check: it ends with a forecast of the old prices
        PriceSeries before = new PriceRepository(engine.store()).closes("IBM", null, null);
        engine.importPrices(List.of(Files.writeString(tmp.resolve("IBM.csv"),
                "Date,Close\n" + before.dates().get(10) + "," + before.close()[10] * 1.01 + "\n")));
        assertNotEquals(before.close()[10], new PriceRepository(engine.store()).closes("IBM", null, null).close()[10], "the import changed a close");
        fit.finish.countDown();
        service.scanFits().awaitIdle();

        ScanResult after = call(IBM);
        assertEquals(1, after.rows().size(), after.note());
        assertEquals(2, fit.fits.get(), "fitted again on the new prices");
    }

    @Test
    void aFitUnderWayStopsWhenThePricesChangeOrTheEngineCloses(@TempDir Path tmp) throws Exception {
        HeldScanFit fit = held(0);
        service(tmp, fit);
        assertGoesOn(call(IBM).note());
        service.invalidate(); // what an import does
        service.scanFits().awaitIdle(); // the fit stopped at its next check, never let go
        assertEquals(1, fit.stopped.get());

        assertGoesOn(call(IBM).note());
        service.close();
        service.scanFits().awaitIdle();
        assertEquals(2, fit.stopped.get());
        assertEquals(2, fit.fits.get());
    }

    private HeldScanFit held(int finishing) {
        return new HeldScanFit(() -> service.models(), finishing);
    }

    private void service(Path tmp, HeldScanFit fit) {
        service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        service.fitScansWith(fit);
        engine.onDataChanged(service::invalidate);
    }

    /** A scan_forecasts call with a budget of 2 s (the reads of a few symbols need far less, even on a loaded machine): it waits for a held fit until nine tenths of it. */
    private ScanResult call(ForecastScan.Request request) {
        return Cancellation.within(Duration.ofSeconds(2), "scan_forecasts", null, () -> service.scan(request));
    }

    private static ForecastScan.Request request(String symbol) {
        return new ForecastScan.Request(List.of(symbol), "naive", 5, null, null, null, null, null, null);
    }

    private static void assertGoesOn(String note) {
        assertTrue(note.contains("(a busy machine)): IBM's fit goes on in the background (") && note.contains("; it stops after 10 min or when"
                + " the prices change): call again in ") && note.endsWith(" to rank it without fitting again and continue, or start_scan computes"
                + " them all as a job and stores them"), note);
    }
}
