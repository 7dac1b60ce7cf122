package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * Attack 36: a bare CR between a message's tokens is JSON whitespace, but the SDK's stdio reader ends a line at it; the
 * first half did not parse and the SDK stopped reading stdin, so that message and every later one went unanswered.
 * What the SDK reads is one whole message a line, with the CR read as the blank it is.
 */
class CarriageReturnLinesTest {
    @Test
    void aCarriageReturnBetweenTokensLeavesOneWholeMessageALineForTheSdk() throws Exception {
        String call = "{\"jsonrpc\":\"2.0\",\r\"id\":2,\"method\":\"tools/call\",\r\r\"params\":{\"name\":\"list_jobs\",\"arguments\":{\"limit\":\r3}}}";
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}";
        ByteArrayOutputStream answered = new ByteArrayOutputStream();
        LineOutput out = new LineOutput(answered);
        String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
        CheckedStdin stdin = new CheckedStdin(new ByteArrayInputStream((init + "\n" + call + "\n" + ping + "\r\n").getBytes(StandardCharsets.UTF_8)),
                new Inbound(SextantMcpServer.jsonMapper(), Set.of("list_jobs"), new InFlightCalls()), out, Duration.ofDays(1)).start();
        BufferedReader sdk = new BufferedReader(new InputStreamReader(stdin.forSdk(), StandardCharsets.UTF_8)); // reads lines as the SDK does
        assertEquals("initialize", ((McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), sdk.readLine())).method());
        McpSchema.JSONRPCRequest first = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), sdk.readLine());
        assertEquals("tools/call", first.method());
        assertEquals(3, ((Map<?, ?>) ((Map<?, ?>) first.params()).get("arguments")).get("limit"));
        McpSchema.JSONRPCRequest second = (McpSchema.JSONRPCRequest) McpSchema.deserializeJsonRpcMessage(SextantMcpServer.jsonMapper(), sdk.readLine());
        assertEquals("ping", second.method());
        String answers = "{\"id\":1,\"result\":{}}\n{\"id\":2,\"result\":{}}\n{\"id\":3,\"result\":{}}\n"; // the SDK's: stdin's end reaches it once both are out
        out.write(answers.getBytes(StandardCharsets.UTF_8));
        assertNull(sdk.readLine());
        assertEquals(answers, answered.toString(StandardCharsets.UTF_8), "nothing was refused");
    }

    @Test
    void aCarriageReturnInsideAStringIsNoJsonAndIsAnsweredNotForwarded() {
        Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("list_jobs"), new InFlightCalls());
        assertInstanceOf(Inbound.Reply.class, inbound.check("{\"jsonrpc\":\"2.0\",\"id\":\"a\rb\",\"method\":\"ping\"}"));
    }
}
