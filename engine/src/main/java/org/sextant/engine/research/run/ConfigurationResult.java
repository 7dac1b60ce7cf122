package org.sextant.engine.research.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;

/**
 * One configuration of a run: its varying parameters ("node.param" -> value) and its metrics in
 * and out of sample. (inSample.sharpe, outOfSample.sharpe) is its point on the IS/OOS scatter.
 *
 * @param pValue      the single-test p-value of its in-sample Sharpe ratio (run_configurations.p_value, what Holm and BHY
 *                    adjust); 0 where it is below what a double holds, NaN (null on the wire) for a run stored before V054
 * @param log10PValue that p-value's base-10 log, exact where {@code pValue} is 0 (V063); from {@code pValue} for a run
 *                    stored before V063, NaN where neither says it (a 0 stored before V063, or no p-value)
 */
public record ConfigurationResult(int configuration, Map<String, Object> parameters, Metrics inSample, Metrics outOfSample,
                                  double pValue, @JsonProperty("log10_p_value") double log10PValue) {} // snake case alone says log10_pvalue
