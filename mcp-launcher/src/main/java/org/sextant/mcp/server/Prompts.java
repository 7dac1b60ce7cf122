package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * The two research workflows an agent can ask for by name. Each names the tools to call in
 * order and the honesty rules (count every configuration tried, judge out of sample). Tool names
 * appear in backticks; a test checks each is a served tool.
 */
final class Prompts {
    static final String RESEARCH_LOOP = """
            Research loop on %s%s. Work in this order and report what each step returned:
            1. `get_server_info`: is the app running, are runs allowed (access.runs_allowed)? If runs are \
            not allowed, stop after the read-only steps and tell the person what you would run. If your \
            client lists only the starter tools, `focus_category` with category research lists the rest below.
            2. `list_symbols` (and `get_close_price` for a look at the series): are the symbols stored, over \
            which dates? Missing ones: `gather_tickers`, then poll `refresh_job_status`.
            3. `compare_to_history`: what happened next when markets looked like today (the base rate \
            your idea must beat).
            4. `list_node_catalogue`, then write a graph spec and check it with `compose_graph` (how many \
            configurations it expands to; fewer is more honest).
            5. `backtest_graph` with session_id "%s" (background, then poll `backtest_status`). Read the \
            verdict, the out-of-sample metrics, dsr and pbo, not the best in-sample Sharpe.
            6. `get_session_registry` for session "%s": state how many configurations you tried in total; \
            every retry counts against the result.
            7. Report: hypothesis, spec, verdict with its reasons, out-of-sample figures, configurations \
            tried, and what would change your mind. Do not present an in-sample result as an edge.""";

    static final String ROBUSTNESS_PASS = """
            Robustness pass on the strategy %s over %s, in research session "%s". Try to break it; \
            report every run, including the ones that make it look worse (if your client lists only the \
            starter tools, `focus_category` with category research lists these):
            1. `compose_graph` on the spec: note the configurations count.
            2. `backtest_graph` on the original symbols with background=false: the baseline verdict, \
            out-of-sample metrics, psr, dsr, pbo and placebo p.
            3. `backtest_graph` again with an earlier oos_start (a longer out-of-sample window), and again \
            on other stored symbols (`list_symbols`) the idea should also work on.
            4. Vary each parameter range by about a third in a new spec (`compose_graph` first); a result \
            that survives only at one setting is fragile.
            5. `compare_to_history` for the current regime: does the strategy's edge depend on a regime \
            that is rare now?
            6. `get_session_registry`: report the total configurations tried in this session next to the \
            deflated Sharpe (dsr) and pbo.
            7. Verdict: robust, fragile or rejected, with the runs that decided it (job ids from \
            `backtest_status`).""";

    private Prompts() {}

    static List<McpServerFeatures.SyncPromptSpecification> all() {
        McpSchema.Prompt loop = new McpSchema.Prompt("research_loop", "Research loop",
                "From an idea to an honest verdict: data, base rate, graph, backtest, configurations counted",
                List.of(new McpSchema.PromptArgument("symbols", "symbols to research, e.g. AA, IBM", true),
                        new McpSchema.PromptArgument("hypothesis", "the idea in one sentence", false),
                        new McpSchema.PromptArgument("session_id", "research session to count runs in (default: research)", false)));
        McpSchema.Prompt pass = new McpSchema.Prompt("robustness_pass", "Robustness pass",
                "Try to break a strategy: other windows, other symbols, perturbed parameters, regimes, trials counted",
                List.of(new McpSchema.PromptArgument("spec", "the strategy graph spec (JSON) or a description of it", true),
                        new McpSchema.PromptArgument("symbols", "the symbols it was found on", true),
                        new McpSchema.PromptArgument("session_id", "research session to count runs in (default: research)", false)));
        return List.of(
                new McpServerFeatures.SyncPromptSpecification(loop, (exchange, request) -> {
                    Map<String, Object> a = args(request);
                    String symbols = required(a, "symbols", "research_loop");
                    Object hypothesis = a.get("hypothesis");
                    String session = session(a);
                    return result("Research loop on " + symbols, RESEARCH_LOOP.formatted(symbols,
                            hypothesis == null ? "" : " (hypothesis: " + hypothesis + ")", session, session));
                }),
                new McpServerFeatures.SyncPromptSpecification(pass, (exchange, request) -> {
                    Map<String, Object> a = args(request);
                    String spec = required(a, "spec", "robustness_pass");
                    String symbols = required(a, "symbols", "robustness_pass");
                    return result("Robustness pass", ROBUSTNESS_PASS.formatted(spec, symbols, session(a)));
                }));
    }

    private static Map<String, Object> args(McpSchema.GetPromptRequest request) {
        return request.arguments() == null ? Map.of() : request.arguments();
    }

    private static String session(Map<String, Object> a) {
        Object s = a.get("session_id");
        return s == null || String.valueOf(s).isBlank() ? "research" : String.valueOf(s);
    }

    private static String required(Map<String, Object> a, String name, String prompt) {
        Object v = a.get(name);
        if (v == null || String.valueOf(v).isBlank()) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("prompt " + prompt + " needs the argument '" + name + "'").build();
        }
        return String.valueOf(v);
    }

    private static McpSchema.GetPromptResult result(String description, String text) {
        return new McpSchema.GetPromptResult(description, List.of(
                new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text))));
    }
}
