package org.sextant.mcp.app;

import org.sextant.contract.AppFile;
import org.sextant.contract.Capability;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.sextant.mcp.LauncherInfo;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Talks to the running app's local API. What run/app.json says is kept while the file is
 * unchanged (one stat per call instead of a read, a parse and a process check); it is read
 * again when the file changes, and when the app refuses the connection or the token, in which
 * case the call is made once more to the app found, so an app that restarted on another port
 * (or whose listener did) is followed without restarting us.
 */
public final class AppClient {
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    /**
     * The longest a quick call (health_check, cancel_job, a resource read: the launcher's quick lane) waits for the app's
     * answer, or --timeout when shorter. The app answers these in milliseconds; one that stalls would otherwise hold a
     * quick worker for the whole --timeout, and a few such calls every quick worker (docs/mcp.md, "Connections").
     */
    public static final Duration QUICK_TIMEOUT = Duration.ofSeconds(5);
    private static final java.util.regex.Pattern METHOD = java.util.regex.Pattern.compile("[A-Za-z0-9_]+");

    /** What the app knows this launcher's calls by: its process (X-Sextant-Client; docs/local-api.md, "Bounds"). */
    private static final String LAUNCHER = "sextant-mcp-" + ProcessHandle.current().pid();
    private static final java.util.regex.Pattern SESSION_ID = java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** The MCP session the tool call on this thread serves (--http serves several agents from one launcher). */
    private static final ThreadLocal<String> SESSION = new ThreadLocal<>();
    /**
     * Set while this thread runs a quick call: when the call was read ({@link System#nanoTime}). Its exchanges end at most
     * {@link #quickTimeout} after that, however long it waited for a worker.
     */
    private static final ThreadLocal<Long> QUICK_READ_AT = new ThreadLocal<>();

    private final Path appJson;
    private final Duration requestTimeout;
    private final Duration quickTimeout;
    private final LoopbackHttp http = new LoopbackHttp();
    /** The last successful discovery and the file state it came from; null until then or after a failure. */
    private volatile Discovered known;

    private record Discovered(AppFile app, Object fileKey, FileTime modified, long size) {
        boolean describes(BasicFileAttributes now) {
            return now != null && Objects.equals(fileKey, now.fileKey()) && modified.equals(now.lastModifiedTime())
                    && size == now.size();
        }
    }

    /** The app refused before running anything (connection or token): worth a fresh discovery. */
    private static final class Refused extends Exception {
        final ToolFailure failure;
        final boolean connection;

        Refused(ToolFailure failure, boolean connection) {
            super(failure.getMessage(), null, false, false);
            this.failure = failure;
            this.connection = connection;
        }
    }

    /** Waits {@link AppFile#RELISTEN_WAIT} (tests do what the app would do meanwhile). */
    interface RelistenWait {
        void await() throws InterruptedException;
    }

    private final RelistenWait relistenWait;

    public AppClient(Path appJson, Duration requestTimeout) {
        this(appJson, requestTimeout, QUICK_TIMEOUT);
    }

    /** As above, a quick call waiting at most {@code quickTimeout} (or {@code requestTimeout} when shorter). */
    public AppClient(Path appJson, Duration requestTimeout, Duration quickTimeout) {
        this(appJson, requestTimeout, quickTimeout, () -> Thread.sleep(AppFile.RELISTEN_WAIT.toMillis()));
    }

    AppClient(Path appJson, Duration requestTimeout, RelistenWait relistenWait) {
        this(appJson, requestTimeout, QUICK_TIMEOUT, relistenWait);
    }

    private AppClient(Path appJson, Duration requestTimeout, Duration quickTimeout, RelistenWait relistenWait) {
        this.appJson = appJson;
        this.requestTimeout = requestTimeout;
        this.quickTimeout = quickTimeout.compareTo(requestTimeout) < 0 ? quickTimeout : requestTimeout;
        this.relistenWait = relistenWait;
    }

    public Path appJson() {
        return appJson;
    }

    /** Finds the app: file present, process alive, contract spoken by us (kept while run/app.json is unchanged). */
    public AppFile discover() throws ToolFailure {
        Discovered d = known;
        if (d != null && d.describes(attributes())) return d.app();
        return rediscover();
    }

    /** Reads run/app.json afresh and checks the process and the contract. */
    private AppFile rediscover() throws ToolFailure {
        known = null;
        http.closeIdle();
        BasicFileAttributes before = attributes(); // taken first: a rewrite after it shows as a change next call
        AppFile app = Discovery.read(appJson);
        if (!app.processAlive()) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING,
                    "the Sextant app is not running (" + appJson + " names pid " + app.pid()
                            + ", which has exited; the file is left from a crash)", Discovery.START_HINT);
        }
        if (app.contract() != LauncherInfo.APP_CONTRACT) {
            throw new ToolFailure(FailReason.CONTRACT_MISMATCH,
                    "the app speaks local API contract " + app.contract() + " (version " + app.version()
                            + ") but this launcher speaks contract " + LauncherInfo.APP_CONTRACT,
                    "the person must install the same Sextant release for the app and sextant-mcp;"
                            + " calls to the app will fail until then");
        }
        if (before != null) known = new Discovered(app, before.fileKey(), before.lastModifiedTime(), before.size());
        return app;
    }

    private BasicFileAttributes attributes() {
        try {
            return Files.readAttributes(appJson, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            return null; // gone or unreadable: AppFile.read names the problem
        }
    }

    /**
     * Where the app stands, as data rather than a failure: status "running" with what health
     * says, or the fail_reason (app_not_running, contract_mismatch, ...) with its error and hint.
     */
    public Map<String, Object> probe() {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            AppFile app = discover();
            Map<String, Object> health = exchange(app, "health", null);
            Discovered now = known;
            if (now != null) app = now.app(); // the app that answered, when a refusal made us look again
            out.put("status", "running");
            out.put("version", app.version());
            out.put("contract", app.contract());
            out.put("pid", app.pid());
            out.put("port", app.port());
            out.put("started_at", app.startedAt());
            out.put("health", health);
        } catch (ToolFailure f) {
            out.put("status", f.failReason());
            out.put("error", f.getMessage());
            out.put("client_hint", f.clientHint());
        }
        out.put("app_json", appJson.toString());
        return out;
    }

    /** GET /api/v1/health: the app's data payload. */
    public Map<String, Object> health() throws ToolFailure {
        return exchange(discover(), "health", null);
    }

    /**
     * POST /api/v1/{capability} with the arguments as a JSON object: the app's data payload. Tools
     * name the contract's capability (not a string), so the self-test can see which routes a tool reaches.
     */
    public Map<String, Object> call(Capability capability, Map<String, Object> arguments) throws ToolFailure {
        byte[] body = Json.write(arguments == null ? Map.of() : arguments).getBytes(StandardCharsets.UTF_8);
        return exchange(discover(), capability.name(), body);
    }

    /**
     * Sends to the app found; when it refuses the connection or the token, nothing ran there, so
     * run/app.json is read again and, if it now names another app (or the same one on another port),
     * the call goes there once. A connection refused by the app the file still names, running, is
     * tried once more after {@link AppFile#RELISTEN_WAIT}: its listener is starting again on the same port.
     */
    private Map<String, Object> exchange(AppFile app, String method, byte[] body) throws ToolFailure {
        try {
            return send(app, method, body);
        } catch (Refused r) {
            AppFile fresh = rediscover(); // a crash (pid gone) or a clean exit (no file) is named here
            if (fresh.equals(app)) {
                if (!r.connection) throw r.failure;
                try {
                    relistenWait.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw r.failure;
                }
            }
            try {
                return send(fresh, method, body);
            } catch (Refused again) {
                throw again.failure;
            }
        }
    }

    private Map<String, Object> send(AppFile app, String method, byte[] body) throws ToolFailure, Refused {
        if (!METHOD.matcher(method).matches()) throw new IllegalArgumentException("not an API method name: " + method);
        LoopbackHttp.Response response;
        Long readAt = QUICK_READ_AT.get();
        boolean quick = readAt != null;
        Duration timeout = requestTimeout;
        if (quick) {
            timeout = quickTimeout.minusNanos(System.nanoTime() - readAt);
            if (timeout.toMillis() < 1) { // its time went waiting for a worker, behind quick calls the app has not answered
                throw new ToolFailure(FailReason.TIMEOUT, quickTimeoutInLine(method, quickTimeout), QUICK_TIMEOUT_FIX);
            }
        }
        try {
            response = http.exchange(app.port(), "/api/v1/" + method, app.token(), client(), body, CONNECT_TIMEOUT, timeout);
        } catch (ConnectException e) {
            throw new Refused(notRunning(app, "refused the connection", e), true);
        } catch (LoopbackHttp.AnswerTooLarge e) {
            throw tooLarge(method, e);
        } catch (AnswersInFlight.Busy e) {
            throw busy(method, e);
        } catch (LoopbackHttp.ConnectTimeout e) {
            known = null;
            throw notRunning(app, "did not accept a connection within " + CONNECT_TIMEOUT.toSeconds() + " s", e);
        } catch (SocketTimeoutException e) {
            if (quick) throw new ToolFailure(FailReason.TIMEOUT, quickTimeout(method, quickTimeout), QUICK_TIMEOUT_FIX, e);
            throw new ToolFailure(FailReason.TIMEOUT,
                    "the app did not answer '" + method + "' within " + requestTimeout.toSeconds() + " s",
                    "the app may be busy with a long job: call health_check, then retry once or narrow the request", e);
        } catch (ClosedByInterruptException e) {
            throw new ToolFailure(FailReason.TIMEOUT, "the call to '" + method + "' was interrupted",
                    "call again", e);
        } catch (IOException e) {
            // Connection reset or closed mid-answer: the app went away under us (it may have run the call).
            known = null;
            throw notRunning(app, "closed the connection (" + e.getClass().getSimpleName() + ")", e);
        }
        try (response) { // its room among the answers in flight is given back once it is parsed
            if (response.status() == 401) {
                try {
                    ApiReply.unwrap(method, 401, response.bytes());
                } catch (ToolFailure f) {
                    throw new Refused(f, false);
                }
            }
            return ApiReply.unwrap(method, response.status(), response.bytes());
        }
    }

    private static final long MB = 1024 * 1024;

    private static String size(long bytes) {
        return bytes % MB == 0 ? bytes / MB + " MB" : bytes + " bytes";
    }

    /** An answer over the bound on one answer: what to ask for instead. */
    static ToolFailure tooLarge(String method, LoopbackHttp.AnswerTooLarge e) {
        return new ToolFailure(FailReason.RESOURCE_LIMIT, "the app's answer to '" + method + "' has " + (e.announced ? "" : "over ")
                + e.bytes + " bytes of JSON, over the " + size(e.bound) + " the launcher reads of one answer (answers are parsed"
                + " in its memory); it was not read",
                "ask for less in one call: a narrower SELECT (fewer columns) or a LIMIT, and page with OFFSET or a WHERE on the key;"
                        + " fewer symbols or days for other tools", e);
    }

    /** No room among the large answers in flight within the wait: try again, or ask for less. */
    static ToolFailure busy(String method, AnswersInFlight.Busy e) {
        return new ToolFailure(FailReason.RESOURCE_LIMIT, "the app's answer to '" + method + "' (" + e.bytes + " bytes of JSON) found no room: the launcher reads at most " + size(e.bound) + " of large answers at once, over all"
                + " sessions, and other calls' answers held " + size(e.held) + " all the time it waited; it was not read",
                "call again in a moment, or ask for less in one call (a narrower SELECT or a LIMIT, fewer symbols or days)", e);
    }

    /** What a quick call the app did not answer in time is answered: the app named as not answering, and the bound. */
    public static String quickTimeout(String method, Duration timeout) {
        return "the app did not answer '" + method + "' within " + timeout.toSeconds() + " s, the most a quick call"
                + " (health_check, list_jobs, cancel_job, a resource read) waits for it: the app is stalled or overloaded";
    }

    /** What a quick call is answered whose time passed before a worker took it: it was not sent to the app. */
    public static String quickTimeoutInLine(String method, Duration timeout) {
        return "'" + method + "' was not sent to the app: it waited " + timeout.toSeconds() + " s for a worker, the most a quick"
                + " call (health_check, list_jobs, cancel_job, a resource read) waits for the app, behind quick calls the app"
                + " has not answered: the app is stalled or overloaded";
    }

    /** The fix of {@link #quickTimeout} and {@link #quickTimeoutInLine}. */
    public static final String QUICK_TIMEOUT_FIX = "call health_check in a moment; if the app does not answer it either,"
            + " ask the person to look at the Sextant app (restart it if it hangs)";

    /**
     * Runs {@code call}, read at {@code readAt} ({@link System#nanoTime}), as a quick call (the launcher's quick lane): its
     * exchanges with the app end at most the quick timeout after it was read, so a stalled app holds a quick worker for
     * moments, not for --timeout, and a call that waited its time away for a worker is answered at once.
     */
    public static <T> T quick(long readAt, java.util.concurrent.Callable<T> call) throws Exception {
        Long before = QUICK_READ_AT.get();
        QUICK_READ_AT.set(readAt);
        try {
            return call.call();
        } finally {
            if (before == null) QUICK_READ_AT.remove();
            else QUICK_READ_AT.set(before);
        }
    }

    /**
     * Runs a tool call of MCP session {@code sessionId}: its calls to the app name the launcher and
     * the session, so the app bounds each agent by itself (run_select: two queries at once), not all
     * the agents of one --http launcher together.
     */
    public static <T> T forSession(String sessionId, java.util.function.Supplier<T> call) {
        String before = SESSION.get();
        SESSION.set(sessionId);
        try {
            return call.get();
        } finally {
            if (before == null) SESSION.remove();
            else SESSION.set(before);
        }
    }

    /** The MCP session this thread serves a call of, or null (stdio, or outside a call). */
    public static String session() {
        return SESSION.get();
    }

    /**
     * The X-Sextant-Client of a call from this thread: the launcher, and its MCP session when known.
     * A session id of other characters or longer than 64 is sent as "sha256:" and its full SHA-256
     * in hex: two sessions must never share one client's query slots (a 32-bit hash let "Aa!" and
     * "BB!" share them), and the ':' keeps a hashed id apart from any plain one.
     */
    static String client() {
        String s = SESSION.get();
        if (s == null || s.isEmpty()) return LAUNCHER;
        return LAUNCHER + "/" + (SESSION_ID.matcher(s).matches() ? s : "sha256:" + sha256(s));
    }

    private static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    private ToolFailure notRunning(AppFile app, String what, Exception cause) {
        return new ToolFailure(FailReason.APP_NOT_RUNNING,
                "the Sextant app is not running (port " + app.port() + " from " + appJson + " " + what + ")",
                Discovery.START_HINT, cause);
    }
}
