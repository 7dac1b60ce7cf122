package org.sextant.engine.sql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.sextant.engine.store.Store;

/**
 * Harness: what the guard costs. Each query runs through ReadOnlySql.run and, as the baseline in
 * the same process, straight on a store connection with the same LIMIT, reading every value.
 * Data: the full DowJones30 closes when /work/shared/data is present, else the 500-row sample.
 *
 * <p>Run: ./mvnw -q -pl engine -am test-compile exec:java -Dexec.mainClass=org.sextant.engine.sql.ReadOnlySqlBench -Dexec.classpathScope=test
 */
public final class ReadOnlySqlBench {
    private static final int RUNS = 40;

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("sextant-sql-bench");
        Path full = Path.of("/work/shared/data/prices/dowjones30_daily_close.csv");
        try (Store store = Files.exists(full) ? loadFull(dir, full) : SampleStore.open(dir)) {
            long rows = SampleStore.count(store, "prices");
            ReadOnlySql sql = new ReadOnlySql(store);
            String[][] queries = {
                    {"count", "SELECT count(*) FROM prices"},
                    {"ma20+ret all symbols", "SELECT symbol, date, avg(close) OVER (PARTITION BY symbol ORDER BY date ROWS BETWEEN 19 PRECEDING AND CURRENT ROW) AS ma20, "
                            + "close / lag(close) OVER (PARTITION BY symbol ORDER BY date) - 1 AS ret FROM prices ORDER BY symbol, date"},
                    {"monthly last close", "SELECT symbol, strftime(date_trunc('month', date), '%Y-%m') AS m, arg_max(close, date) FROM prices GROUP BY ALL ORDER BY ALL"},
                    {"pivot 2 symbols", "PIVOT prices ON symbol IN ('AA', 'KO') USING max(close) GROUP BY date ORDER BY date"},
            };
            System.out.printf("prices rows: %d, runs per cell: %d, median ms%n%n", rows, RUNS);
            System.out.println("| query | rows out | raw JDBC (baseline) | ReadOnlySql.run | guard overhead |");
            System.out.println("|---|---|---|---|---|");
            for (String[] q : queries) {
                for (int i = 0; i < 5; i++) { raw(store, q[1]); sql.run(q[1], null); } // warm-up
                double[] base = new double[RUNS];
                double[] guarded = new double[RUNS];
                int out = 0;
                for (int i = 0; i < RUNS; i++) {
                    long t0 = System.nanoTime();
                    raw(store, q[1]);
                    long t1 = System.nanoTime();
                    out = sql.run(q[1], null).rowCount();
                    long t2 = System.nanoTime();
                    base[i] = (t1 - t0) / 1e6;
                    guarded[i] = (t2 - t1) / 1e6;
                }
                double b = median(base);
                double g = median(guarded);
                System.out.printf("| %s | %d | %.2f | %.2f | %+.2f |%n", q[0], out, b, g, g - b);
            }
        }
    }

    private static int raw(Store store, String sql) throws Exception {
        try (Connection c = store.newConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT * FROM (\n" + sql + "\n) AS q LIMIT 5001")) {
            int n = r.getMetaData().getColumnCount();
            int count = 0;
            while (r.next()) {
                for (int i = 1; i <= n; i++) r.getObject(i);
                count++;
            }
            return count;
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static Store loadFull(Path dir, Path csv) throws Exception {
        Store store = Store.open(dir.resolve("t.duckdb"), dir.resolve("staging"));
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).replace("\"", "").split(",");
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, CAST(? AS DATE), ?, 'fBasics::DowJones30')")) {
                for (String line : lines.subList(2, lines.size())) { // the first data row repeats the second
                    String[] f = line.replace("\"", "").split(",");
                    for (int k = 1; k < f.length; k++) {
                        p.setString(1, header[k]);
                        p.setString(2, f[0]);
                        p.setDouble(3, Double.parseDouble(f[k]));
                        p.addBatch();
                    }
                }
                p.executeBatch();
            }
            return null;
        });
        return store;
    }
}
