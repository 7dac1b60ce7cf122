package org.sextant.engine.forecast;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.sextant.engine.forecast.store.StoredForecast.LevelCoverage;

/**
 * The get_chart_data answer (docs/forecast.md): a window of closes as columns, the live
 * forecast, the stored backtest's error summary (null when none), how many stored backtest
 * origins lie in the window, their forecasts on request, and drawing hints for a reader.
 *
 * @param backtest  the stored summary as the store keeps it, rounded ({@link ChartPayload#ratios})
 * @param overlays  null unless asked for: their count is enough by default
 * @param backtestNote  why a stored backtest is not shown (made from closes the store no longer holds); null otherwise
 */
public record ChartData(String symbol, Closes closes, LiveForecast forecast, Object backtest, int backtestOrigins,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<Overlay> overlays,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String backtestNote, PlotHints plotHints) {

    /**
     * Dates (ISO) and closes, one entry per trading day from the window's start: the closes the forecast is fitted on,
     * {@code price} "adjusted close" when any stored adjusted close differs from its close, else "close".
     */
    public record Closes(List<String> dates, List<Double> close, String price) {}

    /** The live forecast drawn from the last close, with reward/risk and the bands' coverage. */
    public record LiveForecast(String model, String origin, double lastClose, String calibration,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String calibrationNote,
                               List<String> targetDates, List<Double> median, List<Band> bands,
                               List<RewardRisk> rewardRisk, List<LevelCoverage> coverage) {}

    /** One stored backtest origin's forecast, drawn from its origin. */
    public record Overlay(String origin, String calibration, double lastClose, List<String> targetDates, List<Double> median,
                          List<Band> bands) {}

    public record Band(double level, List<Double> lower, List<Double> upper) {}

    /** A title and how to draw the series, for a reader that plots the answer itself. */
    public record PlotHints(String title, String draw) {}
}
