package org.sextant.engine.exchange;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.store.Store;

/** Hand-made scale-out job output folders for import tests: rows as one part-00000.parquet and _SUCCESS, as Spark leaves them. */
public final class JobOutputFiles {
    private JobOutputFiles() {}

    /** Writes {@code rows} (keyed by {@code columns}) with each column cast to {@code type.apply(column)} (a DuckDB type). */
    public static Path write(Path folder, List<String> columns, Function<String, String> type, List<Map<String, Object>> rows) throws Exception {
        Files.createDirectories(folder);
        List<String> values = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            List<String> v = new ArrayList<>();
            for (String col : columns) v.add(literal(row.get(col)) + "::" + type.apply(col));
            values.add("(" + String.join(", ", v) + ")");
        }
        String sql = "COPY (SELECT * FROM (VALUES " + String.join(", ", values) + ") v(" + String.join(", ", columns)
                + ")) TO '" + folder.resolve("part-00000.parquet") + "' (FORMAT parquet)";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute(sql);
        }
        Files.createFile(folder.resolve("_SUCCESS"));
        return folder;
    }

    /**
     * Adds part-00001.parquet to {@code folder}: {@code n} rows the job reports failed (symbol SYM0.., error_field "symbols",
     * error "too little history N"), every other column null of its type ({@code type.apply(column)}).
     */
    public static void addErrorRows(Path folder, List<String> columns, Function<String, String> type, int n) throws Exception {
        List<String> cells = new ArrayList<>();
        for (String col : columns) {
            String v = switch (col) {
                case "symbol" -> "'SYM' || i";
                case "error_field" -> "'symbols'";
                case "error" -> "'too little history ' || i";
                default -> "NULL::" + type.apply(col);
            };
            cells.add(v + " AS " + col);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT " + String.join(", ", cells) + " FROM range(" + n + ") t(i)) TO '" + folder.resolve("part-00001.parquet") + "' (FORMAT parquet)");
        }
    }

    /** Fills {@code store} with one Dow symbol of 300 closes, listed in the symbols table as an import lists it. */
    public static void oneDowSymbol(Store store) {
        dowSymbols(store, 1, 300);
    }

    /** Fills {@code store} with {@code assets} Dow symbols of {@code bars} closes each, listed in the symbols table as an import lists them. */
    public static void dowSymbols(Store store, int assets, int bars) {
        ResearchData.insertDowJones(store, assets, bars, (a, t) -> false);
        store.inTransaction(c -> {   // the symbols table, as an import fills it
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) "
                        + "SELECT symbol, min(date), max(date), count(*), any_value(source) FROM prices GROUP BY symbol");
            }
            return null;
        });
    }

    /**
     * Benchmarks: the median of {@code rounds} imports, each into a fresh store (file {@code name}-ROUND.duckdb in {@code dir}) of
     * {@code assets} Dow symbols of {@code bars} closes, timing {@code importing} alone; {milliseconds, what the last import counted}.
     */
    public static long[] medianImport(Path dir, String name, int rounds, int assets, int bars,
                                      Function<org.sextant.engine.forecast.ForecastService, Integer> importing) {
        long[] ms = new long[rounds];
        int counted = 0;
        for (int i = 0; i < rounds; i++) {
            try (Store store = Store.open(dir.resolve(name + "-" + i + ".duckdb"), dir.resolve("staging"))) {
                dowSymbols(store, assets, bars);
                var forecasts = new org.sextant.engine.forecast.ForecastService(store, new org.sextant.engine.data.PriceRepository(store), dir.resolve("models"));
                long t = System.nanoTime();
                counted = importing.apply(forecasts);
                ms[i] = (System.nanoTime() - t) / 1_000_000;
            }
        }
        Arrays.sort(ms);
        return new long[] {ms[rounds / 2], counted};
    }

    private static String literal(Object v) {
        if (v == null) return "NULL";
        if (v instanceof String s) return "'" + s.replace("'", "''") + "'";
        if (v instanceof Double d) return "'" + d + "'";
        if (v instanceof double[] a) return "[" + String.join(", ", Arrays.stream(a).mapToObj(d -> "'" + d + "'::DOUBLE").toList()) + "]";
        if (v instanceof int[] a) return Arrays.toString(a);
        return v.toString();
    }
}
