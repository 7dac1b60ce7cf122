package org.sextant.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON that makes an MCP client start this launcher. */
public enum ClientConfig {
    CURSOR("cursor", "~/.cursor/mcp.json (or .cursor/mcp.json in a project)", "mcpServers", false),
    VSCODE("vscode", ".vscode/mcp.json in the workspace (or the user mcp.json)", "servers", true),
    CLAUDE("claude", "claude_desktop_config.json (Claude Desktop: Settings > Developer > Edit Config)",
            "mcpServers", false);

    public static final String SERVER_NAME = "sextant";
    public static final String LAUNCHER_PROPERTY = "sextant.launcher";

    private final String id;
    private final String file;
    private final String rootKey;
    private final boolean typed;

    ClientConfig(String id, String file, String rootKey, boolean typed) {
        this.id = id;
        this.file = file;
        this.rootKey = rootKey;
        this.typed = typed;
    }

    public String id() {
        return id;
    }

    public String file() {
        return file;
    }

    /** The start script sets -Dsextant.launcher to its own absolute path; otherwise rely on PATH. */
    public static String launcherCommand() {
        String script = System.getProperty(LAUNCHER_PROPERTY);
        return script == null || script.isBlank() ? "sextant-mcp" : script;
    }

    /** The client entry; {@code args} are the launcher options (e.g. --all-tools). */
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

    public static ClientConfig byId(String id) {
        for (ClientConfig c : values()) {
            if (c.id.equalsIgnoreCase(id)) return c;
        }
        throw new IllegalArgumentException("unknown client '" + id + "': use cursor, vscode or claude");
    }
}
