package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.tables.SessionTables;

/** docs/mcp.md states when --http sessions end and what all sessions' tables may hold: the numbers the code uses. */
class DocsSessionsTest {
    @Test
    void theDocsStateTheIdleTimeTheSessionCapAndTheLauncherTableBound() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        String[] stated = {
            "expires after " + IdleSessions.IDLE.toMinutes() + " minutes with no request",
            "past " + String.format(java.util.Locale.ROOT, "%,d", IdleSessions.MAX) + " open sessions",
            "together keep at most " + SessionTables.LAUNCHER_BYTES / (1024 * 1024) + " MB of JSON",
        };
        for (String s : stated) assertTrue(doc.contains(s), "docs/mcp.md should say: " + s);
    }
}
