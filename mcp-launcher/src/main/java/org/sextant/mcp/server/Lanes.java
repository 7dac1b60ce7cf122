package org.sextant.mcp.server;

import java.util.Set;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolNames;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The launcher's own workers, in two lanes, instead of Reactor's shared pool: there 20 slow run_select calls of
 * 10 sessions (2 each, within every session's share) took every worker and another session's health_check
 * waited 28 s. Slow calls run in the work lane, as many as --http holds ({@link InFlightCalls#WORKING});
 * the quick tools, resource reads and prompts in a lane of their own, which no slow call can fill.
 */
final class Lanes {
    /** Tools that read the launcher's memory or one small answer of the app: never a query over the user's data. */
    static final Set<String> QUICK_TOOLS = Set.of("health_check", "negotiate_contract", "get_server_info", "show_all_tools",
            "get_tool_manifest", "focus_category", "get_session_registry", "list_jobs", "backtest_status", "refresh_job_status",
            "cancel_job");
    /** Workers of the quick lane: its calls answer in moments, so a few serve every session. */
    static final int QUICK_WORKERS = 8;

    static final Scheduler WORK = lane(InFlightCalls.WORKING, "sextant-call");
    static final Scheduler QUICK = lane(QUICK_WORKERS, "sextant-quick");

    private Lanes() {}

    /** Whether a tools/call of this name (as sent: a quick tool's name or its alias) runs in the quick lane. */
    static boolean quick(String tool) {
        if (tool == null) return false;
        if (QUICK_TOOLS.contains(tool)) return true;
        return ToolNames.ALIAS_PREFIXES.stream().anyMatch(p -> tool.startsWith(p) && QUICK_TOOLS.contains(tool.substring(p.length())));
    }

    /** Daemon threads: the launcher exits when its transport ends, whatever a worker still waits on. */
    private static Scheduler lane(int workers, String name) {
        return Schedulers.newBoundedElastic(workers, Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE, name, 60, true);
    }
}
