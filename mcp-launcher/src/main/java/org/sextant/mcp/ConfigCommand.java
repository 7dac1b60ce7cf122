package org.sextant.mcp;

import org.sextant.contract.McpClient;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sextant.mcp.envelope.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** sextant-mcp config cursor|vscode|claude: the JSON to paste into that client's MCP config. */
@Command(name = "config", mixinStandardHelpOptions = true,
        // the parent's help lists only the first line: a whole sentence
        description = {"Prints the JSON that makes an MCP client start this launcher (on stdout).",
                "Where to put it and how to allow runs go to stderr."})
final class ConfigCommand implements Callable<Integer> {
    // picocli wiring each subcommand repeats: the parent for --home, the spec for its output streams
    @ParentCommand
    SextantMcp parent;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CLIENT", description = "cursor, vscode or claude")
    String client;

    @picocli.CommandLine.Option(names = SextantMcp.ALL_TOOLS_OPTION,
            description = "start the launcher with every tool listed (default: a starter set the agent widens itself)")
    boolean allTools;

    @Override
    public Integer call() {
        McpClient config;
        try {
            config = McpClient.byId(client);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 2;
        }
        String home = parent.home().root().toString();
        PrintWriter out = spec.commandLine().getOut();
        out.println(Json.writePretty(config.snippet(McpClient.launcherCommand(), home,
                allTools ? java.util.List.of(SextantMcp.ALL_TOOLS_OPTION) : java.util.List.of())));
        out.flush();
        PrintWriter err = spec.commandLine().getErr();
        err.println();
        err.println("Put this in " + config.title() + "'s " + config.file() + " (merge with servers already there), then restart the client.");
        err.println("SEXTANT_ALLOW_RUNS: \"0\" lets agents read only. Set it to \"1\" to let them run write tools");
        err.println("(imports, forecasts, backtests). Any other value, or none, refuses writes.");
        if (!allTools) {
            err.println("The agent first sees a starter set of tools and lists the rest with focus_category or");
            err.println("show_all_tools; add " + SextantMcp.ALL_TOOLS_OPTION + " to list every tool from the start.");
        }
        err.println("Driving the app also needs the file " + parent.home().pilotFlag() + ", which you create by hand.");
        err.flush();
        return 0;
    }
}
