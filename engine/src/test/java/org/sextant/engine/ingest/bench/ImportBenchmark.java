package org.sextant.engine.ingest.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.ingest.PriceImporter;
import org.sextant.engine.ingest.SampleUniverse;
import org.sextant.engine.store.Store;

/**
 * Import throughput: our importer (staging, typed read, whole-batch checks, merge into prices,
 * symbols spans) against DuckDB's own {@code CREATE TABLE AS SELECT * FROM read_csv(...)} on the
 * same generated file, in the same run. Not a test: run it by hand (docs/benchmarks.md).
 *
 * <p>Arguments: [rows (default 10000000)] [work folder (default a new temp folder)].
 */
public final class ImportBenchmark {
    private static final int DAYS_PER_SYMBOL = 2500;

    public static void main(String[] args) throws Exception {
        long rows = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("sextant-import-bench");
        Files.createDirectories(dir);
        Path csv = dir.resolve("prices_long.csv");
        long t = System.nanoTime();
        generate(csv, rows);
        System.out.printf(Locale.ROOT, "generated %,d rows (%,d MB) in %.1f s: %s%n", rows, Files.size(csv) >> 20, secs(t), csv);

        Class.forName("org.duckdb.DuckDBDriver");
        Path baselineDb = dir.resolve("baseline.duckdb");
        t = System.nanoTime();
        long baselineRows;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + baselineDb); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE prices AS SELECT * FROM read_csv('" + csv + "')");
            try (ResultSet r = s.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                baselineRows = r.getLong(1);
            }
        }
        double baseline = secs(t);

        Path home = dir.resolve("sextant");
        double ours;
        double again;
        ImportReport first;
        ImportReport second;
        try (Store store = Store.open(home.resolve("sextant.duckdb"), home.resolve("staging"))) {
            PriceImporter importer = new PriceImporter(store);
            t = System.nanoTime();
            first = importer.importFiles(List.of(csv));
            ours = secs(t);
            t = System.nanoTime();
            second = importer.importFiles(List.of(csv));
            again = secs(t);
        }

        System.out.println();
        System.out.println("| case | rows | seconds | rows/s | vs DuckDB read_csv |");
        System.out.println("|---|---:|---:|---:|---:|");
        row("DuckDB CREATE TABLE AS SELECT * FROM read_csv (baseline)", baselineRows, baseline, baseline);
        row("Sextant importFiles, empty store (" + first.rowsInserted() + " inserted)", first.rowsInserted() + first.rowsUpdated(), ours, baseline);
        row("Sextant importFiles, same file again (" + second.rowsUpdated() + " updated)", second.rowsInserted() + second.rowsUpdated(), again, baseline);
        // first start: the shipped sample universe into an empty store (what every new user waits for)
        Path fresh = dir.resolve("first-start");
        try (Store store = Store.open(fresh.resolve("sextant.duckdb"), fresh.resolve("staging"))) {
            t = System.nanoTime();
            SampleUniverse.loadIfEmpty(store);
            double load = secs(t);
            long sampleRows = store.read(c -> {
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM prices")) {
                    r.next();
                    return r.getLong(1);
                }
            });
            System.out.printf(Locale.ROOT, "%nsample universe on first start: %,d rows in %.2f s%n", sampleRows, load);
        }
        System.out.printf(Locale.ROOT, "%ncores: %d, max heap: %d MB, java %s%n", Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
        if (args.length < 2) deleteTree(dir);
    }

    /** Long layout, 2,500 trading days per symbol, a random walk per symbol with realistic OHLC and volume. */
    public static void generate(Path csv, long rows) throws IOException {
        SplittableRandom random = new SplittableRandom(42);
        LocalDate start = LocalDate.of(2000, 1, 3);
        String[] dates = new String[DAYS_PER_SYMBOL];
        LocalDate d = start;
        for (int i = 0; i < DAYS_PER_SYMBOL; i++) {
            dates[i] = d.toString();
            d = d.plusDays(d.getDayOfWeek().getValue() == 5 ? 3 : 1);
        }
        try (BufferedWriter w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8)) {
            w.write("symbol,date,open,high,low,close,adj_close,volume\n");
            StringBuilder line = new StringBuilder(96);
            double price = 0;
            String symbol = null;
            for (long i = 0; i < rows; i++) {
                int day = (int) (i % DAYS_PER_SYMBOL);
                if (day == 0) {
                    symbol = "S" + (i / DAYS_PER_SYMBOL);
                    price = 10 + random.nextDouble() * 190;
                }
                double open = price;
                double close = Math.max(0.5, open * (1 + random.nextGaussian() * 0.015));
                double high = Math.max(open, close) * (1 + random.nextDouble() * 0.01);
                double low = Math.min(open, close) * (1 - random.nextDouble() * 0.01);
                line.setLength(0);
                line.append(symbol).append(',').append(dates[day]).append(',');
                cents(line, open).append(',');
                cents(line, high).append(',');
                cents(line, low).append(',');
                cents(line, close).append(',');
                cents(line, close * 0.98).append(',');
                line.append(100_000 + random.nextInt(5_000_000)).append('\n');
                w.append(line);
                price = close;
            }
        }
    }

    private static StringBuilder cents(StringBuilder b, double v) {
        long c = Math.round(v * 100);
        b.append(c / 100).append('.');
        long frac = c % 100;
        if (frac < 10) b.append('0');
        return b.append(frac);
    }

    private static void row(String name, long rows, double seconds, double baseline) {
        System.out.printf(Locale.ROOT, "| %s | %,d | %.2f | %,.0f | %.2f |%n", name, rows, seconds, rows / seconds, baseline / seconds);
    }

    private static double secs(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
