package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/** Writes a run's HTML report to disk under SEXTANT_HOME (a write: behind the runs gate). */
final class ExportReport extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ExportReport() {
        super("export_report", Categories.RESEARCH, ToolClass.WRITE, false,
                "Saves a self-contained HTML report of a stored run under SEXTANT_HOME/reports and returns its path.",
                Capabilities.EXPORT_REPORT.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        call.args().requiredString("run_id", "\"3f2a…\" (see list_runs)");
        return call.context().app().call(Capabilities.EXPORT_REPORT, call.args().given());
    }
}
