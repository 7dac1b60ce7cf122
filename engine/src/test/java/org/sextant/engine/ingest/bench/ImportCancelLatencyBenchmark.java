package org.sextant.engine.ingest.bench;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.ingest.PriceRules;
import org.sextant.engine.jobs.CancellableSql;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;

/**
 * How long an import takes to stop after its cancel is requested while DuckDB reads a large file
 * (docs/benchmarks.md, "Import cancel latency"). Baseline, same run: the request seen at the
 * import's checkpoints only (between files and stages, as before), so the running statement goes
 * to its end. Against it: the statement cancelled while it runs ({@link CancellableSql}).
 * Arguments: symbols, days per symbol, milliseconds from start to the cancel request.
 */
public final class ImportCancelLatencyBenchmark {
    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 3000;
        int days = args.length > 1 ? Integer.parseInt(args[1]) : 1200;
        long after = args.length > 2 ? Long.parseLong(args[2]) : 300;
        Path dir = Files.createTempDirectory("sextant-cancel-bench");
        Path csv = dir.resolve("BIG.csv");
        LocalDate start = LocalDate.of(2000, 1, 3);
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            w.write("symbol,date,close\n");
            for (int s = 0; s < symbols; s++) {
                for (int d = 0; d < days; d++) w.write("S" + s + "," + start.plusDays(d) + "," + (10 + s + d * 0.01) + "\n");
            }
        }
        System.out.printf("file: %,d rows, %,d MB; cancel requested %d ms after the start%n", (long) symbols * days, Files.size(csv) >> 20, after);
        long whole = run(dir, "whole", csv, () -> false, Long.MAX_VALUE)[0];
        System.out.println("| cancel seen | import uncancelled (ms) | stopped after the request (ms) | store unchanged |");
        System.out.println("|---|---:|---:|---|");
        // the baseline: a look from the statement poller finds no request, as when nothing polled
        long[] before = run(dir, "checkpoints", csv, () -> !Thread.currentThread().getName().equals(CancellableSql.THREAD), after);
        System.out.printf("| at checkpoints only (before) | %d | %d | %s |%n", whole, before[0], before[1] == 0 ? "yes" : "NO");
        long[] now = run(dir, "statement", csv, () -> true, after);
        System.out.printf("| also inside a running statement | %d | %d | %s |%n", whole, now[0], now[1] == 0 ? "yes" : "NO");
    }

    /** {ms from the request to the stop (or the whole import when never requested), rows left in the store}. */
    private static long[] run(Path dir, String name, Path csv, BooleanSupplier whenRequested, long afterMs) throws Exception {
        try (Store store = Store.open(dir.resolve(name + ".duckdb"), dir.resolve("staging-" + name))) {
            long t0 = System.nanoTime();
            long requestAt = afterMs == Long.MAX_VALUE ? Long.MAX_VALUE : t0 + afterMs * 1_000_000;
            BooleanSupplier requested = () -> System.nanoTime() - requestAt >= 0 && whenRequested.getAsBoolean();
            try {
                Cancellation.watching(requested, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(csv)));
            } catch (CancellationException stopped) {
                return new long[] {(System.nanoTime() - requestAt) / 1_000_000, rows(store)};
            }
            return new long[] {(System.nanoTime() - t0) / 1_000_000, rows(store)};
        }
    }

    private static long rows(Store store) {
        return store.read(c -> {
            try (var st = c.createStatement(); var r = st.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
