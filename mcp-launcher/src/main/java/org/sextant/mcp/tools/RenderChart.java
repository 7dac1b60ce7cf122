package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * The chart the workstation shows, drawn by the app's own chart code and returned as a PNG:
 * MCP image content beside the envelope, whose data describes the picture (no base64 in it).
 */
final class RenderChart extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    RenderChart() {
        super("render_chart", Categories.RESEARCH, ToolClass.READ, false,
                "Draws one symbol's chart with its forecast bands as the workstation shows it and returns a PNG image.",
                Capabilities.RENDER_CHART.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("symbol", ForecastArgs.SYMBOL_EXAMPLE);
        Map<String, Object> answer = call.context().app().call(Capabilities.RENDER_CHART, call.args().given());
        if (!(answer.get("png_base64") instanceof String png) || png.isEmpty()) {
            throw new ToolFailure(FailReason.APP_ERROR, "the app answered render_chart without an image",
                    "call again; if it persists read_app_log shows why");
        }
        Map<String, Object> data = new LinkedHashMap<>(answer);
        data.remove("png_base64");
        data.put("image", "PNG in this result's image content (" + data.get("width") + "x" + data.get("height") + ")");
        String mime = answer.get("mime_type") instanceof String m ? m : "image/png";
        return new ToolResult(data, null, List.of(new Envelope.Image(mime, png)));
    }
}
