package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.forecast.ForecastScan;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.store.StoredForecast;

/** Forecast scan job output made as the job makes it ({@code ForecastScanJob.scan}), and as an attacker alters it, for import tests. */
public final class ScanOutputs {
    private ScanOutputs() {}

    /** One row per stored symbol: the engine's scan kernel on the store's closes, as a task of the job writes it. */
    public static List<Map<String, Object>> genuine(PriceRepository prices, String model, int horizon, String calibration) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (var s : prices.symbols(null)) {
            var all = prices.closes(s.symbol(), null, null);
            ForecastScan.SymbolOutcome o = ForecastScan.scanSymbol(all, 10, null, upTo -> PriceForecast.calibrated(ForecastModels.BUILT_IN, upTo, model, horizon,
                    ForecastBacktestRun.DEFAULT_LEVELS, BandCalibration.parse(calibration)));
            rows.add(new java.util.LinkedHashMap<>(ForecastScanRows.of(o, model, horizon, calibration, 10, null, all.size())));
        }
        return rows;
    }

    /** The row's forecast with the upper edge of every band raised by {@code by} at the last step (the bands stay nested). */
    public static StoredForecast raised(Map<String, Object> row, double by) {
        StoredForecast f = ForecastScanRows.forecast((String) row.get("forecast_json"));
        List<QuantileBand> bands = new ArrayList<>();
        for (QuantileBand b : f.forecast().bands()) {
            double[] upper = b.upper().clone();
            upper[upper.length - 1] += by;
            bands.add(new QuantileBand(b.level(), b.lower(), upper));
        }
        return new StoredForecast(f.symbol(), f.model(), f.kind(), f.calibration(), f.origin(), f.horizon(), f.lastClose(), f.historyRows(), f.targetDates(),
                new Forecast(f.forecast().model(), f.forecast().median(), bands), f.coverage(), f.closesDigest());
    }

    /** {@code row} holding {@code f} as its forecast_json, with its row_json left as it was or made anew of {@code f} ({@code consistent}). */
    public static Map<String, Object> holding(Map<String, Object> row, StoredForecast f, boolean consistent) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(row);
        out.put("forecast_json", Json.MAPPER.writeValueAsString(f));
        if (consistent) out.put("row_json", Json.MAPPER.writeValueAsString(ForecastScanRows.row(f)));
        return out;
    }

    public static Path write(Path folder, List<Map<String, Object>> rows) throws Exception {
        return JobOutputFiles.write(folder, ForecastScanRows.COLUMNS,
                c -> List.of("horizon", "min_history", "history_rows").contains(c) ? "INTEGER" : "VARCHAR", rows);
    }
}
