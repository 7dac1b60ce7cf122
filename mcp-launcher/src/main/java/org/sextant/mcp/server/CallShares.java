package org.sextant.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.tools.InFlightCalls;
import tools.jackson.databind.JsonNode;

/**
 * --http: a tools/call past its session's share of calls, a slow one past the workers for slow calls, or any past
 * all sessions' ({@link InFlightCalls}),
 * is answered at once as the tool's resource_limit envelope with the bound and the fix, and never runs:
 * so one session's flood neither forgets another session's calls nor takes the workers its calls need.
 * A resources/read counts in the same share; past it, it is answered with the JSON-RPC error resource_limit.
 */
final class CallShares {
    private CallShares() {}

    static String problem(InFlightCalls.Refusal refusal) {
        return switch (refusal) {
            case SESSION_FULL -> "this session already has " + InFlightCalls.PER_SESSION + " tool calls and resource reads running"
                    + " or waiting, the most one session may have at once; this one was not run";
            case WORKERS_BUSY -> "the launcher already runs " + InFlightCalls.WORKING + " slow tool calls of all its sessions, one on"
                    + " each of its workers for them; this one was not run";
            case LAUNCHER_FULL -> "the launcher already holds " + InFlightCalls.MAX + " tool calls and resource reads of all its"
                    + " sessions, the most it holds at once; this one was not run";
        };
    }

    static String fix(InFlightCalls.Refusal refusal) {
        return switch (refusal) {
            case SESSION_FULL -> "wait for the answer to an earlier request (or cancel a call), then send it again;"
                    + " send at most " + InFlightCalls.PER_SESSION + " at once";
            case WORKERS_BUSY -> "retry when a slow call has been answered; quick tools such as health_check and cancel_job"
                    + " are still answered at once";
            case LAUNCHER_FULL -> "retry in a moment";
        };
    }

    /** The call's response: its id, the envelope as every tool failure comes (isError, text and structuredContent). */
    static Inbound.Answer refused(McpJsonMapper mapper, JsonNode id, InFlightCalls.Refusal refusal) {
        McpSchema.CallToolResult result = SextantMcpServer.toResult(Envelope.failure(problem(refusal), FailReason.RESOURCE_LIMIT, fix(refusal)));
        Object rpcId = id.isString() ? id.asString() : (Object) id.longValue();
        try {
            return new Inbound.Answer(mapper.writeValueAsString(McpSchema.JSONRPCResponse.result(rpcId, result)));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an envelope of strings always writes
        }
    }
}
