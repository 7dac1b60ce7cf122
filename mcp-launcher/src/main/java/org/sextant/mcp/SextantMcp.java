package org.sextant.mcp;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.sextant.mcp.server.HttpMcpServer;
import org.sextant.mcp.server.HttpToken;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** sextant-mcp: the MCP server that Cursor, VS Code and Claude Desktop start (stdio). */
@Command(name = "sextant-mcp", mixinStandardHelpOptions = true, version = LauncherInfo.VERSION,
        description = "MCP server for Sextant over stdio (or Streamable HTTP with --http). It finds the running app through "
                + "SEXTANT_HOME/run/app.json on every call; start the app separately.",
        subcommands = {StatusCommand.class, ConfigCommand.class})
public final class SextantMcp implements Callable<Integer> {
    static final String ALL_TOOLS_OPTION = "--all-tools";

    static {
        // Before any logger exists: stdout is the JSON-RPC channel.
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    }

    @Option(names = "--home", paramLabel = "DIR", scope = CommandLine.ScopeType.INHERIT,
            description = "Sextant home (default: $SEXTANT_HOME, else ~/.sextant)")
    Path home;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "45", scope = CommandLine.ScopeType.INHERIT,
            description = "how long to wait for the app to answer one call (default: ${DEFAULT-VALUE})")
    long timeoutSeconds;

    @Option(names = "--http", description = "serve Streamable HTTP on 127.0.0.1 instead of stdio")
    boolean http;

    @Option(names = "--new-token",
            description = "with --http: replace the bearer token in SEXTANT_HOME/run/mcp-http.token (clients then need the new one; running launchers refuse the old one)")
    boolean newToken;

    @Option(names = ALL_TOOLS_OPTION,
            description = "list every tool from the start (default: a starter set; focus_category and show_all_tools list the rest)")
    boolean allTools;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "port for --http (default: any free port, printed at start)")
    int port;

    LauncherHome home() {
        return LauncherHome.resolve(home);
    }

    Duration requestTimeout() {
        if (timeoutSeconds < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--timeout must be at least 1 second");
        }
        return Duration.ofSeconds(timeoutSeconds);
    }

    @Override
    public Integer call() throws Exception {
        if (http) {
            LauncherHome launcherHome = home();
            HttpToken token;
            try {
                token = HttpToken.watching(launcherHome.httpToken(), newToken);
            } catch (IllegalStateException e) {
                System.err.println("sextant-mcp: " + e.getMessage());
                return 2;
            }
            ToolContext context = ToolContext.forHome(launcherHome, requestTimeout(), allTools);
            HttpMcpServer server = HttpMcpServer.start(port, token, new ToolDispatcher(context), context.sessionTables());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (Exception ignored) {
                    // the process is ending anyway
                }
            }));
            // Not the protocol channel in this mode: tell the person where to point the client.
            System.out.println("sextant-mcp " + LauncherInfo.VERSION + ": Streamable HTTP on " + server.url());
            System.out.println("Every request needs the header Authorization: Bearer <the token in " + launcherHome.httpToken()
                    + ">; sextant-mcp config vscode --http --port " + server.port() + " prints a client entry with it.");
            System.out.flush();
            server.join();
            return 0;
        }
        InputStream in = System.in;
        PrintStream out = System.out;
        // Anything that prints by mistake lands on stderr instead of corrupting the protocol.
        System.setOut(System.err);
        StdioServer.serve(home(), requestTimeout(), allTools, in, out);
        return 0;
    }

    public static void main(String[] args) {
        int code = new CommandLine(new SextantMcp()).execute(args);
        System.exit(code);
    }
}
