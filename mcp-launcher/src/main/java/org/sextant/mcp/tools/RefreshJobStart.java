package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Starts a refresh of stored symbols and always answers at once with the job to poll, even when
 * the client sent a progressToken (refresh_tickers would then follow the job): for agents that
 * want to start the work and do something else meanwhile.
 */
final class RefreshJobStart extends LauncherTool {
    static final int POLL_AFTER_SECONDS = 2;

    RefreshJobStart() {
        super("refresh_job_start", Categories.JOBS, ToolClass.WRITE, false,
                "Starts a job that re-downloads prices of stored symbols (default all, at most 100); answers at once with job_id.",
                ArgumentSchema.object()
                        .stringArray("symbols", GatherTickers.MAX_SYMBOLS, "stored symbols as list_symbols shows them (default: all, when there are at most 100)", false)
                        .string("provider", "data provider name (default: the app's configured provider)", false)
                        .build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        List<String> symbols = RefreshTickers.storedSymbols(call);
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbols", symbols);
        call.args().optionalString("provider").ifPresent(p -> args.put("provider", p));
        Map<String, Object> job = call.context().app().call(Capabilities.START_GATHER, args);
        return JobAnswers.started(job, "refresh_job_status", POLL_AFTER_SECONDS);
    }
}
