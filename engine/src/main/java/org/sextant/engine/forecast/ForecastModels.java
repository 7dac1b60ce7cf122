package org.sextant.engine.forecast;

import org.sextant.contract.RetiredNames;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.global.GlobalModel;
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
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The catalogue of models by name; unknown names get an error listing the known ones. An engine
 * owns one whose {@code global} entry forecasts with the model that engine trained, so two engines
 * in one process never share a global model; {@link #BUILT_IN} has none trained.
 */
public final class ForecastModels {
    /** The catalogue without a trained global model (Spark jobs, tests, benchmarks): {@code global} is named but refuses to forecast. */
    public static final ForecastModels BUILT_IN = new ForecastModels(null);

    private static final Map<String, Function<IntFunction<GlobalModel>, Forecaster>> MODELS = new TreeMap<>();
    /** The names of the models that forecast with the trained global model, declared with them below. */
    private static final java.util.Set<String> NEED_GLOBAL = new java.util.TreeSet<>();

    static {
        MODELS.put("naive", g -> new Naive());
        MODELS.put("snaive", g -> new SeasonalNaive());
        MODELS.put("drift", g -> new RandomWalkDrift());
        MODELS.put("naive2", g -> new Naive2());
        MODELS.put("ses", g -> AutoEts.fixed("ses", "A,N,N"));
        MODELS.put("holt", g -> AutoEts.fixed("holt", "A,A,N"));
        MODELS.put("damped", g -> AutoEts.fixed("damped", "A,Ad,N"));
        MODELS.put("ets", g -> new AutoEts());
        MODELS.put("theta", g -> new Theta());
        MODELS.put("dampen", g -> new SeasonallyAdjusted("dampen", AutoEts.fixed("damped", "A,Ad,N")));
        MODELS.put("arima", g -> new AutoArima());
        MODELS.put("arima_css", g -> new AutoArima("arima_css", true));
        MODELS.put("otm", g -> new OptimisedTheta());
        // the combinations of the issue: ETS, ARIMA and Theta
        MODELS.put("comb_mean", g -> new Combination("comb_mean", false, List.of(new AutoEts(), new AutoArima(), new Theta())));
        MODELS.put("comb_median", g -> new Combination("comb_median", true, List.of(new AutoEts(), new AutoArima(), new Theta())));
        // trained across the stored universe (forecast.global); looked up when a forecast is computed
        withGlobal(GlobalModels.NAME, GlobalModels::forecaster);
        withGlobal("comb_global", g -> new Combination("comb_global", false, List.of(new AutoEts(), new AutoArima(), new Theta(),
                GlobalModels.forecaster(g))));
        MODELS.put("comb_et", g -> new Combination("comb_et", false, List.of(new AutoEts(), new Theta())));
    }

    /** Null: no global model in this catalogue. */
    private final IntFunction<GlobalModel> globalModel;

    /** {@code globalModel}: horizon → the global model trained on the engine's current data (it throws when there is none). */
    public ForecastModels(IntFunction<GlobalModel> globalModel) { this.globalModel = globalModel; }

    public static List<String> names() { return List.copyOf(MODELS.keySet()); }

    private static void withGlobal(String name, Function<IntFunction<GlobalModel>, Forecaster> model) {
        MODELS.put(name, model);
        NEED_GLOBAL.add(name);
    }

    /** The models that forecast with the trained global model (comb_global, global), by name. */
    public static List<String> needingGlobalModel() { return List.copyOf(NEED_GLOBAL); }

    /** Whether the model of this name forecasts with the trained global model. */
    public static boolean needsGlobalModel(String name) {
        return name != null && NEED_GLOBAL.contains(name.trim().toLowerCase());
    }

    /**
     * Refuses (invalid_input naming as_of) a forecast as of a past day with a model that forecasts with the global model:
     * that model is trained on the first 60% of every stored series whatever the day, so it would carry closes after
     * {@code asOf} into the forecast (attack 22, H2). {@code asOf} null: nothing to refuse.
     */
    public static void refuseGlobalAsOf(String name, java.time.LocalDate asOf) {
        if (asOf == null || !needsGlobalModel(name)) return;
        throw SextantException.invalid("as_of", "as_of " + asOf + " cannot be used with model " + name.trim().toLowerCase() + ": "
                + org.sextant.contract.Capabilities.AS_OF_NOT_GLOBAL,
                "leave as_of out to forecast from the last completed week, or choose a model fitted on each symbol's own closes (e.g. theta)");
    }

    /**
     * Refuses (invalid_input, field model) a model that forecasts with the global model when this
     * catalogue has none trained for {@code horizon}, as its first forecast would: for callers that
     * would otherwise fit it thousands of times, each fit failing.
     */
    public void requireTrained(String name, int horizon) {
        if (!needsGlobalModel(name)) return;
        if (globalModel == null) {
            throw SextantException.invalid("model", "no global model is available in this process", "train the global model with train_global_model");
        }
        globalModel.apply(horizon); // throws invalid_input naming model when none is trained on the current prices
    }

    /**
     * The model name as the catalogue keys it (trimmed, lower case), or invalid_input listing the
     * known ones (and the new name of a retired one). A price forecast names its model as fitted,
     * on log prices ("log_theta"): that name, passed back, means the same model ("theta").
     */
    public static String requireKnown(String name) {
        String key = name == null ? null : name.trim().toLowerCase();
        if (key != null && key.startsWith(LOG_PREFIX) && MODELS.containsKey(key.substring(LOG_PREFIX.length()))) {
            return key.substring(LOG_PREFIX.length());
        }
        if (key == null || !MODELS.containsKey(key)) {
            String now = RetiredNames.value("model", name).orElse(null);
            throw SextantException.invalid("model", now != null ? "model " + RetiredNames.renamed(name, now) : "unknown model '" + name + "'",
                    "use one of " + String.join(", ", names()));
        }
        return key;
    }

    private static final String LOG_PREFIX = "log_";

    /** The model with this name (case-insensitive). */
    public Forecaster create(String name) { return MODELS.get(requireKnown(name)).apply(globalModel); }

    /** The model with this name fitted on log prices (for price series; ARIMA, alone or in a combination, differences them at most once). */
    public Forecaster forPrices(String name) {
        return new LogScale(forLogPrices(create(name)));
    }

    private static Forecaster forLogPrices(Forecaster f) {
        if (f instanceof org.sextant.engine.forecast.model.AutoArima a) return a.differencedAtMostOnce();
        if (f instanceof org.sextant.engine.forecast.model.Combination c) return c.withMembers(ForecastModels::forLogPrices);
        return f;
    }
}
