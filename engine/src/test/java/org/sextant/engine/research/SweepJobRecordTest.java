package org.sextant.engine.research;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/**
 * A sweep measured in chunks elsewhere (as a scale-out job's tasks do) is the local sweep, bit for
 * bit, and records as the run a local backtest saves, counted in the session; an incomplete or
 * repeated set of configurations, a second import, or a store whose prices are not the ones the
 * job read are refused.
 */
class SweepJobRecordTest {
    static final List<String> SYMBOLS = List.of("AA", "AXP", "T", "BA");
    static final LocalDate OOS = LocalDate.of(1994, 1, 3);
    static final String SPEC = ResearchServiceTest.SPEC.replace("[2, 5, 14]", "[2, 3, 5, 9, 14]");   // 20 configurations: two chunks

    @Test
    void chunksMeasuredApartAreTheLocalSweepAndRecordAsItsRun(@TempSextant Store store) throws Exception {
        ResearchServiceTest.insertDow(store);
        ResearchService research = new ResearchService(store);
        Universe u = new ResearchStore(store).universe(SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(SPEC).requireOk(), u);
        int split = u.indexOf(OOS), n = kernel.configurations();
        assertEquals(20, n);
        List<SweepChunk> chunks = List.of(SweepChunk.measure(kernel, 16, n, split, 252), SweepChunk.measure(kernel, 0, 16, split, 252));
        SweepResult apart = SweepChunk.assemble(kernel, split, chunks, 1.0);
        SweepResult local = Sweep.run(kernel, split, 2, false, 252);
        for (int k = 0; k < n; k++) {
            assertEquals(local.inSample()[k], apart.inSample()[k], "configuration " + k);
            assertEquals(local.outOfSample()[k], apart.outOfSample()[k], "configuration " + k);
            assertEquals(java.util.Arrays.toString(local.blockSum()[k]), java.util.Arrays.toString(apart.blockSum()[k]));
        }

        SweepJob job = SweepJob.of("job-1", SPEC, null, null, OOS, u, n);
        StrategyRunSummary here = research.runStrategy(new StrategyRunRequest("a", SPEC, SYMBOLS, null, null, OOS, 1));
        StrategyRunSummary there = research.recordSweepJob(job, chunks, 1.0, "b");
        assertEquals("job-1", there.runId());
        assertEquals(here.dsr(), there.dsr());
        assertEquals(here.pbo(), there.pbo());
        assertEquals(here.verdictText(), there.verdictText());
        assertEquals(20, research.recordSweepJob(SweepJob.of("job-2", SPEC, null, null, OOS, u, n), chunks, 1.0, "a").configurations());
        assertEquals(40, new ResearchStore(store).ledger("a").configurations(), "the imported run's configurations count in the session");

        assertEquals("output", assertThrows(SextantException.class, () -> research.recordSweepJob(job, chunks, 1.0, "b")).field(), "imported twice");
        SextantException missing = assertThrows(SextantException.class,
                () -> research.recordSweepJob(SweepJob.of("job-3", SPEC, null, null, OOS, u, n), chunks.subList(0, 1), 1.0, "b"));
        assertTrue(missing.getMessage().contains("configuration 0 of 20 is missing"), missing.getMessage());
        List<SweepChunk> repeated = new ArrayList<>(chunks);
        repeated.add(chunks.get(0));
        assertTrue(assertThrows(SextantException.class, () -> research.recordSweepJob(SweepJob.of("job-4", SPEC, null, null, OOS, u, n),
                repeated, 1.0, "b")).getMessage().contains("appears twice"));
        SweepJob otherDates = new SweepJob("job-5", SPEC, SYMBOLS, null, null, OOS, job.firstDate().plusDays(1), job.lastDate(), job.bars() - 1, n);
        assertEquals("output", assertThrows(SextantException.class, () -> research.recordSweepJob(otherDates, chunks, 1.0, "b")).field());

        store.inTransaction(c -> {   // a price changed after the export: the best configuration no longer measures the same
            try (PreparedStatement p = c.prepareStatement("UPDATE prices SET close = close * 1.01 WHERE symbol = 'AA' AND date > ?")) {
                p.setObject(1, LocalDate.of(1991, 1, 1));
                p.executeUpdate();
            }
            return null;
        });
        SextantException changed = assertThrows(SextantException.class,
                () -> research.recordSweepJob(SweepJob.of("job-6", SPEC, null, null, OOS, u, n), chunks, 1.0, "b"));
        assertTrue(changed.getMessage().contains("measures differently"), changed.getMessage());
        assertEquals(1, new ResearchStore(store).ledger("b").runs(), "no refused import was counted");
    }
}
