package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.CloseBatches;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan reads its symbols' closes a batch at a time and stops between symbols and inside a read: when its time to read is
 * up it answers with what it has and lists the rest as not computed, and when its caller went away it stops. Before, it
 * read every symbol with a query of its own and looked at neither: a whole-store scan of 5,000 symbols held its turn for
 * more than 13 minutes past its caller and its 40 s budget (attack 14 H1). The time here ends after a count of reads, not
 * of seconds.
 */
class ScanReadsTest {
    @TempSextant private Sextant engine;

    private static final List<String> SYMBOLS = List.of("IBM", "KO", "AA", "MSFT");
    private static final ForecastScan.Request NAIVE = new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, null);

    /** The batches read, in {@code read}; {@code flag} turns true as read number {@code during} begins and once {@code after} ended. */
    private static ScanCloses.Reader counted(CloseBatches batches, List<List<String>> read, int during, int after, AtomicBoolean flag) {
        return (symbols, stop) -> {
            read.add(symbols);
            if (read.size() == during) flag.set(true);
            CloseBatches.Batch b = batches.read(symbols, stop);
            if (read.size() == after) flag.set(true);
            return b;
        };
    }

    private ForecastService service(Path tmp) {
        return new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
    }

    /** A service reading one symbol a query through {@link #counted}. */
    private ForecastService oneEach(Path tmp, List<List<String>> read, int during, int after, AtomicBoolean flag) {
        ForecastService service = service(tmp);
        CloseBatches oneEach = new CloseBatches(engine.store(), 1);
        service.readScansWith(oneEach, counted(oneEach, read, during, after, flag));
        return service;
    }

    @Test
    void aScanWhoseTimeEndsBetweenSymbolsAnswersWithTheRestNotComputed(@TempDir Path tmp) {
        List<List<String>> read = new ArrayList<>();
        AtomicBoolean timeUp = new AtomicBoolean();
        ForecastService service = oneEach(tmp, read, -1, 2, timeUp); // the time ends after the second symbol's read

        ScanResult r = service.scan(NAIVE, Double.POSITIVE_INFINITY, timeUp::get);
        assertEquals(List.of(List.of("IBM"), List.of("KO")), read, "nothing read after the time ended");
        assertEquals(List.of("IBM", "KO"), r.rows().stream().map(ScanRow::symbol).sorted().toList(), "the rows it had are answered");
        assertEquals(List.of("AA", "MSFT"), r.notComputed());
        assertEquals(4, r.scanned(), "scanned = ranked + skipped + not_computed");
        assertTrue(r.note().startsWith("2 symbol(s) were not read in this call: its budget ran out after reading the closes of 2 of 4"), r.note());
    }

    @Test
    void aScanWhoseTimeEndsDuringARead(@TempDir Path tmp) {
        List<List<String>> read = new ArrayList<>();
        AtomicBoolean timeUp = new AtomicBoolean();
        ForecastService service = oneEach(tmp, read, 2, -1, timeUp); // the time ends as the second symbol's read begins

        ScanResult r = service.scan(NAIVE, Double.POSITIVE_INFINITY, timeUp::get);
        assertEquals(List.of(List.of("IBM"), List.of("KO")), read, "nothing read after the time ended");
        assertEquals(List.of("IBM"), r.rows().stream().map(ScanRow::symbol).toList(), "the row it had is answered");
        assertEquals(List.of("KO", "AA", "MSFT"), r.notComputed());
        assertEquals(4, r.scanned(), "scanned = ranked + skipped + not_computed");
        assertEquals("3 symbol(s) were not read in this call: its budget ran out after reading the closes of 1 of 4 (listed under"
                + " not_computed, in the scan's order); to rank them, name them in symbols (at most 1000 a call), or start_scan ranks"
                + " every symbol as a job and stores the forecasts", r.note());
    }

    @Test
    void aScanWhoseBudgetIsSpentAnswersWithoutReading(@TempDir Path tmp) {
        ForecastService service = service(tmp);
        List<List<String>> read = new ArrayList<>();
        CloseBatches batches = new CloseBatches(engine.store());
        service.readScansWith(batches, counted(batches, read, -1, -1, new AtomicBoolean()));

        // a budget spent before the scan began (a turn waited for): the scan's own budget, no clock of the test's
        ScanResult r = Cancellation.within(Duration.ZERO, "scan_forecasts", "start_scan", () -> service.scan(NAIVE));
        assertEquals(List.of(), read);
        assertEquals(SYMBOLS, r.notComputed());
        assertTrue(r.note().startsWith("4 symbol(s) were not read in this call: its budget ran out after reading the closes of 0 of 4"), r.note());
    }

    @Test
    void aScanWhoseCallerWentAwayStops(@TempDir Path tmp) {
        List<List<String>> read = new ArrayList<>();
        AtomicBoolean gone = new AtomicBoolean();
        ForecastService service = oneEach(tmp, read, -1, 1, gone); // the caller goes away after the first read

        // no forecast computed (allowance 0): no fit's checkpoint; the stop is the scan's own
        assertThrows(CancellationException.class, () -> Cancellation.unlessAbandoned(gone::get, () -> service.scan(NAIVE, 0.0, () -> false)));
        assertEquals(List.of(List.of("IBM")), read, "stopped before the next symbol");

        read.clear();
        gone.set(false);
        ForecastService again = oneEach(tmp.resolve("again"), read, 2, -1, gone); // it goes away as the second read begins
        assertThrows(CancellationException.class, () -> Cancellation.unlessAbandoned(gone::get, () -> again.scan(NAIVE, 0.0, () -> false)));
        assertEquals(List.of(List.of("IBM"), List.of("KO")), read, "stopped in the read that saw its caller gone, nothing read after");
    }

    @Test
    void aWholeStoreScanReadsEachRowOnceInOneQueryPerBatch(@TempDir Path tmp) {
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService service = new ForecastService(engine.store(), prices, tmp.resolve("models"));
        CloseBatches batches = new CloseBatches(engine.store(), 30_000);
        service.readScansWith(batches, null);

        ScanResult r = service.scan(new ForecastScan.Request(null, "naive", 5, null, null, null, null, null, null), 0.0, () -> false);
        long stored = engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet q = s.executeQuery("SELECT count(*) FROM prices")) {
                q.next();
                return q.getLong(1);
            }
        });
        assertEquals(stored, batches.rowsRead(), "every daily row read once");
        List<String> daily = prices.symbols(null).stream().map(org.sextant.engine.data.SymbolInfo::symbol).toList();
        long symbols = daily.size();
        assertEquals(batches.plan(daily).size(), batches.queries(), "one query per batch");
        assertTrue(batches.queries() > 1 && batches.queries() < symbols / 4, batches.queries() + " queries for " + symbols + " symbols");
        assertEquals(0, prices.seriesReads(), "no symbol read alone");
        assertEquals(symbols, r.notComputed().size() + r.skipped().stream().filter(s -> !s.reason().startsWith("only bars")).count());
    }

    @Test
    void aScanRanksTheSameRowsAsReadingEachSymbolAlone(@TempDir Path tmp) {
        ForecastScan.Request six = new ForecastScan.Request(List.of("IBM", "KO", "AA", "MSFT", "GE", "XOM"), "naive", 5, null, null, 6,
                null, null, null);
        ForecastService batched = service(tmp.resolve("a"));
        batched.readScansWith(new CloseBatches(engine.store(), 6_000), null); // two or three symbols a query
        PriceRepository prices = new PriceRepository(engine.store());
        ForecastService alone = new ForecastService(engine.store(), prices, tmp.resolve("b").resolve("models"));
        alone.readScansWith(new CloseBatches(engine.store()), (symbols, stop) -> s -> prices.closes(s, null, null)); // the path before

        ScanResult a = batched.scan(six, Double.POSITIVE_INFINITY, () -> false);
        ScanResult b = alone.scan(six, Double.POSITIVE_INFINITY, () -> false);
        assertEquals(6, a.rows().size(), a.skipped() + " " + a.notComputed());
        assertEquals(b.rows(), a.rows());
        assertEquals(b, a);
    }
}
