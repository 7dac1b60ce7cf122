package org.sextant.mcp.server;

import java.util.Map;
import java.util.stream.Collectors;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolNames;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The launcher's own workers, in two lanes, instead of Reactor's shared pool: there 20 slow run_select calls of
 * 10 sessions (2 each, within every session's share) took every worker and another session's health_check
 * waited 28 s. Slow calls run in the work lane, as many as --http holds ({@link InFlightCalls#WORKING});
 * the quick tools, resource reads and prompts in a lane of their own, which no slow call can fill.
 * The sizes are fixed, not taken from the cores: a worker only waits for the app's answer, and the app bounds the
 * computing by its own cores (its turns, docs/local-api.md).
 */
final class Lanes {
    /** The served tools by name: a tool says itself whether it is quick ({@link LauncherTool#quick}). */
    private static final Map<String, LauncherTool> TOOLS = ToolCatalog.ALL.stream().collect(Collectors.toMap(LauncherTool::name, t -> t));
    /**
     * Workers of the quick lane: twice one --http session's share ({@link InFlightCalls#PER_SESSION}), so the calls one session
     * may hold never take every quick worker, even when the app stalls them; each waits for the app at most
     * {@link org.sextant.mcp.app.AppClient#QUICK_TIMEOUT}, so many sessions' stalled calls hold a worker for moments each.
     */
    static final int QUICK_WORKERS = 2 * InFlightCalls.PER_SESSION;

    static final Scheduler WORK = lane(InFlightCalls.WORKING, "sextant-call");
    static final Scheduler QUICK = lane(QUICK_WORKERS, "sextant-quick");

    private Lanes() {}

    /** Whether a tools/call of this name (as sent: a quick tool's name or that name after a client's prefix) runs in the quick lane. */
    static boolean quick(String tool) {
        return ToolNames.canonical(tool, TOOLS.keySet()).map(TOOLS::get).map(LauncherTool::quick).orElse(false);
    }

    /** Daemon threads: the launcher exits when its transport ends, whatever a worker still waits on. */
    private static Scheduler lane(int workers, String name) {
        return Schedulers.newBoundedElastic(workers, Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE, name, 60, true);
    }
}
