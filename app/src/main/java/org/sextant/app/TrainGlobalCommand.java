package org.sextant.app;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/**
 * `sextant train-global [--horizon H]`: trains the global forecaster on every stored symbol as a
 * background job (train_global_model), printing its progress; Ctrl-C cancels it. Afterwards
 * model `global` (and `comb_global`) forecasts wherever a model name is accepted.
 */
@Command(name = "train-global", mixinStandardHelpOptions = true,
        description = "Train the global forecaster (model global) across every stored symbol, as a background job; "
                + "the model is kept under SEXTANT_HOME/models and reused while the prices are unchanged.")
final class TrainGlobalCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Option(names = "--horizon", description = "longest horizon it will forecast, business days (default 20)")
    Integer horizon;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        try (EngineAccess.Session s = EngineAccess.session(main.home())) {
            Map<String, Object> args = new LinkedHashMap<>();
            if (horizon != null) args.put("horizon", horizon);
            JsonNode job = JobFollower.follow(s, s.call("train_global_model", args), out);
            if (!JobFollower.succeeded(job, "global training")) return 1;
            JsonNode r = job.path("result");
            out.printf("global model for horizons up to %d %s: %s%n", r.path("horizon").asInt(),
                    r.path("reused").asBoolean() ? "reused (prices unchanged)" : "trained on " + r.path("series").asInt() + " series",
                    r.path("file").asString());
            return 0;
        }
    }
}
