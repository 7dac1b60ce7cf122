package org.sextant.engine.forecast.global;

import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

import java.util.function.IntFunction;

/**
 * Where the model catalogue finds the trained global model: the open workstation installs a
 * provider (horizon → the model trained on its current data), so {@code global} can be named
 * wherever a model name is accepted; the model is looked up when a forecast is computed.
 */
public final class GlobalModels {
    public static final String NAME = "global";

    private static volatile IntFunction<GlobalModel> provider;

    private GlobalModels() {}

    public static void install(IntFunction<GlobalModel> p) { provider = p; }

    /** The global model as a catalogue entry. */
    public static Forecaster forecaster() {
        return new Forecaster() {
            @Override public String name() { return NAME; }

            @Override public int minLength(int period) { return 2; }

            @Override public Forecast compute(double[] history, int period, int horizon, double[] levels) {
                IntFunction<GlobalModel> p = provider;
                if (p == null) {
                    throw SextantException.invalid("model", "no global model is available in this process",
                            "open a workstation and train the global model with train_global_model");
                }
                return new GlobalForecaster(NAME, p.apply(horizon)).compute(history, period, horizon, levels);
            }
        };
    }
}
