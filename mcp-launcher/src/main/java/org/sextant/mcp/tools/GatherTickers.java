package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/** Downloads prices for new or known symbols as the app's background gather job. */
final class GatherTickers extends LauncherTool {
    /** The app's own per-request bound (Sextant.MAX_GATHER_SYMBOLS); checked here first so nothing is sent. */
    static final int MAX_SYMBOLS = org.sextant.contract.Bounds.MAX_JOB_SYMBOLS;

    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    GatherTickers() {
        super("gather_tickers", Categories.DATA, ToolClass.WRITE, false,
                "Downloads daily prices of up to 100 symbols from a data provider as a background job; poll refresh_job_status.",
                Capabilities.START_GATHER.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        List<String> symbols = call.args().requiredStringList("symbols", "[\"MSFT.US\"]");
        return start(call, symbols, call.args().optionalString("provider").orElse(null));
    }

    static Object start(Call call, List<String> symbols, String provider) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbols", symbols);
        if (provider != null) args.put("provider", provider);
        Map<String, Object> job = call.context().app().call(Capabilities.START_GATHER, args);
        return JobStarts.answer(call, job, "refresh_job_status", 2);
    }
}
