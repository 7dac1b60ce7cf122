package org.sextant.engine.forecast;

import org.sextant.contract.RetiredNames;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.global.GlobalModels;
import org.sextant.engine.forecast.model.AutoArima;
import org.sextant.engine.forecast.model.AutoEts;
import org.sextant.engine.forecast.model.Combination;
import org.sextant.engine.forecast.model.Naive;
import org.sextant.engine.forecast.model.Naive2;
import org.sextant.engine.forecast.model.OptimisedTheta;
import org.sextant.engine.forecast.model.RandomWalkDrift;
import org.sextant.engine.forecast.model.SeasonalNaive;
import org.sextant.engine.forecast.model.SeasonallyAdjusted;
import org.sextant.engine.forecast.model.Theta;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** The catalogue of built-in models by name; unknown names get an error listing the known ones. */
public final class ForecastModels {
    private ForecastModels() {}

    private static final Map<String, Supplier<Forecaster>> MODELS = new TreeMap<>();

    static {
        MODELS.put("naive", Naive::new);
        MODELS.put("snaive", SeasonalNaive::new);
        MODELS.put("drift", RandomWalkDrift::new);
        MODELS.put("naive2", Naive2::new);
        MODELS.put("ses", () -> AutoEts.fixed("ses", "A,N,N"));
        MODELS.put("holt", () -> AutoEts.fixed("holt", "A,A,N"));
        MODELS.put("damped", () -> AutoEts.fixed("damped", "A,Ad,N"));
        MODELS.put("ets", AutoEts::new);
        MODELS.put("theta", Theta::new);
        MODELS.put("dampen", () -> new SeasonallyAdjusted("dampen", AutoEts.fixed("damped", "A,Ad,N")));
        MODELS.put("arima", AutoArima::new);
        MODELS.put("arima_css", () -> new AutoArima("arima_css", true));
        MODELS.put("otm", OptimisedTheta::new);
        // the combinations of the issue: ETS, ARIMA and Theta
        MODELS.put("comb_mean", () -> new Combination("comb_mean", false, List.of(new AutoEts(), new AutoArima(), new Theta())));
        MODELS.put("comb_median", () -> new Combination("comb_median", true, List.of(new AutoEts(), new AutoArima(), new Theta())));
        // trained across the stored universe (forecast.global); looked up when a forecast is computed
        MODELS.put(GlobalModels.NAME, GlobalModels::forecaster);
        MODELS.put("comb_global", () -> new Combination("comb_global", false, List.of(new AutoEts(), new AutoArima(), new Theta(), GlobalModels.forecaster())));
        MODELS.put("comb_et", () -> new Combination("comb_et", false, List.of(new AutoEts(), new Theta())));
    }

    public static List<String> names() { return List.copyOf(MODELS.keySet()); }

    /** The model with this name (case-insensitive). */
    public static Forecaster create(String name) {
        Supplier<Forecaster> s = name == null ? null : MODELS.get(name.trim().toLowerCase());
        if (s == null) {
            String now = RetiredNames.value("model", name).orElse(null);
            throw SextantException.invalid("model", now != null ? "model " + RetiredNames.renamed(name, now) : "unknown model '" + name + "'",
                    "use one of " + String.join(", ", names()));
        }
        return s.get();
    }

    /** The model with this name fitted on log prices (for price series). */
    public static Forecaster forPrices(String name) { return new LogScale(create(name)); }
}
