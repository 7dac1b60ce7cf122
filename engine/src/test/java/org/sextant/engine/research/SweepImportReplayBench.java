package org.sextant.engine.research;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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

/**
 * What measuring configurations again adds to importing a strategy sweep job's output (docs/benchmarks.md, "Sweep
 * import: cost of the replay"): the attack's SMA crossover grid (1,311 configurations) over ASSETS Dow stocks of BARS
 * closes, measured as the job's tasks measure it, imported into fresh stores replaying the best only (as before) and
 * with the standard replay, in the same run. Args: assets list (default 1,30), bars (default 2500), rounds (default 3).
 */
public final class SweepImportReplayBench {
    static final String SPEC = """
            {"version": 1, "name": "sma cross", "nodes": {
              "close": {"type": "price", "params": {"field": "close"}},
              "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": {"from": 2, "to": 60, "step": 1}}},
              "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": {"from": 20, "to": 250, "step": 10}}},
              "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}, "params": {"fraction": 1}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_close", "cost_bps": 1, "slippage_bps": 0}}},
             "constraints": ["fast.length < slow.length"]}
            """;

    public static void main(String[] args) throws Exception {
        int bars = args.length > 1 ? Integer.parseInt(args[1]) : 2500, rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Path dir = Files.createTempDirectory("sweep-replay-bench");
        System.out.println("| assets x bars | configurations | replay | configurations measured again | import ms (median of " + rounds + ") |");
        System.out.println("|---|---:|---|---:|---:|");
        for (String a : (args.length > 0 ? args[0] : "1,30").split(",")) {
            int assets = Integer.parseInt(a);
            Path out;
            int n;
            try (Store store = Store.open(dir.resolve(assets + "-job.duckdb"), dir.resolve("staging"))) {
                ResearchData.insertDowJones(store, assets, bars, (x, t) -> false);
                Universe u = new ResearchStore(store).universe(ResearchData.dowJones(assets, bars).symbols(), null, null);
                GraphSweep kernel = new GraphSweep(GraphComposer.compose(SPEC).requireOk(), u);
                n = kernel.configurations();
                java.time.LocalDate oos = u.dates().get(u.bars() * 7 / 10);
                SweepChunk chunk = SweepChunk.measure(kernel, 0, n, u.indexOf(oos), u.barsPerYear());
                Map<Integer, Map<String, Object>> params = new HashMap<>();
                for (int k = 0; k < n; k++) params.put(k, kernel.parameters(k));
                List<SweepJob> jobs = List.of(SweepJob.of("bench", SPEC, null, null, oos, u, n));
                out = SweepJobImportCheckTest.write(dir.resolve(assets + "-out"), StrategySweepRows.of(jobs.get(0), chunk, params, 1.0));
            }
            for (var c : List.of(Map.entry("best only (before)", SweepReplay.BEST_ONLY), Map.entry("standard", SweepReplay.standard()))) {
                long[] ms = new long[rounds];
                int replayed = 0;
                for (int i = 0; i < rounds; i++) {
                    try (Store store = Store.open(dir.resolve(assets + "-" + i + "-" + c.getKey().length() + ".duckdb"), dir.resolve("staging"))) {
                        ResearchData.insertDowJones(store, assets, bars, (x, t) -> false);
                        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
                        long t = System.nanoTime();
                        replayed = exchange.importStrategySweepJob(out, "bench", c.getValue()).replayed();
                        ms[i] = (System.nanoTime() - t) / 1_000_000;
                    }
                }
                java.util.Arrays.sort(ms);
                System.out.printf(Locale.ROOT, "| %d x %d | %d | %s | %d | %d |%n", assets, bars, n, c.getKey(), replayed, ms[rounds / 2]);
            }
        }
    }

    private SweepImportReplayBench() {}
}
