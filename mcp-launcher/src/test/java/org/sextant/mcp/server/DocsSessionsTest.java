package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tables.TableStore;

/**
 * docs/mcp.md states when --http sessions end (an open event stream keeps one), what all sessions' tables may hold, what a
 * call of an ended session answers, and how reads and prompts share the quick lane: as the code has them.
 */
class DocsSessionsTest {
    @Test
    void theDocsStateTheIdleTimeTheSessionCapAndTheLauncherTableBound() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        String[] stated = {
            "expires after " + IdleSessions.IDLE.toMinutes() + " minutes with no request",
            "past " + String.format(java.util.Locale.ROOT, "%,d", IdleSessions.MAX) + " open sessions that made a call",
            "together keep at most " + SessionTables.LAUNCHER_BYTES / (1024 * 1024) + " MB of JSON",
            "An open GET event stream keeps it open too", "its idle time starts when the stream closes",
            "a newer GET of it replaces the open one, which ends at once and its connection closes",
            "A stream's head (200, `text/event-stream`, `Connection: close`) is sent at once",
            "them idle longest is ended at once, its stream open or not",
            "pings each open stream every " + IdleSessions.STREAM_CHECK.toSeconds() + " s",
            "does not answer a ping within " + IdleSessions.STREAM_CHECK.toSeconds() + " s",
            "its note says the rows were \"" + TableStore.NOT_KEPT + "\"",
            "so does a prompt (`prompts/get`), which asks the app nothing",
            "a resource read's too",
            "that made a call (a `tools/call` or `resources/read`; an `initialize`, `tools/list` or stream does not count)",
            "past " + String.format(java.util.Locale.ROOT, "%,d", IdleSessions.MAX_WITHOUT_CALL) + " of them the one idle longest is ended at once",
            "not its newest while any session holds an older one",
        };
        for (String s : stated) assertTrue(doc.contains(s), "docs/mcp.md should say: " + s);
    }
}
