package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Writes a run's HTML report to disk under SEXTANT_HOME (a write: behind the runs gate). */
final class ExportReport extends LauncherTool {
    ExportReport() {
        super("export_report", Categories.RESEARCH, ToolClass.WRITE, false,
                "Saves a self-contained HTML report of a stored run under SEXTANT_HOME/reports and returns its path.",
                Capabilities.EXPORT_REPORT.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("run_id", call.args().requiredString("run_id", "\"3f2a…\" (see list_runs)"));
        call.args().optionalString("format").ifPresent(f -> args.put("format", f));
        call.args().optionalString("path").ifPresent(p -> args.put("path", p));
        return call.context().app().call(Capabilities.EXPORT_REPORT, args);
    }
}
