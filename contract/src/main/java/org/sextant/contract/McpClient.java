package org.sextant.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MCP clients Sextant writes a config for, and the entry that makes each start the launcher:
 * {@code sextant-mcp config CLIENT} prints it and the app's Agents view shows it, both from here
 * (docs/mcp.md holds its snippets to them).
 */
public enum McpClient {
    CURSOR("cursor", "Cursor", "~/.cursor/mcp.json (or .cursor/mcp.json in a project)", "~/.cursor/mcp.json", "mcpServers", false, true),
    VSCODE("vscode", "VS Code", ".vscode/mcp.json in the workspace (or the user mcp.json)",
            "user mcp.json (command MCP: Open User Configuration)", "servers", true, true),
    CLAUDE("claude", "Claude Desktop", "claude_desktop_config.json (Settings > Developer > Edit Config)",
            "claude_desktop_config.json", "mcpServers", false, false);

    /** The server's name in every client's config. */
    public static final String SERVER_NAME = "sextant";
    /** The launcher's start script path: the script sets it to its own absolute path (bin/sextant passes it to the app too). */
    public static final String LAUNCHER_PROPERTY = "sextant.launcher";

    private final String id;
    private final String title;
    private final String file;
    private final String userFile;
    private final String rootKey;
    private final boolean typed;
    private final boolean byUrl;

    McpClient(String id, String title, String file, String userFile, String rootKey, boolean typed, boolean byUrl) {
        this.id = id;
        this.title = title;
        this.file = file;
        this.userFile = userFile;
        this.rootKey = rootKey;
        this.typed = typed;
        this.byUrl = byUrl;
    }

    public String id() { return id; }
    public String title() { return title; }
    /** Where the client keeps its config, in words a person can follow. */
    public String file() { return file; }
    /** The config of the person rather than of a project: where a secret (the --http token) belongs. */
    public String userFile() { return userFile; }

    /** The start script's path when it set {@link #LAUNCHER_PROPERTY}; otherwise rely on PATH. */
    public static String launcherCommand() {
        String script = System.getProperty(LAUNCHER_PROPERTY);
        return script == null || script.isBlank() ? "sextant-mcp" : script;
    }

    /** The client's entry for the launcher; {@code args} are its options (e.g. --all-tools). Agents start read-only. */
    public Map<String, Object> snippet(String command, String home, List<String> args) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("SEXTANT_HOME", home);
        env.put("SEXTANT_ALLOW_RUNS", "0");
        Map<String, Object> server = new LinkedHashMap<>();
        if (typed) server.put("type", "stdio");
        server.put("command", command);
        server.put("args", List.copyOf(args));
        server.put("env", env);
        return Map.of(rootKey, Map.of(SERVER_NAME, server));
    }

    /** Whether its config file can name a server by URL (Claude Desktop's starts stdio servers only). */
    public boolean connectsByUrl() { return byUrl; }

    /** The client's entry for a running {@code sextant-mcp --http}: its URL and the bearer token every request carries. */
    public Map<String, Object> httpSnippet(String url, String token) {
        if (!byUrl) throw new IllegalArgumentException(title + " starts MCP servers itself, over stdio: use its stdio config");
        Map<String, Object> server = new LinkedHashMap<>();
        if (typed) server.put("type", "http");
        server.put("url", url);
        server.put("headers", Map.of("Authorization", "Bearer " + token));
        return Map.of(rootKey, Map.of(SERVER_NAME, server));
    }

    /** The client named {@code id} (cursor, vscode or claude; any case). */
    public static McpClient byId(String id) {
        for (McpClient c : values()) {
            if (c.id.equalsIgnoreCase(id)) return c;
        }
        throw new IllegalArgumentException("unknown client '" + id + "': use cursor, vscode or claude");
    }
}
