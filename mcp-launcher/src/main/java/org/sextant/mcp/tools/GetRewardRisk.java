package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;

import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Only the reward/risk part of the live forecast: what an agent ranking symbols needs, small. */
final class GetRewardRisk extends LauncherTool {
    static final List<String> KEPT = List.of("symbol", "model", "origin", "last_close", "reward_risk");
    /** What get_forecast says about its input, kept when it says it. */
    static final List<String> NOTES = List.of("interval_note", "data_warning");

    GetRewardRisk() {
        super("get_reward_risk", Categories.RESEARCH, ToolClass.READ, false,
                "Reward/risk of one symbol's live forecast at 80/95/99%: upside, downside and their ratio, without the bands.",
                ArgumentSchema.from(Capabilities.GET_FORECAST.schema()).without("levels").build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        call.args().optionalString("interval").ifPresent(i -> args.put("interval", i));
        Map<String, Object> answer = call.context().app().call(Capabilities.GET_FORECAST, args);
        Map<String, Object> bars = ForecastArgs.ofBars(answer);
        Map<String, Object> forecast = bars != null ? bars : answer;
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : KEPT) out.put(key, forecast.get(key));
        if (bars != null) { // the bar the ratios start from
            out.put("interval", answer.get("interval"));
            out.put("origin_ts", answer.get("origin_ts"));
        }
        for (String said : NOTES) if (answer.get(said) != null) out.put(said, answer.get(said)); // the interval chosen, a bad tick
        return ForecastPrecision.round(out);
    }
}
