package org.sextant.selftest.rules;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The module directions of docs/architecture.md that the compiler alone does not keep: charts
 * draw the charts module's own records (the app maps engine results to them), a ViewModel holds
 * state and no scene-graph node (so it is testable without a window), and the app never links
 * the MCP launcher (they meet only over the local API).
 */
public final class ModuleRules {
    private ModuleRules() {}

    static final String CHARTS = "org.sextant.charts";
    static final String APP = "org.sextant.app";

    /** The shipped classes of {@code pkg} (test classes, fixtures among them, left out), plus {@code fixtures}. */
    public static JavaClasses classes(String pkg, Class<?>... fixtures) {
        if (fixtures.length == 0) return Shipped.of(pkg);
        List<Class<?>> all = new ArrayList<>(List.of(fixtures));
        for (Class<?> f : fixtures) all.addAll(nested(f));
        return Shipped.with(pkg, all);
    }

    /** The fixture's nested, inner and anonymous classes (Class.getDeclaredClasses misses the anonymous ones). */
    private static List<Class<?>> nested(Class<?> fixture) {
        List<Class<?>> out = new ArrayList<>();
        for (JavaClass c : new ClassFileImporter().importPackagesOf(fixture)) {
            if (!c.getName().startsWith(fixture.getName() + "$")) continue;
            try {
                out.add(Class.forName(c.getName(), false, ModuleRules.class.getClassLoader()));
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalStateException("fixture class " + c.getName() + " not loadable", e);
            }
        }
        return out;
    }

    public static RuleResult chartsDependOnNoEngineType(JavaClasses classes) {
        EvaluationResult r = noClasses().that().resideInAPackage(CHARTS + "..")
                .should().dependOnClassesThat().resideInAPackage("org.sextant.engine..").evaluate(classes);
        return result("charts depend on no engine type", classes, CHARTS, "charts classes", r);
    }

    public static RuleResult viewModelsHoldNoSceneGraph(JavaClasses classes) {
        EvaluationResult r = noClasses().that().resideInAPackage(APP + "..").and().haveNameMatching(".*ViewModel(\\$.*)?")
                .should().dependOnClassesThat().resideInAPackage("javafx.scene..").evaluate(classes);
        long n = classes.stream().filter(c -> c.getPackageName().startsWith(APP) && c.getName().matches(".*ViewModel(\\$.*)?")).count();
        return check("a ViewModel holds no JavaFX scene-graph type", (int) n, "ViewModel classes", r);
    }

    public static RuleResult appLinksNoLauncher(JavaClasses classes) {
        EvaluationResult r = noClasses().that().resideInAPackage(APP + "..")
                .should().dependOnClassesThat().resideInAPackage("org.sextant.mcp..").evaluate(classes);
        return result("the app links no class of the MCP launcher", classes, APP, "app classes", r);
    }

    private static RuleResult result(String rule, JavaClasses classes, String pkg, String what, EvaluationResult r) {
        return check(rule, (int) classes.stream().filter(c -> c.getPackageName().startsWith(pkg)).count(), what, r);
    }

    private static RuleResult check(String rule, int n, String what, EvaluationResult r) {
        List<String> v = new ArrayList<>(r.getFailureReport().getDetails());
        if (n < 3) v.add("only " + n + " " + what + " imported: the rule would pass vacuously");
        return new RuleResult(rule, n, what, v);
    }
}
