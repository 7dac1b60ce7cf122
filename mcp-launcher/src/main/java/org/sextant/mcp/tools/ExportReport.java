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
                "Writes a self-contained HTML report of a stored run (verdict, statistics with their meaning, parameters, top 20 configurations, equity and drawdown drawn inline) into SEXTANT_HOME/reports, or to a path under SEXTANT_HOME; returns the file path and size. format pdf is refused: html only.",
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
