package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.LauncherHome;
import org.sextant.mcp.app.AppClient;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.gates.PilotGate;
import org.sextant.mcp.gates.RunsGate;
import org.sextant.mcp.tables.TableStore;

/** The one call path: gates before write handlers, envelopes for everything, nothing thrown. */
class ToolDispatcherTest {
    @TempDir
    Path dir;

    /** A write tool of the shape issue 7 adds; counts how often its handler actually ran. */
    static final class CountingTool extends LauncherTool {
        final AtomicInteger runs = new AtomicInteger();

        CountingTool(String name, ToolClass cls, boolean drivesApp) {
            super(name, cls, drivesApp, "counts its calls", ArgumentSchema.object()
                    .string("note", "anything", false).build());
        }

        @Override
        Object handle(Call call) {
            runs.incrementAndGet();
            return Map.of("runs", runs.get());
        }
    }

    ToolDispatcher dispatcher(String allowRuns, List<LauncherTool> tools) {
        LauncherHome home = new LauncherHome(dir);
        return new ToolDispatcher(new ToolContext(home, new AppClient(home.appJson(), Duration.ofSeconds(5)),
                org.sextant.mcp.tables.SessionTables.withDefaults(), new RunsGate(name -> RunsGate.ENV.equals(name) ? allowRuns : null),
                new PilotGate(home.pilotFlag()), tools));
    }

    @Test
    void aWriteToolDoesNotRunWhileRunsAreRefused() {
        CountingTool write = new CountingTool("import_things", ToolClass.WRITE, false);
        Envelope e = dispatcher(null, List.of(write)).dispatch("import_things", Map.of());
        assertFalse(e.ok());
        assertEquals("runs_disabled", e.failReason());
        assertEquals(0, write.runs.get());

        Envelope refusedFirst = dispatcher("0", List.of(write)).dispatch("import_things", Map.of("bogus", 1));
        assertEquals("runs_disabled", refusedFirst.failReason(), "the gate comes before argument checks");
        assertEquals(0, write.runs.get());
    }

    @Test
    void aWriteToolRunsWhenRunsAreAllowed() {
        CountingTool write = new CountingTool("import_things", ToolClass.WRITE, false);
        Envelope e = dispatcher("1", List.of(write)).dispatch("import_things", Map.of());
        assertTrue(e.ok());
        assertEquals(1, write.runs.get());
    }

    @Test
    void anAppDrivingToolAlsoNeedsThePilotFlag() throws Exception {
        CountingTool drive = new CountingTool("open_view", ToolClass.WRITE, true);
        ToolDispatcher d = dispatcher("1", List.of(drive));
        Envelope refused = d.dispatch("open_view", Map.of());
        assertEquals("pilot_disabled", refused.failReason());
        assertEquals(0, drive.runs.get());

        assertEquals("runs_disabled", dispatcher(null, List.of(drive)).dispatch("open_view", Map.of()).failReason());

        Files.createFile(dir.resolve(".mcp_pilot"));
        assertTrue(d.dispatch("open_view", Map.of()).ok());
        assertEquals(1, drive.runs.get());
    }

    /** Arguments that named a key twice (Inbound marks which): refused naming it, the tool not run, an unknown name still unknown. */
    @Test
    void anArgumentGivenTwiceIsRefusedWithoutRunningTheTool() {
        CountingTool read = new CountingTool("peek", ToolClass.READ, false);
        ToolDispatcher d = dispatcher(null, List.of(read));
        Envelope e = d.givenTwice("peek", "symbol");
        assertEquals("invalid_input", e.failReason());
        assertEquals("argument 'symbol' is given twice: which one counts would be a guess", e.error());
        assertEquals("send symbol once, with the value you mean", e.clientHint());
        assertEquals(0, read.runs.get());
        assertEquals("unknown_tool", d.givenTwice("poke", "symbol").failReason());
    }

    @Test
    void readToolsIgnoreClosedGates() {
        CountingTool read = new CountingTool("peek", ToolClass.READ, false);
        assertTrue(dispatcher(null, List.of(read)).dispatch("peek", Map.of()).ok());
        assertEquals(1, read.runs.get());
    }

    @Test
    void drivingTheAppCannotBeDeclaredRead() {
        assertThrows(IllegalArgumentException.class, () -> new CountingTool("x", ToolClass.READ, true));
    }

    @Test
    void aHandlerThatThrowsBecomesAnEnvelope() {
        LauncherTool broken = new LauncherTool("broken", ToolClass.READ, false, "fails", ArgumentSchema.object().build()) {
            @Override
            Object handle(Call call) {
                throw new IllegalStateException("boom");
            }
        };
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        Envelope e;
        System.setErr(new java.io.PrintStream(log, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            e = dispatcher(null, List.of(broken)).dispatch("broken", Map.of());
        } finally {
            System.setErr(stderr);
        }
        assertFalse(e.ok());
        assertEquals("internal_error", e.failReason());
        // the agent gets a mark, not the exception's words (they may quote a path or an answer's content)
        java.util.regex.Matcher mark = java.util.regex.Pattern.compile("\\(a bug; logged as incident (\\w{8}) on the launcher's stderr\\)$").matcher(e.error());
        assertTrue(mark.find(), e.error());
        assertFalse(e.error().contains("boom") || e.error().contains("IllegalStateException"), e.error());
        assertTrue(e.clientHint().contains("incident " + mark.group(1)), e.clientHint());
        // the launcher's stderr has the exception under that mark
        String logged = log.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(logged.contains("broken failed inside the launcher (incident " + mark.group(1) + ")"), logged);
        assertTrue(logged.contains("java.lang.IllegalStateException: boom"), logged);
    }

    @Test
    void unknownToolsAndArgumentsAreNamed() {
        CountingTool read = new CountingTool("peek", ToolClass.READ, false);
        ToolDispatcher d = dispatcher(null, List.of(read));
        assertEquals("unknown_tool", d.dispatch("poke", Map.of()).failReason());
        // a tool name is the caller's text too: cut and escaped (attack pass 10: it came back whole)
        assertEquals("no tool named '" + "p".repeat(64) + "\u2026 (10000 characters)'", d.dispatch("p".repeat(10_000), Map.of()).error());
        assertEquals("no tool named 'po\\u001b[2Jke'", d.dispatch("po\u001b[2Jke", Map.of()).error());
        Envelope bad = d.dispatch("peek", Map.of("nope", 1));
        assertEquals("invalid_input", bad.failReason());
        assertTrue(bad.error().contains("'nope'") && bad.clientHint().contains("note"), bad.toString());
        assertTrue(d.dispatch("peek", Map.of("ntoe", 1)).clientHint().endsWith("; did you mean note?"), "a typo of an argument is named");
        assertFalse(d.dispatch("peek", Map.of("horizon", 1)).clientHint().contains("did you mean"), "no argument is like horizon");
        assertEquals(0, read.runs.get());
    }

    /** An unknown name is the caller's text: shown cut to 64 characters and with controls and direction overrides escaped. */
    @Test
    void anUnknownArgumentNameIsShownCutAndEscaped() {
        CountingTool read = new CountingTool("peek", ToolClass.READ, false);
        ToolDispatcher d = dispatcher(null, List.of(read));
        Envelope longName = d.dispatch("peek", Map.of("x".repeat(10_000), 1));
        assertEquals("argument '" + "x".repeat(64) + "\u2026 (10000 characters)': this tool has no such argument", longName.error());
        Envelope hostile = d.dispatch("peek", Map.of("a\u202Eb\u0007c\u001b[2J", 1));
        assertEquals("invalid_input", hostile.failReason());
        assertEquals("argument 'a\\u202eb\\u0007c\\u001b[2J': this tool has no such argument", hostile.error());
        assertFalse(org.sextant.contract.ShownText.hasUnshown(hostile.error() + hostile.clientHint()), hostile.toString());
        assertEquals(0, read.runs.get());
    }

    @Test
    void connectorPrefixesResolveToTheCanonicalName() {
        CountingTool list = new CountingTool("list_symbols", ToolClass.READ, false);
        CountingTool symbols = new CountingTool("symbols", ToolClass.READ, false);
        ToolDispatcher d = dispatcher(null, List.of(list, symbols));
        assertEquals("list_symbols", d.resolve("sextant___list_symbols").orElseThrow().name());
        assertEquals("list_symbols", d.resolve("mcp__sextant__list_symbols").orElseThrow().name());
        assertEquals("list_symbols", d.resolve("sextant.list_symbols").orElseThrow().name());
        assertEquals("symbols", d.resolve("sextant__symbols").orElseThrow().name());
        assertTrue(d.resolve("xlist_symbols").isEmpty());
        assertTrue(d.resolve("list_symbols_x").isEmpty());
    }

    @Test
    void aToolListedTwiceIsRejected() {
        CountingTool a = new CountingTool("same", ToolClass.READ, false);
        CountingTool b = new CountingTool("same", ToolClass.WRITE, false);
        assertThrows(IllegalStateException.class, () -> dispatcher(null, List.of(a, b)));
    }

    @Test
    void theCatalogAnnotationsMatchEachClass() {
        for (LauncherTool t : ToolCatalog.ALL) {
            boolean read = t.toolClass() == ToolClass.READ;
            assertEquals(read, t.annotations().readOnlyHint(), t.name());
            assertEquals(read, t.annotations().idempotentHint(), t.name());
            assertEquals(t.destructive(), t.annotations().destructiveHint(), t.name());
        }
        assertEquals(List.of("delete_prices"), ToolCatalog.ALL.stream().filter(LauncherTool::destructive).map(LauncherTool::name).toList(),
                "the tools that remove stored data say so to the client");
        assertThrows(IllegalArgumentException.class, () -> new LauncherTool("r", Categories.DATA, ToolClass.READ, false, true, "reads", Map.of()) {
            @Override
            Object handle(Call call) {
                return null;
            }
        }, "a read tool removes nothing");
        CountingTool write = new CountingTool("w", ToolClass.WRITE, false);
        assertEquals(false, write.annotations().readOnlyHint());
        assertTrue(write.description().startsWith("Write: counts its calls"), write.description());
        assertTrue(write.description().contains("SEXTANT_ALLOW_RUNS=1"), write.description());
    }
}
