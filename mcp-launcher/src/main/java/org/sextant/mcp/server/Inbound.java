package org.sextant.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Every message a client sends is checked here before the SDK sees it (stdio and HTTP alike).
 * The SDK's stdio transport stops reading for good at the first line it cannot read, and its
 * HTTP transport answers such a body with a serialized stack trace; so a message that is not
 * JSON, or JSON that is not one JSON-RPC message, is answered here with the JSON-RPC 2.0 error
 * (-32700, -32600) and never reaches the SDK.
 */
public final class Inbound {
    /** What to do with one message: hand this text to the SDK, or send this reply instead. */
    public sealed interface Verdict permits Forward, Reply {}

    public record Forward(String text) implements Verdict {}

    /** A JSON-RPC error response, one line of JSON. */
    public record Reply(String response) implements Verdict {}

    private final McpJsonMapper sdkMapper;

    Inbound(McpJsonMapper sdkMapper) {
        this.sdkMapper = sdkMapper;
    }

    public Verdict check(String text) {
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(text);
        } catch (JacksonException e) {
            String at = e.getLocation() != null && e.getLocation().getColumnNr() > 0 ? " (at character " + e.getLocation().getColumnNr() + ")" : "";
            return reply(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the message is not valid JSON" + at
                    + "; send one JSON-RPC 2.0 message as one JSON object");
        }
        if (node == null || !node.isObject()) {
            return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: a message is one JSON object"
                    + " (batches are not supported)");
        }
        JsonNode id = node.get("id") != null && (node.get("id").isString() || node.get("id").isNumber()) ? node.get("id") : null;
        if (!node.has("method") && !node.has("result") && !node.has("error")) {
            return reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: the object has no method"
                    + " (a request or notification) and no result or error (a response)");
        }
        try {
            // The SDK's own reading: what passes here is what it can read.
            McpSchema.deserializeJsonRpcMessage(sdkMapper, text);
        } catch (Exception e) {
            return reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: a member has the wrong type"
                    + " (method: a string; params: an object; id: a string or number; error: {code, message})");
        }
        return new Forward(text);
    }

    /** Refuses a message over {@link LauncherInfo#MAX_MESSAGE_BYTES} without reading it. */
    public static Reply tooLarge() {
        return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: the message is over the "
                + LauncherInfo.MAX_MESSAGE_BYTES + " bytes one message may have");
    }

    static Reply reply(JsonNode id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        response.put("id", id);
        response.put("error", error);
        return new Reply(Json.write(response));
    }
}
