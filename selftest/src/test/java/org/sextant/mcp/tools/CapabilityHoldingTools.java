package org.sextant.mcp.tools;

import java.util.HashMap;
import java.util.Map;
import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import org.sextant.contract.Capability;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Read tools that reach the write capability start_import without reading its constant on their
 * own path: the constant is read once, where a write tool keeps it (a field, a map filled in a
 * static block, a registry filled through a method taking it), and the read tool takes it from
 * there, directly, through a local alias, or through a method returning it. Test classes of the selftest module, never part of the launcher.
 */
public final class CapabilityHoldingTools {
    private CapabilityHoldingTools() {}

    /** A write tool keeping its capability in a field and in a map: naming it here is allowed (its code). */
    public static final class HeldImport extends LauncherTool {
        static final Capability IMPORTING = Capabilities.START_IMPORT;
        static final Map<String, Capability> BY_VERB = new HashMap<>();

        static {
            BY_VERB.put("import", Capabilities.START_IMPORT);
        }

        public HeldImport() {
            super("fixture_held_import", ToolClass.WRITE, false, "imports price files into the store.", ArgumentSchema.object().build());
        }

        static Capability importing() {
            return IMPORTING;
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            Registry.keep("import", Capabilities.START_IMPORT);
            return call.context().app().call(IMPORTING, call.args().given());
        }
    }

    /** Launcher code keeping capabilities it is given: what is in it comes from its callers. */
    public static final class Registry {
        static final Map<String, Capability> KEPT = new HashMap<>();

        static void keep(String verb, Capability capability) {
            KEPT.put(verb, capability);
        }
    }

    /** A read tool's base: lists symbols, unless a subclass replaces the call. */
    public abstract static class Listing extends PassThroughTool {
        Listing(String name) {
            super(name, Categories.DATA, "Lists the stored symbols.", Capabilities.LIST_SYMBOLS);
        }
    }

    public static final class ReadsField extends Listing {
        public ReadsField() {
            super("fixture_reads_field");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(HeldImport.IMPORTING, call.args().given());
        }
    }

    public static final class ReadsMap extends Listing {
        public ReadsMap() {
            super("fixture_reads_map");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(HeldImport.BY_VERB.get("import"), call.args().given());
        }
    }

    public static final class ReadsAlias extends Listing {
        public ReadsAlias() {
            super("fixture_reads_alias");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            Capability capability = HeldImport.IMPORTING;
            return call.context().app().call(capability, call.args().given());
        }
    }

    public static final class ReadsGetter extends Listing {
        public ReadsGetter() {
            super("fixture_reads_getter");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(HeldImport.importing(), call.args().given());
        }
    }

    public static final class ReadsRegistry extends Listing {
        public ReadsRegistry() {
            super("fixture_reads_registry");
        }

        @Override
        Object handle(Call call) throws ToolFailure {
            return call.context().app().call(Registry.KEPT.get("import"), call.args().given());
        }
    }
}
