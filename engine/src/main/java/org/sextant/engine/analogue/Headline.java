package org.sextant.engine.analogue;

/**
 * The answer in one block for one horizon: what the analogues did next, against the
 * unconditional base rate of every eligible day before the as-of date. {@code independentOutcomes}:
 * how many independent outcomes the weighted analogues are worth once overlapping forward windows
 * count as shared (null without analogues); the text says "Small sample" below 20.
 */
public record Headline(int horizonDays, int sampleSize, Double effectiveCount, Double independentOutcomes, Double mean, Double median, Double positivePct,
                       Double ci95Low, Double ci95High, Double baseRateMean, Double baseRatePositivePct, int baseRateCount,
                       String text) {}
