package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.home.RenamedOver;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.envelope.ToolFailure;

/** state.json renamed over while read_app_state reads it (the app saving it): read again, and at every try refused with what to do. */
class ReplacedAppStateTest {
    @TempDir
    Path home;

    @Test
    @SuppressWarnings("unchecked")
    void aStateReplacedOnceIsReadAsTheAppSavedIt() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), false);
        Path state = Files.writeString(context.home().stateJson(), "{\"active_view\": \"chart\"}");
        RenamedOver saving = new RenamedOver();
        Object result = new ReadAppState(() -> {
            if (saving.saves() == 0) saving.save(state, "{\"active_view\": \"runs\"}");
        }).handle(new Call(null, context, Progress.NONE));
        Map<String, Object> data = (Map<String, Object>) ((ToolResult) result).data();
        assertEquals("runs", ((Map<String, Object>) data.get("state")).get("active_view"), "the state saved meanwhile, read whole");
    }

    @Test
    void aStateReplacedAtEveryTryIsRefusedSayingToCallAgain() throws Exception {
        ToolContext context = ToolContext.forHome(new LauncherHome(home), Duration.ofSeconds(20), false);
        Path state = Files.writeString(context.home().stateJson(), "{\"active_view\": \"chart\"}");
        RenamedOver saving = new RenamedOver();
        ToolFailure f = assertThrows(ToolFailure.class, () -> new ReadAppState(
                () -> saving.save(state, "{\"active_view\": \"SAVED-" + saving.saves() + "\"}")).handle(new Call(null, context, Progress.NONE)));
        assertEquals("app_error", f.failReason());
        assertEquals(state + " was replaced while it was opened, not read (each of its tries): the app rewrites it as it works", f.getMessage());
        assertEquals("call again in a moment", f.clientHint());
        assertFalse(f.getMessage().contains("SAVED"), "the file's content is not echoed");
        assertTrue(saving.saves() > 1, "tried again before refusing: " + saving.saves());
    }
}
