package org.sextant.engine.forecast.store;

import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.forecast.Forecast;

/**
 * One forecast as the store keeps it: which symbol, model, kind (live | backtest) and band
 * calibration (model | conformal | adaptive), from which origin (the last observed date), with
 * its target dates, median and bands. {@code coverage} is the walk-forward empirical coverage
 * per level of the bands (live forecasts; empty for backtest origins). {@code closesDigest}: what identifies the
 * closes a live forecast was made from ({@code ClosesDigest}, with the global model's data for a model using it);
 * null for backtest origins and for live forecasts stored before V052, which are then never reused.
 */
public record StoredForecast(String symbol, String model, String kind, String calibration, LocalDate origin, int horizon,
                             double lastClose, int historyRows, List<LocalDate> targetDates, Forecast forecast,
                             List<LevelCoverage> coverage, String closesDigest) {
    public static final String LIVE = "live";
    public static final String BACKTEST = "backtest";

    public StoredForecast {
        targetDates = List.copyOf(targetDates);
        coverage = coverage == null ? List.of() : List.copyOf(coverage);
    }

    /** A forecast that does not say which closes it was made from (a backtest origin). */
    public StoredForecast(String symbol, String model, String kind, String calibration, LocalDate origin, int horizon, double lastClose,
                          int historyRows, List<LocalDate> targetDates, Forecast forecast, List<LevelCoverage> coverage) {
        this(symbol, model, kind, calibration, origin, horizon, lastClose, historyRows, targetDates, forecast, coverage, null);
    }

    /** Empirical coverage of the bands at one level over {@code origins} walk-forward origins (null when none were scored). */
    public record LevelCoverage(double level, Double empirical, int origins) {}
}
