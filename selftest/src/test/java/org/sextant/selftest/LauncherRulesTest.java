package org.sextant.selftest;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.sextant.selftest.rules.BoundaryRules;
import org.sextant.selftest.rules.ClickRules;
import org.sextant.selftest.rules.EngineRules;
import org.sextant.selftest.rules.Launcher;
import org.sextant.selftest.rules.LauncherRules;
import org.sextant.selftest.rules.ModuleRules;
import org.sextant.selftest.rules.RuleResult;

/** The rules over the launcher as shipped: every one must hold. */
class LauncherRulesTest {
    private static Launcher launcher;

    @BeforeAll
    static void importLauncher() {
        launcher = Launcher.real();
    }

    private static void holds(RuleResult r, TestReporter reporter) {
        reporter.publishEntry("examined", r.summary());
        r.check();
    }

    /** The rule holds and saw at least {@code atLeast} things, so a matcher that finds nothing cannot pass. */
    private static void holds(RuleResult r, int atLeast, String examined, TestReporter reporter) {
        assertTrue(r.examined() >= atLeast, examined + ": " + r.examined());
        holds(r, reporter);
    }

    @Test
    @DisplayName("rule: every tool is in the classification list exactly once, every listed tool exists")
    void classified(TestReporter reporter) {
        holds(LauncherRules.classifiedExactlyOnce(launcher), 6, "tool classes found", reporter);
    }

    @Test
    @DisplayName("rule: a write tool passes the runs gate on its call path")
    void writeToolsGated(TestReporter reporter) {
        holds(LauncherRules.writeToolsPassTheRunsGate(launcher), reporter);
    }

    @Test
    @DisplayName("rule: only a write tool's code names a write capability (nothing else reaches one around the runs gate)")
    void writeCapabilitiesOnlyInWriteTools(TestReporter reporter) {
        holds(BoundaryRules.onlyWriteToolsNameWriteCapabilities(launcher), 100, "launcher methods", reporter);
    }

    @Test
    @DisplayName("rule: an app-driving tool also passes the pilot gate")
    void pilotToolsGated(TestReporter reporter) {
        holds(LauncherRules.appDrivingToolsPassThePilotGate(launcher), reporter);
    }

    @Test
    @DisplayName("rule: a read tool calls neither gate and reaches no file-writing API")
    void readToolsPure(TestReporter reporter) {
        holds(LauncherRules.readToolsCallNoGateAndWriteNoFile(launcher), 6, "read tools", reporter);
    }

    @Test
    @DisplayName("rule: a read tool reaches only read capabilities of the app")
    void readToolsReachReadRoutes(TestReporter reporter) {
        holds(BoundaryRules.readToolsReachOnlyReadCapabilities(launcher), 20, "read tools", reporter);
    }

    @Test
    @DisplayName("rule: no launcher code uses reflection, method handles or class loading by name")
    void noReflection(TestReporter reporter) {
        holds(LauncherRules.launcherCallsNoReflection(launcher), 100, "launcher methods", reporter);
    }

    @Test
    @DisplayName("rule: a read route of the app reaches no store write, no file write and no reflection, and hands work to another thread only as the read")
    void readRoutesWriteNothing(TestReporter reporter) {
        holds(BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(), org.sextant.engine.api.ApiRoutes.class.getName()), 20, "read routes", reporter);
    }

    @Test
    @DisplayName("rule: a read route the app hosts itself (render_chart) reaches no store write, no file write and no reflection, and hands work to another thread only as the read")
    void appHostedRoutesWriteNothing(TestReporter reporter) {
        holds(BoundaryRules.appHostedReadRoutesReachNoWrite(BoundaryRules.app(), BoundaryRules.APP_HOSTED_ROUTES), reporter);
    }

    @Test
    @DisplayName("rule: no code of the app, engine or charts runs a menu action itself (what exempts the chart menu's exports)")
    void nothingClicksForAPerson(TestReporter reporter) {
        holds(ClickRules.nothingRunsAMenuAction(BoundaryRules.app(), "org.sextant.app", "org.sextant.engine", "org.sextant.charts"),
                1000, "code units", reporter);
    }

    @Test
    @DisplayName("inventory: every app route and every tool with its class and the rules that cover it")
    void inventory(TestReporter reporter) {
        for (org.sextant.contract.Capability c : org.sextant.contract.Capabilities.ALL) {
            String rules = !c.isRead() ? "write route: reached only from write tools (runs gate) or the person's own CLI/GUI"
                    : !org.sextant.engine.api.ApiRoutes.APP_HOSTED.contains(c)
                    ? "read route reaches no write (static, above) + ReadOnlyScope refuses writes at run time"
                    : BoundaryRules.APP_HOSTED_ROUTES.containsKey(c)
                    ? "app-hosted read route " + BoundaryRules.APP_HOSTED_ROUTES.get(c) + " reaches no write (static, above) + ReadOnlyScope refuses writes at run time"
                    : "app-hosted read route: not checked statically; only ReadOnlyScope refuses writes at run time";
            reporter.publishEntry("route", String.format("route %-24s %-5s %s", c.name(), c.capabilityClass(), rules));
        }
        Map<String, java.util.Set<String>> reached = BoundaryRules.capabilitiesReached(launcher);
        for (org.sextant.mcp.tools.LauncherTool t : launcher.tools()) {
            String rules = t.toolClass() == org.sextant.mcp.tools.ToolClass.READ
                    ? "no gate, no file write, only read routes" : "gate: " + t.gate();
            reporter.publishEntry("tool", String.format("tool  %-24s %-5s %s; routes %s", t.name(), t.toolClass(), rules, reached.get(t.name())));
        }
        org.junit.jupiter.api.Assertions.assertEquals(launcher.tools().size(), reached.size());
    }

    @Test
    @DisplayName("rule: a description that names another tool names one that exists")
    void descriptionsNameTools(TestReporter reporter) {
        holds(LauncherRules.descriptionsNameExistingTools(launcher), 1, "run_select is named by get_db_schema: the matcher must see it; named tools seen",
                reporter);
    }

    @Test
    @DisplayName("rule: a description promising to leave the disk untouched belongs to a read tool")
    void promises(TestReporter reporter) {
        holds(LauncherRules.noChangePromisesOnlyOnReadTools(launcher), reporter);
    }

    @Test
    @DisplayName("rule: nothing in the launcher writes .mcp_pilot or settings.json")
    void pilotFlagUntouched(TestReporter reporter) {
        holds(LauncherRules.nothingWritesPilotFlagOrSettings(launcher), reporter);
    }

    @Test
    @DisplayName("rule: the launcher depends on neither the engine nor DuckDB")
    void isolation(TestReporter reporter) {
        holds(LauncherRules.launcherLinksNeitherEngineNorDuckDb(launcher), reporter);
    }

    @Test
    @DisplayName("rule: state leaves the machine only through the secret-masking function")
    void masking(TestReporter reporter) {
        holds(LauncherRules.launcherNeverReadsSettings(launcher), reporter);
        holds(EngineRules.stateIsBuiltOnlyFromMaskedSettings(EngineRules.engine()), reporter);
    }

    @Test
    @DisplayName("rule: charts depend on no engine type, a ViewModel holds no scene-graph type, the app links no launcher class")
    void moduleDirections(TestReporter reporter) {
        holds(ModuleRules.chartsDependOnNoEngineType(ModuleRules.classes("org.sextant.charts")), reporter);
        com.tngtech.archunit.core.domain.JavaClasses app = ModuleRules.classes("org.sextant.app");
        holds(ModuleRules.viewModelsHoldNoSceneGraph(app), 7, "ViewModels", reporter);
        holds(ModuleRules.appLinksNoLauncher(app), reporter);
    }
}
