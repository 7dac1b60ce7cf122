package org.sextant.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import org.sextant.mcp.server.CheckedStdin;
import org.sextant.mcp.server.LineOutput;
import org.sextant.mcp.server.SerialSends;
import org.sextant.mcp.server.SextantMcpServer;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves MCP on the given streams until the client closes stdin. */
final class StdioServer {
    private static final Logger LOG = LoggerFactory.getLogger(StdioServer.class);

    private StdioServer() {}

    static void serve(LauncherHome home, Duration requestTimeout, boolean allToolsListed, InputStream in, OutputStream out)
            throws InterruptedException {
        ToolContext context = ToolContext.forHome(home, requestTimeout, allToolsListed);
        ToolDispatcher dispatcher = new ToolDispatcher(context);
        LineOutput lines = new LineOutput(out);
        // The SDK reads only lines checked first: it stops for good at one it cannot read.
        CheckedStdin stdin = new CheckedStdin(in, SextantMcpServer.inbound(dispatcher), lines,
                CheckedStdin.answerWait(requestTimeout)).start();
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(SextantMcpServer.jsonMapper(), stdin.forSdk(), lines);
        McpSyncServer server = SextantMcpServer.start(new SerialSends(transport), dispatcher, context.sessionTables());
        LOG.info("sextant-mcp {} serving stdio; home {}", LauncherInfo.VERSION, home.root());
        stdin.awaitEnd();
        LOG.info("stdin closed; stopping");
        server.closeGracefully();
    }
}
