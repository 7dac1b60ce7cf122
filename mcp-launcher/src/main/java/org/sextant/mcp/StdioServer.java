package org.sextant.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.server.SextantMcpServer;
import org.sextant.mcp.tables.TableStore;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves MCP on the given streams until the client closes stdin. */
final class StdioServer {
    private static final Logger LOG = LoggerFactory.getLogger(StdioServer.class);

    private StdioServer() {}

    static ToolContext context(LauncherHome home, Duration requestTimeout) {
        return new ToolContext(home, new AppClient(home.appJson(), requestTimeout), TableStore.withDefaults(),
                RunsGate.fromProcessEnvironment(), new PilotGate(home.pilotFlag()), ToolCatalog.ALL);
    }

    static void serve(LauncherHome home, Duration requestTimeout, InputStream in, OutputStream out)
            throws InterruptedException {
        ToolContext context = context(home, requestTimeout);
        CountDownLatch closed = new CountDownLatch(1);
        InputStream watched = new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return eof(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return eof(super.read(b, off, len));
            }

            private int eof(int n) {
                if (n < 0) closed.countDown();
                return n;
            }
        };
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(SextantMcpServer.jsonMapper(), watched, out);
        McpSyncServer server = SextantMcpServer.start(transport, new ToolDispatcher(context), context.tables());
        LOG.info("sextant-mcp {} serving stdio; home {}", LauncherInfo.VERSION, home.root());
        closed.await();
        LOG.info("stdin closed; stopping");
        server.closeGracefully();
    }
}
