package org.sextant.engine.research.run;

import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;

/**
 * One configuration of a run: its varying parameters ("node.param" -> value) and its metrics in
 * and out of sample. (inSample.sharpe, outOfSample.sharpe) is its point on the IS/OOS scatter.
 */
public record ConfigurationResult(int configuration, Map<String, Object> parameters, Metrics inSample, Metrics outOfSample) {}
