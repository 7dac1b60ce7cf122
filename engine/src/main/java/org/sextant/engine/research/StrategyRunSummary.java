package org.sextant.engine.research;

import java.util.List;
import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;

/**
 * The answer of run_strategy: the chosen (best in-sample) configuration with its metrics in and
 * out of sample, the honesty statistics beside it and the verdict in plain words; the bar interval
 * it ran on, the bars a year its figures were annualised with, and that factor in words; and
 * the buy-and-hold benchmark of the same symbols beside the chosen configuration (docs/research.md, "Benchmark").
 */
public record StrategyRunSummary(String runId, String sessionId, long configurations, long sessionConfigurations, long sessionRuns,
                                 Map<String, Object> chosen, Metrics inSample, Metrics outOfSample,
                                 double psr, double psrOutOfSample, double dsr, double minTrackRecordYears,
                                 double pbo, double haircutSharpeBonferroni, double haircutSharpeHolm, double haircutSharpeBhy,
                                 double placeboPValue, String verdict, String verdictText, List<String> reasons,
                                 List<String> warnings, double seconds, String interval, double barsPerYear, String annualisation,
                                 org.sextant.engine.research.run.Benchmark benchmark) {}
