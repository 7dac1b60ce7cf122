package org.sextant.selftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import java.util.Map;
import org.sextant.contract.Capabilities;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.fixture.LinksEngine;
import org.sextant.mcp.fixture.LinksJdbc;
import org.sextant.mcp.fixture.PilotFlagWriter;
import org.sextant.mcp.fixture.SettingsWriter;
import org.sextant.mcp.tools.FixtureTools;
import org.sextant.mcp.tools.FileWritingReadTools;
import org.sextant.mcp.tools.InheritedHandlerTools;
import org.sextant.mcp.tools.CapabilityHoldingTools;
import org.sextant.mcp.tools.ReflectiveTools;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.sextant.selftest.fixtures.UnmaskedState;
import org.sextant.selftest.fixtures.InsertingReadRoutes;
import org.sextant.selftest.fixtures.ExecutingReadRoutes;
import org.sextant.selftest.fixtures.RegisteringReadRoutes;
import org.sextant.selftest.fixtures.MultiLineReadRoutes;
import org.sextant.selftest.fixtures.ReflectiveReadRoutes;
import org.sextant.selftest.fixtures.CallbackWritingReadRoutes;
import org.sextant.selftest.fixtures.ForwardingReadRoutes;
import org.sextant.selftest.fixtures.HandingOffReadRoutes;
import org.sextant.selftest.fixtures.WritingChartRoute;
import org.sextant.selftest.fixtures.ClickingChartRoute;
import org.sextant.selftest.rules.BoundaryRules;
import org.sextant.selftest.rules.ClickRules;
import org.sextant.selftest.rules.EngineRules;
import org.sextant.selftest.rules.Launcher;
import org.sextant.selftest.rules.LauncherRules;
import org.sextant.selftest.rules.ModuleRules;
import org.sextant.selftest.rules.RuleResult;
import org.sextant.app.fixture.LinksLauncher;
import org.sextant.app.fixture.NodeHoldingViewModel;
import org.sextant.charts.fixture.ChartOfEngineSeries;

/**
 * Every rule fails on a fixture made to break it, and names the culprit. A rule that passes
 * here would be a green line that checks nothing.
 */
class RulesCanFailTest {

    /** The real launcher with {@code tool} listed and its class, and {@code more}, among the launcher's classes. */
    private static Launcher listing(LauncherTool tool, Class<?>... more) {
        Class<?>[] fixtures = java.util.stream.Stream.concat(java.util.stream.Stream.of(tool.getClass()), java.util.Arrays.stream(more))
                .toArray(Class<?>[]::new);
        return Launcher.withFixtures(Launcher.allPlus(tool), ToolCatalog.class.getName(), fixtures);
    }

    /** The real launcher and list, with {@code fixtures} among its classes (listed nowhere). */
    private static Launcher beside(Class<?>... fixtures) {
        return Launcher.withFixtures(ToolCatalog.ALL, ToolCatalog.class.getName(), fixtures);
    }

    private static void fails(RuleResult r, String culprit) {
        assertFalse(r.passed(), r.rule() + " passed on a fixture that breaks it");
        assertTrue(r.violations().stream().anyMatch(v -> v.contains(culprit)),
                "violations should name " + culprit + ": " + r.violations());
    }

    @Test
    @DisplayName("fails: a tool class missing from the list")
    void unlisted() {
        Launcher l = beside(FixtureTools.Unlisted.class);
        fails(LauncherRules.classifiedExactlyOnce(l), "Unlisted is a tool but not in the classification list");
    }

    @Test
    @DisplayName("fails: a tool listed twice, a name listed twice, a listed tool that is no launcher class")
    void listedTwice() {
        Launcher twice = Launcher.withFixtures(FixtureTools.TwiceCatalog.ALL, FixtureTools.TwiceCatalog.class.getName(),
                FixtureTools.ListedTwice.class, FixtureTools.TwiceCatalog.class);
        fails(LauncherRules.classifiedExactlyOnce(twice), "is listed 2 times");
        fails(LauncherRules.classifiedExactlyOnce(twice), "appears twice in the list");

        Launcher thief = listing(new FixtureTools.NameThief());
        fails(LauncherRules.classifiedExactlyOnce(thief), "tool name 'list_symbols' is listed twice");

        // The entry's class is not among the launcher's classes: the list names a tool that does not exist.
        Launcher ghost = Launcher.withFixtures(Launcher.allPlus(new FixtureTools.Unlisted()), ToolCatalog.class.getName());
        fails(LauncherRules.classifiedExactlyOnce(ghost), "is not a launcher class");
    }

    @Test
    @DisplayName("fails: a write tool reached without the runs gate (and passes when gated)")
    void writeWithoutGate() {
        Launcher good = listing(new FixtureTools.GoodWrite());
        RuleResult ok = LauncherRules.writeToolsPassTheRunsGate(good);
        assertTrue(ok.examined() >= 1 && ok.passed(), "write tools behind the real dispatcher pass (the fixture among them): " + ok.violations());

        Launcher bypass = listing(new FixtureTools.BypassedWrite(), FixtureTools.Bypass.class);
        fails(LauncherRules.writeToolsPassTheRunsGate(bypass), "FixtureTools$Bypass.run");
    }

    @Test
    @DisplayName("fails: launcher code other than a write tool (a dispatcher) calling a write capability")
    void writeCapabilityOutsideWriteTool() {
        RuleResult real = BoundaryRules.onlyWriteToolsNameWriteCapabilities(Launcher.real());
        assertTrue(real.passed(), real.violations().toString());
        fails(BoundaryRules.onlyWriteToolsNameWriteCapabilities(beside(FixtureTools.TidyingDispatcher.class)),
                "FixtureTools$TidyingDispatcher.dispatch");
        fails(BoundaryRules.onlyWriteToolsNameWriteCapabilities(beside(FixtureTools.TidyingDispatcher.class)),
                "names the write capability delete_prices but is no write tool's code");
        // a read tool looking up a capability is no write tool either
        fails(BoundaryRules.onlyWriteToolsNameWriteCapabilities(listing(new FixtureTools.NamesDelete())), "takes a capability by lookup");
    }

    @Test
    @DisplayName("fails: an app-driving tool without the pilot gate")
    void pilotWithoutGate() {
        Launcher behindDispatcher = listing(new FixtureTools.Pilot());
        assertTrue(LauncherRules.appDrivingToolsPassThePilotGate(behindDispatcher).passed());

        Launcher runsOnly = listing(new FixtureTools.Pilot(), FixtureTools.RunsOnlyDispatcher.class);
        fails(LauncherRules.appDrivingToolsPassThePilotGate(runsOnly), "RunsOnlyDispatcher.dispatch");
        assertTrue(LauncherRules.writeToolsPassTheRunsGate(runsOnly).passed(), "that dispatcher does pass the runs gate");
    }

    @Test
    @DisplayName("fails: a read tool that writes a file, a read tool that calls a gate")
    void impureRead() {
        Launcher writes = listing(new FixtureTools.ReadThatWrites(), cache());
        fails(LauncherRules.readToolsCallNoGateAndWriteNoFile(writes), "java.nio.file.Files.writeString");

        Launcher gates = listing(new FixtureTools.ReadThatGates());
        fails(LauncherRules.readToolsCallNoGateAndWriteNoFile(gates), "RunsGate.enforce");
    }

    @Test
    @DisplayName("fails: a read tool writing a file with a log FileHandler, a process, Jackson writeValues or createGenerator, ImageIO, a zip file system, a flight recording")
    void readWritesThroughOtherApis() {
        Map<LauncherTool, String> tools = Map.of(
                new FileWritingReadTools.LogFile(), "java.util.logging.FileHandler.<init>",
                new FileWritingReadTools.Process(), "java.lang.ProcessBuilder.",
                new FileWritingReadTools.RuntimeExec(), "java.lang.Runtime.exec",
                new FileWritingReadTools.JacksonValues(), "ObjectWriter.writeValues",
                new FileWritingReadTools.Image(), "javax.imageio.ImageIO.write",
                new FileWritingReadTools.ZipFileSystem(), "java.nio.file.FileSystems.newFileSystem",
                new FileWritingReadTools.Generator(), ".createGenerator(tools.jackson.core.ObjectWriteContext, java.io.File",
                new FileWritingReadTools.FlightRecording(), "jdk.jfr.Recording.dump");
        tools.forEach((tool, api) -> {
            RuleResult r = LauncherRules.readToolsCallNoGateAndWriteNoFile(listing(tool, writingBase()));
            fails(r, tool.name() + " is read but reaches ");
            fails(r, api);
        });
    }

    private static Class<?> writingBase() {
        try {
            return Class.forName("org.sextant.mcp.tools.FileWritingReadTools$Writing");
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static Class<?> cache() {
        try {
            return Class.forName("org.sextant.mcp.tools.FixtureTools$Cache");
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    @DisplayName("fails: a write tool declared read (import_prices as read reaches start_import)")
    void writeDeclaredRead() {
        Launcher l = listing(new FixtureTools.ImportDeclaredRead());
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(l), "fixture_import_declared_read is read but reaches the write capability start_import");
    }

    @Test
    @DisplayName("fails: a read tool taking a capability by search of Capabilities.ALL, by Capabilities.named, or by building one")
    void capabilityByLookup() {
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(listing(new FixtureTools.LooksUpDelete())),
                "fixture_looks_up_delete is read but takes a capability not by its constant: org.sextant.contract.Capabilities.ALL");
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(listing(new FixtureTools.NamesDelete())),
                "fixture_names_delete is read but takes a capability not by its constant: org.sextant.contract.Capabilities.named");
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(listing(new FixtureTools.BuildsDelete())),
                "fixture_builds_delete is read but takes a capability not by its constant: org.sextant.contract.Capability.<init>");
    }

    @Test
    @DisplayName("fails: a read tool taking start_import from where a write tool keeps it: a field, a map filled in a static block, a local alias, a method returning it, a registry filled through a method")
    void capabilityKeptInAField() {
        // tool: the code reading the constant that the rule must name
        Map<LauncherTool, String> tools = Map.of(new CapabilityHoldingTools.ReadsField(), "HeldImport.<clinit>",
                new CapabilityHoldingTools.ReadsMap(), "HeldImport.<clinit>", new CapabilityHoldingTools.ReadsAlias(), "HeldImport.<clinit>",
                new CapabilityHoldingTools.ReadsGetter(), "HeldImport.<clinit>", new CapabilityHoldingTools.ReadsRegistry(), "HeldImport.handle");
        tools.forEach((tool, where) -> {
            Launcher l = listing(tool, CapabilityHoldingTools.HeldImport.class, CapabilityHoldingTools.Listing.class,
                    CapabilityHoldingTools.Registry.class);
            RuleResult r = BoundaryRules.readToolsReachOnlyReadCapabilities(l);
            fails(r, tool.name() + " is read but reaches the write capability start_import");
            assertTrue(r.violations().stream().anyMatch(v -> v.startsWith(tool.name()) && v.contains("CapabilityHoldingTools$" + where)),
                    r.violations().toString());
            assertTrue(BoundaryRules.capabilitiesReached(l).get(tool.name()).contains("start_import (write)"), tool.name());
        });
        // the write tool keeping it is a write tool's code: the rule on write capabilities outside write tools is not what catches this
        Launcher kept = Launcher.withFixtures(Launcher.allPlus(new CapabilityHoldingTools.HeldImport()), ToolCatalog.class.getName(),
                CapabilityHoldingTools.HeldImport.class);
        RuleResult writeOnly = BoundaryRules.onlyWriteToolsNameWriteCapabilities(kept);
        assertTrue(writeOnly.passed(), writeOnly.violations().toString());
    }

    @Test
    @DisplayName("a tool built with its own capability (PassThroughTool's field) reaches that one, not the capabilities its siblings are built with")
    void toolBuiltWithItsCapability() {
        Map<String, java.util.Set<String>> real = BoundaryRules.capabilitiesReached(Launcher.real());
        assertEquals(java.util.Set.of("list_symbols"), real.get("list_symbols"));
        assertEquals(java.util.Set.of("list_signals"), real.get("list_signals"));
    }

    @Test
    @DisplayName("fails: launcher code (a read tool) reaching a write tool's handler by reflection or a method handle")
    void launcherReflection() {
        RuleResult real = LauncherRules.launcherCallsNoReflection(Launcher.real());
        assertTrue(real.passed(), real.violations().toString());
        Launcher l = beside(ReflectiveTools.ByReflection.class, ReflectiveTools.ByMethodHandle.class);
        RuleResult r = LauncherRules.launcherCallsNoReflection(l);
        for (String call : List.of("java.lang.Class.forName", "java.lang.Class.getDeclaredMethod", "java.lang.reflect.Method.invoke",
                "java.lang.reflect.Method.setAccessible")) {
            fails(r, ReflectiveTools.ByReflection.class.getName() + " calls " + call);
        }
        fails(r, ReflectiveTools.ByMethodHandle.class.getName() + " calls java.lang.invoke.MethodHandles.lookup");
        fails(r, ReflectiveTools.ByMethodHandle.class.getName() + " calls java.lang.invoke.MethodHandles$Lookup.findVirtual");
        // what the other rules see of them: nothing, which is why reflection is forbidden
        for (LauncherTool tool : List.<LauncherTool>of(new ReflectiveTools.ByReflection(), new ReflectiveTools.ByMethodHandle())) {
            assertTrue(BoundaryRules.readToolsReachOnlyReadCapabilities(listing(tool)).passed(), tool.name());
        }
    }

    @Test
    @DisplayName("fails: a read route reaching a store write by reflection or a method handle")
    void readRouteReflection() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(ReflectiveReadRoutes.class), ReflectiveReadRoutes.class.getName());
        for (String route : List.of("list_symbols", "list_jobs")) {
            fails(r, route + " is read but its route reaches reflection, which the self-test cannot follow");
        }
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("list_symbols ") && v.contains("ReflectiveReadRoutes.listSymbols")
                && (v.contains("java.lang.Class.") || v.contains("java.lang.reflect.Method.invoke"))), r.violations().toString());
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("list_jobs ") && v.contains("java.lang.invoke.")), r.violations().toString());
        assertFalse(r.violations().stream().anyMatch(v -> v.contains(" reaches a write")), "no write is visible without reflection: " + r.violations());
    }

    @Test
    @DisplayName("fails: read routes registered over several lines (a lambda on the next line, a block lambda, a method reference wrapped on the next line) are read as registered")
    void multiLineRegistration() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(MultiLineReadRoutes.class), MultiLineReadRoutes.class.getName());
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("list_symbols is read but its route reaches a write")
                && v.contains("MultiLineReadRoutes.symbols") && (v.contains("Store.inTransaction") || v.contains("executeUpdate"))), r.violations().toString());
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("get_db_schema is read but its route reaches a write")
                && (v.contains("Store.inTransaction") || v.contains("executeUpdate"))), r.violations().toString());
        for (String route : List.of("list_symbols", "get_db_schema", "list_jobs")) {
            assertFalse(r.violations().stream().anyMatch(v -> v.startsWith(route + ": no route")), route + ": " + r.violations());
        }
        assertFalse(r.violations().stream().anyMatch(v -> v.startsWith("list_jobs ")), "list_jobs only reads: " + r.violations());
        // a capability it does not register still fails
        fails(r, "list_runs: no route registered for it in " + MultiLineReadRoutes.class.getName());
    }

    @Test
    @DisplayName("fails: a read capability registered with a writing method not named after it")
    void registeredRouteNotNamed() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(RegisteringReadRoutes.class), RegisteringReadRoutes.class.getName());
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("list_symbols is read but its route reaches a write")
                && v.contains("RegisteringReadRoutes.listSymbolsTidy") && (v.contains("Store.inTransaction") || v.contains("executeUpdate"))), r.violations().toString());
        fails(r, "get_db_schema: no route registered for it in " + RegisteringReadRoutes.class.getName());
    }

    @Test
    @DisplayName("fails: a read route that inserts a row")
    void readRouteThatInserts() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(InsertingReadRoutes.class), InsertingReadRoutes.class.getName());
        fails(r, "list_symbols is read but its route reaches a write");
        assertTrue(r.violations().stream().anyMatch(v -> v.contains("InsertingReadRoutes.listSymbols")
                && (v.contains("Store.inTransaction") || v.contains("executeUpdate"))), r.violations().toString());
    }

    @Test
    @DisplayName("fails: a read route that deletes rows inside Store.read with Statement.execute or PreparedStatement.execute")
    void readRouteThatExecutes() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(ExecutingReadRoutes.class), ExecutingReadRoutes.class.getName());
        fails(r, "get_db_schema is read but its route reaches a write");
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("get_db_schema ") && v.contains("java.sql.Statement.execute")), r.violations().toString());
        fails(r, "list_symbols is read but its route reaches a write");
        assertTrue(r.violations().stream().anyMatch(v -> v.startsWith("list_symbols ") && v.contains("java.sql.PreparedStatement.execute")), r.violations().toString());
    }

    @Test
    @DisplayName("fails: a read route that hands a store-writing callback (lambda, method reference, anonymous or named class, kept in a field) to code running it through a JDK interface")
    void readRouteWithWritingCallback() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(CallbackWritingReadRoutes.class),
                CallbackWritingReadRoutes.class.getName());
        // route: what its path must pass through (the callback's code)
        Map<String, String> callbacks = Map.of(
                "list_symbols", "CallbackWritingReadRoutes.listSymbols",
                "list_jobs", "CallbackWritingReadRoutes.forget",
                "list_runs", "CallbackWritingReadRoutes$1.accept",
                "list_signals", "CallbackWritingReadRoutes$Forgetting.get",
                "get_db_schema", "CallbackWritingReadRoutes.forgotten");
        callbacks.forEach((route, callback) -> {
            fails(r, route + " is read but its route reaches a write");
            assertTrue(r.violations().stream().anyMatch(v -> v.startsWith(route + " ") && v.contains(callback)
                    && (v.contains("Store.inTransaction") || v.contains("Statement.executeUpdate"))), route + " via " + callback + ": " + r.violations());
        });
    }

    @Test
    @DisplayName("fails: read routes handing work to another thread with the JDK (a thread, an executor, a parallel stream, an async stage), not through ReadOnlyScope")
    void readRouteHandingOffWork() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(HandingOffReadRoutes.class), HandingOffReadRoutes.class.getName());
        Map<String, String> handoffs = Map.of(
                "list_symbols", "java.lang.Thread.<init>",
                "list_jobs", "java.util.concurrent.ExecutorService.submit",
                "list_runs", "java.util.stream.IntStream.parallel",
                "list_signals", "java.util.concurrent.CompletableFuture.supplyAsync");
        handoffs.forEach((route, call) -> assertTrue(r.violations().stream().anyMatch(v -> v.startsWith(route + " is read but its route reaches a hand-off"
                + " of work to another thread outside the read's scope") && v.contains("HandingOffReadRoutes.") && v.contains(call)), route + ": " + r.violations()));
        // handed over through ReadOnlyScope.submit, its worker runs as the read
        assertFalse(r.violations().stream().anyMatch(v -> v.startsWith("get_db_schema ")), r.violations().toString());
        assertFalse(r.violations().stream().anyMatch(v -> v.contains(" reaches a write")), "they only read: " + r.violations());
    }

    @Test
    @DisplayName("fails: a read-checked wrapper running another JDBC method than its own, a wrapper's commit called by its own type, a forwarding lookalike outside the store")
    void readCheckForwardingIsNarrow() {
        RuleResult r = BoundaryRules.readRoutesReachNoWrite(BoundaryRules.engine(ForwardingReadRoutes.class,
                org.sextant.engine.store.ReadCheckedFixtureConnection.class, org.sextant.selftest.fixtures.ReadCheckedLookalike.class),
                ForwardingReadRoutes.class.getName());
        Map<String, List<String>> writes = Map.of(
                "list_symbols", List.of("ReadCheckedFixtureConnection.executeQuery", "-> java.sql.Statement.execute(java.lang.String)"),
                "get_db_schema", List.of("-> org.sextant.engine.store.ReadCheckedFixtureConnection.commit()"),
                "list_jobs", List.of("ReadCheckedLookalike.commit", "-> java.sql.Connection.commit()"));
        writes.forEach((route, parts) -> assertTrue(r.violations().stream().anyMatch(v -> v.startsWith(route + " is read but its route reaches a write")
                && parts.stream().allMatch(v::contains)), route + " " + parts + ": " + r.violations()));
        // the store's own wrappers, which every read creates, forward without being judged twice
        assertFalse(r.violations().stream().anyMatch(v -> v.startsWith("list_runs ")), r.violations().toString());
    }

    @Test
    @DisplayName("fails: a read tool whose inherited handler reaches a write capability or a gate (an override is its own code)")
    void inheritedHandler() {
        Launcher imports = listing(new InheritedHandlerTools.InheritsImport(), InheritedHandlerTools.ImportingBase.class);
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(imports),
                "fixture_inherits_import is read but reaches the write capability start_import");
        assertTrue(BoundaryRules.capabilitiesReached(imports).get("fixture_inherits_import").contains("start_import (write)"));

        Launcher gates = listing(new InheritedHandlerTools.InheritsGate(), InheritedHandlerTools.GatingBase.class);
        fails(LauncherRules.readToolsCallNoGateAndWriteNoFile(gates), "fixture_inherits_gate is read but reaches org.sextant.mcp.gates.RunsGate.enforce");

        // the base's write handler is replaced by the tool's own read: not the tool's code
        Launcher overrides = listing(new InheritedHandlerTools.OverridesImport(), InheritedHandlerTools.ImportingBase.class);
        RuleResult r = BoundaryRules.readToolsReachOnlyReadCapabilities(overrides);
        assertTrue(r.passed(), r.violations().toString());
        assertEquals(java.util.Set.of("list_symbols"), BoundaryRules.capabilitiesReached(overrides).get("fixture_overrides_import"));

        // the shipped status tools inherit JobStatusTool's handler: the inventory shows the route it calls
        Map<String, java.util.Set<String>> real = BoundaryRules.capabilitiesReached(Launcher.real());
        assertEquals(java.util.Set.of("job_status"), real.get("refresh_job_status"));
        assertEquals(java.util.Set.of("job_status"), real.get("backtest_status"));
    }

    @Test
    @DisplayName("fails: a rule that examined nothing (a list with no read tool, no write tool)")
    void examinedNothing() {
        Launcher writesOnly = Launcher.withFixtures(List.of(new FixtureTools.GoodWrite()), ToolCatalog.class.getName(),
                FixtureTools.GoodWrite.class);
        fails(BoundaryRules.readToolsReachOnlyReadCapabilities(writesOnly), "examined no read tools: the rule checked nothing");
        fails(LauncherRules.readToolsCallNoGateAndWriteNoFile(writesOnly), "examined no read tools: the rule checked nothing");
        Launcher readsOnly = Launcher.withFixtures(List.of(new FixtureTools.Unlisted()), ToolCatalog.class.getName(),
                FixtureTools.Unlisted.class);
        fails(LauncherRules.writeToolsPassTheRunsGate(readsOnly), "examined no write tools");
        fails(LauncherRules.appDrivingToolsPassThePilotGate(readsOnly), "examined no app-driving tools");
    }

    @Test
    @DisplayName("fails: an app-hosted read route that writes a file, an app-hosted route the self-test cannot find")
    void appHostedRoute() {
        JavaClasses app = BoundaryRules.app(WritingChartRoute.class);
        String writing = WritingChartRoute.class.getName() + "#route";
        RuleResult r = BoundaryRules.appHostedReadRoutesReachNoWrite(app, Map.of(Capabilities.RENDER_CHART, writing));
        fails(r, "render_chart is read but its app-hosted route reaches a write");
        assertTrue(r.violations().stream().anyMatch(v -> v.contains("java.nio.file.Files.writeString")), r.violations().toString());

        fails(BoundaryRules.appHostedReadRoutesReachNoWrite(app, Map.of()),
                "render_chart is app-hosted but the self-test knows no route method for it");
        // a method that exists but is not what the app registers for render_chart
        fails(BoundaryRules.appHostedReadRoutesReachNoWrite(app,
                Map.of(Capabilities.RENDER_CHART, "org.sextant.app.render.ChartRenderer#render")), "the app serves it with another route");
    }

    @Test
    @DisplayName("fails: code that fires a chart menu's export item or takes its handler, as no person clicked")
    void menuActionRunByCode() {
        RuleResult r = ClickRules.nothingRunsAMenuAction(
                new ClassFileImporter().importClasses(ClickingChartRoute.class),
                ClickingChartRoute.class.getPackageName());
        fails(r, "ClickingChartRoute.route(javafx.scene.control.ContextMenu) (line");
        assertTrue(r.violations().stream().anyMatch(v -> v.contains("MenuItem.getOnAction")), r.violations().toString());
    }

    @Test
    @DisplayName("fails: a description naming a missing tool")
    void missingToolName() {
        Launcher l = listing(new FixtureTools.NamesMissingTool());
        fails(LauncherRules.descriptionsNameExistingTools(l), "get_symbols_v2");
    }

    @Test
    @DisplayName("fails: a write tool promising to leave the disk untouched")
    void falsePromise() {
        Launcher l = listing(new FixtureTools.WriteThatPromisesNoChange());
        fails(LauncherRules.noChangePromisesOnlyOnReadTools(l), "fixture_promise is a write tool");
    }

    @Test
    @DisplayName("fails: code that creates .mcp_pilot or writes settings.json")
    void pilotWriter() {
        Launcher pilot = beside(PilotFlagWriter.class);
        fails(LauncherRules.nothingWritesPilotFlagOrSettings(pilot), "PilotFlagWriter.openTheGate");
        Launcher settings = beside(SettingsWriter.class);
        fails(LauncherRules.nothingWritesPilotFlagOrSettings(settings), "SettingsWriter.reset");
    }

    @Test
    @DisplayName("fails: launcher code that links the engine or JDBC/DuckDB")
    void linking() {
        Launcher engine = beside(LinksEngine.class);
        fails(LauncherRules.launcherLinksNeitherEngineNorDuckDb(engine), "org.sextant.engine.Json");
        Launcher jdbc = beside(LinksJdbc.class);
        fails(LauncherRules.launcherLinksNeitherEngineNorDuckDb(jdbc), "java.sql.DriverManager");
    }

    @Test
    @DisplayName("fails: state built from unmasked settings, launcher code opening settings.json")
    void unmasked() {
        RuleResult real = EngineRules.stateIsBuiltOnlyFromMaskedSettings(
                new ClassFileImporter().importPackages("org.sextant.engine.home"));
        assertTrue(real.passed() && real.examined() >= 1, "the real state writer masks: " + real.violations());
        JavaClasses withLeak = new ClassFileImporter().importClasses(List.of(
                org.sextant.engine.home.AppState.class, org.sextant.engine.home.Settings.class, UnmaskedState.class));
        fails(EngineRules.stateIsBuiltOnlyFromMaskedSettings(withLeak), "UnmaskedState.leak");

        Launcher reads = beside(SettingsWriter.class);
        fails(LauncherRules.launcherNeverReadsSettings(reads), "SettingsWriter");
    }

    @Test
    @DisplayName("fails: charts code taking an engine type, a ViewModel building a node, app code linking the launcher")
    void moduleDirections() {
        fails(ModuleRules.chartsDependOnNoEngineType(ModuleRules.classes("org.sextant.charts", ChartOfEngineSeries.class)),
                "ChartOfEngineSeries");
        fails(ModuleRules.viewModelsHoldNoSceneGraph(ModuleRules.classes("org.sextant.app.gui", NodeHoldingViewModel.class)),
                "javafx.scene.control.Label");
        fails(ModuleRules.appLinksNoLauncher(ModuleRules.classes("org.sextant.app.gui", LinksLauncher.class)), "ToolCatalog");
    }
}
