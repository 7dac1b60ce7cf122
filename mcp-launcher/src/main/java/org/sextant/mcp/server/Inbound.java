package org.sextant.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sextant.contract.FailReason;
import org.sextant.contract.HeldNumbers;
import org.sextant.contract.JsonLimits;
import org.sextant.contract.RepeatedKeys;
import org.sextant.contract.ShownText;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.InFlightCalls;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every message a client sends is checked here before the SDK sees it (stdio and HTTP alike).
 * The SDK's stdio transport stops reading for good at the first line it cannot read, and its
 * HTTP transport answers such a body with a serialized stack trace; so a message that is not
 * JSON, or JSON that is not one JSON-RPC message, is answered here with the JSON-RPC 2.0 error
 * (-32700, -32600) and never reaches the SDK. A tools/call of a name the SDK does not route (it
 * routes exact names only) is sent to {@link #UNROUTED_TOOL} with the name asked for in its
 * {@code _meta}, so that the dispatcher answers it like any other name: an envelope. Each
 * tools/call is remembered by its session and id ({@link InFlightCalls}, the key in its
 * {@code _meta}), and a {@code notifications/cancelled} naming it stops it here: the SDK has no
 * handler for cancellations. A call under the id of its session's call still held is answered here and not run
 * ({@link #idInUse}): the id stays the first call's. A message naming a key twice in one object is read strictly: inside a
 * tools/call's arguments the call is answered as invalid input ({@link #REPEATED_ARGUMENT}), anywhere
 * else it is a parse error; the SDK would otherwise keep the last value without a word. Half of a UTF-16 surrogate pair
 * alone ({@link HalfPairs}) in a tools/call's arguments marks the call for refusal ({@link #HALF_PAIR_ARGUMENT}); in any
 * other request's params it is answered here: UTF-8 would carry it on as "?".
 */
public final class Inbound {
    /** The hidden tool that receives calls of names no registered tool has. */
    public static final String UNROUTED_TOOL = "sextant.unrouted_tool";
    /** The {@code _meta} key of a rerouted call that holds the tool name the client asked for. */
    public static final String REQUESTED_TOOL = "sextant/requested_tool";
    /** The {@code _meta} key of a tools/call that holds its token in {@link InFlightCalls} ({@link InFlightCalls.Call#token}). */
    public static final String CALL_KEY = "sextant/call";
    /**
     * The {@code _meta} key of a tools/call whose arguments name a key twice: the key's path there
     * ("symbol", "spec.nodes.slow"). The call is answered with invalid_input naming it, not run.
     */
    public static final String REPEATED_ARGUMENT = "sextant/repeated_argument";
    /**
     * The {@code _meta} key of a tools/call whose arguments hold half of a UTF-16 surrogate pair alone ({@link HalfPairs}):
     * what the refusal says of where. The call is answered with invalid_input, not run: the app would read a "?".
     */
    public static final String HALF_PAIR_ARGUMENT = "sextant/half_pair_argument";
    /**
     * The {@code _meta} key of a resources/read or prompts/get that holds when it was read here ({@link System#nanoTime}):
     * its 5 s for the app count from then, as a tool call's do, not from when the SDK hands it to a worker.
     */
    public static final String READ_AT = "sextant/read_at";
    private static final String CANCELLED = "notifications/cancelled"; // the SDK (2.1.0) has no constant and no handler for it
    /**
     * Fractions are read exactly and a tools/call is forwarded so: as doubles 1e400 was written on as the string
     * "Infinity" (refused as "got a string") and 1e-400 as 0; the argument check refuses both by what was sent.
     */
    private static final tools.jackson.databind.ObjectReader EXACT = JsonLimits.exact();
    /** Messages are read once, refusing a key named twice as they are (no second walk of every message). */
    private static final tools.jackson.databind.ObjectReader STRICT = RepeatedKeys.strict(EXACT);
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Inbound.class);

    /** What to do with one message: hand this text to the SDK, or send this reply instead. */
    public sealed interface Verdict permits Forward, Reply, Answer, Handled {}

    /**
     * The text for the SDK; {@code call} is its tools/call (or --http resources/read) in {@link InFlightCalls}, else null;
     * {@code requestId} the id of a request, which the SDK answers (null for a notification or a response); {@code initialize}
     * whether it is the session's initialize request.
     */
    public record Forward(String text, InFlightCalls.Call call, JsonNode requestId, boolean initialize) implements Verdict {}

    /** A JSON-RPC error response, one line of JSON. */
    public record Reply(String response) implements Verdict {}

    /** The request's own response, given here in place of the SDK's (refused over its session's share): an answer, not a transport error. */
    public record Answer(String response) implements Verdict {}

    /**
     * A notification acted on here: nothing to forward, nothing to answer. {@code stopped}: the id of the tools/call it
     * cancelled, which gets no answer (MCP), else null.
     */
    public record Handled(JsonNode stopped) implements Verdict {}

    private final McpJsonMapper sdkMapper;
    private final Set<String> routedTools;
    private final InFlightCalls inFlight;

    Inbound(McpJsonMapper sdkMapper, Set<String> routedTools, InFlightCalls inFlight) {
        this.sdkMapper = sdkMapper;
        this.routedTools = Set.copyOf(routedTools);
        this.inFlight = inFlight;
    }

    /** One message of the stdio session. */
    public Verdict check(String text) {
        return check(text, "");
    }

    /** One message of {@code session} (--http: its Mcp-Session-Id; ids are the client's, unique only within a session). */
    public Verdict check(String text, String session) {
        JsonNode node;
        List<Object> twice = null; // a key named twice: keeping the last one would be a guess at what the client meant
        try (JsonParser p = STRICT.createParser(text)) {
            try {
                node = STRICT.readTree(p);
            } catch (StreamConstraintsException e) {
                // too deep, too long or too many values to read: which limit and where, which the parser's refusal does not say
                return pastLimit(e, p);
            } catch (NumberFormatException e) {
                return pastEveryExponent(p, text);
            }
        } catch (JacksonException e) {
            twice = RepeatedKeys.path(e);
            if (twice == null) {
                String at = e.getLocation() != null && e.getLocation().getColumnNr() > 0 ? " (at character " + e.getLocation().getColumnNr() + ")" : "";
                return reply(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the message is not valid JSON" + at
                        + "; send one JSON-RPC 2.0 message as one JSON object");
            }
            JsonParser again = EXACT.createParser(text);
            try (again) {
                node = EXACT.readTree(again); // read again, only then, for the id and arguments of the call it belongs to
            } catch (StreamConstraintsException past) {
                return pastLimit(past);
            } catch (NumberFormatException past) {
                return pastEveryExponent(again, text);
            }
        }
        if (node == null || !node.isObject()) {
            return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: a message is one JSON object"
                    + " (batches are not supported)");
        }
        if (twice != null && (!inArguments(node, twice) || RepeatedMembers.outsideArguments(text))) {
            return reply(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the message names one member of an object twice"
                    + "; send one JSON-RPC 2.0 message naming each member once");
        }
        JsonNode id = node.get("id") != null && (node.get("id").isString() || node.get("id").isNumber()) ? node.get("id") : null;
        if (id != null && !id.isString() && !(id.isIntegralNumber() && id.canConvertToLong())) {
            // the SDK takes a string, an int or a long: 1e308, 1.0 and 2^63 were refused as "id: a string or number"
            return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: id " + sentNumber(text, "id", id)
                    + ": a number id must be a whole number that fits 64 bits (" + Long.MIN_VALUE + " to " + Long.MAX_VALUE
                    + "), written without a fraction or exponent; or send the id as a string");
        }
        if (id != null && !carriable(id)) return halfSurrogateId(id.asString());
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
                    + " (method: a string; params: an object; id: a string or a whole number; error: {code, message})");
        }
        if (message instanceof McpSchema.JSONRPCRequest request && node.get("params") instanceof ObjectNode params) {
            // a tools/call's name and arguments are the tool's to refuse (unknown_tool, invalid_input): an envelope
            boolean call = McpSchema.METHOD_TOOLS_CALL.equals(request.method());
            for (Map.Entry<String, JsonNode> member : params.properties()) {
                if (call && (member.getKey().equals("name") || member.getKey().equals("arguments"))) continue;
                HalfPairs.Found half = HalfPairs.first(params, List.of("params"), member.getKey());
                if (half != null) return reply(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: "
                        + HalfPairs.refusal(half.where(RepeatedKeys::shown, "params")));
            }
        }
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
            return toolCall(text, (ObjectNode) node, id, session, twice);
        }
        if (message instanceof McpSchema.JSONRPCRequest request && (McpSchema.METHOD_RESOURCES_READ.equals(request.method())
                || McpSchema.METHOD_PROMPT_GET.equals(request.method())) && node.get("params") instanceof ObjectNode) {
            text = new ParamsEdit(text).meta(READ_AT, System.nanoTime()).text(); // every other byte as sent
        }
        if (message instanceof McpSchema.JSONRPCRequest request && McpSchema.METHOD_RESOURCES_READ.equals(request.method())
                && session != null && !session.equals(InFlightCalls.STDIO) && id != null) {
            // --http: a read (sextant://session-registry asks the app) takes a worker too, so it counts in the session's share
            InFlightCalls.Expected taken = inFlight.expect(session, callKey(session, id));
            if (taken instanceof InFlightCalls.IdInUse) return idInUse(id);
            if (taken instanceof InFlightCalls.Refusal refused) {
                return new Answer(resourceLimit(id, CallShares.problem(refused), CallShares.fix(refused)).response());
            }
            return new Forward(text, (InFlightCalls.Call) taken, id, false);
        }
        if (message instanceof McpSchema.JSONRPCNotification n && CANCELLED.equals(n.method())) {
            JsonNode cancelled = node.path("params").get("requestId");
            // a cancel of a call answered already (or never sent) is ignored, as MCP allows
            if (cancelled != null && inFlight.cancel(callKey(session, cancelled))) {
                LOG.debug("tools/call {} cancelled by the client", cancelled);
                return new Handled(cancelled);
            }
            return new Handled(null);
        }
        return message instanceof McpSchema.JSONRPCRequest r ? new Forward(text, null, id, McpSchema.METHOD_INITIALIZE.equals(r.method()))
                : new Forward(text, null, null, false);
    }

    private static Reply pastLimit(StreamConstraintsException e, JsonParser p) {
        return reply(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the " + JsonLimits.passed(e, p, "message", false)
                + "; send one JSON-RPC 2.0 message as one JSON object");
    }

    /** A limit passed on the second reading, whose parser the refusal holds. */
    private static Reply pastLimit(StreamConstraintsException e) {
        if (e.processor() instanceof JsonParser p) return pastLimit(e, p);
        return reply(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the message passes a limit of the JSON reader"
                + "; send one JSON-RPC 2.0 message as one JSON object");
    }

    /**
     * A number no exact reader holds (1e2147483648: its exponent is an int) threw out of the reading of stdin: it is
     * answered naming where it stood, to the call's id when the message read as doubles gives one.
     */
    private static Reply pastEveryExponent(JsonParser p, String text) {
        List<Object> path = RepeatedKeys.at(p);
        String problem = HeldNumbers.pastEveryExponent(p.getString()) + "; send a number a double holds";
        JsonNode id = null;
        try {
            JsonNode sent = JsonLimits.bounded().readTree(text).get("id");
            if (sent != null && (sent.isString() && carriable(sent) || sent.isIntegralNumber() && sent.canConvertToLong())) id = sent;
        } catch (RuntimeException unread) {
            // answered without an id, as a message that cannot be read
        }
        if (path.equals(List.of("id"))) return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: id " + problem);
        if (path.size() > 2 && "params".equals(path.get(0)) && "arguments".equals(path.get(1))) {
            List<Object> argument = path.subList(2, path.size());
            return reply(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: argument '" + ShownText.name(String.valueOf(argument.get(0))) + "'"
                    + (argument.size() > 1 ? " at " + RepeatedKeys.shown(argument) : "") + ": " + problem);
        }
        return reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: " + (path.isEmpty() ? "" : RepeatedKeys.shown(path) + ": ") + problem);
    }

    /**
     * Whether a string id can be sent back as sent: one holding half of a UTF-16 surrogate pair without its other half
     * ({@code "\\ud800"}, valid JSON) is no text UTF-8 can carry; the SDK's answer came under the id "?" (attack 37, F6).
     */
    private static boolean carriable(JsonNode id) {
        return !id.isString() || HalfPairs.at(id.asString()) < 0;
    }

    /** The refusal of an id {@link #carriable} refuses: which escape, where; never the id itself. */
    private static Reply halfSurrogateId(String id) {
        int at = HalfPairs.at(id);
        return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: id holds the escape \\u"
                + String.format("%04x", (int) id.charAt(at)) + " at character " + (at + 1) + ", half of a UTF-16 surrogate pair"
                + " without its other half, which no answer can carry back as sent; send the id as whole characters (a pair"
                + " such as \\ud83d\\ude00 is one character)");
    }

    /**
     * A top-level number member as the client wrote it ("1e0", "10E-1"), not its value ("1", "1.0"), which is no id it
     * sent; a long one is shown short as {@link HeldNumbers#shown} shows it.
     */
    private static String sentNumber(String text, String member, JsonNode value) {
        try (JsonParser p = JsonLimits.bounded().createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return HeldNumbers.shown(value);
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (member.equals(name) && p.currentToken().isNumeric()) return HeldNumbers.shown(value, p.getString());
                p.skipChildren();
            }
        } catch (JacksonException unread) {
            // read once already: shown by its value
        }
        return HeldNumbers.shown(value);
    }

    private static String callKey(String session, JsonNode id) {
        return (session == null ? "" : session) + " " + id; // id as JSON: 1 and "1" differ
    }

    /** A key named twice inside a tools/call request's arguments: the call is answered, as a tool's invalid input. */
    private static boolean inArguments(JsonNode message, List<Object> path) {
        return path.size() > 2 && "params".equals(path.get(0)) && "arguments".equals(path.get(1)) && message.get("id") != null
                && message.path("method").isString() && McpSchema.METHOD_TOOLS_CALL.equals(message.path("method").stringValue());
    }

    private Verdict toolCall(String text, ObjectNode node, JsonNode id, String session, List<Object> twice) {
        JsonNode name = node.get("params") instanceof ObjectNode p ? p.get("name") : null;
        if (name == null || !name.isString()) {
            return reply(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: tools/call needs params.name,"
                    + " the name of the tool to call (show_all_tools lists every tool)");
        }
        ObjectNode params = (ObjectNode) node.get("params");
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isObject() && !arguments.isNull()) { // the SDK would answer -32603 with its Java class names
            return reply(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: tools/call's params.arguments must be an object"
                    + " of the tool's arguments ({} or left out for none), not " + (arguments.isArray() ? "an array" : arguments.isString() ? "a string"
                    : arguments.isNumber() ? "a number" : "a boolean"));
        }
        // the arguments and the client's _meta reach the SDK as sent (1e0, -0.0 and 1.10 as written)
        ParamsEdit edit = new ParamsEdit(text).withoutMeta(CALL_KEY).withoutMeta(REPEATED_ARGUMENT).withoutMeta(REQUESTED_TOOL) // set here only: a call is cancelled by its own id, its lane is its tool's
                .withoutMeta(HALF_PAIR_ARGUMENT);
        if (twice != null) edit.meta(REPEATED_ARGUMENT, RepeatedKeys.shown(twice.subList(2, twice.size())));
        HalfPairs.Found half = arguments == null ? null : HalfPairs.first(arguments, List.of());
        if (half != null) edit.meta(HALF_PAIR_ARGUMENT, HalfPairs.problem(half.where(path -> "argument '" + RepeatedKeys.shown(path) + "'", "the arguments")));
        InFlightCalls.Call call = null;
        if (id != null) {
            InFlightCalls.Expected taken = inFlight.expect(session, callKey(session, id), !Lanes.quick(name.asString()));
            if (taken instanceof InFlightCalls.IdInUse) return idInUse(id);
            if (taken instanceof InFlightCalls.Refusal refused) return CallShares.refused(sdkMapper, id, refused);
            call = (InFlightCalls.Call) taken;
            edit.meta(CALL_KEY, call.token()); // this call's own: a later call reusing its id is not found by it
        }
        if (!routedTools.contains(name.asString())) {
            edit.meta(REQUESTED_TOOL, name.asString()).name(UNROUTED_TOOL);
        }
        return new Forward(edit.text(), call, id, false);
    }

    /** --http: the request that carried {@code call} was handled; one the SDK refused no longer holds its session's room. */
    void handled(InFlightCalls.Call call) {
        if (call != null) inFlight.handled(call);
    }

    /**
     * A tools/call or resources/read under an id its session's earlier request still holds: not run, the earlier one keeps
     * the id (its answer and its cancel). The request's own response (over --http HTTP 200, as a refusal over the shares),
     * the JSON-RPC error -32600; the id is named as sent, a string cut to a name's length.
     */
    static Answer idInUse(JsonNode id) {
        String shown = id.isString() ? "\"" + ShownText.name(id.asString()) + "\"" : id.toString();
        return new Answer(reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: id " + shown + " " + ID_IN_USE + "; "
                + ID_IN_USE_FIX).response());
    }

    /** What {@link #idInUse} says after the id (docs/mcp.md quotes it). */
    static final String ID_IN_USE = "is the id of a tool call or resource read of this session still running or waiting;"
            + " this request was not run, and the earlier one keeps the id (its answer and its cancel)";
    static final String ID_IN_USE_FIX = "send each request with a new id, one this session has not used before";

    /**
     * Stdio: the answer to a request read before stdin ended that had none when answers stopped coming ({@code waited} without
     * one): the launcher stops without it.
     */
    static Reply unanswered(JsonNode id, java.time.Duration waited) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("fail_reason", FailReason.TIMEOUT.wire());
        data.put("field", null);
        data.put("fix", UNANSWERED_FIX);
        return reply(id, McpSchema.ErrorCodes.INTERNAL_ERROR, "timeout: " + UNANSWERED + " (none came for " + waited.toSeconds()
                + " s); " + UNANSWERED_FIX, data);
    }

    /**
     * Stdio: the answer to a request read before stdin ended when no initialize came before it: the SDK answers none then,
     * and keeping stdin open would not have helped.
     */
    static Reply neverInitialized(JsonNode id) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("fail_reason", FailReason.INVALID_INPUT.wire());
        data.put("field", null);
        data.put("fix", NEVER_INITIALIZED_FIX);
        return reply(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: " + NEVER_INITIALIZED + "; " + NEVER_INITIALIZED_FIX, data);
    }

    /** What {@link #neverInitialized} says (docs/mcp.md quotes it). */
    static final String NEVER_INITIALIZED = "stdin ended, and no initialize came before this request, so the session never started";
    static final String NEVER_INITIALIZED_FIX = "start a new launcher and send initialize first (then notifications/initialized), then this request";

    /** What {@link #unanswered} says (docs/mcp.md quotes it). */
    static final String UNANSWERED = "stdin ended and the launcher stops without an answer to this request";
    static final String UNANSWERED_FIX = "send it again to a new launcher, keeping stdin open until its answer has come";

    /** Refuses a message over {@link LauncherInfo#MAX_MESSAGE_BYTES} without reading it. */
    public static Reply tooLarge() {
        return reply(null, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: the message is over the "
                + LauncherInfo.MAX_MESSAGE_BYTES + " bytes one message may have");
    }

    /**
     * --http: the message would pass the bytes all messages may hold at once ({@link BodyLane});
     * it was read into nothing. resource_limit as the app's refusals say it, with the bound and the fix.
     */
    static Reply overBudget(long budgetBytes) {
        String bound = "the launcher already holds messages near " + budgetBytes + " bytes, the most all sessions' messages"
                + " being read or handled may hold at once";
        return resourceLimit(bound, "retry in a moment; send large messages one at a time");
    }

    /** --http: the message was the oldest of more bodies arriving at once than the lane reads ({@link BodyLane}); its body unread. */
    static Reply overLane(int maxBodies) {
        return resourceLimit(org.sextant.contract.BodyBounds.overArriving(maxBodies), org.sextant.contract.BodyBounds.OVER_ARRIVING_FIX);
    }

    private static Reply resourceLimit(String bound, String fix) {
        return resourceLimit(null, bound, fix);
    }

    /** The JSON-RPC error resource_limit (to the request {@code id}, or null), with the bound and the fix in its data. */
    static Reply resourceLimit(JsonNode id, String bound, String fix) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("fail_reason", FailReason.RESOURCE_LIMIT.wire());
        data.put("field", null);
        data.put("fix", fix);
        return reply(id, RESOURCE_LIMIT, "resource_limit: " + bound + "; " + fix, data);
    }

    /** JSON-RPC's range for server errors (MCP takes -32002 for a resource not found): too busy for this message now. */
    static final int RESOURCE_LIMIT = -32003;

    /** --http without the right bearer token: where the token is, never what it is. */
    static Reply unauthorized() {
        return reply(null, UNAUTHORIZED, "Unauthorized: send the header Authorization: Bearer <token>, the token in"
                + " SEXTANT_HOME/run/mcp-http.token (sextant-mcp config CLIENT --http --port N prints a config with it)");
    }

    /** JSON-RPC's range for server errors; the HTTP status (401) says the same. */
    static final int UNAUTHORIZED = -32001;

    static Reply reply(JsonNode id, int code, String message) {
        return reply(id, code, message, null);
    }

    private static Reply reply(JsonNode id, int code, String message, Map<String, Object> data) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        if (data != null) error.put("data", data);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        response.put("id", id);
        response.put("error", error);
        return new Reply(Json.write(response));
    }
}
