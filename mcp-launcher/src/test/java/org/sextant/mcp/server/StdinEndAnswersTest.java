package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * Attack 37, F1: the end of stdin reaches the SDK only once the requests read before it are answered; one left unanswered
 * when answers stop coming is answered by the launcher with an error, never twice. Here the test reads stdin as the SDK
 * does and writes the SDK's answers itself.
 */
class StdinEndAnswersTest {
    private final PipedOutputStream client = new PipedOutputStream();
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final LineOutput out = new LineOutput(stdout);

    /** Stdin checked as the launcher checks it and read as the SDK reads it; at its end answers are awaited for {@code answerWait}. */
    private BufferedReader sdk(Duration answerWait) throws IOException {
        CheckedStdin stdin = new CheckedStdin(new PipedInputStream(client, 1 << 16),
                new Inbound(SextantMcpServer.jsonMapper(), Set.of("health_check"), new InFlightCalls()), out, answerWait).start();
        return new BufferedReader(new InputStreamReader(stdin.forSdk(), StandardCharsets.UTF_8));
    }

    private void send(String line) throws IOException {
        client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        client.flush();
    }

    private void answer(String id) throws IOException {
        out.write(("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}\n").getBytes(StandardCharsets.UTF_8));
    }

    /** The session's start: an initialize, read and answered as the SDK does, so later requests are answered by it. */
    private void initialize(BufferedReader sdk) throws IOException {
        send("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
        sdk.readLine();
        answer("\"init\"");
    }

    private List<Map<String, Object>> written() {
        return stdout.toString(StandardCharsets.UTF_8).lines().map(Json::readObject).toList();
    }

    @Test
    void aRequestUnansweredWhenAnswersStopIsAnsweredWithAnErrorAndTheSdksLateAnswerIsNotWrittenTwice() throws Exception {
        BufferedReader sdk = sdk(Duration.ZERO);
        initialize(sdk);
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
        send("{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"ping\"}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        for (int i = 0; i < 3; i++) sdk.readLine();
        answer("\"1\""); // the string id "1": the number 1 is still unanswered
        client.close();

        assertNull(sdk.readLine(), "the end, once the rest is answered");
        answer("1"); // the SDK's answer after the launcher's own

        List<Map<String, Object>> written = written();
        assertEquals(List.of("init", "1", 1), written.stream().map(m -> m.get("id")).toList(), stdout::toString);
        Map<?, ?> error = (Map<?, ?>) written.get(2).get("error");
        assertEquals(-32603, error.get("code"));
        assertEquals("timeout: stdin ended and the launcher stops without an answer to this request (none came for 0 s);"
                + " send it again to a new launcher, keeping stdin open until its answer has come", error.get("message"));
        assertEquals("timeout", ((Map<?, ?>) error.get("data")).get("fail_reason"));
    }

    @Test
    void docsMcpQuotesTheAnswerToARequestLeftUnanswered() throws IOException {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        assertTrue(doc.contains(Inbound.UNANSWERED), () -> "docs/mcp.md does not quote: " + Inbound.UNANSWERED);
        assertTrue(doc.contains(Inbound.UNANSWERED_FIX), () -> "docs/mcp.md does not quote: " + Inbound.UNANSWERED_FIX);
        assertTrue(doc.contains(Inbound.NEVER_INITIALIZED), () -> "docs/mcp.md does not quote: " + Inbound.NEVER_INITIALIZED);
        assertTrue(doc.contains(Inbound.NEVER_INITIALIZED_FIX), () -> "docs/mcp.md does not quote: " + Inbound.NEVER_INITIALIZED_FIX);
    }

    /**
     * Attack 37b F4: requests with no initialize before them, which the SDK never answers, then the end of stdin: answered at
     * once saying so (they waited the whole answer wait, here a day, and were told to keep stdin open).
     */
    @Test
    void requestsWithNoInitializeBeforeThemAreAnsweredAtOnceSayingSo() throws Exception {
        BufferedReader sdk = sdk(Duration.ofDays(1));
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}");
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        sdk.readLine();
        sdk.readLine();
        client.close();

        assertNull(sdk.readLine(), "the end, without waiting for answers the SDK will not write");
        List<Map<String, Object>> written = written();
        assertEquals(List.of(1, 2), written.stream().map(m -> m.get("id")).toList(), stdout::toString);
        Map<?, ?> error = (Map<?, ?>) written.get(0).get("error");
        assertEquals(-32600, error.get("code"));
        assertEquals("Invalid Request: " + Inbound.NEVER_INITIALIZED + "; " + Inbound.NEVER_INITIALIZED_FIX, error.get("message"));
        assertEquals("invalid_input", ((Map<?, ?>) error.get("data")).get("fail_reason"));
    }

    @Test
    void aCancelledCallIsNotWaitedForNorAnswered() throws Exception {
        BufferedReader sdk = sdk(Duration.ZERO);
        initialize(sdk);
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"health_check\",\"arguments\":{}}}");
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}");
        sdk.readLine();
        client.close();

        assertNull(sdk.readLine());
        assertEquals(List.of("init"), written().stream().map(m -> m.get("id")).toList(), "MCP sends no answer to a cancelled request");
    }

    @Test
    void theEndWaitsWhileAnswersComeAndNothingIsAnsweredTwice() throws Exception {
        BufferedReader sdk = sdk(Duration.ofDays(1));
        initialize(sdk);
        for (int id = 1; id <= 3; id++) send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}");
        for (int id = 1; id <= 3; id++) sdk.readLine();
        answer("1");
        client.close();
        Thread sdkAnswers = new Thread(() -> {
            try {
                answer("2");
                answer("3");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        sdkAnswers.start();

        assertNull(sdk.readLine(), "the end comes once 2 and 3 are answered");
        assertEquals(List.of("init", 1, 2, 3), written().stream().map(m -> m.get("id")).toList(), stdout::toString);
        sdkAnswers.join();
    }
}
