package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ARIMA on prices changed (differenced at most once): forecasts stored by the earlier rule must
 * not be served again while the prices stay the same, so V046 drops them, and only them.
 */
class PriceArimaMigrationTest {
    @TempDir Path dir;

    @Test
    void storedArimaForecastsAreDroppedAndOthersKept() throws Exception {
        Path db = dir.resolve("sextant.duckdb");
        try (Store s = Store.open(db, dir.resolve("staging"))) {
            s.inTransaction(c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("DELETE FROM schema_version WHERE name = 'V046__price_arima_differenced_once.sql'");
                    for (String model : new String[] {"arima", "comb_mean", "theta"}) {
                        st.execute("INSERT INTO forecasts(forecast_id, symbol, model, kind, calibration, origin, horizon, last_close, history_rows) "
                                + "VALUES (nextval('forecast_ids'), 'IBM', '" + model + "', 'live', 'conformal', DATE '2001-01-02', 20, 84.5, 2528)");
                        st.execute("INSERT INTO forecast_steps SELECT forecast_id, 1, DATE '2001-01-03', 85 FROM forecasts WHERE model = '" + model + "'");
                        st.execute("INSERT INTO forecast_backtests(symbol, model, horizon, origins, result) VALUES ('IBM', '" + model + "', 20, 'monthly', '{}')");
                    }
                }
                return null;
            });
        }
        try (Store s = Store.open(db, dir.resolve("staging"))) { // V046 runs again, as on a store of the release before
            assertEquals(1L, count(s, "SELECT count(*) FROM forecasts"));
            assertEquals("theta", s.read(c -> {
                try (Statement st = c.createStatement(); var r = st.executeQuery("SELECT model FROM forecasts")) {
                    r.next();
                    return r.getString(1);
                }
            }));
            assertEquals(1L, count(s, "SELECT count(*) FROM forecast_steps"));
            assertEquals(1L, count(s, "SELECT count(*) FROM forecast_backtests"));
        }
    }

    private static long count(Store s, String sql) {
        return s.read(c -> {
            try (Statement st = c.createStatement(); var r = st.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
