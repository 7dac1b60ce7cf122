package org.sextant.app;

import org.sextant.engine.forecast.global.GlobalTraining;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.core.type.TypeReference;

/**
 * `sextant train-global [--horizon H]`: trains the global forecaster on every stored symbol as a
 * background job (train_global_model), printing its progress; Ctrl-C cancels it. Afterwards
 * model `global` (and `comb_global`) forecasts wherever a model name is accepted.
 */
@Command(name = "train-global", mixinStandardHelpOptions = true,
        description = {"Train the global forecaster across every stored symbol.",
                "Trains model global as a background job; it is kept under SEXTANT_HOME/models and reused while the prices are unchanged."})
final class TrainGlobalCommand extends HomeCommand {
    @Option(names = "--horizon", description = "longest horizon it will forecast, in " + org.sextant.contract.Bounds.HORIZON_UNIT + " (default 20)") Integer horizon;

    @Override
    public Integer call() throws Exception {
        GlobalTraining r = runJob("train_global_model", new CallArguments().putGiven("horizon", "--horizon", horizon), "global training",
                new TypeReference<GlobalTraining>() {});
        if (r == null) return 1;
        System.out.printf("global model for horizons up to %d %s: %s%n", r.horizon(),
                r.reused() ? "reused (prices unchanged)" : "trained on " + r.series() + " series", r.file());
        if (r.note() != null) System.out.println("note: " + r.note());
        return 0;
    }
}
