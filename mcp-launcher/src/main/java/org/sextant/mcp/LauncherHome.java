package org.sextant.mcp;

import java.nio.file.Path;

/** The SEXTANT_HOME folder as the launcher sees it: the paths it reads, and the one folder drive_app writes into. */
public record LauncherHome(Path root) {

    public static final String ENV = "SEXTANT_HOME";

    /** --home wins, then SEXTANT_HOME, then ~/.sextant. */
    public static LauncherHome resolve(Path option) {
        if (option != null) return new LauncherHome(option.toAbsolutePath().normalize());
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) return new LauncherHome(Path.of(env).toAbsolutePath().normalize());
        return new LauncherHome(Path.of(System.getProperty("user.home"), ".sextant").toAbsolutePath().normalize());
    }

    public Path appJson() {
        return root.resolve("run").resolve("app.json");
    }

    /** The bearer token sextant-mcp --http asks of every request (owner-only; see HttpToken). */
    public Path httpToken() {
        return root.resolve("run").resolve("mcp-http.token");
    }

    /** Placed by hand only; no code of ours writes it. */
    public Path pilotFlag() {
        return root.resolve(".mcp_pilot");
    }

    /** Written by the app; read by read_app_state. */
    public Path stateJson() {
        return root.resolve("state.json");
    }

    /** The pilot command queue: drive_app adds one file here; the app consumes it. */
    public Path pendingCommands() {
        return root.resolve("commands").resolve("pending");
    }

    /** Where the app moves an executed command with its result. */
    public Path doneCommands() {
        return root.resolve("commands").resolve("done");
    }
}
