package org.sextant.app.gui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON that makes an MCP client start the launcher: the same text {@code sextant-mcp config
 * cursor|vscode|claude} prints (the app does not link the launcher, so it is built here the same
 * way; a test holds both to the snippets of docs/mcp.md).
 */
public enum McpClientConfig {
    CURSOR("cursor", "Cursor", "~/.cursor/mcp.json (or .cursor/mcp.json in a project)", "mcpServers", false),
    VSCODE("vscode", "VS Code", ".vscode/mcp.json in the workspace (or the user mcp.json)", "servers", true),
    CLAUDE("claude", "Claude Desktop", "claude_desktop_config.json (Settings > Developer > Edit Config)", "mcpServers", false);

    /** The launcher's start script path, as the launcher itself reads it (bin/sextant passes it to the app too). */
    public static final String LAUNCHER_PROPERTY = "sextant.launcher";
    private static final JsonMapper PLAIN = JsonMapper.builder().build(); // the launcher's own mapper settings

    private final String id;
    private final String title;
    private final String file;
    private final String rootKey;
    private final boolean typed;

    // duplicates: a field-by-field constructor, alike by nature
    McpClientConfig(String id, String title, String file, String rootKey, boolean typed) {
        this.id = id;
        this.title = title;
        this.file = file;
        this.rootKey = rootKey;
        this.typed = typed;
    }

    public String id() { return id; }
    public String title() { return title; }
    public String file() { return file; }

    public static String launcherCommand() {
        String script = System.getProperty(LAUNCHER_PROPERTY);
        return script == null || script.isBlank() ? "sextant-mcp" : script;
    }

    // duplicates: the launcher's ClientConfig builds the same snippet; the app may not link the launcher (see above)
    public Map<String, Object> snippet(String command, String home) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("SEXTANT_HOME", home);
        env.put("SEXTANT_ALLOW_RUNS", "0");
        Map<String, Object> server = new LinkedHashMap<>();
        if (typed) server.put("type", "stdio");
        server.put("command", command);
        server.put("args", List.of());
        server.put("env", env);
        return Map.of(rootKey, Map.of("sextant", server));
    }

    /** Pretty JSON, as {@code sextant-mcp config} prints it. */
    public String text(String command, String home) {
        return PLAIN.writerWithDefaultPrettyPrinter().writeValueAsString(snippet(command, home));
    }
}
