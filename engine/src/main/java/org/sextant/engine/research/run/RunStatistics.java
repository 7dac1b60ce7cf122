package org.sextant.engine.research.run;

import java.util.List;

/**
 * The honesty statistics of a run's chosen configuration (docs/research.md explains each) and
 * the verdict they lead to. NaN where a statistic could not be computed (PBO of a single
 * configuration).
 */
public record RunStatistics(double psr, double psrOutOfSample, double dsr, double minTrackRecordYears, double pbo,
                            double haircutSharpeBonferroni, double haircutSharpeHolm, double haircutSharpeBhy,
                            double placeboPValue, String verdict, String verdictText, List<String> reasons) {}
