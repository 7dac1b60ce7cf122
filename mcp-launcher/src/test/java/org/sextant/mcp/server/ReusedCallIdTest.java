package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;
import tools.jackson.databind.JsonNode;

/**
 * A client sends a request under the id of its session's call still running or waiting (attack 33, F1). Taken in that
 * call's place, the earlier call ran on uncounted: 40 health_check calls of one session, all id 1, passed its share of 8
 * and another session's negotiate_contract waited 8 s; 48 list_symbols passed the 16 slow workers and another session's
 * slow call waited 28 s; and only the newest call under the id could be cancelled. Now the later request is refused at
 * once (stdio and --http alike) and the earlier keeps its id, its room and its cancel.
 */
class ReusedCallIdTest {
    private static final String SLOW = "list_symbols"; // the app route held: the tool of the same name waits on it
    /** Guards a hang; measures nothing: a request that should be refused at once but has no answer by then never will. */
    private static final long PATIENCE_S = 60;

    @TempDir Path home;

    @Test
    void overStdioACallUnderAHeldCallsIdIsRefusedAndTheHeldCallKeepsItsCancel() {
        InFlightCalls calls = new InFlightCalls();
        Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("run_select", "health_check"), calls);
        String first = token(inbound.check(call("1", "run_select")));
        assertIdInUse(inbound.check(call("1", "run_select")), "1");
        assertIdInUse(inbound.check(call("1", "health_check")), "1");
        assertEquals(1, calls.held(InFlightCalls.STDIO), "the refused calls hold nothing");

        assertInstanceOf(Inbound.Handled.class, inbound.check(cancel("1")));
        boolean[] ran = new boolean[1];
        assertNull(calls.run(first, () -> ran[0] = true), "the cancel reached the first call: no answer is sent");
        assertFalse(ran[0], "a call cancelled before it ran never runs");
        assertEquals("answer", calls.run(token(inbound.check(call("1", "run_select"))), () -> "answer"),
                "once the first call is let go its id is free again");

        String named = "\"job\\u0007-" + "x".repeat(100) + "\""; // a string id: named as sent, escaped and cut
        token(inbound.check(call(named, "run_select")));
        assertIdInUse(inbound.check(call(named, "run_select")), "\"job\\u0007-" + "x".repeat(54) + "… (105 characters)\"");
    }

    /**
     * Over stdio past the calls held at most: the next call is answered at once as resource_limit and not run, and the
     * oldest keeps its id. Before, the oldest was forgotten (running or not) and a call under its id was taken beside it.
     */
    @Test
    void overStdioACallPastTheBoundIsRefusedAndTheOldestKeepsItsId() {
        InFlightCalls calls = new InFlightCalls();
        Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("run_select"), calls);
        for (int id = 0; id < InFlightCalls.MAX; id++) token(inbound.check(call(String.valueOf(id), "run_select")));
        String past = assertInstanceOf(Inbound.Answer.class, inbound.check(call(String.valueOf(InFlightCalls.MAX), "run_select"))).response();
        assertTrue(past.contains("\"id\":" + InFlightCalls.MAX) && past.contains("resource_limit")
                && past.contains(CallShares.problem(InFlightCalls.Refusal.LAUNCHER_FULL)), past);
        assertIdInUse(inbound.check(call("0", "run_select")), "0");
        assertEquals(InFlightCalls.MAX, calls.held(InFlightCalls.STDIO), "the refused calls hold nothing");
    }

    /** Over real HTTP: a slow call is held in the app; requests of the same session under its id are answered at once. */
    @Test
    void overHttpARequestUnderAHeldCallsIdIsRefusedAtOnceHoldsNoRoomAndTheFirstKeepsItsCancel(@TempSextant Sextant engine) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(InFlightCalls.PER_SESSION + 1);
        try (TappedApp app = TappedApp.start(engine, home); HttpMcpServer server = start()) {
            app.hold(SLOW);
            try {
                String a = HttpSessions.open(server.port());
                CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> post(server, a, call("1", SLOW)), clients);
                assertTrue(HttpSessions.eventually(() -> app.holding(SLOW) == 1, PATIENCE_S), "the first call never reached the app");
                for (String again : List.of(call("1", SLOW), call("1", "health_check"), call("1", "sextant__cancel_job"),
                        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://session-registry\"}}")) {
                    String answer = answerOrReleased(CompletableFuture.supplyAsync(() -> post(server, a, again), clients), app);
                    assertTrue(answer.startsWith("HTTP/1.1 200"), () -> "the request's own answer, not a transport error: " + answer);
                    assertIdInUse(new Inbound.Answer(answer.substring(answer.indexOf('{'), answer.lastIndexOf('}') + 1)), "1");
                }
                assertEquals(1, app.holding(SLOW), "no call under the reused id reached the app");

                // the refused requests hold no room: the session still holds its whole share, and not one call more
                List<CompletableFuture<String>> rest = new ArrayList<>();
                for (int id = 2; id <= InFlightCalls.PER_SESSION; id++) {
                    String next = call(String.valueOf(id), SLOW);
                    rest.add(CompletableFuture.supplyAsync(() -> post(server, a, next), clients));
                }
                assertTrue(HttpSessions.eventually(() -> app.holding(SLOW) == InFlightCalls.PER_SESSION, PATIENCE_S),
                        () -> "held " + app.holding(SLOW));
                String past = post(server, a, call("100", "health_check"));
                assertTrue(past.contains(CallShares.problem(InFlightCalls.Refusal.SESSION_FULL)), past);

                assertTrue(post(server, a, cancel("1")).startsWith("HTTP/1.1 202"), "a notification is accepted");
                String cancelled = answerOrReleased(first, app);
                assertFalse(cancelled.contains("\"id\":1,\"result\""), () -> "the first call's cancel was lost: " + cancelled);
                app.release(SLOW);
                for (CompletableFuture<String> c : rest) {
                    String r = c.get(PATIENCE_S, TimeUnit.SECONDS);
                    assertTrue(r.contains("\"isError\":false"), r);
                }
            } finally {
                app.release(SLOW);
                clients.shutdownNow();
            }
        }
    }

    @Test
    void docsMcpSaysTheRefusalAsTheLauncherAnswersIt() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        assertTrue(doc.contains(Inbound.ID_IN_USE), () -> "docs/mcp.md does not quote: " + Inbound.ID_IN_USE);
        assertTrue(doc.contains(Inbound.ID_IN_USE_FIX), () -> "docs/mcp.md does not quote: " + Inbound.ID_IN_USE_FIX);
    }

    /** The request's own response: the JSON-RPC error -32600 to its id, naming the id ({@code shown}) and the fix. */
    private static void assertIdInUse(Inbound.Verdict verdict, String shown) {
        JsonNode response = Json.MAPPER.readTree(assertInstanceOf(Inbound.Answer.class, verdict).response());
        assertEquals(McpSchema.ErrorCodes.INVALID_REQUEST, response.path("error").path("code").asInt(), response::toString);
        assertEquals("Invalid Request: id " + shown + " " + Inbound.ID_IN_USE + "; " + Inbound.ID_IN_USE_FIX,
                response.path("error").path("message").asString());
        assertFalse(response.path("id").isNull(), "answered to the request's id");
    }

    /** What the worker of the forwarded call is given to find its call by ({@link Inbound#CALL_KEY} in its _meta). */
    private static String token(Inbound.Verdict verdict) {
        JsonNode sent = Json.MAPPER.readTree(assertInstanceOf(Inbound.Forward.class, verdict).text());
        return sent.path("params").path("_meta").path(Inbound.CALL_KEY).asString();
    }

    /** A tools/call of {@code tool} under {@code id}, the id as JSON. */
    private static String call(String id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\",\"arguments\":{}}}";
    }

    private static String cancel(String id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id + "}}";
    }

    private HttpMcpServer start() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(120), true);
        return HttpMcpServer.start(0, HttpToken.of(HttpSessions.TOKEN), new ToolDispatcher(context), context.sessionTables());
    }

    private static String post(HttpMcpServer server, String session, String body) {
        return HttpSessions.post(server.port(), session, body);
    }

    private static String answerOrReleased(CompletableFuture<String> call, TappedApp app) throws Exception {
        return HttpSessions.answerOrReleased(call, app, SLOW, PATIENCE_S);
    }
}
