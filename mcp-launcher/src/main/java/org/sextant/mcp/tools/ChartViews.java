package org.sextant.mcp.tools;

/** The ui:// views (MCP Apps) the launcher serves for its tools. */
public final class ChartViews {
    /** Draws a get_chart_data / plot_chart result. */
    public static final String CHART = "ui://sextant/chart.html";

    private ChartViews() {}
}
