package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.PATIENCE_S;
import static org.sextant.mcp.server.HttpSessions.STALLED_QUICK;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * --http: each call held (running, or waiting for a worker) holds one of Jetty's threads until it is answered. With Jetty's
 * default 200 threads the launcher never reached its bound of 1024 calls: the 201st waited unread in Jetty's queue, which
 * had no bound. Now Jetty has a thread for every call the launcher may hold and some over, so the call past the bound is
 * read and refused at once, as docs/mcp.md says.
 */
class HttpThreadsTest {
    @TempDir Path home;

    /**
     * The threads of a burst of held calls end once idle for Jetty's idle timeout (60 s), as many as are idle, not one per
     * timeout: Jetty's default kept the ~1,000 threads of 1,024 calls answered (~100 MB resident) for ~17 hours.
     */
    @Test
    void everyIdleThreadOfABurstEndsInOneIdlePeriod() {
        org.eclipse.jetty.util.thread.QueuedThreadPool threads = HttpMcpServer.threadPool();
        assertEquals(60_000, threads.getIdleTimeout());
        assertEquals(threads.getMaxThreads(), threads.getMaxEvictCount(), "every idle thread may end in one idle period");
    }

    @Test
    void theCallPastAllSessionsBoundIsReadAndRefusedWhileEveryHeldCallWaits(@TempSextant Sextant engine) throws Exception {
        // the app's wait is long: the held calls stay held while the last one is sent
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(300));
        ToolDispatcher dispatcher = new ToolDispatcher(context);
        List<SocketChannel> held = new ArrayList<>();
        try (TappedApp app = TappedApp.start(engine, home);
             HttpMcpServer server = HttpSessions.start(context, dispatcher)) {
            app.hold(STALLED_QUICK);
            try {
                List<String> sessions = new ArrayList<>();
                for (int s = 0; s < InFlightCalls.MAX / InFlightCalls.PER_SESSION; s++) sessions.add(HttpSessions.open(server.port()));
                for (String s : sessions) {
                    for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) {
                        SocketChannel c = SocketChannel.open(new InetSocketAddress("127.0.0.1", server.port()));
                        c.write(ByteBuffer.wrap(HttpSessions.request(server.port(), s, HttpSessions.call(id, STALLED_QUICK))));
                        held.add(c);
                    }
                }
                assertTrue(HttpSessions.eventually(() -> sessions.stream().mapToInt(dispatcher.inFlight()::held).sum() == InFlightCalls.MAX, PATIENCE_S),
                        () -> "every call sent was read and held: " + sessions.stream().mapToInt(dispatcher.inFlight()::held).sum()
                                + " of " + InFlightCalls.MAX + " (the rest wait unread for one of Jetty's threads)");

                System.out.printf("threads in the launcher's JVM (the app and the test's included) with %d calls held: %d%n",
                        InFlightCalls.MAX, java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount());
                String late = HttpSessions.open(server.port());
                CompletableFuture<String> refused = CompletableFuture.supplyAsync(() -> HttpSessions.post(server.port(), late, HttpSessions.call(1, STALLED_QUICK)));
                String r = HttpSessions.answerOrReleased(refused, app, STALLED_QUICK, PATIENCE_S);
                assertTrue(r.startsWith("HTTP/1.1 200") && r.contains("\"isError\":true") && r.contains("\"fail_reason\":\"resource_limit\"")
                        && r.contains(CallShares.problem(InFlightCalls.Refusal.LAUNCHER_FULL)), () -> "refused at once, named and fixed: " + r);

                app.release(STALLED_QUICK);
                for (SocketChannel c : held) {
                    String done = new String(Channels.newInputStream(c).readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(done.startsWith("HTTP/1.1 200") && done.contains("\"isError\":false"), done);
                }
            } finally {
                app.release(STALLED_QUICK);
                for (SocketChannel c : held) c.close();
            }
        }
    }
}
