package org.sextant.mcp.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.AnswerBudget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one call path of every tool: resolve the name, apply the gates of write tools, check the
 * arguments (names, then values against the tool's input schema), run the handler, hold the answer to its byte budget (AnswerBudget), and turn whatever
 * happens into an envelope. It never throws.
 */
public final class ToolDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ToolDispatcher.class);

    private final Map<String, LauncherTool> byName = new LinkedHashMap<>();
    private final ToolContext context;
    private final InFlightCalls inFlight = new InFlightCalls();

    public ToolDispatcher(ToolContext context) {
        this.context = context;
        for (LauncherTool tool : context.tools()) {
            if (byName.put(tool.name(), tool) != null) {
                throw new IllegalStateException("tool listed twice: " + tool.name());
            }
        }
    }

    public List<LauncherTool> tools() {
        return List.copyOf(byName.values());
    }

    public Optional<LauncherTool> resolve(String requestedName) {
        return ToolNames.canonical(requestedName, byName.keySet()).map(byName::get);
    }

    public ToolContext context() {
        return context;
    }

    /** The calls a client may still cancel (notifications/cancelled). */
    public InFlightCalls inFlight() {
        return inFlight;
    }

    public Envelope dispatch(String requestedName, Map<String, Object> arguments) {
        return dispatch(requestedName, arguments, Progress.NONE);
    }

    public Envelope dispatch(String requestedName, Map<String, Object> arguments, Progress progress) {
        Optional<LauncherTool> found = resolve(requestedName);
        if (found.isEmpty()) return unknown(requestedName);
        LauncherTool tool = found.get();
        try {
            if (tool.toolClass() == ToolClass.WRITE) {
                context.runsGate().enforce(tool.name());
                if (tool.drivesApp()) context.pilotGate().enforce(tool.name());
            }
            Arguments args = Arguments.of(tool.name(), arguments, tool.inputSchema());
            Object result = tool.handle(new Call(args, context, progress == null ? Progress.NONE : progress));
            String call = tool.name() + " " + (arguments == null ? Map.of() : arguments);
            String source = call.length() > 200 ? call.substring(0, 200) + "…" : call;
            if (result instanceof ToolResult r) {
                return new Envelope(true, null, null, r.hint(), AnswerBudget.limit(r.data(), source, context.tables()), r.images());
            }
            return Envelope.success(AnswerBudget.limit(result, source, context.tables()));
        } catch (ToolFailure f) {
            LOG.debug("{} failed: {} ({})", tool.name(), f.getMessage(), f.failReason());
            return f.toEnvelope();
        } catch (RuntimeException | StackOverflowError e) {
            return launcherBug(tool.name(), e);
        }
    }

    /**
     * A bug of the launcher's own: the exception goes to its stderr (an MCP client keeps that as the server's log; stdout
     * is JSON-RPC only) under a short mark, and the agent is told only the mark. The exception's words may quote a path,
     * an argument or an answer's content, and they are no help to an agent.
     */
    static Envelope launcherBug(String toolName, Throwable bug) {
        String mark = java.util.UUID.randomUUID().toString().substring(0, 8);
        LOG.error("{} failed inside the launcher (incident {})", toolName, mark, bug);
        return Envelope.failure("internal error in the launcher while running '" + toolName + "' (a bug; logged as incident " + mark
                + " on the launcher's stderr)", FailReason.INTERNAL_ERROR, "retry; if it fails again, tell the person to report incident " + mark
                + " with the launcher's log (its stderr, kept by the MCP client)");
    }

    /**
     * A call whose arguments named {@code argument} (a path, shown escaped) twice: refused, not run,
     * for which value counts would be a guess; the local API refuses such a body alike.
     */
    public Envelope givenTwice(String requestedName, String argument) {
        if (resolve(requestedName).isEmpty()) return unknown(requestedName);
        return Envelope.failure("argument '" + argument + "' is given twice: which one counts would be a guess", FailReason.INVALID_INPUT,
                "send " + argument + " once, with the value you mean");
    }

    /**
     * A call whose arguments hold half of a UTF-16 surrogate pair alone: refused, not run, as the app would read a "?" in
     * its place. {@code error} says where (Inbound marked it), the half shown as its escape.
     */
    public Envelope halfPair(String requestedName, String error) {
        if (resolve(requestedName).isEmpty()) return unknown(requestedName);
        return Envelope.failure(error, FailReason.INVALID_INPUT, HALF_PAIR_FIX);
    }

    /** How to send text without a lone half (docs/mcp.md quotes it). */
    public static final String HALF_PAIR_FIX = "send whole characters (a pair such as \\ud83d\\ude00 is one character)";

    private static Envelope unknown(String requestedName) {
        // the name is the caller's text: any length, any character
        return Envelope.failure("no tool named '" + org.sextant.contract.ShownText.name(requestedName) + "'", FailReason.UNKNOWN_TOOL,
                "call show_all_tools (or get_tool_manifest) for every tool name; tools/list shows only the tools listed now");
    }
}
