package org.sextant.engine.ingest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.store.Store;

/**
 * The interval and grid checks of a bar import of many symbols of few bars each (attack 36b F2): per symbol, the three checks'
 * own queries as the import ran them before (the baseline), against {@link BarGridScreen}'s grouped queries, on the same bar_steps.
 * Args: symbol counts (default 10,100,1000). See docs/benchmarks.md.
 */
public final class BarGridScreenBench {
    public static void main(String[] args) throws Exception {
        String[] sizes = (args.length > 0 ? args[0] : "10,100,1000").split(",");
        System.out.println("| symbols | rows | per symbol (before), s | grouped, s |");
        System.out.println("|---:|---:|---:|---:|");
        for (String size : sizes) {
            int n = Integer.parseInt(size.trim());
            Path dir = Files.createTempDirectory("grid-screen");
            Path f = Files.writeString(dir.resolve("SPAN.csv"), file(n));
            try (Store store = Store.open(dir.resolve("sextant.duckdb"), dir.resolve("staging"))) {
                double[] t = store.inTransaction(c -> {
                    BarImport bars = new BarImport(c, PriceRules.defaults());
                    try (StagedFile staged = StagedFile.of(f, store.stagingDir(), f.toString())) {
                        bars.add(f, BarFile.probe(c, f, f.toString(), staged).inZone(ZoneId.of("Europe/Berlin")), "file:SPAN.csv", staged);
                    }
                    BarChecks.steps(c);
                    BarImport.Source s = bars.files().get(0);
                    Map<String, BarInterval> intervals = new LinkedHashMap<>();
                    for (int i = 0; i < n; i++) intervals.put(BarGridScreen.key(0, symbol(i)), BarInterval.H1);
                    long t0 = System.nanoTime();
                    Map<String, Object[]> grids = new HashMap<>();
                    for (int i = 0; i < n; i++) {
                        BarSteps.refuseCoarserRun(c, s, symbol(i), BarInterval.H1);
                        BarPhase.refuseMixedPhases(c, s, symbol(i), BarInterval.H1);
                        BarPhase.refuseAnotherGrid(c, s, symbol(i), BarInterval.H1, grids);
                    }
                    double before = (System.nanoTime() - t0) / 1e9;
                    t0 = System.nanoTime();
                    BarGridScreen g = BarGridScreen.of(c, intervals, Map.of(0, ZoneId.of("Europe/Berlin")));
                    Map<String, Object[]> grids2 = new HashMap<>();
                    for (int i = 0; i < n; i++) {
                        String k = BarGridScreen.key(0, symbol(i)), sym = symbol(i);
                        BarPhase.refuseAnotherGrid(s, sym, BarInterval.H1, grids2, g.mine().get(k), () -> g.stored().get(sym + "\u0000" + BarInterval.H1.label));
                    }
                    double after = (System.nanoTime() - t0) / 1e9;
                    if (!g.coarserRun().isEmpty() || !g.offGrid().isEmpty() || g.mine().size() != n) throw new IllegalStateException("the screen differs from the checks");
                    return new double[] {before, after};
                });
                System.out.printf(java.util.Locale.ROOT, "| %,d | %,d | %.2f | %.2f |%n", n, 4 * n, t[0], t[1]);
            }
        }
    }

    private static String symbol(int i) {
        return String.format("S%05d", i);
    }

    /** As the attack's gen_span.py: per symbol one bar a day before and three one-hour bars in Berlin hours. */
    private static String file(int n) {
        StringBuilder out = new StringBuilder("time,symbol,open,high,low,close,volume\n");
        for (int i = 0; i < n; i++) {
            out.append("2026-11-30 10:00,").append(symbol(i)).append(",1,1,1,1,10\n");
            for (String h : new String[] {"10:00", "11:00", "12:00"}) out.append("2026-12-01 ").append(h).append(',').append(symbol(i)).append(",1,1,1,1,10\n");
        }
        return out.toString();
    }
}
