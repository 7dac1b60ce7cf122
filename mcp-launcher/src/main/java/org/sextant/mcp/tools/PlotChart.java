package org.sextant.mcp.tools;

import org.sextant.mcp.envelope.ToolFailure;

/** The name agents reach for when asked to plot: the same one-shot payload as get_chart_data. */
final class PlotChart extends LauncherTool {
    PlotChart() {
        super("plot_chart", Categories.RESEARCH, ToolClass.READ, false,
                "The same answer as get_chart_data, under the name agents reach for when asked to plot a symbol.",
                org.sextant.contract.Capabilities.GET_CHART_DATA.schema());
    }

    /** MCP Apps hosts draw the result with the chart view; the envelope stands on its own for the others. */
    @Override
    public java.util.Optional<String> uiResourceUri() {
        return java.util.Optional.of(ChartViews.CHART);
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return GetChartData.chart(call);
    }
}
