package org.sextant.engine.analogue;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.LocalDate;
import java.util.List;

/**
 * Out-of-sample calibration of the matcher, walking forward: at each as-of date the matcher sees
 * only what it would have seen then, and the realised forward return is scored against its
 * p5–p95 band (nominal 90%), its p25–p75 band (nominal 50%), the conformal 90% and 50% bands
 * (calibrated_*; over the steps that had them) and the unconditional base rate. data_warning: the
 * warning on the benchmark's closes (bad ticks, splits, weekly dates), as compare_to_history and get_forecast name it (null when none).
 * points (with include_points) lists at most {@link WalkForwardCalibration#MAX_POINTS} steps, points_note says which.
 * coverage: each band's coverage with its 95% Wilson interval, for agents to read without the summary's text.
 */
public record CalibrationReport(String matcherVersion, String benchmark, String mode, int horizonDays, int topK,
                                double recencyHalfLifeDays, int stepDays, LocalDate firstAsOf, LocalDate lastAsOf, int evaluations,
                                double bandCoveragePct, double bandNominalPct, double iqrCoveragePct, double iqrNominalPct,
                                double meanRealised, double meanAnalogueForecast, double meanBaseRate,
                                double maeAnalogue, double maeBaseRate, double signHitPctAnalogue, double signHitPctBaseRate,
                                double correlationAnalogueRealised, int calibratedEvaluations, double calibratedBandCoveragePct,
                                double calibratedIqrCoveragePct, List<Coverage> coverage, String summary,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String dataWarning,
                                @JsonInclude(JsonInclude.Include.NON_NULL) String pointsNote, List<Point> points) {

    /**
     * How often one band held: {@code band} "p5-p95", "p25-p75" (the raw bands, over every step) or
     * "conformal" (the calibrated bands, over the steps that had them); coverage and the bounds of its
     * 95% Wilson interval in percent, null without a step; {@code smallSample} below
     * {@link WalkForwardCalibration#FEW_STEPS} steps, where the summary's text says so too.
     */
    public record Coverage(String band, double nominalPct, int steps, Double coveragePct, Double lowerPct, Double upperPct,
                           boolean smallSample) {}

    /** One walk-forward step; the calibrated (conformal) band edges are null before enough past errors are known. */
    public record Point(LocalDate asOf, int sampleSize, double analogueMean, double p5, double p25, double p75, double p95,
                        double baseRate, double realised, Double calibratedLow50, Double calibratedHigh50,
                        Double calibratedLow90, Double calibratedHigh90) {}
}
