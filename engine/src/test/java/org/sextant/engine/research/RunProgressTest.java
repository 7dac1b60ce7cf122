package org.sextant.engine.research;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.sextant.engine.jobs.JobContext;
import org.sextant.engine.store.Store;

/** A run as a job: its progress bar moves with the configurations measured, and Cancel stops it without a trace in the ledger. */
class RunProgressTest {
    private static final List<String> UNIVERSE = List.of("AA", "AXP", "T", "BA");
    private static final LocalDate OOS = LocalDate.of(1994, 1, 3);

    /** Records progress; cancels once the sweep reported {@code cancelAt} or more (never when negative). */
    private static final class RecordingJob implements JobContext {
        final List<Double> fractions = new CopyOnWriteArrayList<>();
        final List<String> messages = new CopyOnWriteArrayList<>();
        final double cancelAt;
        volatile boolean cancelled;

        RecordingJob(double cancelAt) { this.cancelAt = cancelAt; }

        @Override
        public void progress(double fraction, String message) {
            fractions.add(fraction);
            messages.add(message);
            if (cancelAt >= 0 && fraction >= cancelAt) cancelled = true;
        }

        @Override
        public boolean cancelled() { return cancelled; }
    }

    @Test
    void progressRisesThroughTheConfigurations(@TempSextant Store store) throws Exception {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        RecordingJob job = new RecordingJob(-1);
        // one thread: chunks finish in order, so the reported fractions must rise
        StrategyRunSummary s = research.runStrategy(new StrategyRunRequest("p", ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 1), job);
        assertEquals(12, s.configurations());
        assertEquals(0.05, job.fractions.get(0), 1e-12);
        assertTrue(job.messages.contains("12 of 12 configurations"), job.messages.toString());
        for (int i = 1; i < job.fractions.size(); i++) {
            assertTrue(job.fractions.get(i) >= job.fractions.get(i - 1), "never goes back: " + job.fractions);
        }
        assertEquals(0.9, job.fractions.get(job.fractions.size() - 1), 1e-12);
        assertEquals(1, research.listRuns("p", 10).size());
    }

    @Test
    void aCancelledRunIsNeitherSavedNorCounted(@TempSextant Store store) throws Exception {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        RecordingJob job = new RecordingJob(0.05); // cancel as soon as the sweep starts
        assertThrows(CancellationException.class, () -> research.runStrategy(
                new StrategyRunRequest("c", ResearchServiceTest.SPEC, UNIVERSE, null, null, OOS, 1), job));
        assertTrue(research.listRuns("c", 10).isEmpty(), "no run stored");
        assertEquals(Integer.valueOf(0), store.<Integer>read(c -> {
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT count(*) FROM research_sessions WHERE session_id = 'c' AND runs > 0")) {
                rs.next();
                return rs.getInt(1);
            }
        }), "the session ledger did not count it");
    }
}
