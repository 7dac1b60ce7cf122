package org.sextant.engine.analog;

/**
 * Outcome statistics of the analogues' forward returns over one horizon (fractions; positive_pct
 * in percent). Weighted by the analogue weights; worst/best are plain extremes. Null where a
 * statistic is undefined (no analogue; stdev of one).
 */
public record ForwardStats(int horizonDays, int count, Double effectiveCount, Double mean, Double median, Double stdev,
                           Double positivePct, Double p5, Double p25, Double p75, Double p95, Double worst, Double best,
                           ConfidenceInterval ci95) {

    /** A bootstrap interval of the weighted mean, reproducible from its seed. */
    public record ConfidenceInterval(double level, Double low, Double high, String method, int resamples, int blockLength, long seed) {}
}
