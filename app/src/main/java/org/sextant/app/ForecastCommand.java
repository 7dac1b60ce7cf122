package org.sextant.app;

import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * `sextant forecast SYMBOL... [--model M] [--backtest]`: starts the forecast job (start_forecast),
 * prints its progress until it ends, then each symbol's week-aligned forecast with its
 * conformal bands, their walk-forward coverage and reward/risk, and with --backtest the
 * walk-forward errors. Ctrl-C cancels the job.
 */
@Command(name = "forecast", mixinStandardHelpOptions = true,
        description = "Forecast symbols with calibrated quantile bands (80/95/99), their coverage and reward/risk, as a background job; "
                + "--backtest adds walk-forward errors from monthly origins. Everything is stored for the chart.")
final class ForecastCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "SYMBOL") List<String> symbols;
    @Option(names = "--model", description = "naive, drift, theta, ets, comb_et, global (after sextant train-global), ... (default theta)") String model;
    @Option(names = "--horizon", description = "business days ahead (default 20)") Integer horizon;
    @Option(names = "--backtest", description = "also run the walk-forward backtest (monthly origins over the last 40%)") boolean backtest;

    @Override
    public Integer call() throws Exception {
        JsonNode result = runJob("start_forecast", new CallArguments().put("symbols", symbols).putGiven("model", model)
                .putGiven("horizon", horizon).put("backtest", backtest), "forecast");
        if (result == null) return 1;
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, JsonNode> e : result.properties()) print(sb, e.getValue());
        System.out.print(sb);
        return 0;
    }

    private static void print(StringBuilder sb, JsonNode one) {
        JsonNode f = one.path("forecast");
        JsonNode dates = f.path("target_dates");
        int last = dates.size() - 1;
        sb.append(String.format("%s %s from %s (last %.4g) to %s, %d business days, %s bands%n", f.path("symbol").asString(),
                f.path("model").asString(), f.path("origin").asString(), f.path("last_close").asDouble(),
                dates.get(last).asString(), dates.size(), f.path("calibration").asString()));
        sb.append(String.format("  median %.4g", f.path("forecast").path("median").get(last).asDouble()));
        for (JsonNode b : f.path("forecast").path("bands")) {
            sb.append(String.format("; %.0f%% %.4g..%.4g", 100 * b.path("level").asDouble(), b.path("lower").get(last).asDouble(),
                    b.path("upper").get(last).asDouble()));
        }
        sb.append("\n  reward/risk");
        for (JsonNode rr : f.path("reward_risk")) {
            sb.append(rr.path("ratio").isNumber() ? String.format(" %.0f%%: %.2f", 100 * rr.path("level").asDouble(), rr.path("ratio").asDouble())
                    : String.format(" %.0f%%: no downside", 100 * rr.path("level").asDouble()));
        }
        if (f.path("coverage").size() > 0) {
            sb.append("\n  walk-forward coverage");
            for (JsonNode c : f.path("coverage")) {
                sb.append(c.path("empirical").isNumber() ? String.format(" %.0f%%: %.1f", 100 * c.path("level").asDouble(), 100 * c.path("empirical").asDouble())
                        : String.format(" %.0f%%: n/a", 100 * c.path("level").asDouble()));
            }
            sb.append(String.format(" (%d origins)", f.path("coverage").get(0).path("origins").asInt()));
        }
        if (!f.path("calibration_note").isNull() && !f.path("calibration_note").isMissingNode()) sb.append("\n  note: ").append(f.path("calibration_note").asString());
        sb.append('\n');
        JsonNode r = one.path("backtest");
        if (!r.isMissingNode() && !r.isNull()) {
            sb.append(String.format("  backtest: %d monthly origins, mean absolute log error %.2f%%%n", r.path("origins").asInt(), 100 * r.path("male").asDouble()));
            JsonNode levels = r.path("levels");
            for (int i = 0; i < levels.size(); i++) {
                sb.append(String.format("  coverage %.0f%%: model %s, conformal %s, adaptive %s%n", 100 * levels.get(i).asDouble(),
                        pct(r.path("coverage").get(i)), pct(r.path("conformal_coverage").get(i)), pct(r.path("adaptive_coverage").get(i))));
            }
        }
    }

    private static String pct(JsonNode v) {
        return v != null && v.isNumber() && Double.isFinite(v.asDouble()) ? String.format("%.1f", 100 * v.asDouble()) : "n/a";
    }
}
