package org.sextant.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every message a client sends is checked here before the SDK sees it (stdio and HTTP alike).
 * The SDK's stdio transport stops reading for good at the first line it cannot read, and its
 * HTTP transport answers such a body with a serialized stack trace; so a message that is not
 * JSON, or JSON that is not one JSON-RPC message, is answered here with the JSON-RPC 2.0 error
 * (-32700, -32600) and never reaches the SDK. A tools/call of a name the SDK does not route (it
 * routes exact names only) is sent to {@link #UNROUTED_TOOL} with the name asked for in its
 * {@code _meta}, so that the dispatcher answers it like any other name: an envelope.
 */
public final class Inbound {
    /** The hidden tool that receives calls of names no registered tool has. */
    public static final String UNROUTED_TOOL = "sextant.unrouted_tool";
    /** The {@code _meta} key of a rerouted call that holds the tool name the client asked for. */
    public static final String REQUESTED_TOOL = "sextant/requested_tool";

    /** What to do with one message: hand this text to the SDK, or send this reply instead. */
    public sealed interface Verdict permits Forward, Reply {}

    public record Forward(String text) implements Verdict {}

    /** A JSON-RPC error response, one line of JSON. */
    public record Reply(String response) implements Verdict {}

    private final McpJsonMapper sdkMapper;
    private final Set<String> routedTools;

    Inbound(McpJsonMapper sdkMapper, Set<String> routedTools) {
        this.sdkMapper = sdkMapper;
        this.routedTools = Set.copyOf(routedTools);
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
        McpSchema.JSONRPCMessage message;
        try {
            // The SDK's own reading: what passes here is what it can read.
            message = McpSchema.deserializeJsonRpcMessage(sdkMapper, text);
        } catch (Exception e) {
            return reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: a member has the wrong type"
                    + " (method: a string; params: an object; id: a string or number; error: {code, message})");
        }
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
            return toolCall((ObjectNode) node, id, text);
        }
        return new Forward(text);
    }

    private Verdict toolCall(ObjectNode node, JsonNode id, String text) {
        JsonNode name = node.get("params") instanceof ObjectNode p ? p.get("name") : null;
        if (name == null || !name.isString()) {
            return reply(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: tools/call needs params.name,"
                    + " the name of the tool to call (show_all_tools lists every tool)");
        }
        if (routedTools.contains(name.asString())) return new Forward(text);
        ObjectNode params = (ObjectNode) node.get("params");
        ObjectNode meta = params.get("_meta") instanceof ObjectNode m ? m : params.putObject("_meta");
        meta.put(REQUESTED_TOOL, name.asString());
        params.put("name", UNROUTED_TOOL);
        return new Forward(Json.write(node));
    }

    /** Refuses a message over {@link LauncherInfo#MAX_MESSAGE_BYTES} without reading it. */
    public static Reply tooLarge() {
        return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: the message is over the "
                + LauncherInfo.MAX_MESSAGE_BYTES + " bytes one message may have");
    }

    /** --http without the right bearer token: where the token is, never what it is. */
    static Reply unauthorized() {
        return reply(null, UNAUTHORIZED, "Unauthorized: send the header Authorization: Bearer <token>, the token in"
                + " SEXTANT_HOME/run/mcp-http.token (sextant-mcp config CLIENT --http --port N prints a config with it)");
    }

    /** JSON-RPC's range for server errors; the HTTP status (401) says the same. */
    static final int UNAUTHORIZED = -32001;

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
