package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import java.net.InetAddress;
import java.util.EnumSet;
import java.util.List;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.BlockingArrayQueue;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * sextant-mcp --http: MCP over Streamable HTTP at http://127.0.0.1:{port}/mcp. Bound to loopback
 * only; a request whose Host is not a loopback name, or that carries any Origin (a browser page,
 * the DNS-rebinding path), is refused by the SDK's validator before it reaches a tool. Every
 * other request must carry the bearer token, and every POST is checked ({@link InboundFilter}).
 */
public final class HttpMcpServer implements AutoCloseable {
    public static final String ENDPOINT = "/mcp";
    static final List<String> LOOPBACK_HOSTS = List.of("127.0.0.1:*", "localhost:*", "[::1]:*");
    /**
     * Jetty's threads beyond the calls held ({@link InFlightCalls#MAX}): its acceptor and selector, the bodies still
     * arriving ({@link BodyLane}, 16 at once), and requests answered without being held (a refusal, initialize, a
     * notification).
     */
    static final int HEADROOM = 64;
    /**
     * Jetty's threads: the SDK answers a POSTed call on the thread that read it, so each call held (running or waiting
     * for a worker) holds one. As many as all sessions may hold plus the headroom, so the call past that bound still
     * finds a thread and is refused, never queued: with Jetty's default 200 the 201st call waited unread, unbounded.
     */
    static final int THREADS = InFlightCalls.MAX + HEADROOM;

    /**
     * Jetty's threads. Past every thread, a few jobs wait (a burst of refusals); past them Jetty closes the connection
     * unanswered. A thread idle 60 s ends, as many as are idle: Jetty ends one per 60 s by default, so the ~1,000
     * threads of a burst of held calls (~100 MB) stayed for ~17 hours (docs/benchmarks.md, "sextant-mcp over HTTP").
     */
    static QueuedThreadPool threadPool() {
        QueuedThreadPool threads = new QueuedThreadPool(THREADS, 2, 60_000, new BlockingArrayQueue<>(HEADROOM, HEADROOM, HEADROOM));
        threads.setName("sextant-http");
        threads.setMaxEvictCount(THREADS);
        return threads;
    }

    private final Server jetty;
    private final McpSyncServer mcp;
    private final BodyLane lane;

    private HttpMcpServer(Server jetty, McpSyncServer mcp, BodyLane lane) {
        this.jetty = jetty;
        this.mcp = mcp;
        this.lane = lane;
    }

    /** Starts on the given port (0: any free port). */
    public static HttpMcpServer start(int port, HttpToken token, ToolDispatcher dispatcher, SessionTables tables) throws Exception {
        return start(port, token, dispatcher, tables, BodyLane.Limits.DEFAULT);
    }

    static HttpMcpServer start(int port, HttpToken token, ToolDispatcher dispatcher, SessionTables tables,
                               BodyLane.Limits limits) throws Exception {
        return start(port, token, dispatcher, tables, limits, IdleSessions.withDefaults());
    }

    static HttpMcpServer start(int port, HttpToken token, ToolDispatcher dispatcher, SessionTables tables,
                               BodyLane.Limits limits, IdleSessions sessions) throws Exception {
        // No allowed origins: any Origin header is refused.
        DefaultServerTransportSecurityValidator security = DefaultServerTransportSecurityValidator.builder()
                .allowedHosts(LOOPBACK_HOSTS)
                .build();
        HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
                .jsonMapper(SextantMcpServer.httpJsonMapper())
                .mcpEndpoint(ENDPOINT)
                .securityValidator(security)
                .keepAliveInterval(sessions.streamCheck()) // a stream the client closed ends at the next ping, not never
                .build();
        McpSyncServer mcp = SextantMcpServer.start(transport, dispatcher, tables);

        Server jetty = new Server(threadPool());
        ServerConnector connector = new ServerConnector(jetty, 1, 1); // one acceptor, one selector: loopback clients only
        connector.setHost(InetAddress.getLoopbackAddress().getHostAddress());
        connector.setPort(port);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder holder = new ServletHolder(transport);
        holder.setAsyncSupported(true);
        context.addServlet(holder, "/*");
        BodyLane lane = new BodyLane(limits);
        context.addFilter(new FilterHolder(new InboundFilter(SextantMcpServer.inbound(dispatcher), security, token, lane)), "/*",
                EnumSet.of(DispatcherType.REQUEST));
        // after the checks: only requests that may reach a session keep it open
        context.addFilter(new FilterHolder(new SessionLifecycle(sessions, tables, transport)), "/*", EnumSet.of(DispatcherType.REQUEST));
        jetty.setHandler(context);
        try {
            jetty.start();
        } catch (Exception | Error e) { // the port taken, say: the lane's sweeper must not outlive it
            lane.close();
            throw e;
        }
        return new HttpMcpServer(jetty, mcp, lane);
    }

    public int port() {
        return ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    }

    public String url() {
        return url(port());
    }

    /** Where a client connects to a launcher started with --http --port {@code port}. */
    public static String url(int port) {
        return "http://127.0.0.1:" + port + ENDPOINT;
    }

    /** What POSTed messages hold now (tests). */
    BodyLane lane() {
        return lane;
    }

    public void join() throws InterruptedException {
        jetty.join();
    }

    @Override
    public void close() throws Exception {
        try (lane) {
            mcp.closeGracefully();
            jetty.stop();
        }
    }
}
