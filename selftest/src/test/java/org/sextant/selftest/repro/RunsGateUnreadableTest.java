package org.sextant.selftest.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.TableStore;
import org.sextant.mcp.tools.FixtureTools;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.mcp.tools.ToolClass;
import org.sextant.mcp.tools.ToolContext;
import org.sextant.mcp.tools.ToolDispatcher;

/**
 * With the runs-gate setting unreadable (or anything but "1"), the real dispatcher refuses every
 * write tool: every write tool of the launcher's list, plus fixture write tools so the check
 * never runs empty while the list has no write tool yet.
 */
class RunsGateUnreadableTest {
    @TempDir Path home;

    @Test
    @DisplayName("runs gate: with the setting unreadable, unset or not exactly 1, every write is refused, never allowed")
    void everyWriteRefused() {
        List<LauncherTool> tools = new ArrayList<>(ToolCatalog.ALL);
        tools.add(new FixtureTools.GoodWrite());
        tools.add(new FixtureTools.Pilot());
        List<LauncherTool> writes = tools.stream().filter(t -> t.toolClass() == ToolClass.WRITE).toList();
        assertTrue(writes.size() >= 2);

        List<UnaryOperator<String>> closed = new ArrayList<>();
        closed.add(name -> { throw new SecurityException("environment not readable"); });
        closed.add(name -> { throw new IllegalStateException("broken environment"); });
        for (String value : Arrays.asList(null, "", "0", "true", "yes", " 1", "1 ", "01", "\u0661")) {
            closed.add(name -> value);
        }
        for (UnaryOperator<String> env : closed) {
            ToolDispatcher d = dispatcher(tools, env);
            for (LauncherTool w : writes) {
                Envelope e = d.dispatch(w.name(), Map.of());
                assertFalse(e.ok(), w.name() + " was allowed");
                assertEquals("runs_disabled", e.failReason(), w.name() + ": " + e);
            }
        }
        // positive control: exactly "1" opens the gate (the pilot tool then stops at the pilot flag)
        ToolDispatcher open = dispatcher(tools, name -> "1");
        assertTrue(open.dispatch("fixture_good_write", Map.of()).ok());
        // every app-driving tool, the listed ones too (drive_app), stops at the absent pilot flag
        List<LauncherTool> pilots = tools.stream().filter(LauncherTool::drivesApp).toList();
        assertTrue(pilots.size() >= 2, "app-driving tools: " + pilots.size());
        for (LauncherTool p : pilots) {
            assertEquals("pilot_disabled", open.dispatch(p.name(), Map.of()).failReason(), p.name() + " ran without the pilot flag");
        }
    }

    private ToolDispatcher dispatcher(List<LauncherTool> tools, UnaryOperator<String> env) {
        LauncherHome h = new LauncherHome(home);
        return new ToolDispatcher(new ToolContext(h, new AppClient(h.appJson(), Duration.ofSeconds(5)),
                org.sextant.mcp.tables.SessionTables.withDefaults(), new RunsGate(env), new PilotGate(h.pilotFlag()), tools));
    }
}
