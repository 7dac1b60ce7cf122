package org.sextant.mcp;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
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
