package org.sextant.mcp.gates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.envelope.ToolFailure;

class PilotGateTest {
    @TempDir
    Path home;

    @Test
    void refusesWithoutTheFlagAndTellsTheAgentNotToCreateIt() {
        PilotGate gate = new PilotGate(home.resolve(".mcp_pilot"));
        assertFalse(gate.isOpen());
        ToolFailure f = assertThrows(ToolFailure.class, () -> gate.enforce("open_view"));
        assertEquals("pilot_disabled", f.failReason());
        assertTrue(f.clientHint().contains("do not create it yourself"), f.clientHint());
        assertFalse(Files.exists(home.resolve(".mcp_pilot")), "the gate must never create the flag");
    }

    @Test
    void isCheckedAtCallTimeSoRemovingTheFlagClosesItAtOnce() throws Exception {
        Path flag = home.resolve(".mcp_pilot");
        PilotGate gate = new PilotGate(flag);
        Files.createFile(flag);
        assertTrue(gate.isOpen());
        gate.enforce("open_view");
        Files.delete(flag);
        assertEquals("pilot_disabled", assertThrows(ToolFailure.class, () -> gate.enforce("open_view")).failReason());
    }

    @Test
    void aDirectoryNamedLikeTheFlagDoesNotOpenIt() throws Exception {
        Files.createDirectory(home.resolve(".mcp_pilot"));
        assertFalse(new PilotGate(home.resolve(".mcp_pilot")).isOpen());
    }
}
