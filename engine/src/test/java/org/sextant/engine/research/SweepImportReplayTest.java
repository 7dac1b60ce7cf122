package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.ScaleOutExchange;
import org.sextant.engine.exchange.StrategySweepRows;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.SweepChunk;
import org.sextant.engine.research.sweep.SweepJob;
import org.sextant.engine.research.sweep.SweepReplay;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 24 H2: an output whose rows other than the best were doctored (each consistent with its own blocks) deflated
 * the DSR less, since only the best was measured again on import. Now the extremes, a random sample and every row
 * repeating another's blocks under other parameters are measured again: the forge is refused naming the part file,
 * the configuration and the column, and nothing is stored; an honest output, repeats included, imports.
 */
class SweepImportReplayTest {
    static final List<String> SYMBOLS = SweepJobRecordTest.SYMBOLS;

    @Test
    void doctoredRowsBesideAnHonestBestAreRefused(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        Sweep s = sweep(store, SweepJobRecordTest.SPEC);
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        List<Map<String, Object>> honest = s.rows("job-honest");
        int best = rank(honest, 0), donor = rank(honest, 1);
        String donorSharpe = String.valueOf(honest.get(donor).get("is_sharpe"));

        // the attacker's forge: the second best's metrics and blocks over every row but the best
        SextantException forged = refused(store, exchange, tmp, s.rows("job-forged"), rows -> copyOver(rows, donor, k -> k != best), SweepReplay.standard());
        String m = forged.getMessage();
        assertTrue(m.contains("part-00000.parquet") && m.matches("(?s).*configuration \\d+: column block_sum repeats configuration \\d+'s.*"), m);
        assertFalse(m.contains(donorSharpe), "no cell is quoted: " + m);

        // one row copied: refused with certainty, however few others are sampled
        int copy = (donor + 7) % honest.size() == best ? (donor + 8) % honest.size() : (donor + 7) % honest.size();
        m = refused(store, exchange, tmp, s.rows("job-one"), rows -> copyOver(rows, donor, k -> k == copy), SweepReplay.BEST_ONLY).getMessage();
        assertTrue(m.contains("configuration " + copy + ": column block_sum repeats configuration " + donor + "'s"), m);

        // copies moved by an ulp repeat nothing to the bit: the extremes and the random sample measure them again
        Consumer<List<Map<String, Object>>> nudged = rows -> {
            copyOver(rows, donor, k -> k != best);
            for (int k = 0; k < rows.size(); k++) {
                if (k == best) continue;
                double[] sum = ((double[]) rows.get(k).get("block_sum")).clone();
                for (int ulp = 0; ulp <= k; ulp++) sum[0] = Math.nextUp(sum[0]); // each row its own, repeating none
                rows.get(k).put("block_sum", sum);
            }
        };
        m = refused(store, exchange, tmp, s.rows("job-nudged"), nudged, new SweepReplay(0, 0, 1, new SplittableRandom(7))).getMessage();
        assertTrue(m.matches("(?s).*part-00000\\.parquet in .*, configuration \\d+: column is_\\w+ is not what this configuration measures.*"), m);
        assertFalse(m.contains(donorSharpe), m);

        // the honest output imports, every configuration measured again (a small sweep fits the budget)
        var imported = exchange.importJob(SweepJobImportCheckTest.write(tmp.resolve("honest"), honest), "s");
        assertEquals(honest.size(), imported.replayed());
        assertEquals(honest.size(), imported.run().configurations());
    }

    @Test
    void honestRepeatsUnderOtherParametersImport(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        // RSI(14) never falls below 1, 2 or 3 on these stocks: three configurations that never trade, blocks all 0
        String flat = SweepJobRecordTest.SPEC.replace("[2, 3, 5, 9, 14]", "[14]").replace("\"enter_below\": [20, 30]", "\"enter_below\": [1, 2, 3]")
                .replace("\"exit_above\": [60, 80]", "\"exit_above\": [60]");
        Sweep s = sweep(store, flat);
        assertEquals(3, s.n());
        List<Map<String, Object>> rows = s.rows("job-flat");
        for (int k = 1; k < 3; k++) {
            assertTrue(java.util.Arrays.equals((double[]) rows.get(0).get("block_sum"), (double[]) rows.get(k).get("block_sum")), "configuration " + k);
        }
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        var imported = exchange.importStrategySweepJob(SweepJobImportCheckTest.write(tmp.resolve("flat"), s.rows("job-flat")), "s", SweepReplay.BEST_ONLY);
        assertEquals(3, imported.replayed());
        assertEquals(3, imported.run().configurations(), "repeats that measure as written are not refused");
    }

    private record Sweep(Universe u, SweepChunk chunk, String spec, int n) {
        List<Map<String, Object>> rows(String jobId) {
            SweepJob job = SweepJob.of(jobId, spec, null, null, SweepJobRecordTest.OOS, u, n);
            Map<Integer, Map<String, Object>> params = new HashMap<>();
            for (int k = 0; k < n; k++) params.put(k, Map.of("k", k));
            return StrategySweepRows.of(job, chunk, params, 2.0);
        }
    }

    private static Sweep sweep(Store store, String spec) {
        ResearchServiceTest.insertDow(store);
        Universe u = new ResearchStore(store).universe(SYMBOLS, null, null);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec).requireOk(), u);
        int n = kernel.configurations();
        return new Sweep(u, SweepChunk.measure(kernel, 0, n, u.indexOf(SweepJobRecordTest.OOS), 252), spec, n);
    }

    private static SextantException refused(Store store, ScaleOutExchange exchange, Path tmp, List<Map<String, Object>> rows, Consumer<List<Map<String, Object>>> forge,
                                            SweepReplay replay) throws Exception {
        forge.accept(rows);
        Path folder = SweepJobImportCheckTest.write(tmp.resolve(String.valueOf(rows.get(0).get("job_json").hashCode())), rows);
        SextantException e = assertThrows(SextantException.class, () -> exchange.importStrategySweepJob(folder, "s", replay));
        assertEquals("output", e.field());
        assertTrue(e.fix().contains("re-run the job"), e.fix());
        assertEquals(0, SweepJobImportCheckTest.count(store, "SELECT count(*) FROM research_sessions"), "nothing stored");
        return e;
    }

    /** The configuration ranked {@code place} (0: best) by in-sample Sharpe. */
    private static int rank(List<Map<String, Object>> rows, int place) {
        return java.util.stream.IntStream.range(0, rows.size()).boxed()
                .sorted(java.util.Comparator.comparingDouble((Integer k) -> -(Double) rows.get(k).get("is_sharpe"))).toList().get(place);
    }

    /** Every column but the job's, the configuration's and its parameters copied from row {@code donor} onto the rows {@code onto} picks. */
    private static void copyOver(List<Map<String, Object>> rows, int donor, java.util.function.IntPredicate onto) {
        for (int k = 0; k < rows.size(); k++) {
            if (k == donor || !onto.test(k)) continue;
            for (String c : StrategySweepRows.COLUMNS) {
                if (!List.of("job_json", "configuration", "params_json", "compute_seconds").contains(c)) rows.get(k).put(c, rows.get(donor).get(c));
            }
        }
    }
}
