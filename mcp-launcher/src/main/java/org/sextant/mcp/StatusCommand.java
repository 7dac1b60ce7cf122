package org.sextant.mcp;

import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** sextant-mcp status: is the app found, which version and port, which gates are open. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = {"Shows whether the app is found, its version and port, and which gates are open.",
                "Exit code 0 when the app answers, 1 otherwise."})
final class StatusCommand implements Callable<Integer> {
    // picocli wiring each subcommand repeats: the parent for --home, the spec for its output streams
    @ParentCommand
    SextantMcp parent;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        LauncherHome home = parent.home();
        Map<String, Object> app = new AppClient(home.appJson(), parent.requestTimeout()).probe();
        PrintWriter out = spec.commandLine().getOut();
        out.printf("sextant-mcp %s (tools contract %d, app contract %d)%n",
                LauncherInfo.VERSION, LauncherInfo.TOOLS_CONTRACT, LauncherInfo.APP_CONTRACT);
        out.printf("home:   %s%n", home.root());
        boolean running = "running".equals(app.get("status"));
        if (running) {
            out.printf("app:    running, version %s, port %s, pid %s, started %s%n",
                    app.get("version"), app.get("port"), app.get("pid"), app.get("started_at"));
        } else {
            out.printf("app:    %s: %s%n        %s%n", app.get("status"), app.get("error"), app.get("client_hint"));
        }
        boolean runs = RunsGate.fromProcessEnvironment().isOpen();
        out.printf("runs:   %s (SEXTANT_ALLOW_RUNS in this shell; MCP clients pass their own env)%n",
                runs ? "allowed" : "refused");
        PilotGate pilot = new PilotGate(home.pilotFlag());
        out.printf("pilot:  %s (%s %s)%n", pilot.isOpen() ? "allowed" : "refused",
                pilot.flag(), pilot.isOpen() ? "present" : "absent");
        out.flush();
        return running ? 0 : 1;
    }
}
