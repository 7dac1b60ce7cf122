package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Read tools whose handler sits in a base class, as refresh_job_status inherits JobStatusTool's:
 * the rules must walk the superclasses to see it. Test classes of the selftest module, never
 * part of the launcher (in this package only because handle is package-private).
 */
public final class InheritedHandlerTools {
    private InheritedHandlerTools() {}

    /** A base whose handler calls the app's write capability start_import. */
    public abstract static class ImportingBase extends LauncherTool {
        ImportingBase(String name) {
            super(name, ToolClass.READ, false, "Returns the import's answer. Read-only: changes nothing.",
                    ArgumentSchema.object().build());
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(Capabilities.START_IMPORT, call.args().given());
        }
    }

    /** Declared read, inherits the importing handler and declares no code of its own but a constructor. */
    public static final class InheritsImport extends ImportingBase {
        public InheritsImport() {
            super("fixture_inherits_import");
        }
    }

    /** A base whose handler calls the runs gate. */
    public abstract static class GatingBase extends LauncherTool {
        GatingBase(String name) {
            super(name, ToolClass.READ, false, "Returns the gate state. Read-only.", ArgumentSchema.object().build());
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            call.context().runsGate().enforce(name());
            return "open";
        }
    }

    /** Declared read, inherits the gating handler. */
    public static final class InheritsGate extends GatingBase {
        public InheritsGate() {
            super("fixture_inherits_gate");
        }
    }

    /** Overrides the importing base's handler with a read: the base's handler is not its code. */
    public static final class OverridesImport extends ImportingBase {
        public OverridesImport() {
            super("fixture_overrides_import");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(Capabilities.LIST_SYMBOLS, java.util.Map.of());
        }
    }
}
