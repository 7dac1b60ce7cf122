package org.sextant.engine.forecast.global;

import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

/** A trained {@link GlobalModel} as a {@link Forecaster}: nothing is fitted per series. */
public final class GlobalForecaster implements Forecaster {
    private final String name;
    private final GlobalModel model;

    // dup: the name-and-delegate shape every wrapping Forecaster has (SeasonallyAdjusted, AutoArima); what each wraps differs
    public GlobalForecaster(String name, GlobalModel model) {
        this.name = name;
        this.model = model;
    }

    @Override public String name() { return name; }

    @Override public int minLength(int period) { return 2; }

    @Override
    public Forecast compute(double[] history, int period, int horizon, double[] levels) {
        if (horizon > model.horizon()) {
            throw SextantException.invalid("horizon", "the global model was trained for horizons up to " + model.horizon(),
                    "ask for a horizon of at most " + model.horizon() + " or train the global model for a longer one");
        }
        return model.forecast(name, history, horizon, levels);
    }
}
