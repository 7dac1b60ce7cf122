package org.sextant.engine.analogue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.store.Store;

/** The real sample data of src/test/resources/analogue (fBasics nyse and DowJones30), as arrays or in a temp store. */
final class SampleData {
    record Table(List<String> columns, LocalDate[] dates, double[][] values) {}

    private static Table nyse;
    private static Table dow;
    private static DailySignals signals;
    private static AnalogueMatcher matcher;

    static synchronized Table nyse() {
        if (nyse == null) nyse = read("nyse_composite_daily.csv");
        return nyse;
    }

    static synchronized Table dow() {
        if (dow == null) dow = read("dowjones30_daily_close.csv");
        return dow;
    }

    /** NYSE signals with Dow 30 breadth, computed from arrays (no store). */
    static synchronized DailySignals signals() {
        if (signals == null) signals = compute(nyse(), dow());
        return signals;
    }

    /** One calibrated matcher over {@link #signals()}, shared so its conformal history is built once per test run. */
    static synchronized AnalogueMatcher matcher() {
        if (matcher == null) matcher = new AnalogueMatcher(signals());
        return matcher;
    }

    static DailySignals compute(Table bench, Table members) {
        Map<LocalDate, Integer> rowOf = new java.util.HashMap<>();
        for (int i = 0; i < bench.dates().length; i++) rowOf.put(bench.dates()[i], i);
        Map<String, double[]> universe = new LinkedHashMap<>();
        for (int c = 0; c < members.columns().size(); c++) {
            double[] px = new double[bench.dates().length];
            Arrays.fill(px, Double.NaN);
            for (int i = 0; i < members.dates().length; i++) {
                Integer row = rowOf.get(members.dates()[i]);
                if (row != null) px[row] = members.values()[c][i];
            }
            universe.put(members.columns().get(c), px);
        }
        return DailySignals.compute("NYSE", bench.dates(), bench.values()[0], universe);
    }

    /** The first {@code rows} rows of the benchmark (and the members up to its last date). */
    static Table head(Table t, int rows) {
        double[][] v = new double[t.values().length][];
        for (int c = 0; c < v.length; c++) v[c] = Arrays.copyOf(t.values()[c], rows);
        return new Table(t.columns(), Arrays.copyOf(t.dates(), rows), v);
    }

    /** Loads both files into the prices table of {@code store} (NYSE under symbol NYSE), with DuckDB's appender. */
    static void load(Store store) {
        store.inTransaction(c -> {
            try (DuckDBAppender a = c.unwrap(DuckDBConnection.class).createAppender("prices")) {
                append(a, "NYSE", nyse().dates(), nyse().values()[0]);
                for (int k = 0; k < dow().columns().size(); k++) append(a, dow().columns().get(k), dow().dates(), dow().values()[k]);
                a.flush();
            }
            return null;
        });
    }

    private static void append(DuckDBAppender a, String sym, LocalDate[] dates, double[] close) throws Exception {
        // prices(symbol, date, open, high, low, close, adj_close, volume, source)
        for (int i = 0; i < dates.length; i++) {
            if (Double.isNaN(close[i])) continue;
            a.beginRow().append(sym).append(dates[i]).appendNull().appendNull().appendNull()
                    .append(close[i]).append(close[i]).appendNull().append("fBasics").endRow();
        }
    }

    private static Table read(String name) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                SampleData.class.getResourceAsStream("/analogue/" + name), StandardCharsets.UTF_8))) {
            String[] header = r.readLine().replace("\"", "").split(",");
            List<String> cols = new ArrayList<>(Arrays.asList(header).subList(1, header.length));
            List<LocalDate> dates = new ArrayList<>();
            List<double[]> rows = new ArrayList<>();
            String line;
            LocalDate prev = null;
            while ((line = r.readLine()) != null) {
                String[] f = line.replace("\"", "").split(",");
                LocalDate d = LocalDate.parse(f[0]);
                // The fBasics nyse file has a misdated row (1966-02-23 between 1967-02-21 and 1967-02-24) and a
                // repeated 1969-12-08; a row not after its predecessor is dropped.
                if (prev != null && !d.isAfter(prev)) continue;
                double[] v = new double[cols.size()];
                for (int c = 0; c < v.length; c++) v[c] = c + 1 < f.length && !f[c + 1].isEmpty() && !f[c + 1].equals("NA") ? Double.parseDouble(f[c + 1]) : Double.NaN;
                dates.add(d);
                rows.add(v);
                prev = d;
            }
            double[][] values = new double[cols.size()][rows.size()];
            for (int i = 0; i < rows.size(); i++) for (int c = 0; c < cols.size(); c++) values[c][i] = rows.get(i)[c];
            return new Table(cols, dates.toArray(LocalDate[]::new), values);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read test resource " + name, e);
        }
    }
}
