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
    void aDirectoryNamedLikeTheFlagDoesNotOpenItAndIsCalledOne() throws Exception {
        Files.createDirectory(home.resolve(".mcp_pilot"));
        PilotGate gate = new PilotGate(home.resolve(".mcp_pilot"));
        assertFalse(gate.isOpen());
        ToolFailure f = assertThrows(ToolFailure.class, () -> gate.enforce("drive_app"));
        assertTrue(f.getMessage().endsWith(".mcp_pilot is a directory, not a file"), f.getMessage());
    }

    /** attack 6 F13: whoever controls a link's target would control the gate; the flag is a file placed by hand. */
    @Test
    void aSymbolicLinkToAFileDoesNotOpenIt() throws Exception {
        Path target = Files.createFile(home.resolve("somewhere-else"));
        Files.createSymbolicLink(home.resolve(".mcp_pilot"), target);
        PilotGate gate = new PilotGate(home.resolve(".mcp_pilot"));
        assertFalse(gate.isOpen());
        ToolFailure f = assertThrows(ToolFailure.class, () -> gate.enforce("drive_app"));
        assertEquals("pilot_disabled", f.failReason());
        assertTrue(f.getMessage().contains("is a symbolic link, which does not count"), f.getMessage());
        assertTrue(f.clientHint().contains("a regular file, not a link"), f.clientHint());
    }
}
