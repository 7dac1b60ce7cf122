package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Linux package as a person gets it: the .deb built by the installers profile is installed
 * with apt (which must find every library it declares), its desktop entry and both launchers land
 * under /opt/sextant, `sextant-mcp config ...` prints the installed binary for each client, the
 * installed app serves a fresh SEXTANT_HOME headless (its trimmed runtime and repacked DuckDB jar
 * load the embedded sample), the installed launcher answers the MCP Inspector with a real close,
 * and the package is removed again.
 *
 * Installing needs root and dpkg: elsewhere the test is skipped with the reason. CI runs as root.
 * Expected close from fBasics::DowJones30 (shared/data/prices/dowjones30_daily_close.csv).
 */
class InstalledPackageIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path SEXTANT = InstalledPackage.PREFIX.resolve("bin/sextant");
    private static final Path SEXTANT_MCP = InstalledPackage.PREFIX.resolve("bin/sextant-mcp");
    private static final Path MENU_ENTRY = Path.of("/usr/share/applications/sextant-sextant.desktop");

    @TempDir Path home;

    @Test
    void theInstalledPackageServesRealPricesToARealMcpClientAndUninstallsCleanly() throws Exception {
        assumeTrue(InstalledPackage.onPath("dpkg"), "no dpkg on this machine: the .deb install test runs on Debian/Ubuntu only");
        assumeTrue("root".equals(System.getProperty("user.name")), "installing a package needs root: run as root (CI does) to test the .deb");
        Path deb = InstalledPackage.builtDeb();
        assumeTrue(deb != null, "no .deb under packaging/target/jpackage/package: the installers profile was skipped (-DskipInstallers)");

        // one install at a time on a machine (several builds may share it)
        try (FileChannel ch = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"), "sextant-installed-package-it.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = ch.lock()) {
            try {
                InstalledPackage.install(deb);
                checkInstalled();
            } finally {
                InstalledPackage.remove();
            }
            assertFalse(InstalledPackage.installed(), "dpkg --purge left the package installed");
            assertFalse(Files.exists(SEXTANT), "dpkg --purge left " + SEXTANT);
            assertFalse(Files.exists(MENU_ENTRY), "dpkg --purge left the menu entry " + MENU_ENTRY);
        }
    }

    private void checkInstalled() throws Exception {
        assertTrue(InstalledPackage.installed(), "dpkg does not list the package as installed");
        assertTrue(Files.isExecutable(SEXTANT), SEXTANT + " not installed");
        assertTrue(Files.isExecutable(SEXTANT_MCP), SEXTANT_MCP + " not installed beside the app");
        String desktop = Files.readString(InstalledPackage.PREFIX.resolve("lib/sextant-sextant.desktop"));
        assertTrue(desktop.contains("Exec=" + SEXTANT), "the desktop entry starts the installed app: " + desktop);
        assertTrue(desktop.contains("Icon=" + InstalledPackage.PREFIX.resolve("lib/sextant.png")), desktop);
        assertTrue(Files.size(InstalledPackage.PREFIX.resolve("lib/sextant.png")) > 0, "icon installed");
        assertEquals(desktop, Files.readString(MENU_ENTRY), "the menu entry is registered where desktops look");
        assertFalse(Files.exists(InstalledPackage.PREFIX.resolve("lib/sextant-sextant-mcp.desktop")),
                "sextant-mcp is started by MCP clients; it must not get a menu entry");

        for (String client : new String[] {"cursor", "vscode", "claude"}) {
            JsonNode config = firstJson(InstalledPackage.run(SEXTANT_MCP.toString(), "config", client));
            String root = client.equals("vscode") ? "servers" : "mcpServers";
            assertEquals(SEXTANT_MCP.toString(), config.path(root).path("sextant").path("command").asString(),
                    "`sextant-mcp config " + client + "` must point the client at the installed binary: " + config);
        }

        try (HeadlessApp app = HeadlessApp.start(home, SEXTANT)) {
            assertTrue(app.port() > 0);
            JsonNode aa = McpEndToEndIT.envelope(InspectorCli.runWith(SEXTANT_MCP, home, "--method", "tools/call",
                    "--tool-name", "get_close_price", "--tool-arg", "symbol=AA", "--tool-arg", "start=2000-12-29", "--tool-arg", "end=2000-12-29"));
            assertTrue(aa.path("ok").asBoolean(), aa.toString());
            assertEquals(33.11, aa.path("data").path("rows").get(0).path("close").asDouble(), 1e-9, "AA close on 2000-12-29");
        }
    }

    /** The printed config is a JSON object followed by instructions in prose. */
    private static JsonNode firstJson(String printed) {
        int start = printed.indexOf('{');
        int end = printed.indexOf("\n}");
        assertTrue(start >= 0 && end > start, "no JSON in: " + printed);
        return JSON.readTree(printed.substring(start, end + 2));
    }
}
