package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * A key named twice in one object of a message: the SDK's reading keeps the last one, so the tool
 * would answer for a guess. Inside a tools/call's arguments the call is marked for the dispatcher to
 * refuse (invalid_input naming the argument); anywhere else the message is a parse error.
 */
class InboundRepeatedKeysTest {
    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("list_symbols", "compose_graph"), new InFlightCalls());

    private int nextId = 7; // each call an id of its own: a held call's id is not taken again

    private String call(String name, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + nextId++ + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + name + "\",\"arguments\":" + arguments + "}}";
    }

    @Test
    void anArgumentGivenTwiceMarksTheCallWithItsPath() {
        assertEquals("query", marked(call("list_symbols", "{\"query\":\"AA\",\"query\":\"BA\"}")));
        assertEquals("spec.nodes.a\\u001b[2J", marked(call("compose_graph", "{\"spec\":{\"nodes\":{\"a\\u001b[2J\":1,\"a\\u001b[2J\":2}}}")));
        assertEquals("symbols[1].x", marked(call("list_symbols", "{\"symbols\":[1,{\"x\":1,\"x\":2}]}")));
        // the mark is the launcher's own: one a client sends with arguments named once is dropped
        String sent = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{},"
                + "\"_meta\":{\"" + Inbound.REPEATED_ARGUMENT + "\":\"query\"}}}";
        assertNull(marked(sent));
    }

    @Test
    void aMemberGivenTwiceOutsideTheArgumentsIsAParseErrorThatEchoesNothing() {
        for (String message : new String[] {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"name\":\"SECRETTOOL\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{},\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/get\",\"params\":{\"name\":\"p\",\"arguments\":{\"SECRETKEY\":\"a\",\"SECRETKEY\":\"b\"}}}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{\"q\":1,\"q\":2}}}"}) {
            Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check(message), message);
            assertFalse(reply.response().contains("SECRET"), reply.response());
            @SuppressWarnings("unchecked")
            Map<String, Object> error = (Map<String, Object>) Json.readObject(reply.response()).get("error");
            assertEquals(-32700, error.get("code"), reply.response());
            assertEquals("Parse error: the message names one member of an object twice; send one JSON-RPC 2.0 message naming each member once",
                    error.get("message"));
        }
    }

    /**
     * An argument named twice lets the message past the first repeated key the parser meets; a params, _meta or top-level
     * member named twice after it would then reach the SDK (which keeps the last) beside the launcher's marks set in the first:
     * a second _meta claiming health_check ran a work tool slotless on the quick lane, unmarked.
     */
    @Test
    void aMemberGivenTwiceAfterARepeatedArgumentIsStillAParseError() {
        String args = "\"arguments\":{\"q\":1,\"q\":2}";
        for (String message : new String[] {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\"," + args
                        + ",\"_meta\":{},\"_meta\":{\"" + Inbound.REQUESTED_TOOL + "\":\"health_check\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\"," + args
                        + ",\"_meta\":{\"a\":1,\"a\":2}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\"," + args
                        + ",\"name\":\"compose_graph\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\"," + args
                        + "},\"params\":{\"name\":\"list_symbols\",\"arguments\":{}}}"}) {
            Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check(message), message);
            @SuppressWarnings("unchecked")
            Map<String, Object> error = (Map<String, Object>) Json.readObject(reply.response()).get("error");
            assertEquals(-32700, error.get("code"), reply.response());
        }
    }

    /** The argument the forwarded call is marked with, or null for an unmarked call. */
    @SuppressWarnings("unchecked")
    private String marked(String message) {
        Inbound.Forward forward = assertInstanceOf(Inbound.Forward.class, inbound.check(message), message);
        Map<String, Object> params = (Map<String, Object>) Json.readObject(forward.text()).get("params");
        return (String) ((Map<String, Object>) params.get("_meta")).get(Inbound.REPEATED_ARGUMENT);
    }
}
