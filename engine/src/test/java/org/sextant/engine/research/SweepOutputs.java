package org.sextant.engine.research;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sextant.engine.exchange.StrategySweepRows;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/** A strategy sweep job's genuine output, measured by the engine's kernel over the store's Dow symbols as the job's tasks do, for import tests. */
public final class SweepOutputs {
    private SweepOutputs() {}

    /** Fills {@code store} with the Dow symbols the sweep reads (when not yet there) and writes job {@code jobId}'s output of 20 configurations into {@code folder}. */
    public static Path genuine(Store store, Path folder, String jobId) throws Exception {
        if (SweepJobImportCheckTest.count(store, "SELECT count(*) FROM prices") == 0) ResearchServiceTest.insertDow(store);
        Universe u = new ResearchStore(store).universe(SweepJobRecordTest.SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(SweepJobRecordTest.SPEC).requireOk(), u);
        int split = u.indexOf(SweepJobRecordTest.OOS), n = kernel.configurations();
        Map<Integer, Map<String, Object>> params = new java.util.HashMap<>();
        for (int k = 0; k < n; k++) params.put(k, Map.of("k", k));
        SweepJob job = SweepJob.of(jobId, SweepJobRecordTest.SPEC, null, null, SweepJobRecordTest.OOS, u, n);
        List<Map<String, Object>> rows = StrategySweepRows.of(job, SweepChunk.measure(kernel, 0, n, split, 252), params, 2.0);
        return SweepJobImportCheckTest.write(folder, rows);
    }

    /** Runs the store holds, and research sessions: both 0 while nothing was imported. */
    public static long stored(Store store) {
        return SweepJobImportCheckTest.count(store, "SELECT (SELECT count(*) FROM strategy_runs) + (SELECT count(*) FROM research_sessions)");
    }
}
