package org.sextant.app.gui;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Opens an engine on a temporary SEXTANT_HOME holding real prices (see the resources README):
 * when the engine did not load its own sample universe, MSFT (OHLCV), IBM and KO closes are
 * written straight into the prices and symbols tables.
 */
final class TestStore {
    private TestStore() {}

    static Sextant open(Path home) {
        SextantHome at = new SextantHome(home);
        if (!java.nio.file.Files.exists(at.database())) org.sextant.engine.testing.SampleStoreCopy.into(at);
        Sextant engine = Sextant.open(at);
        if (engine.dataSummary().priceRows() == 0) {
            seed(engine);
        }
        return engine;
    }

    private static void seed(Sextant engine) {
        List<String[]> msft = read("msft_ohlcv_daily.csv");
        List<String[]> dow = read("dow_2000_close.csv");
        engine.store().inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO prices (symbol, date, open, high, low, close, adj_close, volume, source) VALUES (?,?,?,?,?,?,?,?,?)")) {
                for (String[] r : msft) {
                    p.setString(1, "MSFT");
                    p.setDate(2, Date.valueOf(LocalDate.parse(r[0])));
                    for (int i = 1; i <= 4; i++) p.setDouble(2 + i, Double.parseDouble(r[i]));
                    p.setDouble(7, Double.parseDouble(r[4]));
                    p.setDouble(8, Double.parseDouble(r[5]));
                    p.setString(9, "timeSeries::MSFT");
                    p.addBatch();
                }
                for (String[] r : dow) {
                    for (int col = 1; col <= 2; col++) {
                        p.setString(1, col == 1 ? "IBM" : "KO");
                        p.setDate(2, Date.valueOf(LocalDate.parse(r[0])));
                        p.setObject(3, null);
                        p.setObject(4, null);
                        p.setObject(5, null);
                        p.setDouble(6, Double.parseDouble(r[col]));
                        p.setDouble(7, Double.parseDouble(r[col]));
                        p.setObject(8, null);
                        p.setString(9, "fBasics::DowJones30");
                        p.addBatch();
                    }
                }
                p.executeBatch();
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO symbols (symbol, name, currency, exchange, first_date, last_date, rows, source) "
                            + "SELECT symbol, ?, 'USD', 'NYSE', min(date), max(date), count(*), min(source) FROM prices WHERE symbol = ? GROUP BY symbol")) {
                String[][] names = {{"MSFT", "Microsoft Corporation"}, {"IBM", "International Business Machines"}, {"KO", "The Coca-Cola Company"}};
                for (String[] n : names) {
                    p.setString(1, n[1]);
                    p.setString(2, n[0]);
                    p.addBatch();
                }
                p.executeBatch();
            }
            return null;
        });
    }

    private static List<String[]> read(String resource) {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Objects.requireNonNull(TestStore.class.getResourceAsStream(resource), resource), StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                rows.add(line.replace("\"", "").split(","));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
