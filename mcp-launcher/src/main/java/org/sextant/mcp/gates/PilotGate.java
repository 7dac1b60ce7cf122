package org.sextant.mcp.gates;

import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Tools that drive the app also need SEXTANT_HOME/.mcp_pilot, checked at call time so that
 * removing the file closes the gate at once. The person places it by hand; nothing here
 * (or anywhere in the launcher) creates it.
 */
public final class PilotGate {
    private final Path flag;

    public PilotGate(Path flag) {
        this.flag = flag;
    }

    public Path flag() {
        return flag;
    }

    /** Whether the flag file is there now. For reporting only: it enforces nothing. */
    public boolean isOpen() {
        try {
            return Files.isRegularFile(flag);
        } catch (RuntimeException unreadable) {
            return false;
        }
    }

    /** Called by the dispatcher before an app-driving tool's handler; throws when closed. */
    public void enforce(String toolName) throws ToolFailure {
        if (!isOpen()) {
            throw new ToolFailure(FailReason.PILOT_DISABLED,
                    "'" + toolName + "' drives the app and the pilot flag " + flag + " is absent",
                    "only the person can allow this: they create the empty file " + flag
                            + " by hand; do not create it yourself and do not retry until they have");
        }
    }
}
