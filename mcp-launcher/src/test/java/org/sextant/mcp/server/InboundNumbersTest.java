package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.modelcontextprotocol.spec.McpSchema;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * Numbers in a message as the launcher reads them: a request id the SDK cannot take (it takes a string, an int or
 * a long) is told what a number id must be; a tool argument no double holds reaches the argument check as sent.
 */
class InboundNumbersTest {
    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("list_jobs"), new InFlightCalls());

    @Test
    @SuppressWarnings("unchecked")
    void anIdThatIsNoWholeNumberOf64BitsIsToldWhatAnIdMustBe() {
        for (String id : new String[] {"1e308", "1.0", "9223372036854775808", "1e400", "-1" + "0".repeat(500)}) {
            Inbound.Reply reply = assertInstanceOf(Inbound.Reply.class, inbound.check("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}"), id);
            Map<String, Object> answer = Json.readObject(reply.response());
            assertNull(answer.get("id"), "an id the request cannot have is answered with null: " + reply.response());
            Map<String, Object> error = (Map<String, Object>) answer.get("error");
            assertEquals(-32600, error.get("code"));
            String shown = switch (id) {
                case "1e308" -> "1e308";
                case "1.0" -> "1.0";
                case "9223372036854775808" -> "9223372036854775808";
                case "1e400" -> "1e400";
                default -> "-1e500";
            };
            assertEquals("Invalid Request: id " + shown + ": a number id must be a whole number that fits 64 bits (-9223372036854775808 to"
                    + " 9223372036854775807), written without a fraction or exponent; or send the id as a string", error.get("message"));
        }
        for (String id : new String[] {"9223372036854775807", "-0", "\"1e308\""}) {
            assertInstanceOf(Inbound.Forward.class, inbound.check("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}"), id);
        }
    }

    /** Attack 34: the id 1e0 was refused as "id 1", which the client never sent: the id is quoted as written. */
    @Test
    @SuppressWarnings("unchecked")
    void aRefusedIdIsQuotedAsSentNotByItsValue() {
        for (String id : new String[] {"1e0", "10E-1", "-2E+1", "1.50"}) {
            String ping = "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"id\":3},\"id\":" + id + "}";
            Map<String, Object> answer = Json.readObject(assertInstanceOf(Inbound.Reply.class, inbound.check(ping), id).response());
            assertEquals("Invalid Request: id " + id + ": a number id must be a whole number that fits 64 bits (-9223372036854775808 to"
                    + " 9223372036854775807), written without a fraction or exponent; or send the id as a string",
                    ((Map<String, Object>) answer.get("error")).get("message"));
        }
    }

    /** As a double, 1e400 was forwarded as the string "Infinity" and refused as "got a string"; 1e-400 as 0. */
    @Test
    void aToolArgumentNoDoubleHoldsIsForwardedAsSent() throws Exception {
        for (String n : new String[] {"1e400", "1e-400", "0.95"}) {
            String call = "{\"jsonrpc\":\"2.0\",\"id\":\"" + n + "\",\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\",\"arguments\":{\"limit\":" + n + "}}}";
            Inbound.Forward forward = assertInstanceOf(Inbound.Forward.class, inbound.check(call));
            McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), forward.text());
            Map<?, ?> arguments = (Map<?, ?>) ((Map<?, ?>) request.params()).get("arguments");
            assertEquals(new BigDecimal(n), arguments.get("limit"), forward.text());
        }
    }

    /**
     * The launcher's stamps in {@code _meta} are inserted into the message as sent: written anew from its tree, 1e0 reached
     * the SDK as 1 and -0.0 as 0.0, in a tool's arguments and in the client's own {@code _meta} alike.
     */
    @Test
    void aMessageReachesTheSdkAsSentBesideTheLaunchersStamps() throws Exception {
        String numbers = "{\"a\": 1e0, \"b\":1.10,\"c\":12345678901234567890,\"d\":-0.0, \"e\":[1E+2 ,0.5e-3]}";
        String[] sent = {
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\",\"arguments\":" + numbers
                    + ",\"_meta\":{\"progressToken\":1e0,\"x\":" + numbers + "}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{ \"arguments\":" + numbers + " ,\"name\":\"no_such_tool\" }}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://table/1\",\"_meta\":{\"x\":" + numbers + "}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/get\",\"params\":{\"name\":\"p\",\"_meta\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"prompts/get\",\"params\":{}}",
        };
        for (String message : sent) {
            String forwarded = assertInstanceOf(Inbound.Forward.class, inbound.check(message, "s")).text();
            String stampsTakenOut = forwarded
                    .replaceAll("\"" + Inbound.CALL_KEY + "\":\"[^\"]*\",?", "")
                    .replaceAll("\"" + Inbound.REQUESTED_TOOL + "\":\"[^\"]*\",?", "")
                    .replaceAll("\"" + Inbound.READ_AT + "\":-?[0-9]+,?", "")
                    .replace("\"_meta\":{},", "").replace("\"_meta\":{}", "")
                    .replace("\"" + Inbound.UNROUTED_TOOL + "\"", "\"no_such_tool\"");
            assertEquals(message.replace("\"_meta\":{}", "").replace(",}", "}"), stampsTakenOut.replace(",}", "}"), forwarded);
            McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), forwarded);
            Map<?, ?> meta = (Map<?, ?>) ((Map<?, ?>) request.params()).get("_meta");
            assertEquals(true, meta.containsKey(message.contains("tools/call") ? Inbound.CALL_KEY : Inbound.READ_AT), forwarded);
        }
    }

    /** A client's own value of a key the launcher sets is replaced, its other members kept as sent. */
    @Test
    void aClientsValueOfALaunchersKeyIsReplaced() throws Exception {
        String read = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"resources/read\",\"params\":{\"uri\":\"sextant://table/1\","
                + "\"_meta\":{\"" + Inbound.READ_AT + "\":1e0,\"x\":-0.0}}}";
        String forwarded = assertInstanceOf(Inbound.Forward.class, inbound.check(read, "s")).text();
        assertEquals(true, forwarded.contains("\"x\":-0.0"), forwarded);
        assertEquals(false, forwarded.contains("1e0"), forwarded);
        McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), forwarded);
        Object at = ((Map<?, ?>) ((Map<?, ?>) request.params()).get("_meta")).get(Inbound.READ_AT);
        assertEquals(true, at instanceof Long || at instanceof Integer, String.valueOf(at));
        String call = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\",\"_meta\":\"x\"}}";
        String meta = assertInstanceOf(Inbound.Forward.class, inbound.check(call, "s")).text();
        McpSchema.JSONRPCRequest callRequest = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), meta);
        assertEquals(true, ((Map<?, ?>) ((Map<?, ?>) callRequest.params()).get("_meta")).containsKey(Inbound.CALL_KEY), meta);
        // the tool a call asked for is the launcher's to say: a client's claim of health_check put a work tool on the quick lane
        String claimed = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\","
                + "\"_meta\":{\"" + Inbound.REQUESTED_TOOL + "\":\"health_check\"}}}";
        String sent = assertInstanceOf(Inbound.Forward.class, inbound.check(claimed, "s")).text();
        McpSchema.JSONRPCRequest claimedRequest = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), sent);
        assertEquals(false, ((Map<?, ?>) ((Map<?, ?>) claimedRequest.params()).get("_meta")).containsKey(Inbound.REQUESTED_TOOL), sent);
    }

    /**
     * An exponent past an int (1e2147483648) holds no exact number: its reading threw a NumberFormatException, no
     * JSON refusal, out of the session's reading of stdin. The call is answered naming the argument, where it stood and the number.
     */
    @Test
    @SuppressWarnings("unchecked")
    void aNumberPastEveryExponentIsAnsweredNamingWhereItStood() {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\",\"arguments\":{\"levels\":[0.8,-1E2147483648]}}}";
        Map<String, Object> answer = Json.readObject(assertInstanceOf(Inbound.Reply.class, inbound.check(call)).response());
        assertEquals(7, answer.get("id"));
        Map<String, Object> error = (Map<String, Object>) answer.get("error");
        assertEquals(-32602, error.get("code"));
        assertEquals("Invalid params: argument 'levels' at levels[1]: -1E2147483648 has an exponent past \u00b12147483647: no double holds it"
                + " (1.8e308 at most in size, 4.9e-324 at least); send a number a double holds", error.get("message"));
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":1e2147483648,\"method\":\"ping\"}";
        Map<String, Object> refused = Json.readObject(assertInstanceOf(Inbound.Reply.class, inbound.check(ping)).response());
        assertNull(refused.get("id"));
        assertEquals("Invalid Request: id 1e2147483648 has an exponent past \u00b12147483647: no double holds it (1.8e308 at most in size,"
                + " 4.9e-324 at least); send a number a double holds", ((Map<String, Object>) refused.get("error")).get("message"));
    }
}
