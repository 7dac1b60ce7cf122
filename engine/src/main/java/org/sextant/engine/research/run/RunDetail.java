package org.sextant.engine.research.run;

import java.util.List;
import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;

/**
 * Everything stored about one run: its listing, the spec as submitted, the chosen (best
 * in-sample) and the selected configuration, the chosen one's metrics and statistics, a page of
 * the configurations' metrics, best in-sample Sharpe first (empty when not asked for; with it
 * {@code configurationsTotal} and the offset of the next page, null after the last) and the
 * equity curves (empty when not asked for; with the benchmark's when the run kept one), and the
 * buy-and-hold benchmark beside the chosen configuration (null for runs stored before benchmarks).
 */
public record RunDetail(RunInfo info, String specJson, int chosenConfiguration, Map<String, Object> chosenParameters,
                        int selectedConfiguration, Metrics inSample, Metrics outOfSample, RunStatistics statistics,
                        List<String> warnings, List<ConfigurationResult> configurations,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer configurationsTotal,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer configurationsOffset,
                        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Integer nextConfigurationsOffset,
                        List<EquityCurve> equity, Benchmark benchmark) {

    /** A run without its benchmark (null: stored before runs kept one). */
    public RunDetail(RunInfo info, String specJson, int chosenConfiguration, Map<String, Object> chosenParameters, int selectedConfiguration,
                     Metrics inSample, Metrics outOfSample, RunStatistics statistics, List<String> warnings, List<ConfigurationResult> configurations,
                     Integer configurationsTotal, Integer configurationsOffset, Integer nextConfigurationsOffset, List<EquityCurve> equity) {
        this(info, specJson, chosenConfiguration, chosenParameters, selectedConfiguration, inSample, outOfSample, statistics, warnings, configurations,
                configurationsTotal, configurationsOffset, nextConfigurationsOffset, equity, null);
    }

    /** The curve with this role ("best" or "selected"), or null. */
    public EquityCurve curve(String role) {
        for (EquityCurve c : equity) if (c.role().equals(role)) return c;
        return null;
    }
}
