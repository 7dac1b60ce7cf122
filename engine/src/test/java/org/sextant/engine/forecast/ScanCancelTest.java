package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;

/**
 * A scan of one symbol on a slow model, cancelled while its forecast is being fitted: before the
 * cancel reached into the fit, the job finished the symbol, stored its forecast and only then
 * ended as cancelled. Now it stops inside the fit and the store is as it was.
 */
class ScanCancelTest {
    private static final Duration GENEROUS = Duration.ofMinutes(5);

    @Test
    void aScanCancelledDuringAFitEndsCancelledAndStoresNothing(@TempSextant Sextant engine) throws Exception {
        long before = forecastRows(engine);
        // ets on ~2500 closes: a calibrated live forecast refits about 250 times, many seconds of work
        JobStatus job = engine.startScan(new ForecastScan.Request(List.of("IBM"), "ets", 20, null, null, null, null, null, null));
        JobStatus now = job;
        for (int i = 0; i < GENEROUS.toMillis() / 10 && !(now.state() == JobState.RUNNING && now.message().startsWith("scanning IBM")); i++) {
            Thread.sleep(10);
            now = engine.jobs().status(job.id());
        }
        assertEquals(JobState.RUNNING, now.state(), "the scan is fitting IBM: " + now.message());
        engine.jobs().cancel(job.id());
        JobStatus end = engine.jobs().await(job.id(), GENEROUS);
        assertEquals(JobState.CANCELLED, end.state(), end.message() + " " + end.error());
        assertEquals(before, forecastRows(engine), "nothing of the cancelled fit was stored");
    }

    private static long forecastRows(Sextant engine) {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM forecasts")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
