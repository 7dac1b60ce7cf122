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
 * the quick tools, resource reads and prompts in a lane of their own, which no slow call can fill, each session in its
 * own share of it.
 * The work lane's size is fixed, not taken from the cores: a worker only waits for the app's answer, and the app bounds the
 * computing by its own cores (its turns, docs/local-api.md).
 */
final class Lanes {
    /** The served tools by name: a tool says itself whether it is quick ({@link LauncherTool#quick}). */
    private static final Map<String, LauncherTool> TOOLS = ToolCatalog.ALL.stream().collect(Collectors.toMap(LauncherTool::name, t -> t));
    static final Scheduler WORK = lane(InFlightCalls.WORKING, "sextant-call");
    /** Workers for the quick calls, shared out by session ({@link QuickLane}): no session's stalled calls hold another's. */
    static final QuickLane QUICK = new QuickLane("sextant-quick");

    private Lanes() {}

    /** Whether a tools/call of this name (as sent: a quick tool's name or that name after a client's prefix) runs in the quick lane. */
    static boolean quick(String tool) {
        return ToolNames.canonical(tool, TOOLS.keySet()).map(TOOLS::get).map(LauncherTool::quick).orElse(false);
    }

    /**
     * Whether a quick tool call of this name takes no slot of the app, so it runs past {@link QuickLane#MOST}: health_check,
     * whose GET /health the app answers outside its request slots (docs/local-api.md).
     */
    static boolean slotless(String tool) {
        return ToolNames.canonical(tool, TOOLS.keySet()).filter("health_check"::equals).isPresent();
    }

    /** Daemon threads: the launcher exits when its transport ends, whatever a worker still waits on. */
    private static Scheduler lane(int workers, String name) {
        return Schedulers.newBoundedElastic(workers, Schedulers.DEFAULT_BOUNDED_ELASTIC_QUEUESIZE, name, 60, true);
    }
}
