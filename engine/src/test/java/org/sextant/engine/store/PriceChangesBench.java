package org.sextant.engine.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.sextant.engine.data.BarReadCostBench;

/**
 * Harness: what the first list_symbols after a write pays under {@link PriceChanges}' lock to learn the symbols changed since
 * its kept listing ({@link PriceChanges#since}), with the log holding N names: read by version from the ordered log, against
 * the whole-log walk it did before (the baseline, below), same writes, interleaved round by round. One write of one symbol
 * since the kept version, as after an import of one file. Arguments: names held (comma separated), rounds.
 *
 * <p>Run: see docs/benchmarks.md, "Symbol listing: the changes since a kept listing".
 */
public final class PriceChangesBench {
    public static void main(String[] args) {
        String[] sizes = (args.length > 0 ? args[0] : "1000,10000,99999").split(",");
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
        System.out.printf("cores=%d, load average=%.2f, median of %d rounds of 1,000 calls, microseconds per call%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
        System.out.println("| names held | baseline: walk every name | by version | ratio |");
        System.out.println("|---|---|---|---|");
        for (String size : sizes) {
            int n = Integer.parseInt(size.trim());
            List<String> names = new ArrayList<>();
            for (int i = 0; i < n; i++) names.add("S" + i);
            PriceChanges now = new PriceChanges();
            WholeWalk was = new WholeWalk();
            for (int i = 0; i < n; i += 100) { // imports of 100 files each
                now.committed(names.subList(i, Math.min(n, i + 100)));
                was.committed(names.subList(i, Math.min(n, i + 100)));
            }
            now.committed(List.of("S7"));
            was.committed(List.of("S7"));
            long kept = now.version() - 1;
            if (!now.since(kept).equals(was.since(kept))) throw new IllegalStateException("the answers differ");
            // warmed, untimed, so the first size is not measured before the JIT compiled; the walk's loop gets hot within fewer calls
            for (int k = 0; k < 20_000; k++) now.since(kept);
            for (int k = 0; k < Math.max(20, 20_000_000 / n); k++) was.since(kept);
            double[] base = new double[rounds], ordered = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                base[r] = BarReadCostBench.millis(() -> {
                    for (int k = 0; k < 1000; k++) was.since(kept);
                });
                ordered[r] = BarReadCostBench.millis(() -> {
                    for (int k = 0; k < 1000; k++) now.since(kept);
                });
            }
            double b = BarReadCostBench.median(base), o = BarReadCostBench.median(ordered); // ms per 1,000 calls: µs per call
            System.out.printf("| %,d | %.2f | %.2f | %.1fx |%n", n, b, o, b / o);
        }
    }

    /** The baseline: PriceChanges as it was, walking every name held to find those changed since a version. */
    private static final class WholeWalk {
        private long version;
        private long anyAt;
        private final Map<String, Long> namedAt = new HashMap<>();

        synchronized void committed(Collection<String> symbols) {
            version++;
            if (symbols == null || namedAt.size() + symbols.size() > PriceChanges.MOST_NAMED) {
                anyAt = version;
                namedAt.clear();
                return;
            }
            for (String s : symbols) namedAt.put(s, version);
        }

        synchronized Store.SymbolChanges since(long since) {
            if (anyAt > since) return new Store.SymbolChanges(version, null);
            Set<String> out = new TreeSet<>();
            namedAt.forEach((s, at) -> {
                if (at > since) out.add(s);
            });
            return new Store.SymbolChanges(version, java.util.Collections.unmodifiableSet(out));
        }
    }
}
