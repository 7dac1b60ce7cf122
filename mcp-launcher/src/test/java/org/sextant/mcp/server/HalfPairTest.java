package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * Attack 37: half of a UTF-16 surrogate pair without its other half (JSON's "\\ud800", valid JSON) in a tool name, an argument
 * name or value, a resource URI or a prompt name reached the reader as "?" (UTF-8 cannot carry it): which name was wrong
 * could not be told, and a value reached the app as "?". Every error names such a half as its escape, and a value holding one
 * is refused before the app is asked; stdio and --http alike (both check each message through {@link Inbound}).
 */
class HalfPairTest {
    static final String PROBLEM = ", half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry as sent";
    static final String FIX = "send whole characters (a pair such as \\ud83d\\ude00 is one character)";

    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("health_check", "list_symbols", "compose_graph"),
            new InFlightCalls());
    private int nextId = 2;

    @TempDir Path home;

    static String request(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    private String call(String tool, String arguments) {
        return request(nextId++, "tools/call", "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}");
    }

    /** What Inbound marked a forwarded tools/call's arguments with: the refusal's error, or null. */
    private String marked(String message) {
        Inbound.Forward forward = assertInstanceOf(Inbound.Forward.class, inbound.check(message), message);
        Map<?, ?> meta = (Map<?, ?>) ((Map<?, ?>) Json.readObject(forward.text()).get("params")).get("_meta");
        return meta == null ? null : (String) meta.get(Inbound.HALF_PAIR_ARGUMENT);
    }

    private String refused(String message) {
        Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check(message), message);
        Map<?, ?> error = (Map<?, ?>) Json.readObject(reply.response()).get("error");
        assertEquals(-32602, error.get("code"), reply.response());
        assertFalse(reply.response().contains("?"), reply.response());
        return (String) error.get("message");
    }

    @Test
    void aToolCallsArgumentHoldingALoneHalfIsMarkedForRefusalNamingWhereAndTheEscape() {
        assertEquals("the name 'x\\ud800' in the arguments holds the escape \\ud800 at character 2" + PROBLEM,
                marked(call("health_check", "{\"x\\ud800\":\"\\udfff\"}")), "attack 37 case 14: the name comes first");
        assertEquals("argument 'query' holds the escape \\udfff at character 3 of its value 'ab\\udfff'" + PROBLEM,
                marked(call("list_symbols", "{\"query\":\"ab\\udfff\"}")));
        assertEquals("argument 'spec.nodes[1].id' holds the escape \\udc00 at character 1 of its value '\\udc00x'" + PROBLEM,
                marked(call("compose_graph", "{\"spec\":{\"nodes\":[{\"id\":\"a\"},{\"id\":\"\\udc00x\"}]}}")));
        assertEquals("the name 'a\\ud800' in argument 'spec' holds the escape \\ud800 at character 2" + PROBLEM,
                marked(call("compose_graph", "{\"spec\":{\"a\\ud800\":1}}")));
        assertNull(marked(call("list_symbols", "{\"query\":\"\\ud83d\\ude00\"}")), "a whole pair is one character");
        // the mark is the launcher's own: one a client sends is dropped
        assertNull(marked(request(nextId++, "tools/call", "{\"name\":\"list_symbols\",\"arguments\":{},\"_meta\":{\""
                + Inbound.HALF_PAIR_ARGUMENT + "\":\"made up\"}}")));
    }

    @Test
    void aResourceUriPromptNameOrOtherParamHoldingALoneHalfIsRefusedNamingItAsItsEscape() {
        assertEquals("Invalid params: params.uri holds the escape \\ud800 at character 18 of its value 'sextant://table/x\\ud800'"
                + PROBLEM + "; " + FIX, refused(request(3, "resources/read", "{\"uri\":\"sextant://table/x\\ud800\"}")));
        assertEquals("Invalid params: params.name holds the escape \\ud800 at character 8 of its value 'no\\u2028such\\ud800'"
                + PROBLEM + "; " + FIX, refused(request(4, "prompts/get", "{\"name\":\"no\\u2028such\\ud800\"}")));
        assertEquals("Invalid params: params.arguments.symbols holds the escape \\udfff at character 1 of its value '\\udfff'"
                + PROBLEM + "; " + FIX, refused(request(5, "prompts/get", "{\"name\":\"research_loop\",\"arguments\":{\"symbols\":\"\\udfff\"}}")));
        assertEquals("Invalid params: the name 'k\\udfff' in params._meta holds the escape \\udfff at character 2" + PROBLEM + "; " + FIX,
                refused(request(6, "tools/call", "{\"name\":\"health_check\",\"arguments\":{},\"_meta\":{\"k\\udfff\":1}}")));
        assertInstanceOf(Inbound.Forward.class, inbound.check(request(7, "prompts/get", "{\"name\":\"research_loop\",\"arguments\":"
                + "{\"symbols\":\"\\ud83d\\ude00\"}}")), "a whole pair goes on");
    }

    /** Over --http, as a client sees them: each half as its escape, no "?"; a value with one is refused before any app is asked. */
    @Test
    void overHttpEachErrorShowsTheHalfAsItsEscape() throws Exception {
        ToolContext context = HttpSessions.context(home, Duration.ofSeconds(5));
        try (HttpMcpServer server = HttpMcpServer.start(0, HttpToken.of(HttpSessions.TOKEN), new ToolDispatcher(context),
                context.sessionTables())) {
            String session = HttpSessions.open(server.port());
            Map<?, ?> unknown = envelope(HttpSessions.post(server.port(), session, request(2, "tools/call",
                    "{\"name\":\"no\\u2028such\\ud800\",\"arguments\":{}}")));
            assertEquals("unknown_tool", unknown.get("fail_reason"), unknown::toString);
            assertEquals("no tool named 'no\\u2028such\\ud800'", unknown.get("error"), "attack 37 case 15");
            Map<?, ?> name = envelope(HttpSessions.post(server.port(), session, request(3, "tools/call",
                    "{\"name\":\"health_check\",\"arguments\":{\"x\\ud800\":\"\\udfff\"}}")));
            assertEquals("invalid_input", name.get("fail_reason"), name::toString);
            assertEquals("the name 'x\\ud800' in the arguments holds the escape \\ud800 at character 2" + PROBLEM, name.get("error"));
            assertEquals(FIX, name.get("client_hint"));
            Map<?, ?> value = envelope(HttpSessions.post(server.port(), session, request(4, "tools/call",
                    "{\"name\":\"list_symbols\",\"arguments\":{\"query\":\"\\udfff\"}}")));
            assertEquals("invalid_input", value.get("fail_reason"), "refused, not sent to the app (none runs: app_not_running): " + value);
            String prompt = HttpSessions.post(server.port(), session, request(5, "prompts/get", "{\"name\":\"no\\ud800\"}"));
            assertEquals(true, prompt.contains("params.name holds the escape \\\\ud800 at character 3 of its value 'no\\\\ud800'"), prompt);
            assertFalse(prompt.contains("?"), prompt);
        }
    }

    /** The tool's envelope (structuredContent) in an --http answer, JSON or one event. */
    static Map<?, ?> envelope(String response) {
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);
        assertFalse(body.contains("?"), body);
        for (String line : body.split("\n")) {
            String json = line.startsWith("data:") ? line.substring(5).trim() : line.trim();
            if (!json.startsWith("{")) continue;
            Map<?, ?> result = (Map<?, ?>) Json.readObject(json).get("result");
            if (result != null) return (Map<?, ?>) result.get("structuredContent");
        }
        throw new AssertionError("no result in " + response);
    }
}
