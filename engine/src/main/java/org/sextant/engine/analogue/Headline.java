package org.sextant.engine.analogue;

/**
 * The answer in one block for one horizon: what the analogues did next, against the
 * unconditional base rate of every eligible day before the as-of date.
 */
public record Headline(int horizonDays, int sampleSize, Double effectiveCount, Double mean, Double median, Double positivePct,
                       Double ci95Low, Double ci95High, Double baseRateMean, Double baseRatePositivePct, int baseRateCount,
                       String text) {}
