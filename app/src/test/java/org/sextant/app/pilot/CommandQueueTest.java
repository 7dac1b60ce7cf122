package org.sextant.app.pilot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.PilotCommands;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.JsonNode;

/** The queue's promises: executed only with the pilot flag, refused files never executed, every outcome in done. */
class CommandQueueTest {
    @TempDir
    Path root;
    private SextantHome home;
    private Sextant engine;
    private RecordingWindow window;
    private final List<PilotNotice> notices = new CopyOnWriteArrayList<>();
    private CommandQueue queue;

    @BeforeEach
    void open() {
        home = new SextantHome(root);
        engine = Sextant.open(org.sextant.engine.testing.SampleStoreCopy.into(home)); // the sample universe: real symbols to open
        window = new RecordingWindow();
        queue = new CommandQueue(home, new PilotExecutor(engine, window), notices::add, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        queue.close();
        engine.close();
    }

    @Test
    void aCommandWaitsWithoutThePilotFlagAndRunsOncePlaced() throws Exception {
        String symbol = engine.listSymbols(null).get(0).symbol();
        Path file = queueCommand("cmd-1", "open_chart", "{\"symbol\": \"" + symbol.toLowerCase() + "\"}");

        assertEquals(0, queue.drain());
        assertEquals(0, queue.drain(), "asking again changes nothing while the flag is absent");
        assertTrue(Files.exists(file), "the command stays in pending");
        assertEquals(List.of(), window.calls, "nothing was executed");
        assertFalse(Files.exists(home.doneCommands().resolve("cmd-1.json")));
        assertEquals(List.of(), notices);

        Files.createFile(home.pilotFlag()); // what the person does by hand
        assertEquals(1, queue.drain());
        assertEquals(List.of("chart " + symbol), window.calls);
        assertFalse(Files.exists(file), "moved out of pending");
        JsonNode done = done("cmd-1");
        assertEquals("done", done.get("state").asString());
        assertTrue(done.get("ok").asBoolean());
        assertEquals(symbol, done.get("result").get("symbol").asString());
        assertEquals("open_chart", done.get("command").asString(), "the original command is kept beside its result");
        assertEquals(1, notices.size());
        assertEquals("Driven by an agent: open chart " + symbol.toLowerCase(), notices.get(0).text());
    }

    @Test
    void removingTheFlagStopsTheNextCommand() throws Exception {
        Files.createFile(home.pilotFlag());
        queueCommand("cmd-1", "select_view", "{\"view\": \"jobs\"}");
        assertEquals(1, queue.drain());
        Files.delete(home.pilotFlag());
        queueCommand("cmd-2", "select_view", "{\"view\": \"data\"}");
        assertEquals(0, queue.drain());
        assertEquals(List.of("view jobs"), window.calls);
        assertTrue(Files.exists(home.pendingCommands().resolve("cmd-2.json")));
    }

    @Test
    void malformedAndUnknownCommandsGoToDoneWithAnErrorAndAreNeverExecuted() throws Exception {
        Files.createFile(home.pilotFlag());
        Files.writeString(home.pendingCommands().resolve("cmd-a.json"), "{\"command\": \"open_chart\", \"args\": ");
        queueCommand("cmd-b", "format_disk", "{}");
        queueCommand("cmd-c", "open_chart", "{}");
        Files.writeString(home.pendingCommands().resolve("cmd-d.json"), "[\"open_chart\"]");
        queueCommand("cmd-e", "open_chart", "{\"symbol\": \"NO_SUCH_TICKER\"}");
        settle();

        assertEquals(5, queue.drain());
        assertEquals(List.of(), window.calls, "nothing reached the window");
        try (var s = Files.list(home.pendingCommands())) {
            assertEquals(0, s.count());
        }
        JsonNode broken = assertRefused("cmd-a", "invalid_input", "file");
        assertTrue(broken.get("error").asString().contains("not JSON (34 bytes; it breaks at line 1, column 35)"), broken.toString());
        assertFalse(broken.has("raw"), "the text of a refused file is not kept: " + broken);
        JsonNode unknown = assertRefused("cmd-b", "invalid_input", "command");
        assertEquals("format_disk", unknown.get("command").asString());
        assertTrue(unknown.get("fix").asString().contains("open_chart"), unknown.toString());
        assertRefused("cmd-c", "invalid_input", "args.symbol");
        assertRefused("cmd-d", "invalid_input", "file");
        assertRefused("cmd-e", "not_found", "symbol");
        assertEquals(1, notices.size(), "only a command that was attempted is announced");
        assertFalse(notices.get(0).ok());
    }

    @Test
    void aRefusedCommandIsRefusedEvenWithoutTheFlag() throws Exception {
        Files.writeString(home.pendingCommands().resolve("cmd-x.json"), "not json");
        settle();
        assertEquals(1, queue.drain());
        assertRefused("cmd-x", "invalid_input", "file");
    }

    @Test
    void aFileCaughtHalfWrittenIsReadAgainOnceComplete() throws Exception {
        Files.createFile(home.pilotFlag());
        Path file = home.pendingCommands().resolve("cmd-h.json");
        Files.writeString(file, "{\"id\": \"cmd-h\", \"command\": \"select_");
        assertEquals(0, queue.drain(), "a fresh file that does not parse yet is left for the next look");
        assertTrue(Files.exists(file));
        Files.writeString(file, "{\"id\": \"cmd-h\", \"command\": \"select_view\", \"args\": {\"view\": \"data\"}}");
        assertEquals(1, queue.drain());
        assertEquals(List.of("view data"), window.calls);
    }

    /** Ages every pending file past the settle time, as if its writer finished a while ago. */
    private void settle() throws Exception {
        try (var s = Files.list(home.pendingCommands())) {
            for (Path p : s.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(Instant.now().minus(CommandQueue.SETTLE).minusSeconds(1)));
            }
        }
    }

    @Test
    void aStaleCommandExpiresUnexecuted() throws Exception {
        Files.createFile(home.pilotFlag());
        Path file = queueCommand("cmd-old", "select_view", "{\"view\": \"charts\"}");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(CommandQueue.MAX_WAIT).minusSeconds(60)));
        assertEquals(1, queue.drain());
        assertEquals(List.of(), window.calls);
        JsonNode done = done("cmd-old");
        assertEquals("expired", done.get("state").asString());
        assertEquals("expired", done.get("fail_reason").asString());
        assertFalse(done.get("ok").asBoolean());
    }

    @Test
    void aCommandExpiresByItsCreatedAtThoughItsFileWasTouched() throws Exception {
        Files.createFile(home.pilotFlag());
        Instant old = Instant.now().minus(CommandQueue.MAX_WAIT).minusSeconds(60);
        Path file = queueCommand("cmd-old", "select_view", "{\"view\": \"charts\"}", "\"" + old + "\"");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now())); // `touch`: the file looks fresh
        assertEquals(1, queue.drain());
        assertEquals(List.of(), window.calls);
        JsonNode done = done("cmd-old");
        assertEquals("expired", done.get("state").asString());
        assertTrue(done.get("error").asString().contains("queued " + old), done.toString());
    }

    @Test
    void aCommandDatedInTheFutureIsRefusedUnexecuted() throws Exception {
        Files.createFile(home.pilotFlag());
        queueCommand("cmd-future", "select_view", "{\"view\": \"charts\"}", "\"" + Instant.now().plus(java.time.Duration.ofDays(365)) + "\"");
        queueCommand("cmd-skew", "select_view", "{\"view\": \"data\"}", "\"" + Instant.now().plusSeconds(20) + "\""); // within the clock skew
        Path touched = queueCommand("cmd-undated", "select_view", "{\"view\": \"jobs\"}", null);
        Files.setLastModifiedTime(touched, FileTime.from(Instant.now().plus(java.time.Duration.ofDays(365))));
        queueCommand("cmd-bad", "select_view", "{\"view\": \"jobs\"}", "\"yesterday\"");
        Files.setLastModifiedTime(home.pendingCommands().resolve("cmd-bad.json"), FileTime.from(Instant.now().minusSeconds(10))); // settled
        assertEquals(4, queue.drain());
        assertEquals(List.of("view data"), window.calls, "only the command within the clock skew ran");
        assertTrue(assertRefused("cmd-future", "invalid_input", "created_at").get("error").asString().contains("is in the future"));
        assertTrue(assertRefused("cmd-undated", "invalid_input", "file").get("error").asString().contains("modified in the future"));
        JsonNode bad = assertRefused("cmd-bad", "invalid_input", "created_at");
        assertFalse(bad.get("error").asString().contains("yesterday"), bad.toString());
    }

    @Test
    void aCommandAlreadyInDoneIsNotRunAgain() throws Exception {
        Files.createFile(home.pilotFlag());
        Files.writeString(home.doneCommands().resolve("cmd-1.json"), "{\"id\":\"cmd-1\",\"state\":\"done\"}");
        Path file = queueCommand("cmd-1", "select_view", "{\"view\": \"charts\"}");
        assertEquals(1, queue.drain());
        assertFalse(Files.exists(file));
        assertEquals(List.of(), window.calls);
    }

    @Test
    void headlessRunsEngineCommandsAndRefusesWindowCommands() throws Exception {
        queue.close();
        queue = new CommandQueue(home, new PilotExecutor(engine, null), notices::add, Clock.systemUTC());
        Files.createFile(home.pilotFlag());
        String symbol = engine.listSymbols(null).get(0).symbol();
        queueCommand("cmd-1", "open_chart", "{\"symbol\": \"" + symbol + "\"}");
        queueCommand("cmd-2", "start_forecast", "{\"symbol\": \"" + symbol + "\", \"horizon\": 5}");
        assertEquals(2, queue.drain());
        assertRefused("cmd-1", "no_window", null);
        JsonNode started = done("cmd-2");
        assertTrue(started.get("ok").asBoolean(), started.toString());
        String jobId = started.get("result").get("job").get("id").asString();
        assertEquals("forecast_backtest", engine.jobs().status(jobId).kind());
        assertEquals(List.of(symbol + ":theta:5"), engine.jobs().status(jobId).subjects());
        assertNull(started.get("result").get("chart_opened"), "no window, no chart");
    }

    /** A bug in carrying a command out is an incident: the done record the agent reads names its mark, never the exception's words. */
    @Test
    void aCommandThatMeetsABugIsRecordedWithAnIncidentNotTheExceptionsWords() throws Exception {
        queue.close();
        RecordingWindow buggy = new RecordingWindow() {
            @Override
            public void openChart(String symbol, LocalDate focusDate) {
                throw new NullPointerException("Cannot invoke \"ChartPane.secretField\" because \"this.pane\" is null");
            }
        };
        queue = new CommandQueue(home, new PilotExecutor(engine, buggy), notices::add, Clock.systemUTC());
        Files.createFile(home.pilotFlag());
        queueCommand("cmd-1", "open_chart", "{\"symbol\": \"" + engine.listSymbols(null).get(0).symbol() + "\"}");
        assertEquals(1, queue.drain());
        JsonNode d = assertRefused("cmd-1", "internal_error", null);
        String incident = "the app failed \\(a bug; logged as incident [0-9a-f]{8} in SEXTANT_HOME/logs/sextant\\.log\\)";
        assertTrue(d.get("error").asString().matches(incident), d.toString());
        assertFalse(d.toString().contains("secretField") || d.toString().contains("NullPointer"), d.toString());
        assertTrue(notices.get(notices.size() - 1).error().matches(incident), notices.toString());
    }

    @Test
    void selectViewAcceptsOnlyTheWindowsViews() throws Exception {
        Files.createFile(home.pilotFlag());
        queueCommand("cmd-1", "select_view", "{\"view\": \"Settings\"}");
        queue.drain();
        JsonNode done = assertRefused("cmd-1", "invalid_input", "args.view");
        assertTrue(done.get("fix").asString().contains("charts, data, jobs"), done.toString());
    }

    /** A command file written by hand may be any size; past drive_app's cap it is refused unread, and done/ gets no copy of it. */
    @Test
    void anOversizedCommandFileIsRefusedWithoutBeingRead() throws Exception {
        Files.createFile(home.pilotFlag());
        Path big = queueCommand("cmd-big", "open_chart", "{\"symbol\": \"" + "A".repeat(1_000_000) + "\"}");
        Files.setLastModifiedTime(big, FileTime.from(Instant.now().minus(CommandQueue.SETTLE.multipliedBy(2))));
        assertEquals(1, queue.drain());
        JsonNode d = assertRefused("cmd-big", "invalid_input", "file");
        assertTrue(d.get("error").asString().contains("more than " + CommandQueue.MAX_COMMAND_BYTES), d.toString());
        assertTrue(Files.size(home.doneCommands().resolve("cmd-big.json")) < 10_000, "the refusal, not the file");
        assertEquals(List.of(), window.calls);
    }

    /** attack 6 F3: a link in pending is not followed; its target (app.json's token, /etc/passwd) reaches no done record. */
    @Test
    void aLinkInPendingIsRefusedUnreadAndItsTargetAppearsNowhereInDone() throws Exception {
        Path secrets = Files.createDirectories(root.resolve("elsewhere"));
        Path appJson = Files.writeString(secrets.resolve("app.json"), "{\"token\": \"SECRET-TOKEN-7f3a\", \"port\": 33929}");
        Path passwd = Files.writeString(secrets.resolve("passwd"), "root:x:0:0:SECRET-ROOT-LINE:/root:/bin/bash\n");
        Files.createSymbolicLink(home.pendingCommands().resolve("cmd-link-app.json"), appJson);
        Files.createSymbolicLink(home.pendingCommands().resolve("cmd-link-passwd.json"), passwd);
        settle();

        assertEquals(2, queue.drain());
        JsonNode app = assertRefused("cmd-link-app", "invalid_input", "file");
        assertEquals("the command file is a symbolic link, not read", app.get("error").asString());
        assertRefused("cmd-link-passwd", "invalid_input", "file");
        assertTrue(Files.exists(appJson) && Files.exists(passwd), "only the links left pending, never their targets");
        try (var s = Files.list(home.doneCommands())) {
            for (Path d : s.toList()) {
                String text = Files.readString(d);
                assertFalse(text.contains("SECRET"), d + ": " + text);
            }
        }
    }

    /** A regular file that is not a command (a copy of app.json, a text file): only known fields, never its text. */
    @Test
    void aRefusedFileKeepsOnlyTheCommandsKnownFields() throws Exception {
        Files.writeString(home.pendingCommands().resolve("cmd-copy.json"),
                "{\"token\": \"SECRET-TOKEN-7f3a\", \"port\": 33929, \"args\": {\"symbol\": \"AA\"}}");
        Files.writeString(home.pendingCommands().resolve("cmd-text.json"), "root:x:0:0:SECRET-ROOT-LINE:/root:/bin/bash\n");
        settle();
        assertEquals(2, queue.drain());
        JsonNode copy = assertRefused("cmd-copy", "invalid_input", "command");
        assertFalse(copy.toString().contains("SECRET") || copy.has("port"), copy.toString());
        JsonNode text = assertRefused("cmd-text", "invalid_input", "file");
        assertTrue(text.get("error").asString().startsWith("the command file is not JSON (44 bytes"), text.toString());
        assertFalse(text.toString().contains("SECRET") || text.toString().contains("root:x"), text.toString());
    }

    /** A command's unknown keys and unknown arguments are not carried into its done record. */
    @Test
    void anExecutedCommandsDoneRecordHoldsOnlyItsKnownFields() throws Exception {
        Files.createFile(home.pilotFlag());
        queueCommand("cmd-v", "select_view", "{\"view\": \"jobs\", \"note\": \"SECRET-ARG\"}, \"token\": \"SECRET-TOKEN-7f3a\"");
        assertEquals(1, queue.drain());
        JsonNode d = done("cmd-v");
        assertEquals("done", d.get("state").asString(), d.toString());
        assertEquals("jobs", d.get("args").get("view").asString());
        assertFalse(d.toString().contains("SECRET"), d.toString());
    }

    /** attack 6 F12: a FIFO in pending is refused without being opened (opening it would wait for a writer). */
    @Test
    void aFifoInPendingIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = home.pendingCommands().resolve("cmd-fifo.json");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo is available");
        // no settle(): setting a FIFO's time opens it; a FIFO is refused whatever its age
        assertEquals(1, queue.drain());
        JsonNode d = assertRefused("cmd-fifo", "invalid_input", "file");
        assertEquals("the command file is not a regular file, not read", d.get("error").asString());
        assertFalse(Files.exists(fifo, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    /** attack 6 F13: the flag counts only as a regular file placed by hand; a link to one does not open the queue. */
    @Test
    void aLinkedOrDirectoryFlagDoesNotRunCommands() throws Exception {
        Path elsewhere = Files.createFile(root.resolve("flag-target"));
        Files.createSymbolicLink(home.pilotFlag(), elsewhere);
        Path file = queueCommand("cmd-1", "select_view", "{\"view\": \"jobs\"}");
        assertEquals(0, queue.drain());
        assertEquals(List.of(), window.calls, "a symbolic link is not the person's flag");
        Files.delete(home.pilotFlag());
        Files.createDirectory(home.pilotFlag());
        assertEquals(0, queue.drain());
        assertTrue(Files.exists(file));
        Files.delete(home.pilotFlag());
        Files.createFile(home.pilotFlag());
        assertEquals(1, queue.drain());
        assertEquals(List.of("view jobs"), window.calls);
    }

    /** drive_app offers the contract's commands; each must reach its own branch, not "not a command the app knows". */
    @Test
    void everyCommandDriveAppMayQueueIsOneTheAppCarriesOut() throws Exception {
        Files.createFile(home.pilotFlag());
        int n = 0;
        for (var command : PilotCommands.REQUIRED.entrySet()) {
            StringBuilder args = new StringBuilder("{");
            for (String key : command.getValue()) {
                // values the engine refuses at once: no job starts, but the command's own branch must refuse them
                args.append(args.length() > 1 ? ", " : "").append('"').append(key).append("\": ")
                        .append(key.equals("symbols") ? "[\"NOPE\"]" : key.equals("spec") ? "{}" : "\"nope\"");
            }
            queueCommand("cmd-" + ++n, command.getKey(), args.append('}').toString());
        }
        assertEquals(n, queue.drain());
        for (int i = 1; i <= n; i++) {
            JsonNode d = done("cmd-" + i);
            assertFalse(d.hasNonNull("field") && d.get("field").asString().equals("command"), d.toString());
        }
    }

    /** Writes like the launcher's drive_app: complete temp file outside pending, then an atomic rename. */
    private Path queueCommand(String id, String command, String args) throws Exception {
        return queueCommand(id, command, args, "\"" + Instant.now() + "\"");
    }

    /** As drive_app writes it, with {@code createdAt} as the created_at value's JSON (null: no created_at). */
    private Path queueCommand(String id, String command, String args, String createdAt) throws Exception {
        String body = "{\n  \"id\" : \"" + id + "\",\n  \"command\" : \"" + command + "\",\n  \"args\" : " + args
                + (createdAt == null ? "" : ",\n  \"created_at\" : " + createdAt) + "\n}";
        Path tmp = Files.createTempFile(home.pendingCommands().getParent(), "." + id, ".tmp");
        Files.writeString(tmp, body);
        return Files.move(tmp, home.pendingCommands().resolve(id + ".json"), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private JsonNode done(String id) throws Exception {
        return Json.MAPPER.readTree(Files.readString(home.doneCommands().resolve(id + ".json")));
    }

    private JsonNode assertRefused(String id, String failReason, String field) throws Exception {
        JsonNode d = done(id);
        assertFalse(d.get("ok").asBoolean(), d.toString());
        assertEquals("failed", d.get("state").asString());
        assertEquals(failReason, d.get("fail_reason").asString(), d.toString());
        if (field != null) assertEquals(field, d.get("field").asString(), d.toString());
        assertFalse(d.get("error").asString().isBlank());
        return d;
    }

    /** A window that records what it was asked to do. */
    static class RecordingWindow implements WindowDriver {
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public void openChart(String symbol, LocalDate focusDate) {
            calls.add("chart " + symbol + (focusDate == null ? "" : " " + focusDate));
        }

        @Override
        public void openRun(String runId) {
            if (!runId.startsWith("run-")) throw SextantException.notFound("run_id", "no run '" + runId + "'", "list the runs");
            calls.add("run " + runId);
        }

        @Override
        public void selectView(String viewId) {
            calls.add("view " + viewId);
        }

        @Override
        public List<String> viewIds() {
            return List.of("charts", "data", "jobs");
        }
    }
}
