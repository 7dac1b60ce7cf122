package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.JobOutputFiles;
import org.sextant.engine.exchange.ScaleOutExchange;
import org.sextant.engine.exchange.StrategySweepRows;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/** Attack 24 L1: a sweep row's number written as text is refused naming the column and its type, never quoting the text. */
class SweepCellNotQuotedTest {
    @Test
    void aSweepRowsNumberWrittenAsTextIsNotQuoted(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ResearchServiceTest.insertDow(store);
        Universe u = new ResearchStore(store).universe(SweepJobRecordTest.SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(SweepJobRecordTest.SPEC).requireOk(), u);
        int split = u.indexOf(SweepJobRecordTest.OOS), n = kernel.configurations();
        SweepChunk chunk = SweepChunk.measure(kernel, 0, n, split, 252);
        Map<Integer, Map<String, Object>> params = new java.util.HashMap<>();
        for (int k = 0; k < n; k++) params.put(k, Map.of("k", k));
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        for (String column : List.of("compute_seconds", "oos_sharpe", "configuration")) {
            List<Map<String, Object>> rows = StrategySweepRows.of(SweepJob.of("job-" + column, SweepJobRecordTest.SPEC, null, null, SweepJobRecordTest.OOS, u, n),
                    chunk, params, 2.0);
            rows.get(3).put(column, "ghp_SECRET_TOKEN_0123456789");
            Path folder = JobOutputFiles.write(tmp.resolve(column), StrategySweepRows.COLUMNS,
                    c -> c.equals(column) ? "VARCHAR" : SweepJobImportCheckTest.type(c), rows);
            SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, "s"), column);
            String m = e.getMessage();
            assertEquals("output", e.field(), m);
            assertTrue(m.contains("column " + column) && m.contains(column.equals("configuration") ? "integer" : "double") && !m.contains("SECRET"), m);
        }
    }
}
