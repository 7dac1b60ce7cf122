package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The tail of the app log, read by the app. */
final class ReadAppLog extends LauncherTool {
    ReadAppLog() {
        super("read_app_log", Categories.APP, ToolClass.READ, false,
                "The last lines of the app log and its size.",
                Capabilities.READ_LOG.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalInt("lines").ifPresent(n -> args.put("lines", n));
        return call.context().app().call(Capabilities.READ_LOG, args);
    }
}
