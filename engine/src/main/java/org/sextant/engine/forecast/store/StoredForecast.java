package org.sextant.engine.forecast.store;

import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.forecast.Forecast;

/**
 * One forecast as the store keeps it: which symbol, model, kind (live | backtest) and band
 * calibration (model | conformal | adaptive), from which origin (the last observed date), with
 * its target dates, median and bands. {@code coverage} is the walk-forward empirical coverage
 * per level of the bands (live forecasts; empty for backtest origins).
 */
public record StoredForecast(String symbol, String model, String kind, String calibration, LocalDate origin, int horizon,
                             double lastClose, int historyRows, List<LocalDate> targetDates, Forecast forecast,
                             List<LevelCoverage> coverage) {
    public static final String LIVE = "live";
    public static final String BACKTEST = "backtest";

    public StoredForecast {
        targetDates = List.copyOf(targetDates);
        coverage = coverage == null ? List.of() : List.copyOf(coverage);
    }

    /** Empirical coverage of the bands at one level over {@code origins} walk-forward origins (null when none were scored). */
    public record LevelCoverage(double level, Double empirical, int origins) {}
}
