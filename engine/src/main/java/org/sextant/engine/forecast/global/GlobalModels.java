package org.sextant.engine.forecast.global;

import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

import java.util.function.IntFunction;

/**
 * The trained global model as a catalogue entry: {@code global} can be named wherever a model
 * name is accepted, and the model is looked up (horizon → the model the owning engine trained on
 * its current data) when a forecast is computed.
 */
public final class GlobalModels {
    public static final String NAME = "global";

    private GlobalModels() {}

    /** The entry of a catalogue whose trained models {@code provider} gives; null: none in this catalogue. */
    public static Forecaster forecaster(IntFunction<GlobalModel> provider) {
        return new Forecaster() {
            @Override public String name() { return NAME; }

            @Override public int minLength(int period) { return 2; }

            @Override public Forecast compute(double[] history, int period, int horizon, double[] levels) {
                if (provider == null) {
                    throw SextantException.invalid("model", "no global model is available in this process",
                            "open a workstation and train the global model with train_global_model");
                }
                return new GlobalForecaster(NAME, provider.apply(horizon)).compute(history, period, horizon, levels);
            }
        };
    }
}
