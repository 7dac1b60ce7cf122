package org.sextant.engine.research.run;

import java.util.List;
import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;

/**
 * Everything stored about one run: its listing, the spec as submitted, the chosen (best
 * in-sample) and the selected configuration, the chosen one's metrics and statistics, a page of
 * the configurations' metrics, best in-sample Sharpe first (empty when not asked for; with it
 * {@code configurationsTotal} and the offset of the next page, null after the last) and the
 * equity curves (empty when not asked for).
 */
public record RunDetail(RunInfo info, String specJson, int chosenConfiguration, Map<String, Object> chosenParameters,
                        int selectedConfiguration, Metrics inSample, Metrics outOfSample, RunStatistics statistics,
                        List<String> warnings, List<ConfigurationResult> configurations,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer configurationsTotal,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer configurationsOffset,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer nextConfigurationsOffset,
                        List<EquityCurve> equity) {

    /** The curve with this role ("best" or "selected"), or null. */
    public EquityCurve curve(String role) {
        for (EquityCurve c : equity) if (c.role().equals(role)) return c;
        return null;
    }
}
