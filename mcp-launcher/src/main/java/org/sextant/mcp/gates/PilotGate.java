package org.sextant.mcp.gates;

import java.nio.file.Path;
import org.sextant.contract.FailReason;
import org.sextant.contract.PilotFlag;
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

    /** Whether the flag is a regular file now (a link does not count: PilotFlag). For reporting only: it enforces nothing. */
    public boolean isOpen() {
        return PilotFlag.isPlaced(flag);
    }

    /** Called by the dispatcher before an app-driving tool's handler; throws when closed. */
    public void enforce(String toolName) throws ToolFailure {
        String refusal = PilotFlag.refusal(flag);
        if (refusal != null) {
            throw new ToolFailure(FailReason.PILOT_DISABLED,
                    "'" + toolName + "' drives the app and the pilot flag " + flag + " " + refusal,
                    "only the person can allow this: they create the empty file " + flag
                            + " by hand (a regular file, not a link); do not create it yourself and do not retry until they have");
        }
    }
}
