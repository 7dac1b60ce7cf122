package org.sextant.selftest.rules;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.sextant.contract.Capabilities;
import org.sextant.contract.Capability;
import org.sextant.engine.api.ApiRoutes;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolClass;

/**
 * The boundary followed through the app: a read tool reaches only read capabilities of the
 * contract (the routes it can call), and a read route reaches no store write and no file write.
 * Together with the gate rules this is the whole path: agent -> tool -> route -> store.
 */
public final class BoundaryRules {
    private BoundaryRules() {}

    /** What writes the store: the one write path (Store.inTransaction), DuckDB's appender and JDBC update calls. */
    static final Predicate<AccessTarget.CodeUnitAccessTarget> STORE_WRITE = t -> {
        String owner = t.getOwner().getName();
        String name = t.getName();
        return owner.equals("org.sextant.engine.store.Store") && name.equals("inTransaction")
                || owner.startsWith("org.duckdb.DuckDBAppender")
                || owner.equals("org.duckdb.DuckDBConnection") && name.equals("createAppender")
                || (owner.equals("java.sql.Statement") || owner.equals("java.sql.PreparedStatement"))
                        && Set.of("executeUpdate", "executeLargeUpdate", "executeBatch").contains(name)
                || owner.equals("java.sql.Connection") && name.equals("commit");
    };

    /**
     * Stated exemption: an external forecast model's scratch folder (a new temp directory in the
     * OS temp dir, deleted before the call returns). It is neither the store nor SEXTANT_HOME.
     */
    static final Predicate<JavaCodeUnit> SCRATCH = u -> u.getOwner().getName().equals("org.sextant.engine.forecast.ExternalForecaster")
            || u.getOwner().getName().equals("org.sextant.engine.process.ExternalCommand");

    public static JavaClasses engine(Class<?>... fixtures) {
        return ModuleRules.classes("org.sextant.engine", fixtures);
    }

    /** The route method of a capability: the routes class's method named after it (list_symbols: listSymbols). */
    static String routeMethod(Capability c) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : c.name().toCharArray()) {
            if (ch == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return b.toString();
    }

    /** Every read capability's route, in {@code routesClass}, reaches no store write and no file write. */
    public static RuleResult readRoutesReachNoWrite(JavaClasses classes, String routesClass) {
        CallGraph graph = new CallGraph(classes);
        JavaClass routes = classes.get(routesClass);
        List<String> v = new ArrayList<>();
        int n = 0;
        for (Capability c : Capabilities.ALL) {
            if (!c.isRead() || ApiRoutes.APP_HOSTED.contains(c)) continue;
            List<JavaCodeUnit> handler = routes.getCodeUnits().stream().filter(u -> u.getName().equals(routeMethod(c))).map(u -> (JavaCodeUnit) u).toList();
            if (handler.isEmpty()) {
                v.add(c.name() + ": no route method " + routeMethod(c) + " in " + routesClass);
                continue;
            }
            n++;
            List<String> path = graph.pathTo(handler, STORE_WRITE.or(FileWriteApi.MATCHER), SCRATCH);
            if (!path.isEmpty()) v.add(c.name() + " is read but its route reaches a write: " + String.join(" -> ", path));
        }
        return new RuleResult("a read route reaches no store write and no file write", n, "read routes of " + routes.getSimpleName(), v);
    }

    /** Every read tool reaches, through its own code and what it calls, only read capabilities. */
    public static RuleResult readToolsReachOnlyReadCapabilities(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        for (LauncherTool tool : l.tools()) {
            if (tool.toolClass() != ToolClass.READ) continue;
            n++;
            List<JavaCodeUnit> own = LauncherRules.ownCode(l, tool.getClass().getName());
            for (Map.Entry<JavaCodeUnit, List<String>> e : graph.reachable(own).entrySet()) {
                for (JavaFieldAccess a : e.getKey().getFieldAccesses()) {
                    Capability c = capability(a);
                    if (c != null && !c.isRead()) {
                        v.add(tool.name() + " is read but reaches the write capability " + c.name() + " ("
                                + a.getOrigin().getFullName() + ", line " + a.getLineNumber() + ") via " + e.getValue());
                    }
                }
            }
        }
        return new RuleResult("a read tool reaches only read capabilities of the app", n, "read tools", v);
    }

    /** The capabilities each tool reaches (its own code and what it calls), for the report's inventory. */
    public static Map<String, java.util.Set<String>> capabilitiesReached(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        Map<String, java.util.Set<String>> out = new java.util.LinkedHashMap<>();
        for (LauncherTool tool : l.tools()) {
            List<JavaCodeUnit> own = LauncherRules.ownCode(l, tool.getClass().getName());
            java.util.Set<String> caps = new java.util.TreeSet<>();
            for (JavaCodeUnit u : graph.reachable(own).keySet()) {
                for (JavaFieldAccess a : u.getFieldAccesses()) {
                    Capability c = capability(a);
                    if (c != null) caps.add(c.name() + (c.isRead() ? "" : " (write)"));
                }
            }
            out.put(tool.name(), caps);
        }
        return out;
    }

    /** The capability a static field access of Capabilities reads, or null. */
    private static Capability capability(JavaFieldAccess a) {
        if (!a.getTarget().getOwner().getName().equals(Capabilities.class.getName())) return null;
        try {
            return Capabilities.class.getField(a.getTarget().getName()).get(null) instanceof Capability c ? c : null;
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
