package org.sextant.engine.forecast;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.sextant.engine.forecast.global.GlobalModel;
import org.sextant.engine.forecast.global.GlobalPriceModels;

/**
 * The global models one stored backtest (or one import of a job's backtests) fits with: each horizon's trained model read
 * once, at its first use, and fitted at every origin after, so a training that ends meanwhile (its file replaced, a model
 * of a smaller horizon) cannot put a second model into one backtest; {@link #fitted} names that very model (its file and
 * checksum), which the stored backtest's key ends with.
 */
final class PinnedGlobalModels {
    /** What {@link #fitted} says of a model forecasting with the global model when none is trained for its horizon. */
    static final String UNTRAINED = "untrained";

    private final GlobalPriceModels global;
    /** Per horizon: the model read first, or empty when none was trained then. */
    private final Map<Integer, Optional<GlobalPriceModels.Pinned>> pins = new HashMap<>();
    private final ForecastModels models = new ForecastModels(this::model);

    PinnedGlobalModels(GlobalPriceModels global) {
        this.global = global;
    }

    /** The catalogue whose {@code global} (and {@code comb_global}) forecasts with the pinned models. */
    ForecastModels models() {
        return models;
    }

    /** Model {@code m} at horizon {@code h} as a stored backtest names it: for one forecasting with the global model, which one ran. */
    String fitted(String m, int h) {
        if (!ForecastModels.needsGlobalModel(m)) return m;
        return fitted(m, pin(h).map(GlobalPriceModels.Pinned::version).orElse(null));
    }

    /** {@code m} named with the global model of {@code version} (null: none trained). */
    static String fitted(String m, String version) {
        return m + "@" + (version == null ? UNTRAINED : version);
    }

    private synchronized Optional<GlobalPriceModels.Pinned> pin(int h) {
        return pins.computeIfAbsent(h, k -> Optional.ofNullable(global.pin(k)));
    }

    /** The pinned model of horizon {@code h}; none pinned: the refusal saying how to train one (named untrained, never shown). */
    private GlobalModel model(int h) {
        Optional<GlobalPriceModels.Pinned> p = pin(h);
        return p.isPresent() ? p.get().model() : global.current(h);
    }
}
