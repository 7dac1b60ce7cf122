package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.forecast.store.StoredForecast;

/**
 * A walk-forward of a symbol's bars as the chart overlays it: its errors ({@link BarBacktestError},
 * what get_backtest_error answers) and each evaluated origin's forecast over the bars that followed
 * it, oldest first, in the calibration asked where the origin has it, else the model's bands (as
 * the daily overlays choose), and the data warning of the bars (null when none): the text get_forecast, get_backtest_error
 * and get_chart_data give at that interval ({@link OutlierWarnings}). Computed on request; nothing is stored.
 */
public record BarBacktestOverlays(BarBacktestError errors, List<BarForecast> origins, String dataWarning) {
    public BarBacktestOverlays {
        origins = List.copyOf(origins);
    }

    static BarBacktestOverlays of(BarSeries bars, ForecastBacktestRun.Computed c, BandCalibration calibration, String dataWarning) {
        Map<Integer, StoredForecast> byOrigin = new TreeMap<>();
        for (StoredForecast row : c.rows()) {
            StoredForecast cur = byOrigin.get(row.historyRows());
            if (row.calibration().equals(calibration.wire()) || (cur == null && row.calibration().equals(BandCalibration.MODEL.wire()))) {
                byOrigin.put(row.historyRows(), row);
            }
        }
        List<BarForecast> origins = new ArrayList<>(byOrigin.size());
        for (StoredForecast row : byOrigin.values()) origins.add(BarForecast.backtestOrigin(bars, row));
        return new BarBacktestOverlays(BarBacktestError.of(bars, c), origins, dataWarning);
    }
}
