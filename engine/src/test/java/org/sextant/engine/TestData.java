package org.sextant.engine;

import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.Map;
import org.sextant.engine.store.Store;

/** Inserts a few real rows for facade and API tests (fBasics::DowJones30, GPL>=2), or a test's own closes. */
public final class TestData {
    private TestData() {}

    public static void insertDowSample(Store store) {
        Object[][] rows = {
                {"AA", "2000-12-28", 33.69}, {"AA", "2000-12-29", 33.11}, {"AA", "2001-01-02", 31.88},
                {"IBM", "2000-12-29", 84.69}, {"IBM", "2001-01-02", 84.5}};
        insert(store, rows);
    }

    /** Replaces each symbol's prices with these closes on consecutive days from {@code first}. */
    public static void insertCloses(Store store, LocalDate first, Map<String, double[]> closes) {
        Object[][] rows = closes.entrySet().stream().flatMap(e -> java.util.stream.IntStream.range(0, e.getValue().length)
                .mapToObj(i -> new Object[] {e.getKey(), first.plusDays(i).toString(), e.getValue()[i]})).toArray(Object[][]::new);
        insert(store, rows);
    }

    /** Imports the test resource {@code resource} ("/forecast/X.csv") as a user's file of that name in {@code dir}. */
    public static void importResource(Sextant engine, String resource, java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path file = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
        try (java.io.InputStream in = TestData.class.getResourceAsStream(resource)) {
            java.nio.file.Files.copy(in, file);
        }
        engine.importPrices(java.util.List.of(file));
    }

    /** Rows of (symbol, ISO date, close) replacing their symbols' prices, with the symbols listed. */
    private static void insert(Store store, Object[][] rows) {
        String symbols = java.util.Arrays.stream(rows).map(r -> "'" + r[0] + "'").distinct().collect(java.util.stream.Collectors.joining(","));
        store.inTransaction(c -> {
            try (PreparedStatement d = c.prepareStatement("DELETE FROM prices WHERE symbol IN (" + symbols + ")");
                 PreparedStatement s = c.prepareStatement("DELETE FROM symbols WHERE symbol IN (" + symbols + ")")) {
                d.executeUpdate();
                s.executeUpdate();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO prices(symbol, date, close, source) VALUES (?, ?, ?, 'test')")) {
                for (Object[] r : rows) {
                    p.setString(1, (String) r[0]);
                    p.setObject(2, LocalDate.parse((String) r[1]));
                    p.setDouble(3, (Double) r[2]);
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO symbols(symbol, name, currency, exchange, first_date, last_date, rows, source) "
                    + "SELECT symbol, symbol, 'USD', 'NYSE', min(date), max(date), count(*), 'test' FROM prices WHERE symbol IN (" + symbols
                    + ") GROUP BY symbol")) {
                p.executeUpdate();
            }
            return null;
        });
    }
}
