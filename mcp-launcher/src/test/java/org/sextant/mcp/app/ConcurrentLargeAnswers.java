package org.sextant.mcp.app;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.SessionTables;

/**
 * A JVM of its own (started by {@link ConcurrentLargeAnswersHeapTest} and {@link ConcurrentLargeAnswersBench} with a heap
 * bound): N sessions' run_select answers of ROWS x COLUMNS one-character cells (attack 36b's shape) read at once from a local
 * app stand-in, each stored as its session's table, as run_select does. Mode "bounded": the launcher's read (its bounds,
 * AnswerReader); "unbounded": as before launcher 0.13.0 (the whole body read without a bound, made a String, parsed to a
 * tree); each waits for room as long as it takes. Prints one line: answered, refused, failed (out of memory), the most heap seen in use and the seconds taken.
 * Args: mode answers rows columns.
 */
public final class ConcurrentLargeAnswers {
    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        boolean bounded = args[0].equals("bounded");
        int answers = Integer.parseInt(args[1]), rows = Integer.parseInt(args[2]), columns = Integer.parseInt(args[3]);
        byte[] body = selectAnswer(rows, columns);
        byte[] http = join(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1), body);
        body = null;
        AtomicLong peak = new AtomicLong();
        Thread sampler = new Thread(() -> {
            while (true) {
                peak.accumulateAndGet(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.setDaemon(true);
        sampler.start();
        AtomicInteger answered = new AtomicInteger(), refused = new AtomicInteger(), failed = new AtomicInteger();
        long started;
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> serve(server, http));
            acceptor.setDaemon(true);
            acceptor.start();
            SessionTables tables = SessionTables.withDefaults();
            // bounded: the launcher's bounds for this heap, an answer waiting for room as long as it takes (not 30 s: on a loaded
            // machine that refuses some, and what is measured here is memory; the refusal is AnswerBoundsTest's)
            LoopbackHttp client = bounded
                    ? new LoopbackHttp(new AnswersInFlight(AnswersInFlight.launcherBytes(Runtime.getRuntime().maxMemory()), Long.MAX_VALUE),
                            LoopbackHttp.MAX_ANSWER_BYTES)
                    : new LoopbackHttp(new AnswersInFlight(Long.MAX_VALUE, 0), Long.MAX_VALUE);
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> sessions = new ArrayList<>();
            for (int i = 0; i < answers; i++) {
                String session = "session-" + i;
                Thread t = new Thread(() -> {
                    try {
                        go.await();
                        Map<String, Object> data;
                        try (LoopbackHttp.Response r = client.exchange(server.getLocalPort(), "/api/v1/run_select", "t", null,
                                Duration.ofSeconds(30), Duration.ofSeconds(3600))) {
                            data = bounded ? ApiReply.unwrap("run_select", r.status(), r.bytes()) : Json.readObject(r.body());
                        }
                        if (!bounded) data = (Map<String, Object>) data.get("data");
                        tables.of(session).put("run_select", List.of(), (List<?>) data.get("rows"));
                        answered.incrementAndGet();
                    } catch (LoopbackHttp.AnswerTooLarge | AnswersInFlight.Busy | ToolFailure e) {
                        refused.incrementAndGet();
                    } catch (Throwable e) { // out of memory
                        failed.incrementAndGet();
                    }
                });
                t.start();
                sessions.add(t);
            }
            started = System.nanoTime();
            go.countDown();
            for (Thread t : sessions) t.join();
        }
        System.out.printf("answered=%d refused=%d failed=%d peak_heap_mb=%d seconds=%.1f%n", answered.get(), refused.get(), failed.get(),
                peak.get() >> 20, (System.nanoTime() - started) / 1e9);
        System.exit(0);
    }

    /** The line {@link #main} prints, run in a JVM of its own with {@code heap} (e.g. -Xmx384m) and G1. */
    static String inJvm(String heap, String mode, int answers, int rows, int columns) throws Exception {
        Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(), heap,
                "-XX:+UseG1GC", "-cp", System.getProperty("java.class.path"), ConcurrentLargeAnswers.class.getName(), mode,
                String.valueOf(answers), String.valueOf(rows), String.valueOf(columns)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        List<String> lines = out.lines().filter(l -> l.startsWith("answered=")).toList();
        if (p.waitFor() != 0 || lines.size() != 1) throw new IllegalStateException("the JVM of " + mode + " answers printed: " + out);
        return lines.get(0);
    }

    /** A run_select answer of {@code rows} x {@code columns} one-character cells, as the app sends it. */
    static byte[] selectAnswer(int rows, int columns) {
        StringBuilder json = new StringBuilder("{\"ok\":true,\"data\":{\"columns\":[");
        for (int c = 0; c < columns; c++) json.append(c == 0 ? "" : ",").append("\"c").append(c).append('"');
        json.append("],\"rows\":[");
        for (int r = 0; r < rows; r++) {
            json.append(r == 0 ? "[" : ",[");
            for (int c = 0; c < columns; c++) json.append(c == 0 ? "" : ",").append("\"a\"");
            json.append(']');
        }
        return json.append("],\"row_count\":").append(rows).append("}}").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void serve(ServerSocket server, byte[] answer) {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> {
                    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        while (skipRequest(in)) {
                            out.write(answer);
                            out.flush();
                        }
                    } catch (IOException e) {
                        // the client went away
                    }
                });
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    /** Reads one request (a GET or a POST with Content-Length); false at the end of the stream. */
    private static boolean skipRequest(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            head.write(c);
            String h = head.toString(StandardCharsets.ISO_8859_1);
            if (h.endsWith("\r\n\r\n")) {
                for (String line : h.split("\r\n")) {
                    if (line.toLowerCase().startsWith("content-length:")) in.readNBytes(Integer.parseInt(line.substring(15).trim()));
                }
                return true;
            }
        }
        return false;
    }

    private static byte[] join(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
