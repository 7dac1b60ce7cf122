package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.tools.ChartViews;

/**
 * The MCP Apps view of get_chart_data and plot_chart (SEP-1865, 2026-01-26): one self-contained
 * HTML page (inline script and SVG, nothing fetched) that hosts supporting the extension render
 * with the tool's result. No csp domains are declared, so hosts apply their strictest policy.
 */
final class ChartView {
    static final String MIME = "text/html;profile=mcp-app";
    private static final Map<String, Object> META = Map.of("ui", Map.of("prefersBorder", true));

    private ChartView() {}

    static McpServerFeatures.SyncResourceSpecification resource() {
        McpSchema.Resource r = McpSchema.Resource.builder()
                .uri(ChartViews.CHART).name("sextant-chart").title("Sextant chart view")
                .description("Interactive view of a get_chart_data or plot_chart result: closes, forecast median and bands, as SVG")
                .mimeType(MIME).meta(META).build();
        return new McpServerFeatures.SyncResourceSpecification(r, (exchange, request) ->
                new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(ChartViews.CHART, MIME, html(), META))));
    }

    static String html() {
        try (InputStream in = ChartView.class.getResourceAsStream("/ui/chart.html")) {
            if (in == null) throw new IOException("not in the launcher jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                    .message("the chart view is missing from this launcher build: " + e.getMessage()).build();
        }
    }
}
