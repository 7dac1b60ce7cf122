package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/** One read-only SELECT on the store, run by the app on its sandboxed path. */
final class RunSelect extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    RunSelect() {
        super("run_select", Categories.DATA, ToolClass.READ, false,
                "Runs one SELECT (or WITH ... SELECT) on the store, for questions no other tool answers; over 200 rows a preview plus a resource.",
                Capabilities.RUN_SELECT.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("sql", call.args().requiredString("sql", "\"SELECT symbol, count(*) FROM prices GROUP BY symbol\""));
        call.args().optionalInt("limit").ifPresent(l -> args.put("limit", l));
        Map<String, Object> data = call.context().app().call(Capabilities.RUN_SELECT, args);
        if (!(data.get("rows") instanceof List<?> rows) || rows.size() <= LargeResult.ROW_LIMIT) return data;
        List<String> columns = new ArrayList<>();
        if (data.get("columns") instanceof List<?> cs) cs.forEach(c -> columns.add(String.valueOf(c)));
        return LargeResult.shrink(data, "rows", columns, LargeResult.columnSummary(columns, rows),
                "run_select " + args.get("sql"), call.context().tables());
    }
}
