package org.sextant.engine.forecast;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;
import java.util.List;

/**
 * A universe scan's answer: the ranked rows, the request as resolved (defaults filled in), how
 * many symbols were scanned and ranked, those skipped with the reason, and those whose forecast
 * was not computed in this call (a synchronous scan computes a few; a scan job all).
 * {@code scanned} counts every symbol looked at (a whole-store scan's bars-only symbols too), so
 * scanned = ranked + skipped + notComputed; {@code ranked} counts the rows with a ratio before
 * the minimum ratio and {@code top} cut them.
 *
 * @param note null unless some symbols were not computed: then it says how to get them
 */
public record ScanResult(List<ScanRow> rows, String model, int horizon, double level, String calibration, Double minRewardRisk,
                         int minHistory, int top, LocalDate asOf, String startRule, int scanned, int ranked,
                         List<Skipped> skipped, List<String> notComputed,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String note) {

    /** A symbol the scan could not rank, and why (too little history, the model's refusal, no spread, a probable unadjusted split). */
    public record Skipped(String symbol, String reason) {}
}
