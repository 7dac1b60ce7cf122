package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/** Ranks stored symbols by the reward/risk of their live forecasts (the app's universe scan). */
final class ScanForecasts extends LauncherTool {
    ScanForecasts() {
        super("scan_forecasts", Categories.RESEARCH, ToolClass.READ, false,
                "Ranks stored symbols by the reward/risk of their week-aligned forecasts, best first: use to find candidates.",
                Capabilities.SCAN_FORECASTS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalStringList("symbols").ifPresent(s -> args.put("symbols", s));
        call.args().optionalString("model").ifPresent(m -> args.put("model", m));
        call.args().optionalInt("horizon").ifPresent(h -> args.put("horizon", h));
        call.args().optionalNumber("level").ifPresent(l -> args.put("level", l));
        call.args().optionalNumber("min_reward_risk").ifPresent(r -> args.put("min_reward_risk", r));
        call.args().optionalInt("top").ifPresent(t -> args.put("top", t));
        call.args().optionalInt("min_history").ifPresent(h -> args.put("min_history", h));
        call.args().optionalString("calibration").ifPresent(c -> args.put("calibration", c));
        call.args().optionalDate("as_of").ifPresent(d -> args.put("as_of", d.toString()));
        Map<String, Object> data = call.context().app().call(Capabilities.SCAN_FORECASTS, args);
        if (!(data.get("rows") instanceof List<?> rows) || rows.size() <= LargeResult.ROW_LIMIT) return data;
        List<String> columns = rows.get(0) instanceof Map<?, ?> first ? first.keySet().stream().map(String::valueOf).toList() : List.of();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", rows.size());
        summary.put("best", rows.get(0));
        return LargeResult.shrink(data, "rows", new ArrayList<>(columns), summary, "scan_forecasts " + args, call.context().tables());
    }
}
