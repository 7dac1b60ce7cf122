package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.store.Store;

/** Reads a finished forecast backtest job's output ({@link ForecastBacktestRows}) from its folder. */
public final class ForecastBacktestImport {
    private ForecastBacktestImport() {}

    /** The backtests to store, and the symbols the job reported as failed (symbol, field, error). */
    public record Read(List<ForecastBacktestRun.Computed> computed, List<Map<String, Object>> failed) {}

    public static Read read(Store store, Path folder) {
        try (JobOutput out = JobOutput.stage(store, folder)) {
            return store.read(c -> {
                List<ForecastBacktestRun.Computed> ok = new ArrayList<>();
                List<Map<String, Object>> failed = new ArrayList<>();
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + String.join(", ", ForecastBacktestRows.COLUMNS)
                        + " FROM " + out.relation() + " ORDER BY symbol")) {
                    while (r.next()) {
                        if (r.getString("error") != null) {
                            Map<String, Object> f = new LinkedHashMap<>();
                            f.put("symbol", r.getString("symbol"));
                            f.put("field", r.getString("error_field"));
                            f.put("error", r.getString("error"));
                            failed.add(f);
                        } else {
                            ok.add(ForecastBacktestRows.computed(r.getString("symbol"), r.getString("model"), r.getInt("horizon"),
                                    r.getString("origins_rule"), r.getString("result_json"), r.getString("forecasts_json")));
                        }
                    }
                } catch (java.sql.SQLException e) {
                    throw out.refusal(c, e, "forecast backtest", "import the --out folder of `sextant-spark forecast-backtest`");
                }
                return new Read(ok, failed);
            });
        }
    }
}
