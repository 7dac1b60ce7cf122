package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.testing.TempSextant;

/**
 * A synchronous scan prices its missing forecasts before fitting them ({@link LiveForecastCost}) and computes only
 * those its allowance (injected here) covers: it answers with their rows and the rest under not_computed, and a
 * second call continues from the forecasts the first kept instead of starting again (attack 12, L3).
 */
class ScanAllowanceTest {
    @TempSextant private Sextant engine;

    private static final List<String> SYMBOLS = List.of("IBM", "KO", "AA", "MSFT");

    @Test
    void aScanOverItsAllowanceAnswersWithRowsAndASecondCallContinues(@TempDir Path tmp) {
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService service = new ForecastService(engine.store(), prices, tmp.resolve("models"));
        double[] cost = SYMBOLS.stream().mapToDouble(s -> LiveForecastCost.estimatedSeconds(service.models(),
                ForecastScan.weekAligned(prices.closes(s, null, null), null).size(), "naive", 5)).toArray();
        ForecastScan.Request request = new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, null);

        ScanResult none = service.scan(request, Math.nextDown(java.util.Arrays.stream(cost).min().orElseThrow()));
        assertEquals(SYMBOLS, none.notComputed(), "not one fits");
        assertEquals(0, none.rows().size());
        assertTrue(none.note().endsWith("not one fits in a call: start_scan computes them all as a job (no such budget) and stores them,"
                + " or ask for a shorter horizon or a faster model"), none.note());

        double allowance = cost[0] + cost[1]; // the first two fit, a third does not
        ScanResult first = service.scan(request, allowance);
        assertEquals(List.of("AA", "MSFT"), first.notComputed(), first.note());
        assertEquals(2, first.rows().size(), "the rows it could afford are answered");
        assertTrue(first.note().startsWith("2 symbol(s) have no stored forecast yet and were not computed in this call (2 would compute for about "),
                first.note());
        assertTrue(first.note().endsWith("call again to continue (the 2 computed in this call are kept while the prices are unchanged),"
                + " or start_scan computes them all as a job and stores them"), first.note());

        ScanResult second = service.scan(request, allowance);
        assertTrue(second.notComputed().size() < 2, "the second call continues: " + second.notComputed());
        assertEquals(4 - second.notComputed().size(), second.rows().size());
    }

    /**
     * An estimate is an idle machine's: a fit that runs into the end of the budget (here an injected 3 s one and a fit held past it, against
     * ARIMA's seconds at 260 steps, the allowance not limiting) is not waited for past nine tenths of it: the scan answers
     * with the rows it has and the rest not computed, instead of a timeout that throws them away, and the fit goes on in
     * the background for the next call ({@link ScanFitsTest}).
     */
    @Test
    void aFitThatRunsIntoTheBudgetIsNotWaitedForAndTheScanStillAnswers(@TempDir Path tmp) {
        ForecastService service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        try {
            HeldScanFit held = new HeldScanFit(service::models, 0); // a fit that outlasts any budget, however fast the reads
            service.fitScansWith(held);
            ForecastScan.Request request = new ForecastScan.Request(SYMBOLS, "arima", 260, null, null, null, null, null, null);
            // a budget the reads of four symbols never use up, even on a loaded machine (300 ms did at load 27)
            ScanResult r = org.sextant.engine.jobs.Cancellation.within(java.time.Duration.ofSeconds(3), "scan_forecasts", "start_scan",
                    () -> service.scan(request, Double.POSITIVE_INFINITY));
            assertEquals(SYMBOLS, r.notComputed(), r.note());
            assertTrue(r.note().contains("(the budget ran out during a fit, which took longer than estimated (a busy machine)): IBM's fit goes on"
                    + " in the background"), r.note());
        } finally {
            service.close(); // its ARIMA fit stops
        }
    }
}
