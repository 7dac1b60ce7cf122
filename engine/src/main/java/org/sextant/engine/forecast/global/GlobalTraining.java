package org.sextant.engine.forecast.global;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a train_global_model job did: the model file for {@code horizon} and whether it was reused
 * (prices unchanged since it was trained); a fresh training also says on how many series and how
 * many calibration residuals, which a reuse leaves out, {@code sample} when the store held more
 * closes than training holds, and {@code note} why it replaced a stored file for these prices that
 * could not be read, or that it trained on a sample.
 */
public record GlobalTraining(String model, int horizon, String file, boolean reused,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer series,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Integer calibrationResiduals,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Sample sample,
                             @JsonInclude(JsonInclude.Include.NON_NULL) String note) {

    /**
     * A training over the cap of closes held (docs/forecast.md): it drew from {@code windows} of the
     * {@code windowsInStore} training windows the stored prices hold, holding {@code closesHeld} closes.
     */
    public record Sample(long windows, long windowsInStore, long closesHeld) {}

    /** Reused, with a {@code note} on what training found beside it (null: none). */
    static GlobalTraining reused(int horizon, String file, String note) {
        return new GlobalTraining("global", horizon, file, true, null, null, null, note);
    }

    static GlobalTraining trained(int horizon, String file, int series, int calibrationResiduals, Sample sample, String note) {
        return new GlobalTraining("global", horizon, file, false, series, calibrationResiduals, sample, note);
    }
}
