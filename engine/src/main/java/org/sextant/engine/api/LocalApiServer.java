package org.sextant.engine.api;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.sextant.contract.JsonLimits;
import org.sextant.contract.ShownText;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.Version;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The app's local API: HTTP/1.1 + JSON on 127.0.0.1 at a random free port (docs/local-api.md).
 * Only loopback Host headers, no browser Origin, and a bearer token compared in constant time.
 */
public final class LocalApiServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LocalApiServer.class);
    private static final int MAX_BODY = 1 << 20;
    /** The one client every caller without {@link #CLIENT_HEADER} counts as. */
    static final String UNNAMED = "callers without X-Sextant-Client";

    /** The header naming the calling client ({@link #client}). */
    public static final String CLIENT_HEADER = "X-Sextant-Client";
    private static final java.util.regex.Pattern CLIENT_ID = java.util.regex.Pattern.compile("[A-Za-z0-9._:/-]{1,100}");

    private Listener listener; // set once at start
    private final ConnectionGuard guard;
    private final RequestSlots slots;
    private final int maxBodies;
    private final ApiTraffic traffic;
    private final byte[] token;
    private final ApiRoutes routes;
    private final Supplier<Map<String, Object>> health;
    private final AtomicInteger port = new AtomicInteger();
    private final AtomicInteger handling = new AtomicInteger();
    private volatile long lastCallMillis;
    private volatile java.util.function.IntConsumer moved = p -> {};

    private LocalApiServer(String token, ApiRoutes routes, Supplier<Map<String, Object>> health, ConnectionLimits limits) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.routes = routes;
        this.health = health;
        this.traffic = new ApiTraffic(limits.summaryInterval(), log::warn);
        this.guard = new ConnectionGuard(limits, traffic);
        this.slots = new RequestSlots(limits.maxInFlight(), limits.metadataReserve());
        this.maxBodies = limits.maxBodies();
    }

    /**
     * Starts serving {@code engine} on a random loopback port.
     *
     * @param mode  "window" or "headless", reported by health
     * @param state supplies what read_state returns
     */
    public static LocalApiServer start(Sextant engine, String token, String mode, Supplier<Object> state) throws IOException {
        return start(engine, token, mode, state, Map.of());
    }

    /**
     * As above, also serving {@code extraRoutes}: methods the hosting app implements itself
     * (render_chart draws with JavaFX, which the engine must not know). Same token, checks and
     * envelope as every route.
     */
    public static LocalApiServer start(Sextant engine, String token, String mode, Supplier<Object> state,
                                       Map<org.sextant.contract.Capability, java.util.function.Function<ApiCall, Object>> extraRoutes) throws IOException {
        return start(engine, token, mode, state, extraRoutes, ConnectionLimits.DEFAULT);
    }

    static LocalApiServer start(Sextant engine, String token, String mode, Supplier<Object> state,
                                Map<org.sextant.contract.Capability, java.util.function.Function<ApiCall, Object>> extraRoutes,
                                ConnectionLimits limits) throws IOException {
        // The JDK server leaves Nagle on: a small reply then waits for the client's delayed ACK,
        // ~40 ms per call on loopback. Read once, when the server classes initialise.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) System.setProperty("sun.net.httpserver.nodelay", "true");
        Supplier<Map<String, Object>> health = () -> {
            Map<String, Object> h = new LinkedHashMap<>();
            h.put("version", Version.APP);
            h.put("contract", Version.CONTRACT);
            h.put("pid", ProcessHandle.current().pid());
            h.put("mode", mode);
            h.put("data", engine.dataSummary());
            return h;
        };
        ApiRoutes routes = new ApiRoutes(engine, state);
        extraRoutes.forEach(routes::add);
        LocalApiServer api = new LocalApiServer(token, routes, health, limits);
        api.listener = Listener.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), api::handle, api.guard, api.guard::wake);
        api.port.set(api.listener.port());
        api.guard.alsoEachSweep(api::relisten, api.listener::needsCheck);
        log.info("local API on 127.0.0.1:{}", api.port());
        return api;
    }

    public int port() { return port.get(); }

    /**
     * Runs {@code moved} with the new port whenever the API listens on another one: after its listener
     * thread died (an OutOfMemoryError) and could not have its port back. The app publishes it in run/app.json.
     */
    public void onMoved(java.util.function.IntConsumer moved) { this.moved = moved; }

    /** A listener whose thread died listens again, same token; on a new port, it is published. */
    private void relisten() {
        int now = listener.check();
        if (now < 0 || now == port.get()) return;
        port.set(now);
        moved.accept(now);
    }

    /** When an authorised client last called (0 = never): the GUI's "agent connected" hint. */
    public long lastCallMillis() { return lastCallMillis; }

    /** Counts of cut, refused and malformed requests since start (tests; the log has one summary line per minute). */
    ApiTraffic traffic() { return traffic; }

    /** The routes served (tests hold their turns). */
    ApiRoutes routes() { return routes; }

    /** The JDK server listening now, watched (tests end its thread). */
    Listener listener() { return listener; }

    /** The slots of authenticated requests (tests see how many are held). */
    RequestSlots slots() { return slots; }

    /** Requests whose head is still arriving (not yet authenticated). */
    int unauthenticated() { return guard.unauthenticated(); }

    /** Authenticated requests whose body is still arriving (tests). */
    int bodiesArriving() { return guard.bodiesArriving(); }

    /** Requests whose head has arrived and whose exchange is not yet closed, each on a thread of its own (tests). */
    int handling() { return handling.get(); }

    /**
     * One exchange. One that ends unanswered (cut by the guard, its client gone) is thrown out as an IOException: only then
     * does the JDK server forget its connection. Closed by the exchange alone, the connection stayed in the server's sets
     * for good, ~24 kB each: 6,000 tokenless requests cut left 142 MB of heap held.
     */
    private void handle(HttpExchange ex) throws IOException {
        handling.incrementAndGet();
        Exchange exchange = new Exchange();
        serving.set(exchange);
        try {
            if (guard.headArrived()) serve(ex);
        } finally {
            serving.remove();
            ex.close(); // after any error reply: a try-with-resources would close before its catch
            handling.decrementAndGet();
        }
        if (!exchange.answered) throw new IOException("closed unanswered");
    }

    /**
     * What this thread's exchange has done. Not the exchange's attributes: the JDK keeps those in its context, shared by
     * every exchange, so one request's mark was seen by all later ones.
     */
    private static final class Exchange {
        /** Its body is left unread: the connection closes after the answer. */
        boolean unreadBody;
        /** Its answer was written whole and closed: the JDK server ends the exchange and keeps or closes the connection. */
        boolean answered;
    }

    private final ThreadLocal<Exchange> serving = new ThreadLocal<>();

    private void serve(HttpExchange ex) {
        try {
            String refusal = refusal(ex);
            if (refusal != null) {
                traffic.count(ApiTraffic.Event.REFUSED);
                if (!dropRefusedBody(ex)) return; // cut, or its client went: its connection is closed, nobody to answer
                int status = refusal.startsWith("token") ? 401 : 403;
                send(ex, status, failure("forbidden", refusal, null, status == 401
                        ? "send Authorization: Bearer <token> from SEXTANT_HOME/run/app.json"
                        : "call from this machine without a browser Origin, Host 127.0.0.1:" + port()));
                return;
            }
            lastCallMillis = System.currentTimeMillis();
            String method = ex.getRequestURI().getPath().substring("/api/v1/".length());
            if (method.equals("health")) {
                send(ex, 200, ok(health.get()));
                return;
            }
            if (!"POST".equals(ex.getRequestMethod())) {
                send(ex, 405, failure("invalid_input", "use POST for /api/v1/" + ShownText.name(method), null, "POST a JSON object of arguments"));
                return;
            }
            boolean metadata = routes.capability(method).map(ApiRoutes.METADATA::contains).orElse(false);
            String client = client(ex.getRequestHeaders().getFirst(CLIENT_HEADER));
            // the body first, in its own lane: a slot is taken only by a request that has fully arrived,
            // so bodies that stall hold none (attack pass 12, M1)
            byte[] body = readBody(ex);
            if (body == null) return; // cut for being too slow
            try (RequestSlots.Slot slot = slots.tryEnter(metadata)) {
                if (slot == null) {
                    busy(ex, metadata);
                    return;
                }
                call(ex, method, client, parseArgs(body));
            }
        } catch (SextantException e) {
            int status = switch (e.failReason()) {
                case "invalid_input" -> 400;
                case "not_found", "unknown_method", "job_unknown" -> 404; // a 5xx would tell a client to retry a job id that will never exist
                case "timeout" -> 504;
                case "job_busy" -> 409;
                case "forbidden" -> 403;
                case "resource_limit" -> 503;
                default -> 500;
            };
            Map<String, Object> body = failure(e.failReason(), e.getMessage(), e.field(), e.fix());
            if (!e.details().isEmpty()) body.put("details", e.details());
            sendQuietly(ex, status, body);
        } catch (JacksonException e) {
            traffic.count(ApiTraffic.Event.BAD_BODY);
            // where, not the parser's words: they quote the body's text back
            var at = e.getLocation();
            String where = at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
            boolean twice = e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Duplicate Object property");
            sendQuietly(ex, 400, failure("invalid_input", twice ? "request body names one argument twice" + where + ": which one counts would be a guess"
                    : "request body is not valid JSON" + where, "body",
                    "send a JSON object of arguments, e.g. {\"symbol\":\"MSFT\"}"));
        } catch (IOException e) {
            traffic.count(ApiTraffic.Event.CLIENT_GONE); // cut off mid-body or gone before the reply: counted, not logged
        } catch (RuntimeException e) {
            // a bug: its words stay in the log (an exception's message may quote a file name or a value), the client gets a mark to find them
            SextantException bug = org.sextant.engine.Incident.logged("API call " + ex.getRequestURI(), e);
            sendQuietly(ex, 500, failure(bug.failReason(), bug.getMessage(), null, bug.fix()));
        }
    }

    /** One authenticated POST whose body has arrived, holding a slot: its route run, its answer sent. */
    private void call(HttpExchange ex, String method, String client, JsonNode args) throws IOException {
        Object data;
        // a read whose client closes the connection stops at its next checkpoint (its turn is given back)
        ClientWatch.Watched connection = guard.watch(port(), ex.getRemoteAddress().getPort());
        try {
            data = routes.dispatch(new ApiCall(method, args, client), connection);
        } catch (CancellationException e) {
            if (!connection.getAsBoolean()) throw e;
            traffic.count(ApiTraffic.Event.CLIENT_GONE); // nobody to answer
            return;
        } finally {
            guard.unwatch(connection);
        }
        send(ex, 200, ok(data));
    }

    /** Every slot this request may take is held: answered at once (its body was read whole), its body dropped, so it holds nothing. */
    private void busy(HttpExchange ex, boolean metadata) {
        traffic.count(ApiTraffic.Event.BUSY);
        int held = metadata ? slots.shared() + slots.reserved() : slots.shared();
        ex.getResponseHeaders().set("Retry-After", "1");
        ex.getResponseHeaders().set("Connection", "close");
        sendQuietly(ex, 503, failure("resource_limit", "the app is answering " + held + " requests already, the most it holds at once"
                + (metadata ? "" : " (metadata reads such as list_jobs and job_status have " + slots.reserved() + " more)"), null,
                "retry in a moment; run long work as a background job (start_backtest, start_forecast_backtest, start_scan) and poll job_status"));
    }

    /**
     * Who sent a request, for what each client may hold at once (run_select: two queries; a share of the
     * computing turns): the {@value #CLIENT_HEADER} header sextant-mcp sends (its process and MCP session),
     * or else {@link #UNNAMED}, one client for every caller without it. All callers share one token, so
     * nothing else tells them apart; counted by connection, a script opening one per call (as curl does)
     * was a new client each time and took every turn and query slot past the shares (attack 16 M2).
     */
    static String client(String header) {
        if (header == null) return UNNAMED;
        if (!CLIENT_ID.matcher(header).matches()) {
            throw SextantException.invalid(CLIENT_HEADER, "header " + CLIENT_HEADER + " must be 1 to 100 letters, digits or . _ : / -",
                    "send a short name for the calling client, e.g. " + CLIENT_HEADER + ": my-script-1, or no such header");
        }
        return "client " + header;
    }

    /** Why this request must be refused, or null. */
    private String refusal(HttpExchange ex) {
        if (ex.getRequestHeaders().containsKey("Origin")) return "browser requests (Origin header) are refused";
        String host = ex.getRequestHeaders().getFirst("Host");
        String h = host == null ? "" : host.toLowerCase(Locale.ROOT);
        if (!h.equals("127.0.0.1:" + port()) && !h.equals("localhost:" + port())) return "Host '" + host + "' is not this machine's loopback";
        String auth = ex.getRequestHeaders().getFirst("Authorization");
        byte[] given = auth != null && auth.startsWith("Bearer ") ? auth.substring(7).trim().getBytes(StandardCharsets.UTF_8) : new byte[0];
        if (!MessageDigest.isEqual(token, given)) return "token missing or wrong";
        return null;
    }

    /** The body, read under the body deadlines in the bodies' lane; null when it was too slow (or the lane full) and cut. */
    private byte[] readBody(HttpExchange ex) throws IOException {
        guard.bodyStarted(() -> overLane(ex));
        byte[] bytes;
        try {
            bytes = readLimited(new Arriving(ex.getRequestBody()), declaredLength(ex));
        } catch (IOException e) {
            if (guard.bodyRead()) throw e; // the client went away
            return null; // the guard cut it and counted it
        } catch (RuntimeException tooLarge) {
            guard.bodyRead();
            closeUnread(ex);
            throw tooLarge;
        }
        return guard.bodyRead() ? bytes : null;
    }

    /** The body stays unread: answered, the connection is closed, so no socket is kept holding a half-sent body. */
    private void closeUnread(HttpExchange ex) {
        ex.getResponseHeaders().set("Connection", "close");
        serving.get().unreadBody = true;
    }

    /**
     * The body of a request refused for its token, Host or Origin, read and dropped before its 401 or 403 as its head was
     * read (within the head's deadline, among the heads' cap): a caller whose body arrives at once reads its answer as
     * before, one whose declared body never comes is cut. Before, the JDK server read it after the answer with no
     * deadline, so each such request held a thread for as long as its client kept the connection (attack 33, F3: 500
     * requests, 500 threads). A body over 1 MiB is not read: answered, then its connection closed.
     *
     * @return false when it was cut or its client went away (the connection is closed: nobody to answer)
     */
    private boolean dropRefusedBody(HttpExchange ex) {
        if (declaredLength(ex) > MAX_BODY) {
            closeUnread(ex);
            return true;
        }
        guard.refusedBodyStarted();
        long read = 0;
        try {
            InputStream body = ex.getRequestBody();
            byte[] sink = new byte[8192];
            for (int n; read <= MAX_BODY && (n = body.read(sink)) != -1; ) read += n;
        } catch (IOException e) {
            if (guard.refusedBodyDropped()) traffic.count(ApiTraffic.Event.CLIENT_GONE); // else the guard cut it and counted it
            return false;
        }
        if (!guard.refusedBodyDropped()) return false;
        if (read > MAX_BODY) closeUnread(ex); // a chunked body past 1 MiB: the rest is not read
        return true;
    }

    /**
     * The oldest body still arriving over the lane, refused by the guard's refusal writer (never the thread of the body
     * that took its place, which a client not reading would hold): 503 with resource_limit, written and flushed, not
     * closed (closing would read the rest of its body); its reader is woken next, and its connection closes.
     */
    private void overLane(HttpExchange ex) throws IOException {
        byte[] bytes = Json.MAPPER.writeValueAsBytes(failure("resource_limit",
                org.sextant.contract.BodyBounds.overArriving(maxBodies), null, org.sextant.contract.BodyBounds.OVER_ARRIVING_FIX));
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        ex.getResponseHeaders().set("Retry-After", "1");
        ex.getResponseHeaders().set("Connection", "close");
        ex.sendResponseHeaders(503, bytes.length);
        OutputStream out = ex.getResponseBody();
        out.write(bytes);
        out.flush();
    }

    /** The body's Content-Length, or -1 (chunked, or none the server would take). */
    private static long declaredLength(HttpExchange ex) {
        if (ex.getRequestHeaders().containsKey("Transfer-Encoding")) return -1;
        try {
            String length = ex.getRequestHeaders().getFirst("Content-Length");
            return length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * A declared length is read into one array of that size (what a body being read holds is what it
     * declared, at most 1 MiB, not twice that while chunks are joined); a longer one is refused unread.
     */
    private static byte[] readLimited(InputStream body, long declared) throws IOException {
        if (declared > MAX_BODY) throw tooLarge();
        if (declared >= 0) {
            byte[] bytes = new byte[(int) declared];
            if (body.readNBytes(bytes, 0, bytes.length) < bytes.length) throw new java.io.EOFException("the body ended early");
            return bytes;
        }
        byte[] bytes = body.readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) throw tooLarge();
        return bytes;
    }

    private static SextantException tooLarge() {
        return SextantException.invalid("body", "request body over 1 MiB", "send smaller arguments");
    }

    /** A request body that tells the guard each time bytes arrive, so only a body that stalls meets its stall deadline. */
    private final class Arriving extends java.io.FilterInputStream {
        Arriving(InputStream in) { super(in); }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) guard.bodyProgress();
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) guard.bodyProgress();
            return n;
        }
    }

    /**
     * Arguments are read strictly ({"symbol":"AA","symbol":"BA"} would otherwise answer for BA without a word)
     * and refused past {@link JsonLimits#MAX_TOKENS} as they are read: 1 MiB of [0,0,...] is no tree to build.
     * Fractions are read exactly, as sent: as doubles 1e400 was Infinity (refused without the number) and 1e-400
     * was 0; the routes' argument check refuses both by what was sent, then holds each number as its double.
     */
    private static final tools.jackson.databind.ObjectReader ARGUMENTS = org.sextant.contract.RepeatedKeys.strict(JsonLimits.exact());

    private JsonNode parseArgs(byte[] bytes) {
        if (bytes.length == 0) return Json.MAPPER.createObjectNode();
        JsonNode n;
        try (tools.jackson.core.JsonParser p = ARGUMENTS.createParser(bytes)) {
            try {
                n = ARGUMENTS.readTree(p);
            } catch (tools.jackson.core.exc.StreamConstraintsException e) {
                // too deep, too long or too many values to read: which limit and where, which Jackson's refusal does not say
                traffic.count(ApiTraffic.Event.BAD_BODY);
                throw SextantException.invalid("body", JsonLimits.passed(e, p, "request body", true),
                        "send a JSON object of arguments, e.g. {\"symbol\":\"MSFT\"}");
            } catch (NumberFormatException e) {
                throw pastEveryExponent(p);
            }
        }
        if (n == null || !n.isObject()) throw SextantException.invalid("body", "request body must be a JSON object", "send {\"name\": value, ...}");
        return n;
    }

    /** 1e2147483648: no exact number (an int exponent) holds it, let alone a double; refused where it stood, as an unheld number is. */
    private SextantException pastEveryExponent(tools.jackson.core.JsonParser p) {
        traffic.count(ApiTraffic.Event.BAD_BODY);
        java.util.List<Object> path = org.sextant.contract.RepeatedKeys.at(p);
        String field = path.isEmpty() ? "body" : ShownText.name(String.valueOf(path.get(0)));
        String at = path.size() > 1 ? " at " + org.sextant.contract.RepeatedKeys.shown(path) + "," : "";
        return SextantException.invalid(field, field + at + " " + org.sextant.contract.HeldNumbers.pastEveryExponent(p.getString()),
                "pass " + field + " as: a number a double holds");
    }

    private static Map<String, Object> ok(Object data) {
        return Json.object("ok", true, "data", data);
    }

    private static Map<String, Object> failure(String reason, String error, String field, String fix) {
        // escaped here too: a path's %1b, an unexpected exception's words are no SextantException
        return Json.object("ok", false, "error", ShownText.escaped(error), "fail_reason", reason,
                "field", ShownText.escaped(field), "fix", ShownText.escaped(fix));
    }

    /** Writes an answer under the guard's deadline: a client that stops reading it is cut, so it holds no slot. */
    private void send(HttpExchange ex, int status, Object body) throws IOException {
        byte[] bytes = Json.MAPPER.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        guard.answerStarted();
        try {
            ex.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
                if (serving.get().unreadBody) {
                    out.flush();
                    // closing the answer drains the unread body first, waiting on the client; interrupted (as the guard
                    // cuts a reader) the drain closes the connection instead (the guard's thread clears the interrupt)
                    Thread.currentThread().interrupt();
                }
            }
            serving.get().answered = true;
        } catch (IOException e) {
            if (guard.answerSent()) throw e; // the client went away
            return; // the guard cut it and counted it
        }
        guard.answerSent();
    }

    private void sendQuietly(HttpExchange ex, int status, Object body) {
        try {
            send(ex, status, body);
        } catch (IOException | RuntimeException gone) {
            traffic.count(ApiTraffic.Event.CLIENT_GONE);
        }
    }

    @Override
    public void close() {
        listener.close();
        guard.close();
    }
}
