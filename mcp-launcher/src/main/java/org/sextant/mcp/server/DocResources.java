package org.sextant.mcp.server;

import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * Fixed resources: the agent-facing docs (copied from docs/ into the jar at build time, so they
 * match the launcher's release) and the research session registry (read through the dispatcher
 * like the get_session_registry tool).
 */
final class DocResources {
    static final String SESSION_REGISTRY = "sextant://session-registry";
    /** docs/ file -> what it tells an agent. */
    static final Map<String, String> DOCS = Map.of(
            "mcp.md", "Sextant for AI agents: tools, gates, envelope, jobs, resources and prompts",
            "research.md", "Strategy graphs, the node catalogue, backtests and the overfitting statistics",
            "analogues.md", "The analogue matcher behind compare_to_history: signals, arguments, response, evaluation");

    private DocResources() {}

    static String uri(String doc) {
        return "sextant://docs/" + doc;
    }

    static List<McpServerFeatures.SyncResourceSpecification> all(ToolDispatcher dispatcher) {
        List<McpServerFeatures.SyncResourceSpecification> out = new ArrayList<>();
        for (String doc : List.of("mcp.md", "research.md", "analogues.md")) {
            McpSchema.Resource r = McpSchema.Resource.builder(uri(doc), doc)
                    .title(doc).description(DOCS.get(doc)).mimeType("text/markdown").build();
            out.add(new McpServerFeatures.SyncResourceSpecification(r, (exchange, request) ->
                    new McpSchema.ReadResourceResult(List.of(
                            new McpSchema.TextResourceContents(uri(doc), "text/markdown", read(doc))))));
        }
        McpSchema.Resource registry = McpSchema.Resource.builder(SESSION_REGISTRY, "session-registry")
                .title("Research session registry")
                .description("The current research session's counts of runs and configurations tried, as the"
                        + " get_session_registry tool answers it (the envelope, JSON)")
                .mimeType("application/json").build();
        out.add(new McpServerFeatures.SyncResourceSpecification(registry, (exchange, request) ->
                new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(SESSION_REGISTRY,
                        "application/json", Json.write(dispatcher.dispatch("get_session_registry", Map.of()).toMap()))))));
        return out;
    }

    static String read(String doc) {
        try (InputStream in = DocResources.class.getResourceAsStream("/docs/" + doc)) {
            if (in == null) throw new IOException("not in the launcher jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                    .message("docs/" + doc + " is missing from this launcher build: " + e.getMessage()).build();
        }
    }
}
