package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.McpClient;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The Agents view's facts: last call, the gates' exact instructions, configs and tools that cannot drift from the docs. */
class AgentsViewModelTest {
    private static final Path DOCS = Path.of("..", "docs", "mcp.md");
    @TempDir
    Path root;

    @Test
    void saysWhenTheLocalApiWasLastCalledAndWhetherThePilotFlagExists() throws Exception {
        SextantHome home = new SextantHome(root);
        long[] last = {0};
        Instant now = Instant.parse("2026-11-30T12:00:00Z");
        AgentsViewModel m = new AgentsViewModel(home, () -> last[0], Clock.fixed(now, ZoneOffset.UTC), false, List.of());
        assertEquals("No launcher or CLI has called the app since it started.", m.lastCallProperty().get());
        assertFalse(m.recentCallProperty().get());
        assertFalse(m.pilotOnProperty().get());
        assertEquals("touch " + home.pilotFlag(), m.pilotCreateCommand());
        assertEquals("rm " + home.pilotFlag(), m.pilotRemoveCommand());

        last[0] = now.minusSeconds(42).toEpochMilli();
        Files.createFile(home.pilotFlag());
        m.refresh();
        assertTrue(m.lastCallProperty().get().startsWith("Last call to the local API 42 s ago"), m.lastCallProperty().get());
        assertTrue(m.recentCallProperty().get());
        assertTrue(m.pilotOnProperty().get());
        last[0] = now.minusSeconds(3 * 3600).toEpochMilli();
        m.refresh();
        assertFalse(m.recentCallProperty().get(), "three hours ago is not connected");
    }

    /** attack 6 F13: the view says what the queue does: a linked or directory flag is off, and says why. */
    @Test
    void aLinkedOrDirectoryFlagShowsOffWithTheReason() throws Exception {
        SextantHome home = new SextantHome(root);
        Files.createSymbolicLink(home.pilotFlag(), Files.createFile(root.resolve("flag-target")));
        AgentsViewModel m = new AgentsViewModel(home, () -> 0, Clock.systemUTC(), false, List.of());
        assertFalse(m.pilotOnProperty().get());
        assertTrue(m.pilotStateProperty().get().startsWith("OFF: the flag is a symbolic link"), m.pilotStateProperty().get());
        Files.delete(home.pilotFlag());
        Files.createDirectory(home.pilotFlag());
        m.refresh();
        assertTrue(m.pilotStateProperty().get().startsWith("OFF: the flag is a directory, not a file"), m.pilotStateProperty().get());
    }

    @Test
    void windowsGetsWindowsCommandsAndPathsWithSpacesAreQuoted() {
        SextantHome home = new SextantHome(root.resolve("my home"));
        AgentsViewModel posix = new AgentsViewModel(home, () -> 0, Clock.systemUTC(), false, List.of());
        assertEquals("touch '" + home.pilotFlag() + "'", posix.pilotCreateCommand());
        AgentsViewModel win = new AgentsViewModel(home, () -> 0, Clock.systemUTC(), true, List.of());
        assertEquals("type nul > \"" + home.pilotFlag() + "\"", win.pilotCreateCommand());
        assertEquals("del \"" + home.pilotFlag() + "\"", win.pilotRemoveCommand());
    }

    /** The three snippets of docs/mcp.md "Client configuration" are what the copy buttons give, path for path. */
    @Test
    void theConfigsAreTheOnesDocumentedForEachClient() throws Exception {
        String docs = Files.readString(DOCS);
        String section = docs.substring(docs.indexOf("## Client configuration"), docs.indexOf("## Enabling runs"));
        Matcher m = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(section);
        List<JsonNode> documented = new ArrayList<>();
        JsonMapper json = JsonMapper.builder().build();
        while (m.find()) documented.add(json.readTree(m.group(1)));
        assertEquals(3, documented.size(), "Cursor, VS Code, Claude Desktop");
        McpClient[] order = {McpClient.CURSOR, McpClient.VSCODE, McpClient.CLAUDE};
        for (int i = 0; i < 3; i++) {
            String text = AgentsViewModel.configText(order[i], "/opt/sextant/bin/sextant-mcp", "/home/me/.sextant");
            assertEquals(documented.get(i), json.readTree(text), order[i].title());
        }
        SextantHome home = new SextantHome(root);
        String cursor = new AgentsViewModel(home, () -> 0, Clock.systemUTC(), false, List.of()).configText(McpClient.CURSOR);
        JsonNode env = json.readTree(cursor).get("mcpServers").get("sextant").get("env");
        assertEquals(root.toAbsolutePath().normalize().toString(), env.get("SEXTANT_HOME").asString());
        assertEquals("0", env.get("SEXTANT_ALLOW_RUNS").asString());
    }

    /** The bundled tool list is docs/mcp.md's table (which the launcher's test holds to its catalogue). */
    @Test
    void theToolListIsTheDocumentedTable() throws Exception {
        List<McpTools.Tool> bundled = McpTools.bundled();
        assertEquals(McpTools.parse(Files.readString(DOCS)), bundled, "rebuild the app: its copy of docs/mcp.md is stale");
        int rows = (int) Files.readAllLines(DOCS).stream().filter(l -> l.matches("\\| `[a-z_]+` \\| (read|write) \\|.*")).count();
        assertEquals(rows, bundled.size());
        Map<String, McpTools.Tool> byName = new java.util.HashMap<>();
        bundled.forEach(t -> byName.put(t.name(), t));
        assertEquals("read", byName.get("get_server_info").toolClass());
        assertEquals("write", byName.get("drive_app").toolClass());
        assertTrue(byName.get("drive_app").gate().contains("pilot"), byName.get("drive_app").gate());
        assertTrue(bundled.stream().allMatch(t -> !t.effect().isBlank() && t.name().matches("[a-z_]+")));
    }
}
