package org.sextant.engine.analogue.bench;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.Locale;
import java.util.SplittableRandom;
import org.sextant.engine.analogue.SignalDefinition;
import org.sextant.engine.analogue.UserSignalImport;
import org.sextant.engine.store.Store;

/**
 * {@code import-signal} throughput ({@link UserSignalImport#importCsv}: read, check, write with
 * DuckDB's appender) against the JDBC batch insert it used before (the baseline, the same rows
 * into the same table, no file read or checks), in the same run. Not a test: run it by hand
 * (docs/benchmarks.md). Argument: [rows (default 200000)].
 */
public final class SignalImportBenchmark {
    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        Path dir = Files.createTempDirectory("sextant-signal-bench");
        Path csv = dir.resolve("signal.csv");
        LocalDate start = LocalDate.of(1000, 1, 1); // one value a day: 200,000 days reach the 16th century
        SplittableRandom random = new SplittableRandom(7);
        double[] values = new double[rows];
        try (BufferedWriter w = Files.newBufferedWriter(csv)) {
            w.write("date,value\n");
            for (int i = 0; i < rows; i++) {
                values[i] = Math.round(random.nextDouble(10, 80) * 100) / 100.0;
                w.write(start.plusDays(i) + "," + values[i] + "\n");
            }
        }
        SignalDefinition def = SignalDefinition.user("bench", null, null, null, null, null, null);
        try (Store store = Store.open(dir.resolve("a.duckdb"), dir.resolve("staging-a"))) {
            long t = System.nanoTime();
            store.inTransaction(c -> {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO signal_values(name, date, value, label, provenance) VALUES (?,?,?,?,?)")) {
                    for (int i = 0; i < rows; i++) {
                        p.setString(1, "bench");
                        p.setObject(2, start.plusDays(i));
                        p.setDouble(3, values[i]);
                        p.setNull(4, java.sql.Types.VARCHAR);
                        p.setString(5, "live");
                        p.addBatch();
                    }
                    p.executeBatch();
                }
                return null;
            });
            double baseline = (System.nanoTime() - t) / 1e9;
            try (Store ours = Store.open(dir.resolve("b.duckdb"), dir.resolve("staging-b"))) {
                t = System.nanoTime();
                int n = UserSignalImport.importCsv(ours, csv, def, "live");
                double mine = (System.nanoTime() - t) / 1e9;
                System.out.println("| case | rows | s | rows/s | vs baseline |");
                System.out.println("|---|---:|---:|---:|---:|");
                System.out.printf(Locale.ROOT, "| JDBC batch insert (baseline, no read or checks) | %,d | %.2f | %,.0f | 1.00 |%n", rows, baseline, rows / baseline);
                System.out.printf(Locale.ROOT, "| import-signal (read, checks, appender) | %,d | %.2f | %,.0f | %.1f× faster |%n", n, mine, n / mine, baseline / mine);
            }
        }
    }
}
