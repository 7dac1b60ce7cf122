package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast job stores each symbol as it is done; cancelled after the first was written, it ended
 * CANCELLED as if nothing had been. Its message now names what was written and stays.
 */
class ForecastJobCancelTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);

    @Test
    void aForecastJobCancelledAfterItsFirstSymbolSaysThatSymbolStays(@TempSextant Sextant engine) throws Exception {
        // another write holds the store: the job computes KO's forecast and waits there to store it
        try (HeldStore held = HeldStore.hold(engine.store())) {
            JobStatus job = engine.startForecast(List.of("KO", "IBM"), "naive", 10, false);
            long end = System.nanoTime() + GENEROUS.toNanos();
            while (!waitingToStore() && System.nanoTime() < end) Thread.sleep(5);
            assertTrue(waitingToStore(), "the job waits to store KO's forecast");
            engine.jobs().cancel(job.id());
            held.release();
            JobStatus done = engine.jobs().await(job.id(), GENEROUS);
            assertEquals(JobState.CANCELLED, done.state());
            assertEquals("cancelled after the forecasts of 1 of 2 symbol(s) (KO) had been written (that stays); the rest was not done", done.message());
            assertEquals(1, liveForecasts(engine, "KO"));
            assertEquals(0, liveForecasts(engine, "IBM"));
        }
    }

    /** Whether the writer job's thread waits for the store's write lock (a ReentrantLock: WAITING, parked) to save a live forecast. */
    private static boolean waitingToStore() {
        for (Map.Entry<Thread, StackTraceElement[]> t : Thread.getAllStackTraces().entrySet()) {
            if (t.getKey().getName().startsWith("sextant-writer-job") && (t.getKey().getState() == Thread.State.BLOCKED || t.getKey().getState() == Thread.State.WAITING)
                    && Arrays.stream(t.getValue()).anyMatch(f -> f.getMethodName().equals("storeLive"))) return true;
        }
        return false;
    }

    private static long liveForecasts(Sextant engine, String symbol) {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(
                    "SELECT count(*) FROM forecasts WHERE kind = 'live' AND symbol = '" + symbol + "'")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
