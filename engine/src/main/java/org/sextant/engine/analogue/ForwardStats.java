package org.sextant.engine.analogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Outcome statistics of the analogues' forward returns over one horizon (fractions; positive_pct
 * in percent). Weighted by the analogue weights; worst/best are plain extremes. Null where a
 * statistic is undefined (no analogue; stdev of one). {@code calibration}: the p25–p75 and p5–p95
 * bands recalibrated on the matcher's own past errors, with their walk-forward coverage
 * (absent from the matcher's internal calls that build that calibration).
 */
public record ForwardStats(int horizonDays, int count, Double effectiveCount, Double mean, Double median, Double stdev,
                           Double positivePct, Double p5, Double p25, Double p75, Double p95, Double worst, Double best,
                           ConfidenceInterval ci95, @JsonInclude(JsonInclude.Include.NON_NULL) Calibration calibration) {

    public ForwardStats(int horizonDays, int count, Double effectiveCount, Double mean, Double median, Double stdev,
                        Double positivePct, Double p5, Double p25, Double p75, Double p95, Double worst, Double best,
                        ConfidenceInterval ci95) {
        this(horizonDays, count, effectiveCount, mean, median, stdev, positivePct, p5, p25, p75, p95, worst, best, ci95, null);
    }

    ForwardStats withCalibration(Calibration c) {
        return new ForwardStats(horizonDays, count, effectiveCount, mean, median, stdev, positivePct, p5, p25, p75, p95, worst, best, ci95, c);
    }

    /** A bootstrap interval of the weighted mean, reproducible from its seed. */
    public record ConfidenceInterval(double level, Double low, Double high, String method, int resamples, int blockLength, long seed) {}

    /**
     * Conformal bands: {@code method} names the rule, {@code scores} how many past errors it used,
     * {@code note} why a band is missing (too little past, no spread).
     */
    public record Calibration(String method, int scores, List<CalibratedBand> bands, String note) {}

    /**
     * A calibrated band at {@code level} and its out-of-sample record: {@code empiricalCoverage} is
     * the share of past outcomes (known before the as-of date) inside the band the same rule gave
     * at its own date, over {@code coverageOrigins} such dates; null before there are any.
     */
    public record CalibratedBand(double level, Double lower, Double upper, Double empiricalCoverage, int coverageOrigins) {}
}
