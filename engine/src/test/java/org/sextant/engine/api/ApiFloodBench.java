package org.sextant.engine.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.testing.ProcessStatus;

/**
 * What a tokenless flood costs the app's local API (docs/benchmarks.md, "Local API: memory under a tokenless flood"):
 * an app's server in a JVM of its own (bin/sextant's GC flags), 4 clients each sending N requests with a wrong token that
 * declare a 100 kB body and send 1 byte, held open; against the same number of authorised /health calls (the baseline
 * traffic). A good client calls /health on a new connection every 20 ms throughout. With a directory of engine classes
 * built elsewhere (a baseline commit), its server is measured too, first. Run: java -cp
 * engine/target/test-classes:engine/target/classes:DEPS org.sextant.engine.api.ApiFloodBench [N] [baseline classes]
 */
public final class ApiFloodBench {
    private static final String TOKEN = "flood-bench-token";

    public static void main(String[] args) throws Exception {
        int perClient = args.length > 0 ? Integer.parseInt(args[0]) : 1500;
        List<String[]> servers = new ArrayList<>();
        if (args.length > 1) servers.add(new String[] {"baseline: " + args[1], args[1] + java.io.File.pathSeparator});
        servers.add(new String[] {"this build", ""});
        System.out.printf("cores=%d, load average %.1f (shared machine), 4 clients x %d requests; RSS in MB, latency in ms%n",
                Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), perClient);
        System.out.println("| server | traffic | RSS idle | RSS peak | RSS after | threads peak | connections held after | heap live after | /health p50 | p99 | max |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (String[] server : servers) {
            for (boolean tokenless : new boolean[] {false, true}) {
                System.out.println(run(server[0], server[1], tokenless, perClient));
            }
        }
    }

    private static String run(String name, String classesFirst, boolean tokenless, int perClient) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process app = new ProcessBuilder(javaBin, "-XX:G1PeriodicGCInterval=15000", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
                "-cp", classesFirst + System.getProperty("java.class.path"), Serve.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            int port = port(app);
            long pid = app.pid();
            Thread.sleep(2000);
            long idle = ProcessStatus.rssMb(pid);
            AtomicBoolean flooding = new AtomicBoolean(true);
            List<Long> latencies = new ArrayList<>();
            Thread good = goodClient(port, flooding, latencies);
            List<Socket> held = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                Thread t = new Thread(() -> {
                    for (int i = 0; i < perClient; i++) {
                        try {
                            if (tokenless) held.add(tokenless(port));
                            else health(port);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
                clients.add(t);
                t.start();
            }
            long peak = idle, threads = 0;
            // the flood, then 7 s: every refused request cut at the heads' 5 s deadline
            long settleUntil = Long.MAX_VALUE;
            while (System.nanoTime() < settleUntil) {
                peak = Math.max(peak, ProcessStatus.rssMb(pid));
                threads = Math.max(threads, ProcessStatus.threads(pid));
                if (settleUntil == Long.MAX_VALUE && clients.stream().noneMatch(Thread::isAlive)) settleUntil = System.nanoTime() + 7_000_000_000L;
                Thread.sleep(50);
            }
            flooding.set(false);
            good.join();
            for (Socket s : held) s.close();
            long after = ProcessStatus.rssMb(pid);
            long[] live = liveHeap(pid);
            long[] ms = latencies.stream().mapToLong(n -> n / 1_000).sorted().toArray();
            return String.format("| %s | %s | %d | %d | %d | %d | %d | %.0f MB | %.1f | %.1f | %.1f |", name,
                    tokenless ? "tokenless, 100 kB declared, 1 byte sent" : "authorised /health (baseline)", idle, peak, after, threads, live[0],
                    live[1] / 1e6, ms[ms.length / 2] / 1e3, ms[(int) (ms.length * 0.99)] / 1e3, ms[ms.length - 1] / 1e3);
        } finally {
            app.destroy();
            app.waitFor();
        }
    }

    /** The port {@code app} (a {@link Serve}) prints first; the rest of its output is drained so its log never stalls it. */
    static int port(Process app) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
        int port = Integer.parseInt(out.readLine().trim());
        Thread drain = new Thread(() -> {
            try {
                while (out.readLine() != null) { /* dropped */ }
            } catch (IOException closed) { /* it ended */ }
        });
        drain.setDaemon(true);
        drain.start();
        return port;
    }

    /** A good client, started: calls /health every 20 ms while {@code running}, its latencies (ns) added to {@code latencies}. */
    static Thread goodClient(int port, AtomicBoolean running, List<Long> latencies) {
        Thread good = new Thread(() -> {
            while (running.get()) {
                long t0 = System.nanoTime();
                try {
                    health(port);
                    latencies.add(System.nanoTime() - t0);
                    Thread.sleep(20);
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        good.start();
        return good;
    }

    static void health(int port) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.getOutputStream().write(("GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            if (!new String(in.readAllBytes(), StandardCharsets.US_ASCII).startsWith("HTTP/1.1 200")) throw new IOException("health not answered");
        }
    }

    private static Socket tokenless(int port) throws IOException {
        Socket s = new Socket("127.0.0.1", port);
        s.getOutputStream().write(("POST /api/v1/list_symbols HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAuthorization: Bearer wrong\r\n"
                + "Content-Length: 100000\r\n\r\n{").getBytes(StandardCharsets.US_ASCII));
        return s;
    }

    /** The JDK server's connections still referenced, and the live heap, after a full GC (jcmd's class histogram). */
    private static long[] liveHeap(long pid) throws Exception {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid), "GC.class_histogram")
                .redirectErrorStream(true).start();
        long connections = 0, bytes = 0;
        for (String line : new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 4 && f[3].equals("sun.net.httpserver.HttpConnection")) connections = Long.parseLong(f[1]);
            if (f.length >= 3 && f[0].equals("Total")) bytes = Long.parseLong(f[2]);
        }
        jcmd.waitFor();
        return new long[] {connections, bytes};
    }

    /** The app's server on a fresh home, in its own JVM: prints "port", serves until its stdin closes. */
    public static final class Serve {
        public static void main(String[] args) throws Exception {
            Path home = Files.createTempDirectory("sextant-flood-bench");
            try (Sextant engine = Sextant.open(new SextantHome(home));
                 LocalApiServer api = LocalApiServer.start(engine, TOKEN, "headless", Map::of)) {
                System.out.println(api.port());
                System.out.flush();
                System.in.read();
            }
        }
    }

    private ApiFloodBench() { }
}
