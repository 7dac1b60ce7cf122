package org.sextant.mcp.tools;

import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Brings stored symbols up to date: the app's refresh (a gather job restricted to what the store already holds). */
final class RefreshTickers extends LauncherTool {
    RefreshTickers() {
        super("refresh_tickers", Categories.DATA, ToolClass.WRITE, false,
                "Re-downloads daily prices of stored symbols (default all, at most 100) as a background job; poll refresh_job_status.",
                Capabilities.START_REFRESH.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return JobStarts.answer(call, start(call), "refresh_job_status", 2);
    }

    /** Starts the app's refresh job; which symbols it may name (stored ones, at most 100) is the app's rule. */
    static Map<String, Object> start(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        List<String> symbols = call.args().optionalStringList("symbols").orElse(null);
        if (symbols != null) args.put("symbols", symbols);
        call.args().optionalString("provider").ifPresent(p -> args.put("provider", p));
        return call.context().app().call(Capabilities.START_REFRESH, args);
    }
}
