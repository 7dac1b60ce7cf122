package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.server.HttpSessions.PATIENCE_S;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.TappedApp;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * Resource reads and prompts as tool calls: a read's wait for the app counts from when the launcher read it, and a prompt
 * (no call to the app) takes no slot of the app. Before, a read's 5 s started when the SDK handed it to a worker, and a
 * prompt counted toward all sessions' 16 quick calls.
 */
class ReadAndPromptClockTest {
    @TempDir Path home;

    @Test
    void aResourceReadAndAPromptCarryWhenTheLauncherReadThemNotWhatTheClientClaims() {
        Inbound inbound = SextantMcpServer.inbound(new ToolDispatcher(HttpSessions.context(home, Duration.ofSeconds(2))));
        String claim = ",\"_meta\":{\"" + Inbound.READ_AT + "\":0}";
        List<String> messages = List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://session-registry\"" + claim + "}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"prompts/get\",\"params\":{\"name\":\"research_loop\",\"arguments\":{\"symbols\":\"AA\"}" + claim + "}}");
        for (String session : new String[] {"", "an-http-session"}) {
            for (String message : messages) {
                long before = System.nanoTime();
                Inbound.Forward forward = assertInstanceOf(Inbound.Forward.class, inbound.check(message, session));
                long after = System.nanoTime();
                Object meta = ((Map<?, ?>) Json.readObject(forward.text()).get("params")).get("_meta");
                long readAt = ((Number) ((Map<?, ?>) meta).get(Inbound.READ_AT)).longValue();
                assertTrue(readAt >= before && readAt <= after, () -> "stamped when read (session '" + session + "'): " + forward.text());
                if (forward.call() != null) inbound.handled(forward.call());
            }
        }
    }

    /** A read of the session registry (it asks the app) whose quick time went by before a worker took it is never sent. */
    @Test
    void aResourceReadWhoseTimeWentWaitingIsAnsweredAtOnceAndNeverSent(@TempSextant Sextant engine) throws Exception {
        Duration quickTimeout = Duration.ofSeconds(2);
        try (TappedApp app = TappedApp.start(engine, home)) {
            ToolContext context = HttpSessions.context(home, quickTimeout);
            McpServerFeatures.AsyncResourceSpecification registry = OffTransportThread.resources(DocResources.all(new ToolDispatcher(context)))
                    .stream().filter(r -> r.resource().uri().equals(DocResources.SESSION_REGISTRY)).findFirst().orElseThrow();
            long readLongAgo = System.nanoTime() - quickTimeout.toNanos() - 1; // as if it waited its whole time for a worker
            McpSchema.ReadResourceResult result = registry.readHandler()
                    .apply(exchange("s"), new McpSchema.ReadResourceRequest(DocResources.SESSION_REGISTRY, Map.of(Inbound.READ_AT, readLongAgo)))
                    .block(Duration.ofSeconds(PATIENCE_S));
            String text = ((McpSchema.TextResourceContents) result.contents().get(0)).text();
            assertTrue(text.contains("\"fail_reason\":\"timeout\"") && text.contains("was not sent to the app"), text);
            assertEquals(0, app.totalCalls(), "a read whose time went waiting reached the app");
        }
    }

    /**
     * All sessions' quick calls fill the lane's {@link QuickLane#MOST}, the app stalling them: a prompt of another session,
     * which asks the app nothing, is answered beside them.
     */
    @Test
    void aPromptIsAnsweredWhileOtherSessionsStalledQuickCallsFillTheLane() throws Exception {
        CountDownLatch stalled = new CountDownLatch(1);
        List<String> sessions = List.of("a", "b", "c", "d", "e");
        try {
            for (int i = 0; i < QuickLane.MOST; i++) {
                Lanes.QUICK.run(sessions.get(i / QuickLane.SHARE), true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            }
            assertTrue(HttpSessions.eventually(() -> sessions.stream().mapToInt(Lanes.QUICK::running).sum() == QuickLane.MOST, PATIENCE_S),
                    "the stalled calls fill the lane");
            McpServerFeatures.AsyncPromptSpecification loop = OffTransportThread.prompts(Prompts.all()).get(0);
            McpSchema.GetPromptResult prompt = loop.promptHandler()
                    .apply(exchange("prompting"), new McpSchema.GetPromptRequest("research_loop", Map.of("symbols", "AA")))
                    .toFuture().get(PATIENCE_S, TimeUnit.SECONDS);
            assertTrue(prompt.description().contains("AA"), prompt.description());
            assertEquals(QuickLane.MOST, sessions.stream().mapToInt(Lanes.QUICK::running).sum(), "answered while the lane was full");
        } finally {
            stalled.countDown();
        }
    }

    /**
     * A table page asks the app nothing, and waits its turn to be written (SessionTables#READS_AT_ONCE): it takes no slot of
     * the app, so it is answered while other sessions' stalled quick calls fill {@link QuickLane#MOST} (counted there, reads
     * waiting their turn would keep every other session's list_jobs waiting).
     */
    @Test
    void aTablePageIsAnsweredWhileOtherSessionsStalledQuickCallsFillTheLane() throws Exception {
        CountDownLatch stalled = new CountDownLatch(1);
        List<String> sessions = List.of("a", "b", "c", "d", "e");
        org.sextant.mcp.tables.SessionTables tables = org.sextant.mcp.tables.SessionTables.withDefaults();
        String uri = tables.of("reading").put("t", List.of("n"), List.of(List.of(1), List.of(2))).uri();
        try {
            for (int i = 0; i < QuickLane.MOST; i++) {
                Lanes.QUICK.run(sessions.get(i / QuickLane.SHARE), true, () -> stalled.await(PATIENCE_S, TimeUnit.SECONDS)).subscribe();
            }
            assertTrue(HttpSessions.eventually(() -> sessions.stream().mapToInt(Lanes.QUICK::running).sum() == QuickLane.MOST, PATIENCE_S),
                    "the stalled calls fill the lane");
            McpServerFeatures.AsyncResourceTemplateSpecification table = OffTransportThread.template(SextantMcpServer.tableTemplates(tables).get(0));
            McpSchema.ReadResourceResult page = table.readHandler()
                    .apply(exchange("reading"), new McpSchema.ReadResourceRequest(uri))
                    .toFuture().get(PATIENCE_S, TimeUnit.SECONDS);
            String text = ((McpSchema.TextResourceContents) page.contents().get(0)).text();
            assertTrue(text.contains("\"row_count\":2"), text);
            assertEquals(QuickLane.MOST, sessions.stream().mapToInt(Lanes.QUICK::running).sum(), "answered while the lane was full");
        } finally {
            stalled.countDown();
        }
    }

    private static McpAsyncServerExchange exchange(String session) {
        return new McpAsyncServerExchange(session, null, null, null, McpTransportContext.EMPTY);
    }
}
