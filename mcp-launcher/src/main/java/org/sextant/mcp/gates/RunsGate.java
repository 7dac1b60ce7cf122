package org.sextant.mcp.gates;

import java.util.function.UnaryOperator;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Every write tool passes here first. Open only when SEXTANT_ALLOW_RUNS is exactly "1" in the
 * launcher's environment (set in the client's MCP config); unset, any other value, or an
 * environment we cannot read means refused, never open.
 */
public final class RunsGate {
    public static final String ENV = "SEXTANT_ALLOW_RUNS";

    private final UnaryOperator<String> environment;

    public RunsGate(UnaryOperator<String> environment) {
        this.environment = environment;
    }

    public static RunsGate fromProcessEnvironment() {
        return new RunsGate(System::getenv);
    }

    /** Whether a write would pass now. For reporting only: it enforces nothing. */
    public boolean isOpen() {
        try {
            return "1".equals(environment.apply(ENV));
        } catch (RuntimeException unreadable) {
            return false;
        }
    }

    /** Called by the dispatcher before a write tool's handler; throws when closed. */
    public void enforce(String toolName) throws ToolFailure {
        if (!isOpen()) {
            throw new ToolFailure(FailReason.RUNS_DISABLED,
                    "'" + toolName + "' is a write tool and runs are not allowed for this client",
                    "ask the person to set \"" + ENV + "\": \"1\" in the env of this MCP server's client config"
                            + " and restart the client; do not retry until then");
        }
    }
}
