package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "forecast", mixinStandardHelpOptions = true,
        description = "Forecast symbols with quantile bands (80/95/99) and reward/risk; --backtest adds walk-forward errors and band coverage.")
final class ForecastCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(arity = "1..*", paramLabel = "SYMBOL")
    List<String> symbols;

    @Option(names = "--model", description = "naive, drift, theta, ets, comb_et, ... (default theta)")
    String model;

    @Option(names = "--horizon", description = "business days ahead (default 20)")
    Integer horizon;

    @Option(names = "--backtest", description = "also run the walk-forward backtest (origins every 20 days over the last 40%)")
    boolean backtest;

    @Override
    public Integer call() {
        StringBuilder sb = new StringBuilder();
        for (String symbol : symbols) {
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("symbol", symbol);
            if (model != null) args.put("model", model);
            if (horizon != null) args.put("horizon", horizon);
            JsonNode f = EngineAccess.call(main.home(), "get_forecast", args);
            JsonNode dates = f.path("target_dates");
            int last = dates.size() - 1;
            sb.append(String.format("%s %s from %s (last %.4g) to %s, %d business days%n", f.path("symbol").asString(),
                    f.path("model").asString(), f.path("origin").asString(), f.path("last_close").asDouble(),
                    dates.get(last).asString(), dates.size()));
            sb.append(String.format("  median %.4g", f.path("forecast").path("median").get(last).asDouble()));
            for (JsonNode b : f.path("forecast").path("bands")) {
                sb.append(String.format("; %.0f%% %.4g..%.4g", 100 * b.path("level").asDouble(), b.path("lower").get(last).asDouble(),
                        b.path("upper").get(last).asDouble()));
            }
            sb.append("\n  reward/risk");
            for (JsonNode rr : f.path("reward_risk")) {
                sb.append(String.format(" %.0f%%: %.2f", 100 * rr.path("level").asDouble(), rr.path("ratio").asDouble()));
            }
            sb.append('\n');
            if (backtest) {
                JsonNode r = EngineAccess.call(main.home(), "get_backtest_error", args);
                sb.append(String.format("  walk-forward: %d origins, mean absolute log error %.2f%%%n", r.path("origins").asInt(),
                        100 * r.path("male").asDouble()));
                JsonNode levels = r.path("levels");
                for (int i = 0; i < levels.size(); i++) {
                    sb.append(String.format("  coverage %.0f%%: model %.1f, conformal %.1f, adaptive %.1f%n", 100 * levels.get(i).asDouble(),
                            100 * r.path("coverage").get(i).asDouble(), 100 * r.path("conformal_coverage").get(i).asDouble(),
                            100 * r.path("adaptive_coverage").get(i).asDouble()));
                }
            }
        }
        System.out.print(sb);
        return 0;
    }
}
