package org.sextant.mcp.tools;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * One MCP tool: name, class, one-line effect, input schema, annotations and handler. Subclasses
 * live in this package and are listed by hand in {@link ToolCatalog#ALL}. The handler is
 * package-private so that only {@link ToolDispatcher}, which calls the gates first for write
 * tools, can reach it.
 */
public abstract class LauncherTool {
    private final String name;
    private final ToolClass toolClass;
    private final boolean drivesApp;
    private final String effect;
    private final Map<String, Object> inputSchema;
    private final String category;
    private final boolean destructive;

    LauncherTool(String name, ToolClass toolClass, boolean drivesApp, String effect, Map<String, Object> inputSchema) {
        this(name, Categories.CORE, toolClass, drivesApp, effect, inputSchema);
    }

    LauncherTool(String name, String category, ToolClass toolClass, boolean drivesApp, String effect,
                 Map<String, Object> inputSchema) {
        this(name, category, toolClass, drivesApp, false, effect, inputSchema);
    }

    /** @param destructive removes what the person stored (MCP's destructiveHint), beyond adding or replacing it */
    LauncherTool(String name, String category, ToolClass toolClass, boolean drivesApp, boolean destructive, String effect,
                 Map<String, Object> inputSchema) {
        if (drivesApp && toolClass != ToolClass.WRITE) {
            throw new IllegalArgumentException(name + ": driving the app is a write");
        }
        if (destructive && toolClass != ToolClass.WRITE) {
            throw new IllegalArgumentException(name + ": a destructive tool is a write");
        }
        this.destructive = destructive;
        this.name = name;
        this.toolClass = toolClass;
        this.drivesApp = drivesApp;
        this.effect = effect;
        this.inputSchema = inputSchema;
        this.category = category;
    }

    /** The group focus_category selects by (Categories). */
    public final String category() {
        return category;
    }

    public final String name() {
        return name;
    }

    public final ToolClass toolClass() {
        return toolClass;
    }

    /** True for write tools that drive the app (they also need the pilot flag). */
    public final boolean drivesApp() {
        return drivesApp;
    }

    /** True for write tools that remove stored data (delete_prices): their destructiveHint says so. */
    public final boolean destructive() {
        return destructive;
    }

    /**
     * True for a tool that answers from the launcher's memory or one small answer of the app, never a query over the
     * user's data: --http runs it in the quick lane, which slow calls cannot fill (attack 32 F3).
     */
    public boolean quick() {
        return false;
    }

    /** One line: what the tool returns (read) or what it changes (write). */
    public final String effect() {
        return effect;
    }

    public final Map<String, Object> inputSchema() {
        return inputSchema;
    }

    /** Which gates the dispatcher applies: none, runs, or runs + pilot. */
    public final String gate() {
        if (toolClass == ToolClass.READ) return "none";
        return drivesApp ? "runs + pilot" : "runs";
    }

    /**
     * What the client shows: the effect line plus the class and the gates that apply, kept short
     * (every listed description costs each conversation context); the gates are explained once,
     * in get_server_info and docs/mcp.md.
     */
    public final String description() {
        if (toolClass == ToolClass.READ) return effect + " Read-only.";
        return "Write: " + effect + (drivesApp ? " Needs SEXTANT_ALLOW_RUNS=1 and the .mcp_pilot flag." : " Needs SEXTANT_ALLOW_RUNS=1.");
    }

    public final McpSchema.ToolAnnotations annotations() {
        boolean read = toolClass == ToolClass.READ;
        return McpSchema.ToolAnnotations.builder()
                .title(name)
                .readOnlyHint(read)
                .destructiveHint(destructive)
                .idempotentHint(read)
                .openWorldHint(false)
                .build();
    }

    /**
     * The MCP Apps view (a ui:// resource the server serves) hosts may render this tool's result
     * with; empty for most tools.
     */
    public java.util.Optional<String> uiResourceUri() {
        return java.util.Optional.empty();
    }

    /** Returns the envelope's data. Reached only through {@link ToolDispatcher#dispatch}. */
    abstract Object handle(Call call) throws ToolFailure;
}
