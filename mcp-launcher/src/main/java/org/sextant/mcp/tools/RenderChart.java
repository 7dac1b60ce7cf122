package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.envelope.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * The chart the workstation shows, drawn by the app's own chart code and returned as a PNG:
 * MCP image content beside the envelope, whose data describes the picture (no base64 in it).
 */
final class RenderChart extends LauncherTool {
    static final int MIN_WIDTH = 320, MAX_WIDTH = 2400, MIN_HEIGHT = 200, MAX_HEIGHT = 1600;

    RenderChart() {
        super("render_chart", Categories.RESEARCH, ToolClass.READ, false,
                "Draws one symbol's chart as the workstation shows it (the last closes, default 500 trading days, with the live forecast's median and 80/95/99% bands) with the app's own chart code and returns it as a PNG image, plus a short description; get_chart_data gives the same chart as numbers.",
                ForecastArgs.schema("the symbol as list_symbols shows it, e.g. \"AAPL\"")
                        .integer("days", 20, 20000, "trading days on screen before the forecast, 20..20000 (default 500, as the workstation opens)")
                        .integer("width", MIN_WIDTH, MAX_WIDTH, "image width in pixels, 320..2400 (default 1000)")
                        .integer("height", MIN_HEIGHT, MAX_HEIGHT, "image height in pixels, 200..1600 (default 600)")
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = ForecastArgs.read(call);
        call.args().optionalInt("days", 20, 20000).ifPresent(d -> args.put("days", d));
        call.args().optionalInt("width", MIN_WIDTH, MAX_WIDTH).ifPresent(w -> args.put("width", w));
        call.args().optionalInt("height", MIN_HEIGHT, MAX_HEIGHT).ifPresent(h -> args.put("height", h));
        Map<String, Object> answer = call.context().app().call("render_chart", args);
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
