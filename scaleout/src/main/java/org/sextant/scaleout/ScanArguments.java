package org.sextant.scaleout;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.BandCalibration;
import org.sextant.engine.forecast.ForecastBacktestRun;
import org.sextant.engine.forecast.ForecastScan;

/**
 * What a universe forecast scan job computes, with the local scan's names: model, horizon,
 * calibration (conformal by default), min_history (closes; fewer is a skipped row), as_of (the
 * week-aligned start on or before it; null: each symbol's last close), symbols (empty: all) and
 * dates [from, to] of the input. Ranking (level, top, min_reward_risk) is the local scan's once
 * the output is imported. Checked on the driver.
 */
public record ScanArguments(String model, Integer horizon, String calibration, Integer minHistory, LocalDate asOf, List<String> symbols,
                            LocalDate from, LocalDate to) implements Serializable {
    public ScanArguments {
        model = ForecastBacktestRun.modelName(model);
        horizon = ForecastBacktestRun.horizon(horizon);
        calibration = BandCalibration.parse(calibration).wire();
        minHistory = new ForecastScan.Request(null, model, horizon, null, null, null, minHistory, calibration, asOf).minHistoryRows();
        symbols = symbols == null ? List.of() : symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).distinct().toList();
        if (from != null && to != null && from.isAfter(to)) throw SextantException.invalid("from", "from " + from + " is after to " + to, "swap them");
    }
}
