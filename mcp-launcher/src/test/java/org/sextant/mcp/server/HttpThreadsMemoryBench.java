package org.sextant.mcp.server;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.ProcessStatus;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * The memory of sextant-mcp --http's Jetty threads (docs/benchmarks.md, "sextant-mcp --http: memory of 1,024 calls held"):
 * the launcher's --http server in a JVM of its own (bin/sextant-mcp's flags; as HttpThreadsTest starts it), its resident set idle with 128 sessions open, against the
 * same holding 1,024 calls (8 per session) of a tool whose app route stalls, each on a Jetty thread of its own; then the same with
 * every thread's stack reserve at 256 kB (-Xss256k); after each, RSS 60 and 120 s after the held calls were answered.
 * Other JVM options to add may be given as arguments (one set each, in place of -Xss256k). Run: java -cp mcp-launcher/target/test-classes:mcp-launcher/target/classes:DEPS
 * org.sextant.mcp.server.HttpThreadsMemoryBench
 */
public final class HttpThreadsMemoryBench {
    /** A quick tool whose app route the tap holds; the launcher's quick calls wait for the app 300 s here (HttpThreadsTest). */
    private static final String HELD = HttpSessions.STALLED_QUICK;

    public static void main(String[] args) throws Exception {
        System.out.printf("cores=%d, load average %.1f (shared machine); RSS in MB%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.println("| launcher JVM | RSS, 128 sessions idle | RSS, 1,024 calls held | difference | per call held (kB) | threads idle | threads holding"
                + " | RSS 60 s after their answers | 120 s after | threads then |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        Path appHome = Files.createTempDirectory("sextant-threads-bench-app");
        try (Sextant engine = Sextant.open(new SextantHome(appHome))) {
            List<String> extras = new ArrayList<>(java.util.Arrays.asList((String) null)); // as shipped first: the baseline
            extras.addAll(args.length > 0 ? List.of(args) : List.of("-Xss256k"));
            for (String extra : extras) System.out.println(run(engine, extra));
        }
    }

    /** One launcher as bin/sextant-mcp starts it, with {@code extra} (JVM options, space-separated; null: none) added last. */
    private static String run(Sextant engine, String extra) throws Exception {
        Path home = Files.createTempDirectory("sextant-threads-bench");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.05", "-XX:+UseG1GC", "-XX:G1PeriodicGCInterval=15000", "-Xmx1g", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30"));
        if (extra != null) command.addAll(List.of(extra.trim().split("\\s+")));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Launcher.class.getName(), home.toString()));
        List<SocketChannel> held = new ArrayList<>();
        try (TappedApp app = TappedApp.start(engine, home)) {
            Process launcher = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8));
                String line = out.readLine(); // its port
                Thread drain = new Thread(() -> { // its log must not fill the pipe and stall it
                    try {
                        while (out.readLine() != null) { /* dropped */ }
                    } catch (java.io.IOException closed) { /* it ended */ }
                });
                drain.setDaemon(true);
                drain.start();
                int port = Integer.parseInt(line.trim());
                app.hold(HELD);
                List<String> sessions = new ArrayList<>();
                for (int s = 0; s < InFlightCalls.MAX / InFlightCalls.PER_SESSION; s++) sessions.add(HttpSessions.open(port));
                Thread.sleep(3000);
                long idle = ProcessStatus.rssMb(launcher.pid()), threadsIdle = ProcessStatus.threads(launcher.pid());
                for (String s : sessions) {
                    for (int id = 1; id <= InFlightCalls.PER_SESSION; id++) {
                        SocketChannel c = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
                        c.write(ByteBuffer.wrap(HttpSessions.request(port, s, HttpSessions.call(id, HELD))));
                        held.add(c);
                    }
                }
                // each call held, waiting for a worker or for the app, holds a Jetty thread of its own
                while (ProcessStatus.threads(launcher.pid()) < threadsIdle + InFlightCalls.MAX - 16) Thread.sleep(100);
                Thread.sleep(3000);
                long holding = ProcessStatus.rssMb(launcher.pid()), threadsHolding = ProcessStatus.threads(launcher.pid());
                app.release(HELD); // the calls are answered; their threads idle out after 60 s
                Thread.sleep(60_000);
                long after60 = ProcessStatus.rssMb(launcher.pid());
                Thread.sleep(60_000);
                return String.format("| %s | %d | %d | %d | %.0f | %d | %d | %d | %d | %d |", extra == null ? "as bin/sextant-mcp starts it" : "the same with " + extra,
                        idle, holding, holding - idle, (holding - idle) * 1024.0 / InFlightCalls.MAX, threadsIdle, threadsHolding,
                        after60, ProcessStatus.rssMb(launcher.pid()), ProcessStatus.threads(launcher.pid()));
            } finally {
                app.release(HELD);
                for (SocketChannel c : held) c.close();
                launcher.destroy();
                launcher.waitFor();
            }
        }
    }

    /** The launcher's --http server over {@code args[0]}'s app, in its own JVM: prints its port, serves until killed. */
    public static final class Launcher {
        public static void main(String[] args) throws Exception {
            org.sextant.mcp.tools.ToolContext context = HttpSessions.context(Path.of(args[0]), java.time.Duration.ofSeconds(300));
            try (HttpMcpServer server = HttpSessions.start(context, new org.sextant.mcp.tools.ToolDispatcher(context))) {
                System.out.println(server.port());
                System.out.flush();
                server.join();
            }
        }
    }

    private HttpThreadsMemoryBench() { }
}
