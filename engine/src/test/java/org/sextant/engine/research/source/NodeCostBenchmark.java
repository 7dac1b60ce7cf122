package org.sextant.engine.research.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.Sextant;
import org.sextant.engine.analogue.AnalogueService;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.research.sweep.Universe;

/**
 * What the forecast and analogue nodes cost: one configuration of a graph over the 30 Dow stocks
 * 1991-2001 of the shipped sample (2,528 bars), cold (nothing cached) and warm (a second
 * configuration with the same source parameters, as in a sweep over other nodes), beside a
 * 20-bar momentum graph of the same shape as the baseline. Run (docs/benchmarks.md):
 * {@code java -cp ... org.sextant.engine.research.source.NodeCostBenchmark}
 */
public final class NodeCostBenchmark {
    private static final String TAIL = """
              "long": {"type": "forecast_above", "inputs": {"forecast": "src"}, "params": {"threshold": %s}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5}}}}
            """;

    public static void main(String[] args) throws Exception {
        Path home = Files.createTempDirectory("sextant-nodecost");
        try (Sextant engine = Sextant.open(new SextantHome(home))) {
            List<String> dow = engine.listSymbols(null).stream()
                    .filter(s -> s.source() != null && s.source().contains("DowJones30")).map(s -> s.symbol()).toList();
            Universe u = new ResearchStore(engine.store()).universe(dow, null, null);
            System.out.printf(Locale.ROOT, "universe: %d assets x %d bars (%s .. %s), cores %d, load %.1f%n", u.assets(), u.bars(),
                    u.dates().get(0), u.dates().get(u.bars() - 1), Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.println("| source | source evaluations | cold seconds | warm seconds |");
            System.out.println("|---|---:|---:|---:|");
            row(u, null, "baseline: 20-bar returns above a level (momentum)", "{\"type\": \"returns\", \"inputs\": {\"series\": \"s\"}, \"params\": {\"bars\": 20}}", "[0, 0.001]", 0);
            for (String model : List.of("drift", "theta", "ets")) {
                String src = "{\"type\": \"forecast\", \"params\": {\"model\": \"" + model + "\", \"horizon\": 20, \"every\": 20, \"window\": 500}}";
                row(u, null, "forecast " + model + ", every 20, window 500", src, "[0, 0.001]", (long) u.assets() * ((u.bars() - 500) / 20 + 1));
            }
            for (int every : new int[]{5, 1}) {
                MatcherAnalogueSource matcher = new MatcherAnalogueSource(new AnalogueService(engine.store()));
                String src = "{\"type\": \"analogue\", \"params\": {\"horizon\": 5, \"measure\": \"mean\", \"every\": " + every + "}}";
                row(u, matcher, "analogue, every " + every, src, "[0, 0.001]", (u.bars() + every - 1) / every);
            }
        }
    }

    private static void row(Universe u, AnalogueSource matcher, String label, String src, String thresholds, long evaluations) {
        String nodes = src.contains("\"returns\"") ? "{\"version\": 1, \"nodes\": {\"s\": {\"type\": \"price\"}, \"src\": " + src + ",\n"
                : "{\"version\": 1, \"nodes\": {\"src\": " + src + ",\n";
        GraphSweep sweep = new GraphSweep(GraphComposer.compose(nodes + TAIL.formatted(thresholds)).requireOk(), u, matcher, ForecastModels.BUILT_IN);
        double[] r = new double[u.bars()], e = new double[u.bars()], d = new double[u.bars()];
        long t0 = System.nanoTime();
        sweep.run(0, r, e, d);
        long t1 = System.nanoTime();
        sweep.run(1, r, e, d);
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "| %s | %,d | %.3f | %.3f |%n", label, evaluations, (t1 - t0) / 1e9, (t2 - t1) / 1e9);
    }
}
