package org.sextant.mcp.tools;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Imports price files into the store as the app's background writer job. */
final class ImportPrices extends LauncherTool {
    static final int MAX_FILES = 100;

    ImportPrices() {
        super("import_prices", Categories.DATA, ToolClass.WRITE, false,
                "Imports CSV or Parquet price files (absolute paths) into the store as a background job, all in one transaction (one bad file rolls the whole import back); returns job_id, poll_after_seconds and client_hint (poll refresh_job_status), and with a progressToken follows the job streaming progress.",
                InputSchema.object()
                        .stringArray("paths", MAX_FILES, "absolute paths of CSV (Yahoo, Stooq, generic) or Parquet files", true)
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        List<String> paths = call.args().requiredStringList("paths", MAX_FILES, "[\"/home/me/prices/MSFT.csv\"]");
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
        Map<String, Object> job = call.context().app().call("start_import", Map.of("paths", paths));
        return JobStarts.answer(call, job, "refresh_job_status", 2);
    }
}
