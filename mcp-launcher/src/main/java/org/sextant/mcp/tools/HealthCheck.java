package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.mcp.envelope.ToolFailure;

/** The app's own health answer: version, mode and a summary of the stored data. */
final class HealthCheck extends LauncherTool {
    HealthCheck() {
        super("health_check", ToolClass.READ, false,
                "The running app's health: version, mode, and how many symbols and daily prices it holds with their date range, and its bars of other intervals.",
                ArgumentSchema.object().build());
    }

    @Override
    public boolean quick() {
        return true;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        return call.context().app().health();
    }
}
