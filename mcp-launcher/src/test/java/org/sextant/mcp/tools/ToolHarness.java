package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.TableStore;

/** The catalog's tools behind the real dispatcher, in process, on a given home and runs setting. */
final class ToolHarness {
    private ToolHarness() {}

    static ToolDispatcher dispatcher(Path home, String allowRuns) {
        LauncherHome h = new LauncherHome(home);
        return new ToolDispatcher(new ToolContext(h, new AppClient(h.appJson(), Duration.ofSeconds(120)),
                org.sextant.mcp.tables.SessionTables.withDefaults(), new RunsGate(name -> RunsGate.ENV.equals(name) ? allowRuns : null),
                new PilotGate(h.pilotFlag()), ToolCatalog.ALL));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> data(Envelope e) {
        assertTrue(e.ok(), () -> "expected ok: " + e);
        return (Map<String, Object>) e.data();
    }

    static void assertInvalid(Envelope e, String field) {
        assertEquals(false, e.ok(), e::toString);
        assertEquals("invalid_input", e.failReason(), e::toString);
        assertTrue(e.error().contains(field), e::toString);
        assertNotNull(e.clientHint(), e::toString);
        assertNull(e.data(), e::toString);
    }
}
