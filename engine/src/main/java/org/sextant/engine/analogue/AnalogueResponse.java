package org.sextant.engine.analogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The compare_to_history answer (docs/analogues.md documents every field). Serialise with
 * org.sextant.engine.Json.MAPPER. headline appears when a horizon was asked, analogue_dates
 * when include_analogue_dates was true (sorted by distance, one per analogue). notes say which
 * dimensions were left out of the query or carried forward, and how many eligible days a user
 * signal's gaps skipped, and a query whose combination of values no eligible day came close to
 * (novelty, null when not checked). data_warning (when not null) names closes of the benchmark that jump and
 * fall straight back, as a bad tick does, or step as an unadjusted split does, or dates a week or more apart (its
 * forward returns then count weeks): the same text get_forecast answers for that symbol.
 */
public record AnalogueResponse(String matcherVersion, String mode, Integer horizon, LocalDate tradeDate, String benchmark,
                               int sampleSize, int liveCount, int backfillCount, double backfillWeight, double recencyHalfLifeDays,
                               int totalHistoryDays, int eligibleHistoryDays, int embargoDays, int minSeparationDays,
                               List<String> matchDimensions, Map<String, Double> dimWeights, Map<String, Object> query,
                               Map<String, String> matchedBins, Double distanceMin, Double distanceMax, Double distanceMean, AnalogueNovelty novelty,
                               @JsonProperty("forward_1d") ForwardStats forward1d,
                               @JsonProperty("forward_3d") ForwardStats forward3d,
                               @JsonProperty("forward_5d") ForwardStats forward5d,
                               @JsonProperty("forward_20d") ForwardStats forward20d,
                               Map<String, Integer> regimeDistribution, List<RegimeBreakdown> regimeBreakdown,
                               boolean hybridFallback, String hybridFallbackReason, List<String> notes,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String dataWarning,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Headline headline,
                               @JsonInclude(JsonInclude.Include.NON_NULL) List<AnalogueDate> analogueDates) {

    /** Stats of {@code horizon} (1, 3, 5 or 20). */
    public ForwardStats forward(int horizon) {
        return switch (horizon) {
            case 1 -> forward1d;
            case 3 -> forward3d;
            case 5 -> forward5d;
            case 20 -> forward20d;
            default -> throw new IllegalArgumentException("horizon must be 1, 3, 5 or 20");
        };
    }
}
