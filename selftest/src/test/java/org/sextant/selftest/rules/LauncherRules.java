package org.sextant.selftest.rules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.AccessTarget;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.EvaluationResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolClass;

/**
 * The self-test's rules over the launcher (docs/architecture.md, "The MCP launcher"). Each takes a
 * {@link Launcher} and returns what it examined and what it found; the real launcher must pass
 * every rule, and each rule has fixtures that make it fail (RulesCanFailTest).
 */
public final class LauncherRules {
    private LauncherRules() {}

    static final Predicate<AccessTarget.CodeUnitAccessTarget> RUNS_GATE =
            t -> t.getOwner().getName().equals(RunsGate.class.getName()) && t.getName().equals("enforce");
    static final Predicate<AccessTarget.CodeUnitAccessTarget> PILOT_GATE =
            t -> t.getOwner().getName().equals(PilotGate.class.getName()) && t.getName().equals("enforce");

    /** Every concrete tool class is constructed once in the list's class and nowhere else; every entry is one. */
    public static RuleResult classifiedExactlyOnce(Launcher l) {
        List<String> v = new ArrayList<>();
        List<JavaClass> tools = toolClasses(l);
        for (JavaClass t : tools) {
            int inList = 0;
            for (com.tngtech.archunit.core.domain.JavaConstructor ctor : t.getConstructors()) {
                for (JavaConstructorCall call : ctor.getCallsOfSelf()) {
                    JavaClass from = call.getOriginOwner();
                    if (from.getName().equals(l.catalogClass())) {
                        inList++;
                    } else if (!from.isAssignableTo(t.getName()) && !nestedIn(from, t)) {
                        v.add(t.getSimpleName() + " is constructed outside the list, in " + call.getOrigin().getFullName()
                                + " (line " + call.getLineNumber() + "): a tool must be served only from the list");
                    }
                }
            }
            if (inList == 0) v.add(t.getName() + " is a tool but not in the classification list " + l.catalogClass());
            if (inList > 1) v.add(t.getName() + " is listed " + inList + " times in " + l.catalogClass());
        }
        Set<String> names = new HashSet<>();
        Set<String> classes = new HashSet<>();
        Set<String> known = new HashSet<>();
        tools.forEach(t -> known.add(t.getName()));
        for (LauncherTool tool : l.tools()) {
            if (!names.add(tool.name())) v.add("tool name '" + tool.name() + "' is listed twice");
            String cls = tool.getClass().getName();
            if (!classes.add(cls)) v.add(cls + " appears twice in the list");
            if (!known.contains(cls)) v.add("listed tool '" + tool.name() + "' (" + cls + ") is not a launcher class");
        }
        return new RuleResult("every tool is classified in the list exactly once", tools.size(),
                "tool classes, " + l.tools().size() + " list entries", v);
    }

    /** Every write tool's handler is reachable only on paths that call the runs gate first. */
    public static RuleResult writeToolsPassTheRunsGate(Launcher l) {
        return gated(l, "a write tool passes the runs gate on its call path", t -> t.toolClass() == ToolClass.WRITE,
                RUNS_GATE, "RunsGate.enforce", "write tools");
    }

    /** Every app-driving tool's handler is reachable only on paths that call the pilot gate first. */
    public static RuleResult appDrivingToolsPassThePilotGate(Launcher l) {
        return gated(l, "an app-driving tool also passes the pilot gate", LauncherTool::drivesApp, PILOT_GATE,
                "PilotGate.enforce", "app-driving tools");
    }

    private static RuleResult gated(Launcher l, String rule, Predicate<LauncherTool> which,
                                    Predicate<AccessTarget.CodeUnitAccessTarget> gate, String gateName, String what) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        for (LauncherTool tool : l.tools()) {
            if (!which.test(tool)) continue;
            n++;
            JavaCodeUnit handle = handler(l, tool);
            if (handle == null) {
                v.add(tool.name() + ": no handle method found in " + tool.getClass().getName());
                continue;
            }
            for (String path : graph.ungatedPaths(handle, gate)) {
                v.add(tool.name() + " is reached without " + gateName + ": " + path);
            }
            if (graph.callSitesOf(handle).isEmpty()) {
                v.add(tool.name() + ": nothing calls its handler, so no gate was seen on its path");
            }
        }
        return new RuleResult(rule, n, what, v);
    }

    /** A read tool's code (its own and what it inherits) calls no gate and reaches no file-writing API. */
    public static RuleResult readToolsCallNoGateAndWriteNoFile(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        Predicate<AccessTarget.CodeUnitAccessTarget> bad = RUNS_GATE.or(PILOT_GATE).or(FileWriteApi.MATCHER);
        for (LauncherTool tool : l.tools()) {
            if (tool.toolClass() != ToolClass.READ) continue;
            n++;
            List<String> path = graph.pathTo(toolCode(l, tool), bad);
            if (!path.isEmpty()) v.add(tool.name() + " is read but reaches " + last(path) + " via " + path);
        }
        return new RuleResult("a read tool calls neither gate and writes no file", n, "read tools", v);
    }

    private static final Pattern TOOL_LIKE = Pattern.compile("(?<![\\w./{-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\\w/}])");
    /** Verbs tool names start with: a snake_case word starting with one is read as a tool name. */
    private static final Set<String> TOOL_VERBS = Set.of("get", "list", "run", "read", "write", "create", "delete",
            "set", "start", "stop", "import", "export", "fetch", "gather", "compare", "forecast", "backtest", "scan",
            "cancel", "describe", "open", "show", "queue", "drive", "search", "find", "update", "add", "remove",
            "health", "save", "load", "sweep", "snapshot", "navigate", "select", "plot", "explain", "check");

    /** Snake_case words in descriptions that look like tool names must name listed tools. */
    public static RuleResult descriptionsNameExistingTools(Launcher l) {
        Set<String> names = new HashSet<>();
        l.tools().forEach(t -> names.add(t.name()));
        Set<String> verbs = new HashSet<>(TOOL_VERBS);
        l.tools().forEach(t -> verbs.add(t.name().split("_")[0]));
        List<String> v = new ArrayList<>();
        int mentions = 0;
        for (LauncherTool tool : l.tools()) {
            for (String text : clientTexts(tool)) {
                Matcher m = TOOL_LIKE.matcher(text);
                while (m.find()) {
                    String word = m.group(1);
                    if (!verbs.contains(word.split("_")[0])) continue;
                    // identifiers (run_id) and app commands written with their arguments (open_chart {symbol}) are not tools
                    if (word.endsWith("_id") || word.endsWith("_ids") || text.startsWith(" {", m.end())) continue;
                    mentions++;
                    if (!names.contains(word)) {
                        v.add(tool.name() + " names '" + word + "', which is not a tool: \"" + text + "\"");
                    }
                }
            }
        }
        return new RuleResult("a description names only tools that exist", mentions, "tool mentions in "
                + l.tools().size() + " descriptions", v);
    }

    private static final Pattern NO_CHANGE = Pattern.compile(
            "read-only|read only|changes nothing|writes nothing|leaves the disk untouched|nothing (?:is )?written"
                    + "|does not (?:write|change|modify)|without (?:writing|changing)|no files? (?:is |are )?(?:written|changed)"
                    + "|untouched", Pattern.CASE_INSENSITIVE);

    /** A description that promises no change belongs to a read tool, and the annotations say the same. */
    public static RuleResult noChangePromisesOnlyOnReadTools(Launcher l) {
        List<String> v = new ArrayList<>();
        for (LauncherTool tool : l.tools()) {
            boolean read = tool.toolClass() == ToolClass.READ;
            Matcher m = NO_CHANGE.matcher(tool.description());
            if (!read && m.find()) {
                v.add(tool.name() + " is a write tool but its description promises \"" + m.group() + "\": "
                        + tool.description());
            }
            if (!Boolean.valueOf(read).equals(tool.annotations().readOnlyHint())) {
                v.add(tool.name() + ": readOnlyHint " + tool.annotations().readOnlyHint() + " but class " + tool.toolClass());
            }
            if (read && !NO_CHANGE.matcher(tool.description()).find()) {
                v.add(tool.name() + " is read but its description does not say it changes nothing");
            }
        }
        return new RuleResult("a description promising no change belongs to a read tool", l.tools().size(),
                "descriptions", v);
    }

    /**
     * Nothing that handles the pilot flag or settings.json reaches a file-writing API: code that
     * obtains the flag's path (LauncherHome.pilotFlag, PilotGate.flag), the gates themselves, and
     * every class whose constants name ".mcp_pilot" or "settings.json".
     */
    public static RuleResult nothingWritesPilotFlagOrSettings(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        Set<JavaCodeUnit> holders = new LinkedHashSet<>();
        Set<String> namingClasses = new LinkedHashSet<>();
        for (JavaClass c : l.classes()) {
            boolean names = constantsName(c, ".mcp_pilot") || constantsName(c, "settings.json");
            boolean gate = c.getName().equals(PilotGate.class.getName()) || c.getName().equals(RunsGate.class.getName());
            if (names) namingClasses.add(c.getName());
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (names || gate) {
                    holders.add(u);
                    continue;
                }
                for (CallGraph.Site s : graph.sitesFrom(u)) {
                    String owner = s.target().getOwner().getName();
                    if (owner.equals(LauncherHome.class.getName()) && s.target().getName().equals("pilotFlag")
                            || owner.equals(PilotGate.class.getName()) && s.target().getName().equals("flag")) {
                        holders.add(u);
                    }
                }
            }
        }
        List<String> v = new ArrayList<>();
        for (JavaCodeUnit u : holders) {
            List<String> path = graph.pathTo(List.of(u), FileWriteApi.MATCHER);
            if (!path.isEmpty()) {
                v.add(u.getFullName() + " handles the pilot flag or settings.json and reaches " + last(path)
                        + " via " + path);
            }
        }
        if (namingClasses.isEmpty()) v.add("no class names .mcp_pilot: the pilot flag's path was not found");
        return new RuleResult("nothing in the launcher writes .mcp_pilot or settings.json", holders.size(),
                "code units holding those paths (classes naming them: " + namingClasses.size() + ")", v);
    }

    /**
     * Launcher code that may use reflection, each with why: none. A call found by name, a method
     * handle or a class loaded by name is invisible to the call graphs every other rule walks, so a
     * read tool could reach a write tool's handler or a write capability unseen; the whole launcher
     * is held to it (tools, the dispatcher, the server), not only tools' code.
     */
    static final Map<String, String> REFLECTION_ALLOWED = Map.of();

    /** No launcher code calls reflection, method handles, class loading by name or JNI (Reflection). */
    public static RuleResult launcherCallsNoReflection(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        for (JavaClass c : l.classes()) {
            if (!c.getPackageName().startsWith(Launcher.PACKAGE)) continue;
            for (JavaCodeUnit u : c.getCodeUnits()) {
                n++;
                if (REFLECTION_ALLOWED.containsKey(u.getFullName())) continue;
                for (CallGraph.Site s : graph.sitesFrom(u)) {
                    if (Reflection.MATCHER.test(s.target())) {
                        v.add(c.getName() + " calls " + s.target().getFullName() + " (" + u.getFullName() + ", line " + s.line()
                                + "): reflection is invisible to the self-test's call graphs; call the code directly");
                    }
                }
            }
        }
        return new RuleResult("no launcher code uses reflection, method handles or class loading by name", n,
                "launcher methods (allowed: " + (REFLECTION_ALLOWED.isEmpty() ? "none" : REFLECTION_ALLOWED) + ")", v);
    }

    /** The launcher links neither the engine (nor app, charts) nor DuckDB / JDBC. */
    public static RuleResult launcherLinksNeitherEngineNorDuckDb(Launcher l) {
        List<String> v = new ArrayList<>();
        EvaluationResult engine = noClasses().that().resideInAPackage(Launcher.PACKAGE + "..")
                .should().dependOnClassesThat().resideInAnyPackage("org.sextant.engine..", "org.sextant.app..",
                        "org.sextant.charts..")
                .evaluate(l.classes());
        EvaluationResult duck = noClasses().that().resideInAPackage(Launcher.PACKAGE + "..")
                .should().dependOnClassesThat().resideInAnyPackage("org.duckdb..", "java.sql..")
                .evaluate(l.classes());
        v.addAll(engine.getFailureReport().getDetails());
        v.addAll(duck.getFailureReport().getDetails());
        int n = (int) l.classes().stream().filter(c -> c.getPackageName().startsWith(Launcher.PACKAGE)).count();
        if (n < 5) v.add("only " + n + " launcher classes imported: the rule would pass vacuously");
        return new RuleResult("the launcher links neither the engine nor DuckDB", n, "launcher classes", v);
    }

    /**
     * Secrets stay on the machine: no launcher code that names settings.json reaches any file
     * API (the launcher never reads the unmasked file), and the launcher cannot see the engine's
     * Settings type (checked by the linking rule).
     */
    public static RuleResult launcherNeverReadsSettings(Launcher l) {
        CallGraph graph = new CallGraph(l.classes());
        List<String> v = new ArrayList<>();
        int n = 0;
        Predicate<AccessTarget.CodeUnitAccessTarget> anyFile = t -> FileWriteApi.writes(t)
                || t.getOwner().getName().equals("java.nio.file.Files")
                || t.getOwner().getName().startsWith("java.io.File")
                || t.getOwner().getName().equals("java.nio.channels.FileChannel");
        int naming = 0;
        for (JavaClass c : l.classes()) {
            if (!c.getPackageName().startsWith(Launcher.PACKAGE)) continue;
            // the unit examined is a launcher class searched for the name; one naming it is then walked
            n++;
            if (!constantsName(c, "settings.json")) continue;
            naming++;
            List<String> path = graph.pathTo(new ArrayList<>(c.getCodeUnits()), anyFile);
            if (!path.isEmpty()) v.add(c.getName() + " names settings.json and reaches " + last(path) + " via " + path);
        }
        return new RuleResult("the launcher never opens settings.json (secrets stay unmasked only there)", n,
                "launcher classes searched for the name settings.json (" + naming + " name it, none may reach a file API)", v);
    }

    // --- helpers

    static List<JavaClass> toolClasses(Launcher l) {
        List<JavaClass> out = new ArrayList<>();
        for (JavaClass c : l.classes()) {
            if (c.isAssignableTo(LauncherTool.class) && !c.getName().equals(LauncherTool.class.getName())
                    && !c.getModifiers().contains(JavaModifier.ABSTRACT) && !c.isInterface()) {
                out.add(c);
            }
        }
        return out;
    }

    private static boolean nestedIn(JavaClass c, JavaClass outer) {
        return c.getName().startsWith(outer.getName() + "$");
    }

    private static JavaCodeUnit handler(Launcher l, LauncherTool tool) {
        JavaClass c = l.classes().get(tool.getClass().getName());
        while (c != null) {
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (u.getName().equals("handle") && !u.getModifiers().contains(JavaModifier.ABSTRACT)
                        && !u.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                    return u;
                }
            }
            c = c.getRawSuperclass().filter(s -> l.classes().contain(s.getName())).orElse(null);
        }
        return null;
    }

    /**
     * The code a tool runs: its class's code and that of the superclasses it inherits from (within
     * the launcher's classes, e.g. JobStatusTool's handle for refresh_job_status), nested and
     * anonymous classes included. A superclass method the tool overrides is left out (a
     * {@code super.} call to it is followed by the call graph like any call).
     */
    static List<JavaCodeUnit> toolCode(Launcher l, LauncherTool tool) {
        List<JavaCodeUnit> out = new ArrayList<>();
        Set<String> overridden = new HashSet<>();
        JavaClass c = l.classes().contain(tool.getClass().getName()) ? l.classes().get(tool.getClass().getName()) : null;
        while (c != null) {
            for (JavaCodeUnit u : ownCode(l, c.getName())) {
                if (u.getOwner().equals(c) && overridable(u) && !overridden.add(signature(u))) continue;
                out.add(u);
            }
            c = c.getRawSuperclass().filter(s -> l.classes().contain(s.getName())).orElse(null);
        }
        return out;
    }

    /** An instance method a subclass can override (not a constructor, lambda body, private or static method). */
    private static boolean overridable(JavaCodeUnit u) {
        return u instanceof com.tngtech.archunit.core.domain.JavaMethod
                && !u.getModifiers().contains(JavaModifier.PRIVATE) && !u.getModifiers().contains(JavaModifier.STATIC)
                && !u.getModifiers().contains(JavaModifier.SYNTHETIC);
    }

    private static String signature(JavaCodeUnit u) {
        return u.getName() + u.getRawParameterTypes().stream().map(JavaClass::getName).toList();
    }

    /** The class's code and that of its nested and anonymous classes. */
    static List<JavaCodeUnit> ownCode(Launcher l, String className) {
        List<JavaCodeUnit> out = new ArrayList<>();
        for (JavaClass c : l.classes()) {
            if (c.getName().equals(className) || c.getName().startsWith(className + "$")) out.addAll(c.getCodeUnits());
        }
        return out;
    }

    /** What the client reads: the description and every argument description. */
    @SuppressWarnings("unchecked")
    private static List<String> clientTexts(LauncherTool tool) {
        List<String> out = new ArrayList<>();
        out.add(tool.description());
        Object props = tool.inputSchema().get("properties");
        if (props instanceof Map<?, ?> m) {
            for (Object p : m.values()) {
                if (p instanceof Map<?, ?> pm && pm.get("description") instanceof String d) out.add(d);
            }
        }
        return out;
    }

    private static String last(List<String> path) {
        String s = path.get(path.size() - 1);
        return s.substring(s.indexOf("-> ") + 3);
    }

    private static final Map<String, byte[]> BYTES = new HashMap<>();

    /** Whether the class file's constant pool holds the string (compile-time constants are inlined there). */
    static boolean constantsName(JavaClass c, String constant) {
        byte[] bytes = BYTES.computeIfAbsent(c.getName(), n -> c.getSource().map(s -> {
            try (InputStream in = s.getUri().toURL().openStream()) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the class file of " + n, e);
            }
        }).orElse(new byte[0]));
        byte[] needle = constant.getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + needle.length <= bytes.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (bytes[i + j] != needle[j]) continue outer;
            }
            return true;
        }
        return false;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
