package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BacktestReplay;
import org.sextant.engine.store.Store;

/**
 * Reads a finished forecast backtest job's output ({@link ForecastBacktestRows}) from its folder;
 * a row the engine could not have computed refuses the whole output ({@link ForecastBacktestCheck}).
 */
public final class ForecastBacktestImport {
    private ForecastBacktestImport() {}

    /** The backtests to store, each with where its row is (file, symbol), and the symbols the job reported as failed (symbol, field, error). */
    public record Read(List<BacktestReplay.Row> computed, List<Map<String, Object>> failed) {}

    public static Read read(Store store, Path folder) {
        try (JobOutput out = JobOutput.stage(store, folder)) {
            return store.read(c -> {
                out.requireWithinBounds(c, ForecastBacktestRows.COLUMNS, "forecast-backtest");
                List<BacktestReplay.Row> ok = new ArrayList<>();
                List<Map<String, Object>> failed = new ArrayList<>();
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT " + String.join(", ", ForecastBacktestRows.COLUMNS)
                        + ", filename FROM " + out.relationWithFileNames() + " ORDER BY symbol")) {
                    while (r.next()) {
                        if (r.getString("error") != null) {
                            failed.add(ForecastScanImport.failure(r.getString("symbol"), r.getString("error_field"), r.getString("error")));
                        } else {
                            ok.add(new BacktestReplay.Row(ForecastBacktestCheck.checked(r, folder), ForecastScanImport.where(r, folder)));
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
