package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * One-shot chart payload as columns: closes (dates and values as arrays), the live forecast's
 * median and bands, reward/risk and plot hints, rounded to the source's decimals. The default
 * window (about a year) keeps the whole answer under 16 KB; a longer one that passes the
 * dispatcher's answer budget arrives as a preview plus a resource holding all of it.
 */
final class GetChartData extends LauncherTool {
    GetChartData() {
        super("get_chart_data", Categories.RESEARCH, ToolClass.READ, false,
                "One symbol's chart as columns: the last closes (default 250), the forecast median and bands, reward/risk. Use to plot or describe it.",
                Capabilities.GET_CHART_DATA.schema());
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
        call.args().optionalInt("days").ifPresent(d -> args.put("days", d));
        call.args().optionalBoolean("overlays").ifPresent(o -> args.put("overlays", o));
        call.args().optionalString("interval").ifPresent(i -> args.put("interval", i));
        return call.context().app().call(Capabilities.GET_CHART_DATA, args);
    }
}
