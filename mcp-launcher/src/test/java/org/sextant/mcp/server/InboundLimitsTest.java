package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;
import tools.jackson.core.StreamReadConstraints;

/** A message past the JSON reader's limits is a parse error naming the limit and where, not the message's text. */
class InboundLimitsTest {
    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of(), new InFlightCalls());

    @Test
    void tooDeepOrTooLongIsToldWhichLimitAndWhere() {
        int depth = StreamReadConstraints.defaults().getMaxNestingDepth();
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":";
        assertEquals("Parse error: the message nests deeper than " + depth + " levels (at character " + (call.length() + depth - 1)
                + "); send one JSON-RPC 2.0 message as one JSON object", error(call + "[".repeat(depth))); // the message and params are two levels
        assertEquals("Parse error: the message has a property name longer than 50000 characters (at or after character "
                + (call.length() + 1) + "); send one JSON-RPC 2.0 message as one JSON object", error(call + "{\"" + "N".repeat(50_001) + "\":1}}}"));
    }

    @Test
    void aMessageOfManySmallValuesIsToldTheTokenCapAndWhere() {
        long max = org.sextant.contract.JsonLimits.MAX_TOKENS;
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":{\"sql\":";
        // 15 tokens before the first zero: {, jsonrpc, "2.0", id, 1, method, "tools/call", params, {, name, "run_select", arguments, {, sql, [
        assertEquals("Parse error: the message holds more than " + max + " JSON tokens (values, names and brackets) (at character "
                + (call.length() + 2 * (max - 14)) + "); send one JSON-RPC 2.0 message as one JSON object",
                error(call + "[" + "0,".repeat(300_000) + "0]}}}"));
    }

    /** Attack 16 M4: the SDK answered -32603 naming Jackson's and Java's classes. */
    @SuppressWarnings("unchecked")
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {"\"notanobject\"|a string", "[1,2]|an array", "7|a number", "true|a boolean"})
    void toolArgumentsThatAreNoObjectAreInvalidParamsNamingTheirKind(String arguments, String kind) {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":90,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":" + arguments + "}}";
        Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check(call));
        Map<String, Object> answer = Json.readObject(reply.response());
        assertEquals(90, answer.get("id"));
        Map<String, Object> error = (Map<String, Object>) answer.get("error");
        assertEquals(-32602, error.get("code"), reply.response());
        assertEquals("Invalid params: tools/call's params.arguments must be an object of the tool's arguments ({} or left out for none), not "
                + kind, error.get("message"));
        assertInstanceOf(Inbound.Forward.class, inbound.check(call.replace("\"arguments\":" + arguments, "\"arguments\":null")), "null is no arguments");
    }

    @SuppressWarnings("unchecked")
    private String error(String message) {
        Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check(message));
        assertFalse(reply.response().contains("NNN") || reply.response().contains("[["), reply.response());
        Map<String, Object> error = (Map<String, Object>) Json.readObject(reply.response()).get("error");
        assertEquals(-32700, error.get("code"), reply.response());
        return (String) error.get("message");
    }
}
