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
        Map<String, Object> args = call.args().given();
        call.args().optionalNumber("level").ifPresent(l -> args.put("level", l)); // 99 as 99.0: the app's list of levels holds numbers
        call.args().optionalNumber("min_reward_risk").ifPresent(r -> args.put("min_reward_risk", r));
        Map<String, Object> data = call.context().app().call(Capabilities.SCAN_FORECASTS, args);
        if (!(data.get("rows") instanceof List<?> rows) || rows.size() <= LargeResult.ROW_LIMIT) return data;
        List<String> columns = rows.get(0) instanceof Map<?, ?> first ? first.keySet().stream().map(String::valueOf).toList() : List.of();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", rows.size());
        summary.put("best", rows.get(0));
        return LargeResult.shrink(data, "rows", new ArrayList<>(columns), summary, "scan_forecasts " + args, call.context().tables());
    }
}
