package org.sextant.engine.ingest.bench;

import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.store.Store;

/**
 * A daily long CSV with name, currency and exchange columns (500 symbols x 2,500 days by default) imported into a new store
 * by the fast path, against the careful path that took such files before (forced here by a file of the same name already
 * stored, for another symbol) and DuckDB's own read_csv into a table, in the same run. Not a test: run it by hand
 * (docs/benchmarks.md). Arguments: [symbols (default 500)] [runs (default 2)].
 */
public final class DescribedImportBenchmark {
    public static void main(String[] args) throws Exception {
        int symbols = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        Path dir = Files.createTempDirectory("sextant-described-bench");
        Path csv = dir.resolve("described.csv");
        generate(csv, symbols, 2500);
        System.out.printf(Locale.ROOT, "%,d rows, %,d MB%n", symbols * 2500L, Files.size(csv) >> 20);
        Class.forName("org.duckdb.DuckDBDriver");
        for (int run = 1; run <= runs; run++) {
            long t = System.nanoTime();
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + dir.resolve("baseline" + run + ".duckdb")); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE prices AS SELECT * FROM read_csv('" + csv + "')");
            }
            double baseline = secs(t);
            double careful;
            ImportReport slow;
            try (Store store = Store.open(dir.resolve("careful" + run + "/sextant.duckdb"), Files.createDirectories(dir.resolve("careful" + run + "/staging")))) {
                Path same = Files.createDirectories(dir.resolve("same" + run)).resolve("described.csv");
                Files.writeString(same, "symbol,date,close\nZZZX,2000-01-03,1\n");
                new PriceImporter(store).importFiles(List.of(same)); // the source file:described.csv stored: the careful path next
                t = System.nanoTime();
                slow = new PriceImporter(store).importFiles(List.of(csv));
                careful = secs(t);
            }
            double fast;
            ImportReport quick;
            try (Store store = Store.open(dir.resolve("fast" + run + "/sextant.duckdb"), Files.createDirectories(dir.resolve("fast" + run + "/staging")))) {
                t = System.nanoTime();
                quick = new PriceImporter(store).importFiles(List.of(csv));
                fast = secs(t);
            }
            if (slow.described() != quick.described() || slow.rowsInserted() != quick.rowsInserted()) throw new AssertionError(slow + " <> " + quick);
            System.out.printf(Locale.ROOT, "run %d | DuckDB read_csv %.2f s | careful path (before) %.2f s | fast path (after) %.2f s | described %d, rows %,d%n",
                    run, baseline, careful, fast, quick.described(), quick.rowsInserted());
        }
    }

    private static void generate(Path csv, int symbols, int days) throws Exception {
        java.time.LocalDate start = java.time.LocalDate.of(2000, 1, 3);
        String[] dates = new String[days];
        java.time.LocalDate d = start;
        for (int i = 0; i < days; i++) {
            dates[i] = d.toString();
            d = d.plusDays(d.getDayOfWeek().getValue() == 5 ? 3 : 1);
        }
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("symbol,date,open,high,low,close,volume,name,currency,exchange\n");
            for (int s = 0; s < symbols; s++) {
                double price = 10 + random.nextDouble() * 190;
                for (int i = 0; i < days; i++) {
                    double open = price, close = Math.max(0.5, open * (1 + random.nextGaussian() * 0.015));
                    double high = Math.max(open, close) * 1.004, low = Math.min(open, close) * 0.996;
                    price = close;
                    // the description on the first row of each symbol and every 50th, empty between (as exports that repeat it sparsely)
                    String named = i % 50 == 0 ? "Company " + s + " Inc,usd,XNYS" : ",,";
                    w.write(String.format(Locale.ROOT, "S%d,%s,%.4f,%.4f,%.4f,%.4f,%d,%s%n", s, dates[i], open, high, low, close, 1000 + i, named));
                }
            }
        }
    }

    private static double secs(long t) {
        return (System.nanoTime() - t) / 1e9;
    }
}
