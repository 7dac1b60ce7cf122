package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** The stored strategy runs, newest first. */
final class ListRuns extends LauncherTool {
    ListRuns() {
        super("list_runs", Categories.RESEARCH, ToolClass.READ, false,
                "Lists stored strategy runs, newest first: run_id, symbols, dates, verdict, Sharpe in and out of sample, DSR and PBO.",
                Capabilities.LIST_RUNS.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        call.args().optionalString("session_id").ifPresent(s -> args.put("session_id", s));
        call.args().optionalInt("limit").ifPresent(l -> args.put("limit", l));
        return call.context().app().call(Capabilities.LIST_RUNS, args);
    }
}
