package org.sextant.mcp.app;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.FailReason;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Talks to the running app's local API. Discovery happens on every call (run/app.json is read
 * each time), so an app that restarted on another port is found without restarting us.
 */
public final class AppClient {
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

    private final Path appJson;
    private final Duration requestTimeout;
    /** Built on first use: building it loads the TLS stack, which would slow the first tools/list. */
    private HttpClient http;

    public AppClient(Path appJson, Duration requestTimeout) {
        this.appJson = appJson;
        this.requestTimeout = requestTimeout;
    }

    private synchronized HttpClient http() {
        if (http == null) {
            http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(CONNECT_TIMEOUT)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        }
        return http;
    }

    public Path appJson() {
        return appJson;
    }

    /** Finds the app: file present, process alive, contract spoken by us. */
    public AppFile discover() throws ToolFailure {
        AppFile app = AppFile.read(appJson);
        if (!app.processAlive()) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING,
                    "the Sextant app is not running (" + appJson + " names pid " + app.pid()
                            + ", which has exited; the file is left from a crash)", AppFile.START_HINT);
        }
        if (app.contract() != LauncherInfo.APP_CONTRACT) {
            throw new ToolFailure(FailReason.CONTRACT_MISMATCH,
                    "the app speaks local API contract " + app.contract() + " (version " + app.version()
                            + ") but this launcher speaks contract " + LauncherInfo.APP_CONTRACT,
                    "the person must install the same Sextant release for the app and sextant-mcp;"
                            + " calls to the app will fail until then");
        }
        return app;
    }

    /**
     * Where the app stands, as data rather than a failure: status "running" with what health
     * says, or the fail_reason (app_not_running, contract_mismatch, ...) with its error and hint.
     */
    public Map<String, Object> probe() {
        Map<String, Object> out = new LinkedHashMap<>();
        try {
            AppFile app = discover();
            Map<String, Object> health = send(app, "health", HttpRequest.newBuilder(uri(app, "health")).GET());
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
        AppFile app = discover();
        return send(app, "health", HttpRequest.newBuilder(uri(app, "health")).GET());
    }

    /** POST /api/v1/{method} with the arguments as a JSON object: the app's data payload. */
    public Map<String, Object> call(String method, Map<String, Object> arguments) throws ToolFailure {
        AppFile app = discover();
        String body = Json.write(arguments == null ? Map.of() : arguments);
        return send(app, method, HttpRequest.newBuilder(uri(app, method))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    private static URI uri(AppFile app, String method) {
        return URI.create("http://127.0.0.1:" + app.port() + "/api/v1/" + method);
    }

    private Map<String, Object> send(AppFile app, String method, HttpRequest.Builder request) throws ToolFailure {
        HttpResponse<String> response;
        try {
            response = http().send(request
                            .timeout(requestTimeout)
                            .header("Authorization", "Bearer " + app.token())
                            .header("Accept", "application/json")
                            .build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpConnectTimeoutException e) {
            throw notRunning(app, "did not accept a connection within " + CONNECT_TIMEOUT.toSeconds() + " s", e);
        } catch (HttpTimeoutException e) {
            throw new ToolFailure(FailReason.TIMEOUT,
                    "the app did not answer '" + method + "' within " + requestTimeout.toSeconds() + " s",
                    "the app may be busy with a long job: call health_check, then retry once or narrow the request", e);
        } catch (ConnectException e) {
            throw notRunning(app, "refused the connection", e);
        } catch (IOException e) {
            // Connection reset or closed mid-answer: the app went away under us.
            throw notRunning(app, "closed the connection (" + e.getClass().getSimpleName() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolFailure(FailReason.TIMEOUT, "the call to '" + method + "' was interrupted",
                    "call again", e);
        }
        return ApiReply.unwrap(method, response.statusCode(), response.body());
    }

    private ToolFailure notRunning(AppFile app, String what, Exception cause) {
        return new ToolFailure(FailReason.APP_NOT_RUNNING,
                "the Sextant app is not running (port " + app.port() + " from " + appJson + " " + what + ")",
                AppFile.START_HINT, cause);
    }
}
