package org.sextant.engine.forecast;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDate;
import java.util.Optional;

/**
 * One ranked symbol of a universe scan ({@link ForecastScan}): its week-aligned forecast's
 * reward/risk, upside and downside at 80, 95 and 99%, and the walk-forward coverage of its bands.
 * A ratio is null where the lower band does not fall below the last close (no downside), and
 * where the band has no spread at all (a scan then skips the symbol at its sort level).
 * A coverage is null when the history was too short for a walk-forward (the key is then left
 * out of the answer) and empty when the walk-forward had no origin at that level (null there).
 * The calibration note is the forecast's own ({@link CalibrationNotes}; null when there is none); the data warning names
 * bad ticks or a far last close in the closes it fitted ({@link OutlierReturns}; null when there is none); the week note what its
 * horizon counted when not the scan's business days and when its week changed ({@link ForecastScan#weekNote}; null for a weekday
 * symbol whose week never changed).
 */
public record ScanRow(String symbol, double lastClose, LocalDate lastDate, double medianReturn, LocalDate targetDate,
                      @JsonProperty("reward_risk_80") Double rewardRisk80, @JsonProperty("upside_80") double upside80,
                      @JsonProperty("downside_80") double downside80,
                      @JsonProperty("reward_risk_95") Double rewardRisk95, @JsonProperty("upside_95") double upside95,
                      @JsonProperty("downside_95") double downside95,
                      @JsonProperty("reward_risk_99") Double rewardRisk99, @JsonProperty("upside_99") double upside99,
                      @JsonProperty("downside_99") double downside99,
                      @JsonProperty("coverage_80") @JsonInclude(JsonInclude.Include.NON_NULL) Optional<Double> coverage80,
                      @JsonProperty("coverage_95") @JsonInclude(JsonInclude.Include.NON_NULL) Optional<Double> coverage95,
                      @JsonProperty("coverage_99") @JsonInclude(JsonInclude.Include.NON_NULL) Optional<Double> coverage99,
                      String calibration, int historyRows, String calibrationNote, String dataWarning,
                      @JsonProperty("week_note") @JsonInclude(JsonInclude.Include.NON_NULL) String weekNote) {

    /**
     * The row of a forecast made from {@code historyRows} closes (its levels are {@link ForecastScan#LEVELS}), with their
     * {@code dataWarning} and what their dates say of the symbol's week ({@code weekNote}).
     */
    public static ScanRow of(PriceForecast f, int historyRows, String dataWarning, String weekNote) {
        double[] med = f.forecast().median();
        RewardRisk r80 = rewardRisk(f, 0.80), r95 = rewardRisk(f, 0.95), r99 = rewardRisk(f, 0.99);
        return new ScanRow(f.symbol(), f.lastClose(), f.origin(), RewardRisk.move(med[med.length - 1] / f.lastClose() - 1),
                f.targetDates().get(f.targetDates().size() - 1),
                ratio(r80), r80.upside(), r80.downside(), ratio(r95), r95.upside(), r95.downside(), ratio(r99), r99.upside(), r99.downside(),
                coverage(f, 0.80), coverage(f, 0.95), coverage(f, 0.99), f.calibration(), historyRows, f.calibrationNote(), dataWarning, weekNote);
    }

    /** Reward/risk at {@code level} (0.80, 0.95 or 0.99); null where there is no downside. */
    public Double rewardRisk(double level) {
        return pick(level, rewardRisk80, rewardRisk95, rewardRisk99);
    }

    /** Whether the band at {@code level} has neither upside nor downside (its edges at the last close): no ratio to rank. */
    public boolean noSpread(double level) {
        return pick(level, upside80, upside95, upside99) <= 0 && pick(level, downside80, downside95, downside99) <= 0;
    }

    /** The bands' empirical coverage at {@code level}, or null where there is none. */
    @JsonIgnore
    public Double coverageAt(double level) {
        Optional<Double> c = pick(level, coverage80, coverage95, coverage99);
        return c == null ? null : c.orElse(null);
    }

    private static <T> T pick(double level, T at80, T at95, T at99) {
        if (Math.abs(level - 0.80) < 1e-9) return at80;
        if (Math.abs(level - 0.95) < 1e-9) return at95;
        if (Math.abs(level - 0.99) < 1e-9) return at99;
        throw new IllegalArgumentException("a scan has levels 0.80, 0.95 and 0.99, not " + level);
    }

    private static RewardRisk rewardRisk(PriceForecast f, double level) {
        for (RewardRisk rr : f.rewardRisk()) if (Math.abs(rr.level() - level) < 1e-9) return rr;
        throw new IllegalStateException("forecast of " + f.symbol() + " has no reward/risk at " + level);
    }

    private static Double ratio(RewardRisk rr) {
        return Double.isFinite(rr.ratio()) ? rr.ratio() : null;
    }

    private static Optional<Double> coverage(PriceForecast f, double level) {
        for (var c : f.coverage()) if (Math.abs(c.level() - level) < 1e-9) return Optional.ofNullable(c.empirical());
        return null;
    }
}
