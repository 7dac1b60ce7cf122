package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Imports price files into the store as the app's background writer job. */
final class ImportPrices extends LauncherTool {
    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ImportPrices() {
        super("import_prices", Categories.DATA, ToolClass.WRITE, false,
                "Imports CSV or Parquet price files (absolute paths) as one all-or-nothing background job; poll refresh_job_status.",
                Capabilities.START_IMPORT.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        List<String> paths = call.args().requiredStringList("paths", "[\"/home/me/prices/MSFT.csv\"]");
        for (String p : paths) {
            boolean absolute;
            try {
                absolute = Path.of(p).isAbsolute();
            } catch (InvalidPathException e) {
                absolute = false;
            }
            if (!absolute) {
                throw ToolFailure.invalidInput("paths", "'" + p + "' is not an absolute path",
                        "pass absolute file paths; the app does not know your working directory");
            }
        }
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("paths", paths);
        call.args().optionalString("timezone").ifPresent(z -> args.put("timezone", z));
        Map<String, Object> job = call.context().app().call(Capabilities.START_IMPORT, args);
        return JobStarts.answer(call, job, "refresh_job_status", 2);
    }
}
