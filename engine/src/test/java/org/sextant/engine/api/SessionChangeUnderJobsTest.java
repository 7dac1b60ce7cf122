package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.ingest.SessionChange;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.HeldStore;
import org.sextant.engine.testing.TempSextant;

/**
 * set_trading_session changes the bars a forecast reads (resampled, annualised and dated along the new session): under a
 * running forecast of the symbol it let the job store a result made along the old session after the change, uncounted by
 * the change's own "not recomputed" note. It is now held off as a deletion is: refused while a job reads the symbol, and
 * no job on the symbol starts while the change waits for the store's writer. Jobs are kept alive by a held store write.
 */
class SessionChangeUnderJobsTest {
    private static final Duration GENEROUS = Duration.ofMinutes(2);
    @TempSextant private Sextant engine;

    @Test
    void aSessionChangeIsRefusedUnderAJobReadingTheSymbol() throws Exception {
        JobStatus job;
        SextantException busy;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            job = engine.startForecast(List.of("KO"), "naive", 5, false);
            busy = assertThrows(SextantException.class, () -> engine.setTradingSession("KO", "continuous"));
            engine.jobs().cancel(job.id());
        }
        engine.jobs().await(job.id(), GENEROUS);
        assertEquals(FailReason.JOB_BUSY, busy.reason(), busy.getMessage());
        assertEquals(job.id(), busy.details().get("active_job_id"));
        assertTrue(busy.getMessage().matches("job " + job.id() + " \\(forecast, (queued|running)\\) reads or writes the prices of KO: giving them another "
                + "trading session would change the bars it reads under it; the session was not changed"), busy.getMessage());
        assertEquals("wait for job " + job.id() + " to end, or cancel it (cancel_job " + job.id() + "), then set the session again", busy.fix());
        SessionChange.SessionSet set = engine.setTradingSession("KO", "continuous");
        assertNull(set.was(), "the refused call set no session: KO still had none of its own");
        assertEquals("continuous", set.session());
    }

    @Test
    void noJobOnASymbolStartsWhileItsSessionChangeWaitsForTheWriter() throws Exception {
        AtomicReference<Object> changed = new AtomicReference<>();
        SextantException refused;
        JobStatus other;
        Thread changer;
        try (HeldStore held = HeldStore.hold(engine.store())) {
            changer = new Thread(() -> {
                try {
                    changed.set(engine.setTradingSession("KO", "continuous"));
                } catch (RuntimeException e) {
                    changed.set(e);
                }
            });
            changer.start();
            while (changer.getState() != Thread.State.TIMED_WAITING) Thread.onSpinWait(); // parked on the write lock, with its wait
            refused = assertThrows(SextantException.class, () -> engine.startForecast(List.of("KO"), "naive", 5, false));
            other = engine.startForecast(List.of("IBM"), "naive", 5, false);
        }
        changer.join();
        assertEquals(FailReason.JOB_BUSY, refused.reason());
        assertEquals("the prices of KO are being given another trading session (set_trading_session), and this forecast job would read or write them;"
                + " it was not started", refused.getMessage());
        assertEquals("start it again once the session change has answered", refused.fix());
        assertEquals(java.util.Map.of("changing_symbol", "KO", "change", "set_trading_session"), refused.details());
        assertTrue(changed.get() instanceof SessionChange.SessionSet, String.valueOf(changed.get()));
        engine.jobs().await(other.id(), GENEROUS);
        JobStatus after = engine.jobs().await(engine.startForecast(List.of("KO"), "naive", 5, false).id(), GENEROUS);
        assertEquals(org.sextant.engine.jobs.JobState.SUCCEEDED, after.state(), "once answered, a job on KO starts: " + after.message());
    }
}
