package org.sextant.engine.ingest;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The cast check of a wide Parquet file (a date column and N close columns stored as DOUBLE, R rows): the one scan over
 * every column as ParquetReadSql.firstUncastColumn ran it before (kept here as the baseline) against the check now,
 * which reads only the columns whose stored type may not cast. The same file written with its closes as text, where
 * both read every column, shows what still grows with the columns. Process CPU seconds (DuckDB on one thread) and wall seconds.
 * Arguments: COLUMNSxROWS,... (default 1000x60,2000x60,4000x60,5000x60,1000x600).
 */
public final class ParquetCheckBenchmark {
    private static final com.sun.management.OperatingSystemMXBean OS = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    public static void main(String[] args) throws Exception {
        String sizes = args.length > 0 ? args[0] : "1000x60,2000x60,4000x60,5000x60,1000x600";
        Path dir = Files.createTempDirectory("parquet-check");
        System.out.println("| columns x rows | cells | closes stored as | old check CPU s (wall s) | new check CPU s (wall s) | old / new CPU |");
        System.out.println("|---|---:|---|---:|---:|---:|");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("SET threads = 1"); // CPU seconds of one thread: the machine is shared
            for (String size : sizes.split(",")) {
                int cols = Integer.parseInt(size.split("x")[0]), rows = Integer.parseInt(size.split("x")[1]);
                for (String type : new String[] {"DOUBLE", "VARCHAR"}) {
                    Path file = dir.resolve("w" + cols + "x" + rows + type + ".parquet");
                    List<String> names = new ArrayList<>(List.of("date"));
                    StringJoiner select = new StringJoiner(", ").add("DATE '2000-01-03' + i::INTEGER AS date");
                    for (int k = 0; k < cols; k++) {
                        names.add("S" + k);
                        select.add("(10 + i * 0.01 + " + k + ")::DOUBLE::" + type + " AS S" + k);
                    }
                    st.execute("COPY (SELECT " + select + " FROM range(" + rows + ") t(i)) TO '" + file + "' (FORMAT parquet)");
                    ImportBatch.Source s = new ImportBatch.Source(0, file.toString(), file, Layout.detect(names, file.toString()), null, "file:x", null);
                    String relation = "read_parquet('" + file + "', file_row_number=true)";
                    oldCheck(c, relation, s); // warm: the file's pages and DuckDB's caches as both measured runs find them
                    double[] old = measure(() -> oldCheck(c, relation, s));
                    double[] now = measure(() -> ParquetReadSql.firstUncastColumn(c, relation, s));
                    System.out.printf("| %,d x %,d | %,d | %s | %.2f (%.2f) | %.2f (%.2f) | %.0fx |%n", cols, rows, (long) cols * rows,
                            type.equals("DOUBLE") ? "numbers" : "text", old[0], old[1], now[0], now[1], old[0] / Math.max(now[0], 1e-3));
                    Files.delete(file);
                }
            }
        }
        Files.delete(dir);
    }

    interface Check {
        int run() throws Exception;
    }

    /** {CPU s, wall s} of one check, which must find no bad cell. */
    private static double[] measure(Check check) throws Exception {
        long cpu = OS.getProcessCpuTime(), wall = System.nanoTime();
        if (check.run() >= 0) throw new IllegalStateException("a cell that does not cast");
        return new double[] {(OS.getProcessCpuTime() - cpu) / 1e9, (System.nanoTime() - wall) / 1e9};
    }

    /** The check before: every column cast to a number or a date, side by side as lists, whatever its stored type. */
    static int oldCheck(Connection c, String relation, ImportBatch.Source s) throws Exception {
        StringJoiner cols = new StringJoiner(", ", "[", "]");
        StringJoiner uncast = new StringJoiner(", ", "[", "]");
        for (int i = 0; i < s.layout().header().size(); i++) {
            String type = i == s.layout().dateCol() ? "DATE" : "DOUBLE";
            String col = ImportBatch.ident(s.layout().header().get(i));
            cols.add(String.valueOf(i));
            uncast.add(col + " IS NOT NULL AND TRY_CAST(" + col + " AS " + type + ") IS NULL");
        }
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT min(k) FROM (SELECT unnest(" + cols + ") AS k, unnest(" + uncast + ") AS uncast FROM " + relation + ") WHERE uncast")) {
            r.next();
            int k = r.getInt(1);
            return r.wasNull() ? -1 : k;
        }
    }
}
