package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
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

/**
 * A strategy sweep job's output that the engine could not have written (a metric that is NaN,
 * block sums missing or of another length, negative compute seconds, a Sharpe, volatility, bar
 * count or block that its own blocks disagree with) is refused by import-job
 * naming the file, the configuration and the column, and nothing is stored: no run, no session.
 */
class SweepJobImportCheckTest {
    static final String SPEC = SweepJobRecordTest.SPEC;

    @Test
    void corruptSweepOutputIsRefusedBeforeAnythingIsStored(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ResearchServiceTest.insertDow(store);
        Universe u = new ResearchStore(store).universe(SweepJobRecordTest.SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(SPEC).requireOk(), u);
        int split = u.indexOf(SweepJobRecordTest.OOS), n = kernel.configurations();
        SweepChunk chunk = SweepChunk.measure(kernel, 0, n, split, 252);
        Map<Integer, Map<String, Object>> params = new java.util.HashMap<>();
        for (int k = 0; k < n; k++) params.put(k, Map.of("k", k));
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        int[] jobs = {0};
        record Case(String column, Consumer<Map<String, Object>> corrupt, String says) {}
        List<Case> cases = List.of(
                new Case("is_sharpe", row -> row.put("is_sharpe", Double.NaN), "is_sharpe"),
                new Case("oos_volatility", row -> row.put("oos_volatility", Double.POSITIVE_INFINITY), "oos_volatility"),
                new Case("block_sum", row -> row.put("block_sum", new double[]{1, 2}), "has 2 blocks, not the 16"),
                new Case("block_sum", row -> row.put("block_sum", null), "block_sum is missing"),
                new Case("block_sq", row -> row.put("block_sq", new double[]{1, 2}), "block_sq has 2 blocks"),
                new Case("compute_seconds", row -> row.put("compute_seconds", -1.0), "compute_seconds"),
                // metrics its own blocks disagree with (only the best configuration is replayed on import)
                new Case("oos_sharpe", row -> row.put("oos_sharpe", 99.0), "column oos_sharpe is 99.0"),
                new Case("oos_sharpe", row -> row.put("oos_sharpe", (Double) row.get("oos_sharpe") + 1.5), "column oos_sharpe is"),
                new Case("oos_volatility", row -> row.put("oos_volatility", (Double) row.get("oos_volatility") * 2), "column oos_volatility is"),
                new Case("is_sharpe", row -> row.put("is_sharpe", (Double) row.get("is_sharpe") - 1.5), "column is_sharpe is"),
                new Case("block_sum", row -> row.put("block_sum", shifted((double[]) row.get("block_sum"), 15, 0.5)), "where its block_sum"),
                new Case("oos_bars", row -> row.put("oos_bars", (Integer) row.get("oos_bars") + 1), "column oos_bars is"),
                new Case("block_count", row -> row.put("block_count", ones()), "column block_count holds 1 bars in block 1"));
        for (Case c : cases) {
            SweepJob job = SweepJob.of("job-" + jobs[0]++, SPEC, null, null, SweepJobRecordTest.OOS, u, n);
            List<Map<String, Object>> rows = StrategySweepRows.of(job, chunk, params, 2.0);
            c.corrupt().accept(rows.get(3));
            Path folder = write(tmp.resolve("out-" + jobs[0]), rows);
            SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, "s"), c.column());
            assertEquals("output", e.field());
            String m = e.getMessage();
            assertTrue(m.contains("part-00000.parquet") && !m.contains("job-") && m.contains("configuration 3") && m.contains(c.says()), m);
            assertTrue(e.fix().contains("re-run the job"), e.fix());
            assertEquals(0, count(store, "SELECT count(*) FROM research_sessions"), "no session is left behind: " + c.column());
        }
        // the untouched output imports
        SweepJob job = SweepJob.of("job-ok", SPEC, null, null, SweepJobRecordTest.OOS, u, n);
        assertEquals(n, exchange.importJob(write(tmp.resolve("ok"), StrategySweepRows.of(job, chunk, params, 2.0)), "s").run().configurations());
    }

    private static double[] shifted(double[] a, int block, double by) {
        double[] b = a.clone();
        b[block] += by;
        return b;
    }

    private static int[] ones() {
        int[] a = new int[16];
        java.util.Arrays.fill(a, 1);
        return a;
    }

    static long count(Store store, String sql) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    static Path write(Path folder, List<Map<String, Object>> rows) throws Exception {
        return JobOutputFiles.write(folder, StrategySweepRows.COLUMNS, SweepJobImportCheckTest::type, rows);
    }

    static String type(String column) {
        if (column.equals("configuration") || column.endsWith("_bars")) return "INTEGER";
        if (column.equals("block_count")) return "INTEGER[]";
        if (column.startsWith("block_")) return "DOUBLE[]";
        if (column.startsWith("is_") || column.startsWith("oos_") || column.equals("compute_seconds")) return "DOUBLE";
        return "VARCHAR";
    }
}
