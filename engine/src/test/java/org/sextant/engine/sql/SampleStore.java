package org.sextant.engine.sql;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** A store holding 500 real closes (5 Dow Jones stocks, first 100 trading days of 2000). */
final class SampleStore {
    record Close(String symbol, LocalDate date, double close) {}

    static final String SOURCE = "fBasics::DowJones30";

    private SampleStore() {}

    static List<Close> closes() throws Exception {
        List<Close> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                SampleStore.class.getResourceAsStream("/sql/dowjones_sample.csv"), StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split(",");
                out.add(new Close(f[0], LocalDate.parse(f[1]), Double.parseDouble(f[2])));
            }
        }
        return out;
    }

    static Store open(Path dir) throws Exception {
        return fill(SampleStoreCopy.openOrEmpty(dir.resolve("t.duckdb"), dir.resolve("staging")));
    }

    /** Writes the 500 closes into an empty store (a {@code @TempSextant Store}). */
    static Store fill(Store store) throws Exception {
        List<Close> closes = closes();
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO prices(symbol, date, close, adj_close, source) VALUES (?, ?, ?, ?, ?)")) {
                for (Close x : closes) {
                    p.setString(1, x.symbol());
                    p.setObject(2, x.date());
                    p.setDouble(3, x.close());
                    p.setDouble(4, x.close());
                    p.setString(5, SOURCE);
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO symbols(symbol, first_date, last_date, rows, source) "
                        + "SELECT symbol, min(date), max(date), count(*), '" + SOURCE + "' FROM prices GROUP BY symbol");
            }
            return null;
        });
        return store;
    }

    static long count(Store store, String table) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
