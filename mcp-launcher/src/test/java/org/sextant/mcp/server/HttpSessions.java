package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.TableStore;
import org.sextant.mcp.tools.Focus;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolContext;

/** --http sessions as a client opens them, one raw POST per connection: what the launcher's Jetty answers, head and body. */
final class HttpSessions {
    static final String TOKEN = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    /** A quick tool whose app route of the same name a test holds: a stalled quick call. */
    static final String STALLED_QUICK = "list_jobs";
    /** How long a test waits for what should come before it calls it a hang; measures nothing. */
    static final long PATIENCE_S = 120;

    private HttpSessions() {}

    /** A new initialized session: its Mcp-Session-Id. */
    static String open(int port) {
        return open(port, null);
    }

    /** A new initialized session of an initialize that carries {@code sentId} (null: none), as a client restarted on a stale id would. */
    static String open(int port, String sentId) {
        String init = post(port, sentId, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        Matcher m = Pattern.compile("(?im)^Mcp-Session-Id: *(\\S+)").matcher(init);
        assertTrue(m.find(), init);
        String session = m.group(1);
        assertTrue(post(port, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").startsWith("HTTP/1.1 202"));
        return session;
    }

    /** The session's GET event stream, its request sent, open until the socket is closed (reads wait the guard at most). */
    static Socket listen(int port, String session) throws java.io.IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout((int) TimeUnit.SECONDS.toMillis(PATIENCE_S));
        s.getOutputStream().write(("GET " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer "
                + TOKEN + "\r\nMcp-Session-Id: " + session + "\r\nMcp-Protocol-Version: 2025-06-18\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().flush();
        return s;
    }

    static String call(int id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":{}}}";
    }

    /** The request as sent on the wire: a POST of {@code session} (null: none) that closes its connection once answered. */
    static byte[] request(int port, String session, String body) {
        return ("POST " + HttpMcpServer.ENDPOINT + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nAuthorization: Bearer " + TOKEN + (session == null ? "" : "\r\nMcp-Session-Id: " + session)
                + "\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream"
                + "\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n" + body)
                .getBytes(StandardCharsets.UTF_8);
    }

    /** One POST of {@code session} (null: none) on its own connection: the whole response, head and body. */
    static String post(int port, String session, String body) {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(300_000);
            OutputStream out = s.getOutputStream();
            out.write(request(port, session, body));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A launcher context over {@code home}'s app whose quick calls wait for the app at most {@code quickTimeout} (its others 300 s). */
    static ToolContext context(Path home, Duration quickTimeout) {
        return context(home, quickTimeout, org.sextant.mcp.tables.SessionTables.withDefaults());
    }

    /** As {@link #context(Path, Duration)}, its sessions' tables kept by {@code tables}. */
    static ToolContext context(Path home, Duration quickTimeout, org.sextant.mcp.tables.SessionTables tables) {
        LauncherHome launcherHome = new LauncherHome(home);
        return new ToolContext(launcherHome, new AppClient(launcherHome.appJson(), Duration.ofSeconds(300), quickTimeout),
                tables, RunsGate.fromProcessEnvironment(), new PilotGate(launcherHome.pilotFlag()), ToolCatalog.ALL,
                new Focus(true));
    }

    /** The launcher's --http server on a free port, with the test token, serving {@code dispatcher} over {@code context}. */
    static HttpMcpServer start(ToolContext context, org.sextant.mcp.tools.ToolDispatcher dispatcher) throws Exception {
        return HttpMcpServer.start(0, HttpToken.of(TOKEN), dispatcher, context.sessionTables());
    }

    /** As {@link #start(ToolContext, org.sextant.mcp.tools.ToolDispatcher)}, its sessions kept and expired by {@code sessions}. */
    static HttpMcpServer start(ToolContext context, IdleSessions sessions) throws Exception {
        return HttpMcpServer.start(0, HttpToken.of(TOKEN), new org.sextant.mcp.tools.ToolDispatcher(context), context.sessionTables(),
                BodyLane.Limits.DEFAULT, sessions);
    }

    /**
     * The call's answer; when it has none by the guard, the held {@code route} is let through and what then comes (a wrong
     * answer: it should have been answered while the route was held).
     */
    static String answerOrReleased(CompletableFuture<String> call, TappedApp app, String route, long patienceSeconds) throws Exception {
        try {
            return call.get(patienceSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            app.release(route);
            return "not answered while the app was held; once released: " + call.get(patienceSeconds, TimeUnit.SECONDS);
        }
    }

    /** Whether {@code condition} held within the guard (a guard against a hang, not a measure). */
    static boolean eventually(BooleanSupplier condition, long patienceSeconds) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(patienceSeconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) return false;
            Thread.sleep(20);
        }
        return true;
    }
}
