package org.sextant.mcp;

import org.sextant.contract.McpClient;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.TempSextant;
import org.sextant.mcp.envelope.Json;
import picocli.CommandLine;

/** The pasted snippet must make each client start this launcher with the right home. */
class ConfigCommandTest {
    @TempDir
    Path home;

    @AfterEach
    void clear() {
        System.clearProperty(McpClient.LAUNCHER_PROPERTY);
    }

    record Run(int code, String out, String err) {}

    Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SextantMcp());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> server(Map<String, Object> snippet, String rootKey) {
        return (Map<String, Object>) ((Map<String, Object>) snippet.get(rootKey)).get("sextant");
    }

    @Test
    @SuppressWarnings("unchecked")
    void cursorAndClaudeUseMcpServersWithTheStartScriptAndHome() {
        System.setProperty(McpClient.LAUNCHER_PROPERTY, "/opt/sextant/bin/sextant-mcp");
        for (String client : List.of("cursor", "claude")) {
            Run r = run("config", client, "--home", home.toString());
            assertEquals(0, r.code(), r.err());
            Map<String, Object> server = server(Json.readObject(r.out()), "mcpServers");
            assertEquals("/opt/sextant/bin/sextant-mcp", server.get("command"));
            assertEquals(List.of(), server.get("args"));
            Map<String, Object> env = (Map<String, Object>) server.get("env");
            assertEquals(home.toAbsolutePath().normalize().toString(), env.get("SEXTANT_HOME"));
            assertEquals("0", env.get("SEXTANT_ALLOW_RUNS"));
            assertTrue(r.err().contains("SEXTANT_ALLOW_RUNS") && r.err().contains("\"1\""), r.err());
        }
    }

    @Test
    void vscodeUsesServersWithStdioTypeAndFallsBackToThePathCommand() {
        Run r = run("config", "vscode", "--home", home.toString());
        assertEquals(0, r.code(), r.err());
        Map<String, Object> server = server(Json.readObject(r.out()), "servers");
        assertEquals("stdio", server.get("type"));
        assertEquals("sextant-mcp", server.get("command"));
    }

    @Test
    void allToolsPutsTheOptionIntoTheClientsArgsAndOnlyThen() {
        Run all = run("config", "cursor", "--all-tools", "--home", home.toString());
        assertEquals(0, all.code(), all.err());
        assertEquals(List.of("--all-tools"), server(Json.readObject(all.out()), "mcpServers").get("args"));
        Run starter = run("config", "cursor", "--home", home.toString());
        assertTrue(starter.err().contains("--all-tools"), "the person learns the option exists: " + starter.err());
    }

    /** A client that connects by URL gets the launcher's URL and the header with the token it will ask for. */
    @Test
    @SuppressWarnings("unchecked")
    void httpGivesTheUrlAndTheTokenTheLauncherWillAskFor() throws Exception {
        Run vscode = run("config", "vscode", "--http", "--port", "8765", "--home", home.toString());
        assertEquals(0, vscode.code(), vscode.err());
        String token = java.nio.file.Files.readString(new LauncherHome(home).httpToken()).strip();
        Map<String, Object> server = server(Json.readObject(vscode.out()), "servers");
        assertEquals("http", server.get("type"));
        assertEquals("http://127.0.0.1:8765/mcp", server.get("url"));
        assertEquals(Map.of("Authorization", "Bearer " + token), server.get("headers"));
        assertTrue(vscode.err().contains("sextant-mcp --http --port 8765"), vscode.err());
        assertTrue(vscode.err().contains("user mcp.json") && vscode.err().contains("may be committed"),
                "the token belongs in the person's config, not a project's: " + vscode.err());
        Map<String, Object> cursor = server(Json.readObject(run("config", "cursor", "--http", "--port", "8765",
                "--home", home.toString()).out()), "mcpServers");
        assertEquals(Map.of("url", "http://127.0.0.1:8765/mcp", "headers", Map.of("Authorization", "Bearer " + token)), cursor,
                "the same token: the file is reused, not rewritten");

        Run claude = run("config", "claude", "--http", "--port", "8765", "--home", home.toString());
        assertEquals(2, claude.code());
        assertTrue(claude.err().contains("without --http"), claude.err());
        Run noPort = run("config", "vscode", "--http", "--home", home.toString());
        assertEquals(2, noPort.code());
        assertTrue(noPort.err().contains("--port"), noPort.err());
        assertEquals("", claude.out() + noPort.out());
    }

    @Test
    void anUnknownClientIsRefusedWithTheChoices() {
        Run r = run("config", "emacs");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("cursor, vscode or claude"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void statusWithoutTheAppSaysSoAndExitsOne() {
        Run r = run("status", "--home", home.toString());
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("app_not_running"), r.out());
        assertTrue(r.out().contains("pilot:  refused"), r.out());
    }

    @Test
    void statusWithTheAppShowsItsPort(@TempSextant Sextant engine) throws Exception {
        try (TappedApp app = TappedApp.start(engine, home)) {
            Run r = run("status", "--home", home.toString());
            assertEquals(0, r.code(), r.out() + r.err());
            assertTrue(r.out().contains("port " + app.port()), r.out());
        }
    }

    /** sextant-mcp --help lists each command with its first description line: it was cut mid-sentence ("(stdout),"). */
    @Test
    void theHelpListsEachCommandWithAWholeSentence() {
        CommandLine cli = new CommandLine(new SextantMcp());
        for (Map.Entry<String, CommandLine> sub : cli.getSubcommands().entrySet()) {
            String first = sub.getValue().getCommandSpec().usageMessage().description()[0];
            assertTrue(first.endsWith("."), sub.getKey() + ": " + first);
        }
        String help = run("--help").out().replaceAll("\\s+", " ");
        assertTrue(help.contains("config Prints the JSON that makes an MCP client start this launcher (on stdout)."), help);
    }

    /**
     * sextant-mcp --help's own description was two lines broken by hand mid-sentence, which picocli printed as
     * "It finds" / "the running app through" / "SEXTANT_HOME/...": each description line is a whole paragraph that picocli wraps.
     */
    @Test
    void theLaunchersOwnDescriptionIsWholeParagraphs() {
        for (String line : new CommandLine(new SextantMcp()).getCommandSpec().usageMessage().description()) {
            assertTrue(line.endsWith("."), "a description line broken mid-sentence: " + line);
        }
    }
}
