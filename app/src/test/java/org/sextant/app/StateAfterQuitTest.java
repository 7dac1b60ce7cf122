package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;

/** state.json after the app quit says what is true then: no symbol and no run on screen. */
class StateAfterQuitTest {
    @TempDir
    Path root;

    @Test
    void aClosedAppLeavesNoSymbolOnScreenInStateJson() throws Exception {
        SextantHome home = new SextantHome(root).ensureLayout();
        Path state;
        try (AppHost host = AppHost.start(home, "headless")) {
            host.state().setSymbolOnScreen("IBM");
            host.state().setOpenRun("run-1");
            host.state().writeNow();
            state = home.stateJson();
            assertEquals("IBM", read(state).get("symbol_on_screen").asString(), "while it runs");
        }
        JsonNode after = read(state);
        assertTrue(after.get("symbol_on_screen") == null || after.get("symbol_on_screen").isNull(), after.toString());
        assertTrue(after.get("open_run") == null || after.get("open_run").isNull(), after.toString());
    }

    private static JsonNode read(Path file) throws Exception {
        return Json.MAPPER.readTree(Files.readString(file));
    }
}
