package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Backtests a strategy graph. Always runs as the app's job, so no single app call is longer
 * than a poll: background=true hands back the job id, background=false follows the job
 * (streaming progress when asked) and returns the run summary.
 */
final class StrategyBacktestGraph extends LauncherTool {
    StrategyBacktestGraph() {
        super("backtest_graph", Categories.RESEARCH, ToolClass.WRITE, false,
                "Backtests every configuration of a strategy graph on symbols and records the run; returns a job_id for backtest_status.",
                ArgumentSchema.from(Capabilities.START_BACKTEST.schema()).without("selected_configuration")
                        .bool("background", "true (default): return a job_id at once; false: wait for the summary")
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Arguments a = call.args();
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("spec", a.requiredSpec("spec"));
        args.put("symbols", a.requiredStringList("symbols", "[\"AA\", \"IBM\"]"));
        a.optionalDate("from").ifPresent(d -> args.put("from", d.toString()));
        a.optionalDate("to").ifPresent(d -> args.put("to", d.toString()));
        a.optionalDate("oos_start").ifPresent(d -> args.put("oos_start", d.toString()));
        a.optionalString("session_id").ifPresent(s -> args.put("session_id", s));
        a.optionalInt("threads").ifPresent(t -> args.put("threads", t));
        a.optionalString("interval").ifPresent(i -> args.put("interval", i));
        a.optionalInt("time_limit_minutes").ifPresent(m -> args.put("time_limit_minutes", m));
        boolean background = a.optionalBoolean("background").orElse(true);
        if (args.containsKey("from") && args.containsKey("to") && args.get("from").toString().compareTo(args.get("to").toString()) > 0) {
            throw ToolFailure.invalidInput("from", args.get("from") + " is after to " + args.get("to"),
                    "pass a from on or before to");
        }
        Map<String, Object> job = call.context().app().call(Capabilities.START_BACKTEST, args);
        if (background) return JobAnswers.started(job, "backtest_status", 5);
        Object outcome = JobAnswers.outcome(JobAnswers.follow(call, job), "backtest_status", 5);
        if (outcome instanceof Map<?, ?> done) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("job_id", done.get("id"));
            data.put("summary", done.get("result"));
            return data;
        }
        return outcome;
    }
}
