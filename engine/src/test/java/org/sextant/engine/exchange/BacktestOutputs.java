package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastService;
import org.sextant.engine.store.Store;

/** A forecast backtest job's genuine output row, computed by the engine's kernel (what the Spark job calls), for import tests. */
final class BacktestOutputs {
    private BacktestOutputs() {}

    /** A store with one Dow symbol of 300 closes, and an exchange over it. */
    static ScaleOutExchange exchange(Store store, Path tmp) {
        JobOutputFiles.oneDowSymbol(store);
        PriceRepository prices = new PriceRepository(store);
        return new ScaleOutExchange(store, new ForecastService(store, prices, tmp.resolve("models")), null, () -> {});
    }

    /** The row the job writes for the store's symbol: a naive 3-step backtest over every 10th close of the last 40%. */
    static Map<String, Object> row(Store store) {
        PriceRepository prices = new PriceRepository(store);
        PriceSeries p = prices.closes(prices.symbols(null).get(0).symbol(), null, null);
        ForecastBacktestRun.Computed c = ForecastBacktestRun.run(ForecastModels.BUILT_IN, p, "naive", 3, "10", null, null, null, null);
        return new java.util.LinkedHashMap<>(ForecastBacktestRows.ok(c, p.size()));
    }

    static Path write(Path folder, Map<String, Object> row) throws Exception {
        return write(folder, List.of(row));
    }

    static Path write(Path folder, List<Map<String, Object>> rows) throws Exception {
        return JobOutputFiles.write(folder, ForecastBacktestRows.COLUMNS, BacktestOutputs::type, rows);
    }

    /** The DuckDB type the job writes {@code column} as. */
    static String type(String column) {
        return List.of("horizon", "history_rows", "origins").contains(column) ? "INTEGER" : column.equals("male") ? "DOUBLE" : "VARCHAR";
    }

    static long stored(Store store, String table) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
                r.next();
                return r.getLong(1);
            }
        });
    }
}
