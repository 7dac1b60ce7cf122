package org.sextant.app;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiCall;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.contract.AppFile;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;

/**
 * How a CLI command reaches the engine: through the running app's local API when an app holds
 * the store (DuckDB allows one process), else by opening the store itself. Both paths run the
 * same API routes, so the CLI sees the same arguments, results and errors either way.
 */
final class EngineAccess {
    private EngineAccess() {}

    static JsonNode call(SextantHome home, String method, Map<String, Object> args) {
        return call(home, method, args, () -> false);
    }

    /**
     * As {@link #call(SextantHome, String, Map)}, stopped once {@code stop} turns true (Ctrl-C, a --timeout): the store's own
     * call as a caller gone away is (an import rolled back at its next check), the app's by closing the connection, which
     * the app takes the same way; either throws a CancellationException.
     */
    static JsonNode call(SextantHome home, String method, Map<String, Object> args, java.util.function.BooleanSupplier stop) {
        return call(home, method, args, stop, app -> { });
    }

    /**
     * As {@link #call(SextantHome, String, Map, java.util.function.BooleanSupplier)}, telling {@code handedTo} of the running app the
     * call goes to, and null when that app turns out gone (the call then opens the store).
     */
    static JsonNode call(SextantHome home, String method, Map<String, Object> args, java.util.function.BooleanSupplier stop,
            java.util.function.Consumer<AppFile> handedTo) {
        AppFile app = runningApp(home);
        if (app != null) {
            try {
                handedTo.accept(app);
                return new Remote(home, app, stop).call(method, args);
            } catch (ConnectException e) {
                handedTo.accept(null); // stale app.json from a crashed app: fall through to the store
            } catch (IOException | InterruptedException e) {
                throw stoppedAnswering(e);
            }
        }
        try (Sextant engine = Sextant.open(home.ensureLayout())) {
            Object data = new ApiRoutes(engine, () -> null).dispatch(new ApiCall(method, Json.MAPPER.valueToTree(args)), stop);
            return Json.MAPPER.valueToTree(data);
        }
    }

    /**
     * Several calls against one engine: the running app's, or a store opened once and kept open
     * until close, so a background job started by one call is still running for the next.
     */
    interface Session extends AutoCloseable {
        JsonNode call(String method, Map<String, Object> args);

        @Override void close();
    }

    static Session session(SextantHome home) {
        AppFile app = runningApp(home);
        if (app != null) {
            try {
                Remote remote = new Remote(home, app, () -> false);
                remote.call("list_jobs", Map.of()); // probes that the app answers
                return new Session() {
                    @Override public JsonNode call(String method, Map<String, Object> args) {
                        try {
                            return remote.call(method, args);
                        } catch (IOException | InterruptedException e) {
                            throw stoppedAnswering(e);
                        }
                    }

                    @Override public void close() {}
                };
            } catch (IOException | InterruptedException e) {
                // stale app.json from a crashed app: open the store
            }
        }
        Sextant engine = Sextant.open(home.ensureLayout());
        ApiRoutes routes = new ApiRoutes(engine, () -> null);
        return new Session() {
            @Override public JsonNode call(String method, Map<String, Object> args) {
                return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall(method, Json.MAPPER.valueToTree(args))));
            }

            @Override public void close() { engine.close(); }
        };
    }

    /**
     * The running app, followed: a refused connection never reached it, so the call goes once more to the app
     * run/app.json names then (its listener may listen on a new port), after {@link AppFile#RELISTEN_WAIT} when that
     * is the same one; the app answering is kept for the next call (a job followed for hours).
     */
    private static final class Remote {
        private final SextantHome home;
        private final java.util.function.BooleanSupplier stop;
        private volatile AppFile app;

        Remote(SextantHome home, AppFile app, java.util.function.BooleanSupplier stop) {
            this.home = home;
            this.app = app;
            this.stop = stop;
        }

        JsonNode call(String method, Map<String, Object> args) throws IOException, InterruptedException {
            AppFile refused = app;
            try {
                return remote(refused, method, args, stop);
            } catch (ConnectException e) {
                AppFile now = runningApp(home);
                if (now == null) throw e; // gone: a crash or a clean exit
                if (now.equals(refused)) Thread.sleep(AppFile.RELISTEN_WAIT.toMillis());
                app = now;
                return remote(now, method, args, stop);
            }
        }
    }

    /** The app took the call but gave no answer (it quit or crashed meanwhile): said in the person's terms, not the HTTP client's. */
    private static SextantException stoppedAnswering(Exception cause) {
        return new SextantException(FailReason.APP_NOT_RUNNING, "the app stopped answering (it may have quit)", null, "start it again and retry", cause);
    }

    /**
     * Recover, backup and restore work on the files themselves: they refuse while an app owns
     * the store, and say so.
     */
    static void requireNoRunningApp(SextantHome home, String what) {
        AppFile app = runningApp(home);
        if (app != null) {
            throw new SextantException(FailReason.DB_NOT_READY, "a Sextant app (pid " + app.pid() + ") owns the store; " + what + " needs it closed", null,
                    "close the app (or stop `sextant --headless`), then run the command again");
        }
    }

    private static AppFile runningApp(SextantHome home) {
        if (!Files.exists(home.appJson())) return null;
        try {
            AppFile d = AppFile.read(home.appJson());
            return d.processAlive() ? d : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** What the app knows this command's calls by: the command line and its process, one client per command run. */
    static final String CLI_CLIENT = "sextant-cli-" + ProcessHandle.current().pid();

    private static JsonNode remote(AppFile app, String method, Map<String, Object> args, java.util.function.BooleanSupplier stop)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + "/api/v1/" + method))
                .header("Authorization", "Bearer " + app.token())
                .header("X-Sextant-Client", CLI_CLIENT) // its own share, not that of header-less scripts (attack 17 L1)
                .header("Content-Type", "application/json")
                .timeout(Duration.ofMinutes(30))
                .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(args)))
                .build();
        HttpResponse<String> answer = sent(http, req, stop);
        JsonNode body;
        try {
            body = Json.MAPPER.readTree(answer.body());
        } catch (tools.jackson.core.JacksonException notJson) { // not the local API (another program took the port): its text is not echoed
            throw new SextantException(FailReason.APP_NOT_RUNNING, "the program at 127.0.0.1:" + app.port() + " did not answer as Sextant's local API (HTTP "
                    + answer.statusCode() + ")", null, "start the app again and retry");
        }
        if (body.path("ok").asBoolean(false)) return body.get("data");
        throw new SextantException(FailReason.fromWire(body.path("fail_reason").asString(null)), body.path("error").asString("the app refused"),
                body.path("field").isNull() ? null : body.path("field").asString(null), body.path("fix").asString(null));
    }

    /** The answer to {@code req}, the request given up (its connection closed: the app stops what it ran for it) once {@code stop} holds. */
    private static HttpResponse<String> sent(HttpClient http, HttpRequest req, java.util.function.BooleanSupplier stop) throws IOException, InterruptedException {
        java.util.concurrent.CompletableFuture<HttpResponse<String>> answer = http.sendAsync(req, HttpResponse.BodyHandlers.ofString());
        while (true) {
            try {
                return answer.get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException waiting) {
                if (stop.getAsBoolean()) {
                    answer.cancel(true);
                    throw new java.util.concurrent.CancellationException("the call to the app was given up");
                }
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof IOException io) throw io;
                throw new IOException(e.getCause());
            }
        }
    }
}
