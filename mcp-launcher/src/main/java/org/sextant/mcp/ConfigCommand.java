package org.sextant.mcp;

import org.sextant.contract.McpClient;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.server.HttpMcpServer;
import org.sextant.mcp.server.HttpToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * sextant-mcp config cursor|vscode|claude: the JSON to paste into that client's MCP config; with
 * --http --port N, the entry for a launcher the person starts with --http on that port (its URL
 * and bearer token).
 */
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

    @picocli.CommandLine.Option(names = "--http",
            description = "the entry for sextant-mcp --http (a URL and its token) instead of one that starts the launcher")
    boolean http;

    @picocli.CommandLine.Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "with --http: the port you start sextant-mcp --http --port PORT on")
    int port;

    @Override
    public Integer call() throws java.io.IOException {
        McpClient config;
        try {
            config = McpClient.byId(client);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return 2;
        }
        return http ? httpEntry(config) : stdioEntry(config);
    }

    // Kept apart from httpEntry, which writes the token file: code naming the pilot flag writes nothing (self-test).
    private Integer stdioEntry(McpClient config) {
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

    private Integer httpEntry(McpClient config) throws java.io.IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (!config.connectsByUrl()) {
            err.println(config.title() + " starts MCP servers itself, over stdio: use sextant-mcp config " + config.id()
                    + " without --http");
            return 2;
        }
        if (port < 1 || port > 65535) {
            err.println("--http needs --port PORT (1 to 65535): the client connects to a fixed URL, so start"
                    + " sextant-mcp --http --port PORT on the same port");
            return 2;
        }
        String token;
        try {
            token = HttpToken.loadOrCreate(parent.home().httpToken(), false);
        } catch (IllegalStateException e) {
            err.println(e.getMessage());
            return 2;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println(Json.writePretty(config.httpSnippet(HttpMcpServer.url(port), token)));
        out.flush();
        err.println();
        err.println("Put this in " + config.title() + "'s " + config.userFile() + " (merge with servers already there),");
        err.println("not in a project's file that may be committed: the header holds the token in " + parent.home().httpToken() + ".");
        err.println("Then start: sextant-mcp --http --port " + port + " --home " + parent.home().root());
        err.println("The gates read the environment of that process: SEXTANT_ALLOW_RUNS=1 there lets agents run write tools.");
        err.flush();
        return 0;
    }
}
