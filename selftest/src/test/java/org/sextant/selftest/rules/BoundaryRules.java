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

    /** JDBC statement types: the interfaces and DuckDB's own classes (a cast reaches the same calls). */
    private static final Set<String> STATEMENTS = Set.of("java.sql.Statement", "java.sql.PreparedStatement",
            "java.sql.CallableStatement", "org.duckdb.DuckDBPreparedStatement");

    /**
     * Statement calls that may run any SQL, so count as a write: execute(...) runs DELETE as well
     * as SELECT, and which one is not visible to a call graph. Read routes read with executeQuery;
     * none needs execute (SET and pragmas are run when Store opens its connections, not on a route).
     */
    private static final Set<String> ANY_SQL = Set.of("execute", "executeUpdate", "executeLargeUpdate", "executeBatch", "executeLargeBatch");

    /** The store's read-checked JDBC classes (ReadCheckedConnection, ...Statement...), by the start of their names. */
    private static final String READ_CHECKED = "org.sextant.engine.store.ReadChecked";

    /** What writes the store: the one write path (Store.inTransaction), DuckDB's appender and JDBC calls that may run any SQL. */
    static final Predicate<AccessTarget.CodeUnitAccessTarget> STORE_WRITE = t -> {
        String owner = t.getOwner().getName();
        String name = t.getName();
        return owner.equals("org.sextant.engine.store.Store") && name.equals("inTransaction")
                || owner.startsWith("org.duckdb.DuckDBAppender")
                || owner.equals("org.duckdb.DuckDBConnection") && name.equals("createAppender")
                || STATEMENTS.contains(owner) && ANY_SQL.contains(name)
                || owner.equals("java.sql.Connection") && name.equals("commit")
                // the store's wrappers by their own type, as by the JDBC interface: what READ_CHECK_FORWARDING skips is judged here
                || owner.startsWith(READ_CHECKED) && (ANY_SQL.contains(name) || name.equals("commit"));
    };

    /** The executor methods that hand work to another thread (an executor's, a fork-join pool's, a timer's). */
    private static final Set<String> SUBMITTING = Set.of("execute", "submit", "invokeAll", "invokeAny", "schedule",
            "scheduleAtFixedRate", "scheduleWithFixedDelay", "fork");

    /**
     * JDK calls that hand work to another thread: a thread built with it, an executor's, fork-join pool's or timer's
     * submissions, a CompletableFuture's async stages, a parallel stream. The read scope is the thread's, so work handed
     * over this way would run outside the read (its writes not refused at run time).
     */
    static final Predicate<AccessTarget.CodeUnitAccessTarget> THREAD_HANDOFF = t -> {
        String owner = t.getOwner().getName();
        String name = t.getName();
        if (owner.equals("java.lang.Thread") && name.equals("<init>")) return true;
        if (owner.equals("java.util.concurrent.CompletableFuture") && name.endsWith("Async")) return true;
        if (name.equals("parallel") && owner.startsWith("java.util.stream.") || name.equals("parallelStream")) return true;
        if (!SUBMITTING.contains(name) || !owner.startsWith("java.util.")) return false;
        try {
            Class<?> k = t.getOwner().reflect();
            return java.util.concurrent.Executor.class.isAssignableFrom(k) || java.util.concurrent.ForkJoinTask.class.isAssignableFrom(k)
                    || java.util.Timer.class.isAssignableFrom(k);
        } catch (RuntimeException | LinkageError e) {
            return true; // not loadable: counted as a hand-off rather than missed
        }
    };

    /** ReadOnlyScope's hand-offs (thread, execute, submit, parallel) run the work as the read: the way a read route's work goes to another thread. */
    static final Predicate<CallGraph.Site> SCOPE_HANDOFFS = s -> s.origin().getOwner().getName().equals("org.sextant.engine.ReadOnlyScope");

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

    /** What a read route must not reach, as a violation names it, and the calls exempt for that kind alone. */
    private record Forbidden(String what, Predicate<AccessTarget.CodeUnitAccessTarget> bad, Predicate<CallGraph.Site> exempt) {}

    /** A write; reflection (which hides what it runs); work handed to another thread outside the read's scope. */
    private static final List<Forbidden> FORBIDDEN_ON_READ = List.of(
            new Forbidden("a write", STORE_WRITE.or(FileWriteApi.MATCHER), s -> false),
            new Forbidden("reflection, which the self-test cannot follow (call the code directly)", Reflection.MATCHER, s -> false),
            new Forbidden("a hand-off of work to another thread outside the read's scope (hand it over with ReadOnlyScope.thread, "
                    + "execute, submit or parallel, which run it as the read)", THREAD_HANDOFF, SCOPE_HANDOFFS));

    /** A violation for each forbidden kind the route reaches: in its registration's own calls, or from its handler methods. */
    private static List<String> forbidden(CallGraph graph, String route, List<CallGraph.Site> registration, List<JavaCodeUnit> handler,
                                          Predicate<CallGraph.Site> skipSite) {
        List<String> out = new ArrayList<>();
        for (Forbidden f : FORBIDDEN_ON_READ) {
            Predicate<AccessTarget.CodeUnitAccessTarget> bad = f.bad();
            List<String> path = registration.stream().filter(s -> bad.test(s.target())).findFirst()
                    .map(s -> List.of(s.describe())).orElse(List.of());
            if (path.isEmpty()) path = graph.pathTo(handler, bad, SCRATCH, skipSite.or(f.exempt()));
            if (!path.isEmpty()) out.add(route + " reaches " + f.what() + ": " + String.join(" -> ", path));
        }
        return out;
    }

    /**
     * Every read capability's route, in {@code routesClass}, reaches no store write, no file write
     * and no reflection: the calls and method references its registration makes (lambda bodies
     * included) and the method named after the capability.
     */
    public static RuleResult readRoutesReachNoWrite(JavaClasses classes, String routesClass) {
        CallGraph graph = new CallGraph(classes);
        JavaClass routes = classes.get(routesClass);
        List<String> v = new ArrayList<>();
        java.util.Set<String> callbacks = new java.util.TreeSet<>();
        int n = 0;
        boolean registering = Capabilities.ALL.stream().anyMatch(c -> !registered(graph, routes, c).isEmpty());
        for (Capability c : Capabilities.ALL) {
            if (!c.isRead() || ApiRoutes.APP_HOSTED.contains(c)) continue;
            List<CallGraph.Site> registration = registered(graph, routes, c);
            if (registering && registration.isEmpty()) {
                v.add(c.name() + ": no route registered for it in " + routesClass
                        + " (the self-test reads serve(Capabilities.X, handler) from the line naming the capability to the next registration's)");
            }
            List<JavaCodeUnit> handler = new ArrayList<>();
            for (CallGraph.Site s : registration) {
                graph.resolve(s.target()).stream().filter(m -> !handler.contains(m)).forEach(handler::add);
                graph.createdCallbacks(s.target()).stream().filter(m -> !handler.contains(m)).forEach(handler::add);
            }
            routes.getCodeUnits().stream().filter(u -> u.getName().equals(routeMethod(c)) && !handler.contains(u)).forEach(handler::add);
            if (handler.isEmpty() && registration.isEmpty()) {
                v.add(c.name() + ": no route method " + routeMethod(c) + " in " + routesClass);
                continue;
            }
            n++;
            v.addAll(forbidden(graph, c.name() + " is read but its route", registration, handler, READ_CHECK_FORWARDING));
            callbacks.addAll(callbacksCreated(graph, handler));
        }
        return new RuleResult("a read route reaches no store write, no file write and no reflection, and hands work to another thread only as the read", n, "read routes of " + routes.getSimpleName()
                + "; methods library code may run on objects created on them, followed: " + callbacks.size() + " " + callbacks
                + " and their equals/hashCode/toString", v);
    }

    /**
     * What the routes class's own code registers for the capability: the calls and method
     * references (lambda bodies included) from the line reading the capability's constant to the
     * line before the next line reading one (the last registration: to the end of its method), so
     * that how a serve(...) call is split over lines does not matter. Registrations sharing a line
     * are walked together. A call taking a Capability (serve itself) is not part of the handler.
     */
    private static List<CallGraph.Site> registered(CallGraph graph, JavaClass routes, Capability c) {
        List<CallGraph.Site> out = new ArrayList<>();
        for (JavaCodeUnit u : routes.getCodeUnits()) {
            java.util.TreeSet<Integer> starts = new java.util.TreeSet<>();
            u.getFieldAccesses().stream().filter(a -> capability(a) != null && !a.isDeclaredInLambda()).forEach(a -> starts.add(a.getLineNumber()));
            for (JavaFieldAccess a : u.getFieldAccesses()) {
                if (!c.equals(capability(a)) || a.isDeclaredInLambda()) continue;
                int from = a.getLineNumber();
                Integer next = starts.higher(from);
                for (CallGraph.Site s : graph.sitesFrom(u)) {
                    if (s.line() < from || next != null && s.line() >= next || out.contains(s)) continue;
                    if (s.target().getRawParameterTypes().stream().anyMatch(t -> t.getName().equals(Capability.class.getName()))) continue;
                    out.add(s);
                }
            }
        }
        return out;
    }

    /**
     * The methods library code may run on objects created on the route (followed since created on its
     * path), as Class.method; Object's equals, hashCode and toString (followed too) are left out of the list.
     */
    private static List<String> callbacksCreated(CallGraph graph, List<JavaCodeUnit> route) {
        List<String> out = new ArrayList<>();
        for (JavaCodeUnit u : graph.reachable(route).keySet()) {
            for (CallGraph.Site s : graph.sitesFrom(u)) {
                for (JavaCodeUnit cb : graph.createdCallbacks(s.target())) {
                    if (Set.of("equals", "hashCode", "toString").contains(cb.getName())) continue;
                    JavaClass owner = cb.getOwner();
                    out.add(owner.getName().substring(owner.getPackageName().length() + 1) + "." + cb.getName());
                }
            }
        }
        return out;
    }

    /**
     * The route method of each capability the app serves itself ({@link ApiRoutes#APP_HOSTED}), as
     * "class#method": the app registers it (AppHost: {@code Map.of(RENDER_CHART, renderer::route)}), so
     * no naming convention finds it. The rule checks that the code registering the capability
     * references this method, so the table cannot silently drift from the app.
     */
    public static final Map<Capability, String> APP_HOSTED_ROUTES =
            Map.of(Capabilities.RENDER_CHART, "org.sextant.app.render.ChartRenderer#route");

    /**
     * Stated exemption for app-hosted routes: the actions of the chart's right-click menu (lambdas in
     * ChartMenu: export PNG, SVG, CSV to a file the person picks) run on a person's click in a
     * window; a chart drawn off screen for a route is never clicked. The menu's other code is walked.
     */
    /**
     * The store's read-checked connections (ReadCheckedConnection and its statements) forward each JDBC call to DuckDB's after
     * checking it inside a read request: a method's call of the JDBC method it overrides is judged where the route calls it
     * (the route's own execute*, commit), not again inside the wrapper, which every route creates. Their other calls are walked.
     */
    static final Predicate<CallGraph.Site> READ_CHECK_FORWARDING = s -> s.origin().getOwner().getName().startsWith(READ_CHECKED)
            && s.target().getOwner().getName().startsWith("java.sql.") && s.target().getName().equals(s.origin().getName());

    static final Predicate<CallGraph.Site> MENU_ACTIONS =
            s -> s.inLambda() && s.origin().getOwner().getName().equals("org.sextant.charts.ChartMenu");

    /** The app, the engine and the charts it draws with: where an app-hosted route's calls go. */
    public static JavaClasses app(Class<?>... fixtures) {
        if (fixtures.length == 0) {
            return Shipped.of(ModuleRules.APP, "org.sextant.engine", ModuleRules.CHARTS);
        }
        return ModuleRules.classes(ModuleRules.APP, fixtures);
    }

    /**
     * Every read capability the app hosts has a known route method ({@code routes}), the code that
     * registers the capability references that method, and the method reaches no store write and no
     * file write.
     */
    public static RuleResult appHostedReadRoutesReachNoWrite(JavaClasses classes, Map<Capability, String> routes) {
        CallGraph graph = new CallGraph(classes);
        List<String> v = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (Capability c : Capabilities.ALL) {
            if (!c.isRead() || !ApiRoutes.APP_HOSTED.contains(c)) continue;
            String where = routes.get(c);
            if (where == null) {
                v.add(c.name() + " is app-hosted but the self-test knows no route method for it: add it to BoundaryRules.APP_HOSTED_ROUTES");
                continue;
            }
            String cls = where.substring(0, where.indexOf('#')), method = where.substring(where.indexOf('#') + 1);
            List<JavaCodeUnit> handler = classes.contain(cls) ? classes.get(cls).getCodeUnits().stream()
                    .filter(u -> u.getName().equals(method)).map(u -> (JavaCodeUnit) u).toList() : List.of();
            if (handler.isEmpty()) {
                v.add(c.name() + ": no route method " + where + " among the app's classes");
                continue;
            }
            if (!registers(graph, c, cls, method)) {
                v.add(c.name() + ": no code that names the capability references " + where
                        + ", so the app serves it with another route: update BoundaryRules.APP_HOSTED_ROUTES");
                continue;
            }
            seen.add(c.name() + " (" + where.substring(where.lastIndexOf('.') + 1) + ")");
            v.addAll(forbidden(graph, c.name() + " is read but its app-hosted route", List.of(), handler, MENU_ACTIONS.or(READ_CHECK_FORWARDING)));
        }
        return new RuleResult("an app-hosted read route reaches no store write, no file write and no reflection, and hands work to another thread only as the read", seen.size(),
                "app-hosted read routes " + seen + " (exempt: the chart menu's export actions, run only on a person's click)", v);
    }

    /** Whether some code unit reads the capability's constant and calls or references the route method. */
    private static boolean registers(CallGraph graph, Capability c, String cls, String method) {
        for (JavaClass owner : graph.classes()) {
            for (JavaCodeUnit u : owner.getCodeUnits()) {
                boolean names = u.getFieldAccesses().stream().anyMatch(a -> c.equals(capability(a)));
                if (names && graph.sitesFrom(u).stream().anyMatch(s -> s.target().getOwner().getName().equals(cls)
                        && s.target().getName().equals(method))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Every read tool reaches, through its code (its own and what it inherits) and what it calls, only read capabilities. */
    public static RuleResult readToolsReachOnlyReadCapabilities(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        for (LauncherTool tool : l.tools()) {
            if (tool.toolClass() != ToolClass.READ) continue;
            n++;
            for (Map.Entry<JavaCodeUnit, List<String>> e : throughFields(graph, l, tool).entrySet()) {
                for (JavaFieldAccess a : e.getKey().getFieldAccesses()) {
                    Capability c = capability(a);
                    if (c != null && !c.isRead()) {
                        v.add(tool.name() + " is read but reaches the write capability " + c.name() + " ("
                                + a.getOrigin().getFullName() + ", line " + a.getLineNumber() + ") via " + e.getValue());
                    }
                }
                for (com.tngtech.archunit.core.domain.JavaAccess<?> a : lookups(e.getKey())) {
                    v.add(tool.name() + " is read but takes a capability not by its constant: " + a.getTarget().getFullName()
                            + " (" + a.getOrigin().getFullName() + ", line " + a.getLineNumber() + ") via " + e.getValue()
                            + "; name the read capability's constant (Capabilities.LIST_SYMBOLS...)");
                }
            }
        }
        return new RuleResult("a read tool reaches only read capabilities of the app", n, "read tools", v);
    }

    /**
     * A tool's code and what it reaches, values read from fields included (CallGraph#reachableThroughFields):
     * a capability kept in a field or a map (filled where it is declared, in a static block, a
     * constructor or a setter) counts as reached where the field is read. Code storing a capability
     * it takes as a parameter counts its callers, except a tool's constructor: a tool is built with
     * its own capability (PassThroughTool), and that construction is the tool's own code.
     */
    private static Map<JavaCodeUnit, List<String>> throughFields(CallGraph graph, Launcher l, LauncherTool tool) {
        return graph.reachableThroughFields(LauncherRules.toolCode(l, tool),
                u -> takesCapability(u) && !(u.isConstructor() && u.getOwner().isAssignableTo(LauncherTool.class)));
    }

    private static boolean takesCapability(JavaCodeUnit u) {
        return u.getRawParameterTypes().stream().anyMatch(t -> t.getName().equals(Capability.class.getName()))
                || u.getParameterTypes().stream().anyMatch(t -> t.getName().contains(Capability.class.getName()));
    }

    /**
     * Ways to get a capability the rule cannot see by its constant: the lists of Capabilities
     * (ALL...), any method of Capabilities (named(...)), and building a Capability.
     */
    private static List<com.tngtech.archunit.core.domain.JavaAccess<?>> lookups(JavaCodeUnit u) {
        List<com.tngtech.archunit.core.domain.JavaAccess<?>> out = new ArrayList<>();
        for (JavaFieldAccess a : u.getFieldAccesses()) {
            if (a.getTarget().getOwner().getName().equals(Capabilities.class.getName()) && holdsCapabilities(a.getTarget().getName())) out.add(a);
        }
        u.getMethodCallsFromSelf().stream().filter(c -> c.getTargetOwner().getName().equals(Capabilities.class.getName())).forEach(out::add);
        u.getConstructorCallsFromSelf().stream().filter(c -> c.getTargetOwner().getName().equals(Capability.class.getName())).forEach(out::add);
        return out;
    }

    /** Whether the Capabilities field is a collection or map holding capabilities. */
    private static boolean holdsCapabilities(String field) {
        try {
            Object value = Capabilities.class.getField(field).get(null);
            java.util.Collection<?> items = value instanceof Map<?, ?> m ? m.values() : value instanceof java.util.Collection<?> c ? c : List.of();
            return items.stream().anyMatch(Capability.class::isInstance);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    /**
     * Only a write tool's code (its class, what it inherits and what it calls) names a write
     * capability or takes one by lookup: any other launcher code (the dispatcher, the server,
     * resources, prompts) that did would call the app's write routes around the runs gate, which
     * guards only a write tool's handler.
     */
    public static RuleResult onlyWriteToolsNameWriteCapabilities(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        java.util.Set<JavaCodeUnit> writeCode = new java.util.HashSet<>();
        for (LauncherTool tool : l.tools()) {
            if (tool.toolClass() == ToolClass.WRITE) writeCode.addAll(graph.reachable(LauncherRules.toolCode(l, tool)).keySet());
        }
        List<String> v = new ArrayList<>();
        int n = 0;
        for (JavaClass owner : l.classes()) {
            if (!owner.getPackageName().startsWith(Launcher.PACKAGE)) continue;
            for (JavaCodeUnit u : owner.getCodeUnits()) {
                n++;
                if (writeCode.contains(u)) continue;
                for (JavaFieldAccess a : u.getFieldAccesses()) {
                    Capability c = capability(a);
                    if (c != null && !c.isRead()) v.add(u.getFullName() + " (line " + a.getLineNumber() + ") names the write capability "
                            + c.name() + " but is no write tool's code, so the runs gate does not guard it: call it from a listed write tool");
                }
                for (com.tngtech.archunit.core.domain.JavaAccess<?> a : lookups(u)) {
                    v.add(u.getFullName() + " (line " + a.getLineNumber() + ") takes a capability by lookup (" + a.getTarget().getFullName()
                            + ") but is no write tool's code: name a read capability's constant, or call it from a listed write tool");
                }
            }
        }
        return new RuleResult("only a write tool's code names a write capability", n,
                "launcher methods (dispatcher, server, resources, prompts, tools), " + writeCode.size() + " of them write tools' code", v);
    }

    /** The capabilities each tool reaches (its code, inherited code and what they call), for the report's inventory. */
    public static Map<String, java.util.Set<String>> capabilitiesReached(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        Map<String, java.util.Set<String>> out = new java.util.LinkedHashMap<>();
        for (LauncherTool tool : l.tools()) {
            java.util.Set<String> caps = new java.util.TreeSet<>();
            for (JavaCodeUnit u : throughFields(graph, l, tool).keySet()) {
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
