package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/**
 * One-shot chart payload: closes, the live forecast and drawing hints in one answer. A chart is
 * drawn from one answer, so the closes stay inline up to CHART_ROW_LIMIT (two years and a
 * quarter of business days, above the app's 504-day default); longer windows fall back to the
 * large-result mechanism for the closes only.
 */
final class GetChartData extends LauncherTool {
    static final int CHART_ROW_LIMIT = 570;
    static final List<String> COLUMNS = List.of("date", "close");
    static final String EFFECT = "Returns a one-shot chart payload for one symbol: the last closes (days, default 504: about two years),"
            + " the live forecast (median, 80/95/99% bands, reward/risk) and plot hints (title, axes, how to draw);"
            + " over 570 closes they come as a preview, a summary and a sextant://table/{id} resource.";

    GetChartData() {
        super("get_chart_data", Categories.RESEARCH, ToolClass.READ, false, EFFECT, Capabilities.GET_CHART_DATA.schema());
    }

    /** MCP Apps hosts draw the result with the chart view; the envelope stands on its own for the others. */
    @Override
    public java.util.Optional<String> uiResourceUri() {
        return java.util.Optional.of(ChartViews.CHART);
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return chart(call);
    }

    static Object chart(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        call.args().optionalInt("days", 20, 20000).ifPresent(d -> args.put("days", d));
        Map<String, Object> data = call.context().app().call(Capabilities.GET_CHART_DATA, args);
        if (!(data.get("closes") instanceof List<?> rows) || rows.size() <= CHART_ROW_LIMIT) return data;
        return LargeResult.shrink(data, "closes", COLUMNS, GetClosePrice.summary(rows),
                "get_chart_data " + new LinkedHashMap<>(args), call.context().tables(), CHART_ROW_LIMIT);
    }
}
