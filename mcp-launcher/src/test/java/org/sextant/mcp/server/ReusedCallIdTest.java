package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;
import tools.jackson.databind.JsonNode;

/**
 * A client reuses a call's id while the call still waits for a worker (read, not yet run). The first call's worker must
 * find its own call, not the later one: found by id, it took the later call's thread slot, and its end forgot the later
 * call, whose cancel was then lost and whose room in the session's share was freed while it ran.
 */
class ReusedCallIdTest {
    private final InFlightCalls calls = new InFlightCalls();
    private final Inbound inbound = new Inbound(SextantMcpServer.jsonMapper(), Set.of("run_select"), calls);

    @Test
    void theFirstCallsWorkerLeavesTheCallThatReusedItsIdCancellable() {
        String first = token(inbound.check(call(1), "s"));
        String reused = token(inbound.check(call(1), "s")); // the same id, read before the first call ran

        assertEquals("first answer", calls.run(first, () -> "first answer"), "the first call still runs and is answered");
        assertEquals(1, calls.held("s"), "the call that reused the id still holds its room");

        assertInstanceOf(Inbound.Handled.class, inbound.check(
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}", "s"));
        boolean[] ran = new boolean[1];
        assertNull(calls.run(reused, () -> ran[0] = true), "its cancel reached it: no answer is sent");
        assertFalse(ran[0], "a call cancelled before it ran never runs");
        assertEquals(0, calls.held("s"));
    }

    /** What the worker of the forwarded call is given to find its call by ({@link Inbound#CALL_KEY} in its _meta). */
    private static String token(Inbound.Verdict verdict) {
        JsonNode sent = Json.MAPPER.readTree(assertInstanceOf(Inbound.Forward.class, verdict).text());
        return sent.path("params").path("_meta").path(Inbound.CALL_KEY).asString();
    }

    private static String call(int id) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"run_select\",\"arguments\":{\"sql\":\"select 1\"}}}";
    }
}
