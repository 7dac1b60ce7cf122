package org.sextant.mcp.tools;

import java.time.Duration;
import java.util.List;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tables.TableStore;

/** The launcher's shared parts, built once per process; the tables are each session's own. */
public record ToolContext(LauncherHome home, AppClient app, SessionTables sessionTables, RunsGate runsGate,
                          PilotGate pilotGate, List<LauncherTool> tools, Focus focus) {

    public ToolContext(LauncherHome home, AppClient app, SessionTables sessionTables, RunsGate runsGate,
                       PilotGate pilotGate, List<LauncherTool> tools) {
        this(home, app, sessionTables, runsGate, pilotGate, tools, new Focus());
    }

    /** The tables of the session this thread serves ({@link AppClient#forSession}), where a call stores its large result. */
    public TableStore tables() {
        return sessionTables.of(AppClient.session());
    }

    /**
     * What a launcher process serves: every catalog tool, the gates on its own environment and
     * home; tools/list starts with the starter set unless {@code allToolsListed}.
     */
    public static ToolContext forHome(LauncherHome home, Duration requestTimeout, boolean allToolsListed) {
        return new ToolContext(home, new AppClient(home.appJson(), requestTimeout), SessionTables.withDefaults(),
                RunsGate.fromProcessEnvironment(), new PilotGate(home.pilotFlag()), ToolCatalog.ALL, new Focus(allToolsListed));
    }
}
