package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.store.ForecastStore;
import org.sextant.engine.forecast.store.StoredForecast;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan looks its stored forecasts up a hundred symbols at a time, and finds what {@link ForecastStore#find} finds: before,
 * three queries per symbol, each reading the steps and bands tables whole, held a scan of 5,000 stored forecasts past its
 * budget (100 s).
 */
class ScanStoredForecastsTest {
    @TempSextant private Sextant engine;

    private static final List<String> SYMBOLS = List.of("AA", "GE", "IBM", "KO", "MSFT", "XOM");
    private static final JobContext JOB = new JobContext() {
        @Override public void progress(double fraction, String message) { }
        @Override public boolean cancelled() { return false; }
    };

    @Test
    void aScansLookupFindsWhatFindFindsInAFewReads(@TempDir Path tmp) {
        ForecastService service = new ForecastService(engine.store(), new PriceRepository(engine.store()), tmp.resolve("models"));
        // stored at two origins: the last week-aligned start, and one a year before
        service.scanJob(new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, null), JOB);
        LocalDate before = LocalDate.of(1999, 12, 31);
        service.scanJob(new ForecastScan.Request(SYMBOLS, "naive", 5, null, null, null, null, null, before), JOB);
        ForecastStore store = new ForecastStore(engine.store());

        for (LocalDate asOf : new LocalDate[] {null, before}) {
            ScanStoredForecasts lookup = new ScanStoredForecasts(store, "naive", 5, "conformal", SYMBOLS);
            for (String s : SYMBOLS) {
                LocalDate origin = ForecastScan.weekAligned(new PriceRepository(engine.store()).closes(s, null, null), asOf).to();
                List<StoredForecast> found = store.find(s, "naive", 5, StoredForecast.LIVE, "conformal", origin, origin);
                assertEquals(1, found.size(), s + " at " + origin);
                assertEquals(Json.MAPPER.writeValueAsString(found), Json.MAPPER.writeValueAsString(lookup.at(s, origin)), s + " at " + origin);
            }
            assertEquals(1, lookup.reads(), "the six read at once");
            assertEquals(List.of(), lookup.at("AA", LocalDate.of(1995, 1, 6)), "none made there");
        }
        assertTrue(new ScanStoredForecasts(store, "theta", 5, "conformal", SYMBOLS).at("AA", before).isEmpty(), "another model's are not found");
    }
}
