package org.sextant.mcp.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The launcher's HTTP to the app, against a scripted server that shows what went over the socket. */
class LoopbackHttpTest {
    private static final Duration CONNECT = Duration.ofSeconds(3);
    private static final Duration ANSWER = Duration.ofSeconds(20);

    /** Serves each request with what {@code answer} returns for its request number; closes after it when told. */
    static final class ScriptedServer implements AutoCloseable {
        final ServerSocket socket;
        final AtomicInteger connections = new AtomicInteger();
        final List<String> requests = new CopyOnWriteArrayList<>();
        private final Function<Integer, String> answer;
        private final java.util.function.IntPredicate closeAfter;

        ScriptedServer(Function<Integer, String> answer, java.util.function.IntPredicate closeAfter) throws IOException {
            this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            this.answer = answer;
            this.closeAfter = closeAfter;
            Thread t = new Thread(this::accept, "scripted-server");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return socket.getLocalPort();
        }

        private void accept() {
            while (!socket.isClosed()) {
                try {
                    Socket s = socket.accept();
                    connections.incrementAndGet();
                    Thread t = new Thread(() -> serve(s), "scripted-connection");
                    t.setDaemon(true);
                    t.start();
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void serve(Socket s) {
            try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                while (true) {
                    String head = readHead(in);
                    if (head == null) return;
                    int length = 0;
                    for (String line : head.split("\r\n")) {
                        if (line.toLowerCase().startsWith("content-length:")) length = Integer.parseInt(line.substring(15).trim());
                    }
                    String request = head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
                    int n = requests.size();
                    requests.add(request);
                    String a = answer.apply(n);
                    if (a == null) { // never answer
                        Thread.sleep(60_000);
                        return;
                    }
                    out.write(a.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    if (closeAfter.test(n)) return;
                }
            } catch (IOException | InterruptedException e) {
                // the client went away
            }
        }

        private static String readHead(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c;
            while ((c = in.read()) >= 0) {
                b.write(c);
                String s = b.toString(StandardCharsets.ISO_8859_1);
                if (s.endsWith("\r\n\r\n")) return s;
            }
            return null;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private ScriptedServer server;

    @AfterEach
    void stop() throws IOException {
        if (server != null) server.close();
    }

    static String ok(String body) {
        return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    @Test
    void sendsOneLoopbackRequestWithTokenAndBodyAndReusesTheConnection() throws Exception {
        server = new ScriptedServer(n -> ok("{\"ok\":true,\"n\":" + n + "}"), n -> false);
        LoopbackHttp http = new LoopbackHttp();
        byte[] body = "{\"symbol\":\"AA\"}".getBytes(StandardCharsets.UTF_8);
        LoopbackHttp.Response first = http.exchange(server.port(), "/api/v1/get_close_price", "tok3n", body, CONNECT, ANSWER);
        LoopbackHttp.Response second = http.exchange(server.port(), "/api/v1/health", "tok3n", null, CONNECT, ANSWER);

        assertEquals(200, first.status());
        assertEquals("{\"ok\":true,\"n\":0}", first.body());
        assertEquals("{\"ok\":true,\"n\":1}", second.body());
        assertEquals(1, server.connections.get(), "the second call reuses the kept-alive connection");
        String post = server.requests.get(0);
        assertTrue(post.startsWith("POST /api/v1/get_close_price HTTP/1.1\r\n"), post);
        assertTrue(post.contains("\r\nHost: 127.0.0.1:" + server.port() + "\r\n"), post);
        assertTrue(post.contains("\r\nAuthorization: Bearer tok3n\r\n"), post);
        assertTrue(post.contains("\r\nContent-Length: " + body.length + "\r\n"), post);
        assertTrue(post.endsWith("\r\n\r\n{\"symbol\":\"AA\"}"), post);
        assertTrue(server.requests.get(1).startsWith("GET /api/v1/health HTTP/1.1\r\n"), server.requests.get(1));
    }

    @Test
    void readsAChunkedAnswer() throws Exception {
        server = new ScriptedServer(n -> "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"ok\"\r\n" + "b;ext=1\r\n:true,\"x\":1\r\n" + "1\r\n}\r\n" + "0\r\n\r\n", n -> false);
        LoopbackHttp http = new LoopbackHttp();
        assertEquals("{\"ok\":true,\"x\":1}", http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER).body());
        assertEquals("{\"ok\":true,\"x\":1}", http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER).body());
        assertEquals(1, server.connections.get());
    }

    @Test
    void aConnectionTheAppClosedWhileIdleIsNotUsedAgain() throws Exception {
        server = new ScriptedServer(n -> ok("{\"n\":" + n + "}"), n -> true); // closes after every answer, saying nothing
        LoopbackHttp http = new LoopbackHttp();
        assertEquals("{\"n\":0}", http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER).body());
        Thread.sleep(200); // let the close arrive (this test is about what happens after it, not how fast)
        assertEquals("{\"n\":1}", http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER).body());
        assertEquals(2, server.connections.get());
    }

    @Test
    void connectionCloseAndAnAnswerWithoutLengthEndTheConnection() throws Exception {
        server = new ScriptedServer(n -> n == 0
                ? "HTTP/1.1 401 Unauthorized\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                : "HTTP/1.1 500 Internal Server Error\r\n\r\noops", n -> n > 0);
        LoopbackHttp http = new LoopbackHttp();
        LoopbackHttp.Response refused = http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER);
        assertEquals(401, refused.status());
        assertEquals("{}", refused.body());
        LoopbackHttp.Response untilClose = http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER);
        assertEquals(500, untilClose.status());
        assertEquals("oops", untilClose.body());
        assertEquals(2, server.connections.get());
    }

    @Test
    void aRefusedPortIsAConnectExceptionAndASilentAppATimeout() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        LoopbackHttp http = new LoopbackHttp();
        assertThrows(ConnectException.class, () -> http.exchange(closedPort, "/api/v1/x", "t", null, CONNECT, ANSWER));

        server = new ScriptedServer(n -> null, n -> false);
        assertThrows(SocketTimeoutException.class,
                () -> http.exchange(server.port(), "/api/v1/x", "t", null, CONNECT, Duration.ofMillis(300)));
    }

    @Test
    void anAnswerThatIsNotHttpIsAnIoFailure() throws Exception {
        server = new ScriptedServer(n -> "SSH-2.0-OpenSSH_9.6\r\n", n -> true);
        IOException e = assertThrows(IOException.class,
                () -> new LoopbackHttp().exchange(server.port(), "/api/v1/x", "t", null, CONNECT, ANSWER));
        assertTrue(e.getMessage().contains("not an HTTP/1.1 answer"), e.getMessage());
    }
}
