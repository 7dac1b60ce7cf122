package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.store.Store;

/**
 * Wide files (date,S0,S1,...) of 1,000 to 5,000 columns: the daily read of the file, the old one (DuckDB's UNPIVOT over the
 * typed columns, the SQL ImportBatch.insertSql built before) against the line-by-line one ({@link WideCsv}) on the same file
 * and connection; whole imports of a daily and a weekly file; and the weekly report's figures, the per-symbol query the report
 * ran before ({@link BarChecks#intradayChecks}, one per symbol) against the grouped one ({@link BarChecks#storedChecks}); and
 * the cast check of the same daily data as Parquet, one query per column (before) against one scan
 * ({@link ParquetReadSql#firstUncastColumn}).
 * Not a test: run it by hand (docs/benchmarks.md, "Wide import").
 *
 * <p>Arguments: [columns, comma separated (default 1000,3000,5000)] [rows (default 60)].
 */
public final class WideImportBenchmark {
    public static void main(String[] args) throws Exception {
        String[] sizes = (args.length > 0 ? args[0] : "1000,3000,5000").split(",");
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        Path dir = Files.createTempDirectory("sextant-wide-bench");
        System.out.println("| columns | cells | old read (UNPIVOT) s | new read (by line) s | daily import s | weekly import s | report, per symbol s | report, grouped s "
                + "| Parquet check, per column s | Parquet check, one scan s |");
        System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String size : sizes) {
            int n = Integer.parseInt(size.trim());
            Path daily = write(dir.resolve("WD" + n + ".csv"), n, rows, 1);
            Path weekly = write(dir.resolve("WW" + n + ".csv"), n, rows, 7);
            double[] reads = reads(dir, daily);
            double dailyImport = imported(dir.resolve("d" + n), daily, null);
            double[] report = new double[2];
            double weeklyImport = imported(dir.resolve("w" + n), weekly, report);
            double[] checks = parquetChecks(dir, daily);
            System.out.printf(Locale.ROOT, "| %,d | %,d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |%n", n, (long) n * rows, reads[0], reads[1], dailyImport,
                    weeklyImport, report[0], report[1], checks[0], checks[1]);
        }
    }

    /** The old and the new read of the daily file into a temporary import_rows, each timed on the same connection. */
    private static double[] reads(Path dir, Path file) throws Exception {
        CsvHead head = CsvHead.read(file, file.toString());
        ImportBatch.Source s = new ImportBatch.Source(0, file.toString(), file, Layout.detect(head.header(), file.toString()), head, "file:x", null);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             StagedFile staged = StagedFile.of(file, dir, file.toString())) {
            st.execute("CREATE TEMP TABLE import_rows (file_no INTEGER, line BIGINT, symbol VARCHAR, date DATE, open DOUBLE, high DOUBLE, low DOUBLE, "
                    + "close DOUBLE, adj_close DOUBLE, volume DOUBLE)");
            long t = System.nanoTime();
            long old = st.executeUpdate(unpivotSql(s, ImportBatch.readCsvSql(staged, s).replace("{rejects}", "")));
            double oldSeconds = seconds(t);
            st.execute("DELETE FROM import_rows");
            t = System.nanoTime();
            long now = st.executeUpdate(ImportBatch.wideCsvInsertSql(s, staged));
            double newSeconds = seconds(t);
            if (old != now) throw new IllegalStateException("the reads differ: " + old + " and " + now + " rows");
            return new double[] {oldSeconds, newSeconds};
        }
    }

    /** The daily file as Parquet: its cast check as ParquetReadSql.load ran it before (a query per column), then in one scan. */
    private static double[] parquetChecks(Path dir, Path csv) throws Exception {
        Path file = dir.resolve(csv.getFileName() + ".parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT * FROM read_csv('" + csv + "')) TO '" + file + "' (FORMAT parquet)");
            CsvHead head = CsvHead.read(csv, csv.toString());
            ImportBatch.Source s = new ImportBatch.Source(0, file.toString(), file, Layout.detect(head.header(), file.toString()), null, "file:x", null);
            String relation = "read_parquet('" + file + "', file_row_number=true)";
            long t = System.nanoTime();
            for (int i = 0; i < s.layout().header().size(); i++) {
                String col = ImportBatch.ident(s.layout().header().get(i));
                String type = i == s.layout().dateCol() ? "DATE" : "DOUBLE";
                try (java.sql.ResultSet r = st.executeQuery("SELECT file_row_number + 1, CAST(" + col + " AS VARCHAR) FROM " + relation
                        + " WHERE " + col + " IS NOT NULL AND TRY_CAST(" + col + " AS " + type + ") IS NULL LIMIT 1")) {
                    if (r.next()) throw new IllegalStateException("a cell that does not cast");
                }
            }
            double perColumn = seconds(t);
            t = System.nanoTime();
            if (ParquetReadSql.firstUncastColumn(c, relation, s) >= 0) throw new IllegalStateException("a cell that does not cast");
            return new double[] {perColumn, seconds(t)};
        }
    }

    /** The wide INSERT as ImportBatch.insertSql built it before the line-by-line read: the typed columns UNPIVOTed. */
    private static String unpivotSql(ImportBatch.Source s, String relation) {
        Layout l = s.layout();
        StringJoiner select = new StringJoiner(", ");
        StringJoiner on = new StringJoiner(", ");
        select.add("NULL AS line__").add("c" + l.dateCol() + " AS date__");
        for (int i : l.wideCols()) {
            String sym = ImportBatch.ident(l.wideSymbol(i));
            select.add("CASE WHEN isnan(c" + i + ") THEN NULL ELSE c" + i + " END AS " + sym);
            on.add(sym);
        }
        return "INSERT INTO import_rows SELECT 0 AS file_no, line__ AS line, symbol, date__ AS date, NULL AS open, NULL AS high, "
                + "NULL AS low, close, NULL AS adj_close, NULL AS volume FROM (UNPIVOT (SELECT " + select + " FROM " + relation + ") ON " + on
                + " INTO NAME symbol VALUE close)";
    }

    /** Seconds to import {@code file} into a new store; with {@code report}, also the report's two ways over its bars. */
    private static double imported(Path home, Path file, double[] report) throws Exception {
        try (Store store = Store.open(home.resolve("sextant.duckdb"), home.resolve("staging"))) {
            long t = System.nanoTime();
            ImportReport r = new PriceImporter(store).importFiles(List.of(file));
            double s = seconds(t);
            if (report != null) {
                if (!"bars".equals(r.files().get(0).layout())) throw new IllegalStateException("not bars: " + r.files().get(0).layout());
                List<BarChecks.SymbolBars> detected = new ArrayList<>();
                for (String symbol : r.symbols()) detected.add(new BarChecks.SymbolBars(0, symbol, BarInterval.W1, "continuous", 0, 0));
                store.inTransaction(c -> {
                    try (Statement st = c.createStatement()) {
                        st.execute("CREATE TEMP TABLE bar_detected AS SELECT DISTINCT 0 AS file_no, symbol, '1w' AS interval FROM bars");
                    }
                    long t0 = System.nanoTime();
                    Set<String> same = new HashSet<>();
                    for (BarChecks.SymbolBars b : detected) same.add(java.util.Arrays.toString(BarChecks.intradayChecks(c, b)));
                    report[0] = seconds(t0);
                    t0 = System.nanoTime();
                    java.util.Map<String, Object[]> grouped = BarChecks.storedChecks(c, detected);
                    report[1] = seconds(t0);
                    for (Object[] v : grouped.values()) {
                        if (!same.contains(java.util.Arrays.toString(v))) throw new IllegalStateException("the reports differ at " + java.util.Arrays.toString(v));
                    }
                    return null;
                });
            }
            return s;
        }
    }

    /** {@code columns} symbols' closes on {@code rows} dates, {@code step} days apart (weekdays only when 1). */
    private static Path write(Path file, int columns, int rows, int step) throws IOException {
        StringBuilder b = new StringBuilder("date");
        for (int k = 0; k < columns; k++) b.append(",S").append(k);
        b.append('\n');
        LocalDate d = LocalDate.of(2015, 1, 2);
        for (int i = 0; i < rows; d = d.plusDays(step)) {
            if (step == 1 && d.getDayOfWeek().getValue() > 5) continue;
            b.append(d);
            for (int k = 0; k < columns; k++) b.append(',').append(String.format(Locale.ROOT, "%.3f", 100 + i * 0.1 + k * 0.001));
            b.append('\n');
            i++;
        }
        return Files.writeString(file, b);
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
