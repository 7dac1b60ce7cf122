package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.Sextant;
import org.sextant.engine.exchange.JobImport;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;

/**
 * The strategy sweep job on Spark local[2] (45 configurations in 3 tasks over four Dow stocks)
 * equals the local engine's sweep configuration by configuration, bit for bit; imported into a
 * research session it is the run a local backtest would have saved there (same statistics,
 * verdict, configurations and equity), and its configurations count in the session's trials.
 */
@ExtendWith(SharedSpark.class)
class StrategySweepJobTest {
    static final String SPEC = """
            {"version": 1, "name": "rsi dip", "nodes": {
              "close": {"type": "price"},
              "rsi": {"type": "rsi", "inputs": {"series": "close"}, "params": {"length": [2, 3, 5, 9, 14]}},
              "dip": {"type": "threshold", "inputs": {"series": "rsi"}, "params": {"enter_below": [20, 25, 30], "exit_above": [60, 70, 80]}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "dip"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5, "slippage_bps": 5}}}}
            """;
    static final List<String> SYMBOLS = List.of("AA", "AXP", "T", "BA");
    static final LocalDate OOS = LocalDate.of(1994, 1, 3);

    @Test
    void clusterSweepEqualsTheLocalSweepAndImportsAsTheRunALocalBacktestSaves() {
        SharedSpark.Fixture f = SharedSpark.fixture();
        Sextant engine = f.engine();
        Path out = f.dir().resolve("strategy-sweep");
        StrategySweepJob.Plan plan = StrategySweepJob.run(f.spark(), f.prices().toString(), out.toString(),
                new SweepArguments(SPEC, SYMBOLS, null, null, OOS), 3);
        assertEquals(3, plan.chunks().size(), "45 configurations in chunks of 16, 16 and 13");
        List<Row> rows = f.spark().read().parquet(out.toString()).collectAsList();
        assertEquals(45, rows.size(), "one row per configuration");

        // the same history in two sessions: a local run then a second local run, and a local run then the cluster's
        StrategyRunRequest local = new StrategyRunRequest("local", SPEC, SYMBOLS, null, null, OOS, 2);
        engine.backtest(local);
        StrategyRunSummary secondLocal = engine.backtest(local);
        engine.backtest(new StrategyRunRequest("cluster", SPEC, SYMBOLS, null, null, OOS, 2));
        StrategyRunSummary imported = engine.scaleOut().importStrategySweepJob(out, "cluster");

        assertEquals(plan.job().jobId(), imported.runId());
        assertEquals(90, imported.sessionConfigurations(), "the cluster's 45 configurations count in the session");
        assertEquals(2, imported.sessionRuns());
        assertEquals(withoutRunAndTime(secondLocal), withoutRunAndTime(imported), "statistics deflated by the same 90 trials");

        RunDetail here = engine.getRun(secondLocal.runId(), true, true), there = engine.getRun(imported.runId(), true, true);
        assertEquals(here.configurations(), there.configurations(), "every configuration's metrics, bit for bit");
        assertEquals(here.statistics(), there.statistics());
        assertEquals(here.chosenConfiguration(), there.chosenConfiguration());
        for (String role : List.of(EquityCurve.BEST, EquityCurve.SELECTED)) {
            assertEquals(here.curve(role).dates(), there.curve(role).dates(), role);
            assertArrayEquals(here.curve(role).equity(), there.curve(role).equity(), role);
        }
        assertTrue(engine.listRuns("cluster", 10).stream().map(RunInfo::runId).toList().contains(imported.runId()));

        SextantException twice = assertThrows(SextantException.class, () -> engine.scaleOut().importStrategySweepJob(out, "cluster"));
        assertEquals("output", twice.field(), "an import counts its trials once");
        assertEquals(90, engine.getSessionRegistry("cluster").configurations());
    }

    private static String withoutRunAndTime(StrategyRunSummary s) {
        return s.toString().replaceAll("runId=[^,]*, sessionId=[^,]*, ", "").replaceAll("seconds=.*$", "");
    }

    @Test
    void aRerunReplacesItsOutputAndUnusableInputIsReportedAsRowsNotAFailedJob() {
        SharedSpark.Fixture f = SharedSpark.fixture();
        String out = f.dir().resolve("sweep-rerun").toString();
        SweepArguments two = new SweepArguments(SPEC, List.of("AA", "T"), null, null, null);
        StrategySweepJob.run(f.spark(), f.prices().toString(), out, two, 2);
        StrategySweepJob.run(f.spark(), f.prices().toString(), out, two, 2);
        assertEquals(45, f.spark().read().parquet(out).count());

        // a spec that does not compose: one row naming the field, nothing measured, and an import that says why
        String badOut = f.dir().resolve("sweep-bad-spec").toString();
        StrategySweepJob.Plan bad = StrategySweepJob.run(f.spark(), f.prices().toString(), badOut,
                new SweepArguments(SPEC.replace("\"type\": \"rsi\"", "\"type\": \"rsii\""), List.of("AA"), null, null, null), 2);
        assertNull(bad.job());
        List<Row> badRows = f.spark().read().parquet(badOut).collectAsList();
        assertEquals(1, badRows.size());
        assertEquals("nodes.rsi.type", badRows.get(0).getAs("error_field"));
        SextantException nothing = assertThrows(SextantException.class, () -> f.engine().scaleOut().importJob(Path.of(badOut), "bad"));
        assertEquals("output", nothing.field());
        assertTrue(nothing.getMessage().contains("rsii"), nothing.getMessage());
        assertEquals("fix nodes.rsi.type and run the job again", nothing.fix()); // the spec's field, never "fix null"

        // a symbol with too little history, or none at all, is left out and reported; the others are swept
        String shortOut = f.dir().resolve("sweep-short").toString();
        StrategySweepJob.Plan withShort = StrategySweepJob.run(f.spark(), f.prices().toString(), shortOut,
                new SweepArguments(SPEC, List.of("AA", "T", SharedSpark.TINY, "NOPE"), null, null, null), 2);
        assertEquals(List.of("AA", "T"), withShort.job().symbols());
        assertEquals(45 + 2, f.spark().read().parquet(shortOut).count(), "45 configurations and one row per symbol left out");
        JobImport imported = f.engine().scaleOut().importJob(Path.of(shortOut), "short");
        assertEquals(45, imported.run().configurations());
        assertEquals(List.of("NOPE", SharedSpark.TINY), imported.failed().stream().map(m -> m.get("symbol")).toList());
        assertTrue(imported.failed().stream().allMatch(m -> "symbols".equals(m.get("field"))));
    }
}
