package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.app.pilot.PilotNotice;
import org.sextant.engine.Json;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.JobState;
import tools.jackson.databind.JsonNode;

/**
 * The headless app consumes what the launcher's drive_app writes: the same file (pretty JSON
 * {id, command, args, created_at}, temp file then rename into pending), picked up by the watch
 * without any call, executed only once the person placed the flag.
 */
class PilotQueueEndToEndTest {
    /** Liveness guard for the watch and the poll, not a performance bound. */
    private static final Duration GIVE_UP = Duration.ofSeconds(60);

    @TempDir
    Path root;

    @Test
    void theHeadlessAppStartsAForecastQueuedByDriveAppOnceThePilotFlagExists() throws Exception {
        SextantHome home = new SextantHome(root).ensureLayout();
        List<PilotNotice> notices = new CopyOnWriteArrayList<>();
        try (AppHost host = AppHost.start(home, "headless")) {
            host.startPilot(null, notices::add);
            String symbol = host.engine().listSymbols(null).get(0).symbol();
            Path pending = driveApp(home, "start_forecast", Map.of("symbol", symbol));
            Thread.sleep(1500); // more than one poll: without the flag nothing happens
            assertTrue(Files.exists(pending), "waits in pending without .mcp_pilot");
            assertEquals(List.of(), host.engine().jobs().list());

            Files.createFile(home.pilotFlag());
            String id = pending.getFileName().toString().replace(".json", "");
            Path done = home.doneCommands().resolve(id + ".json");
            Instant end = Instant.now().plus(GIVE_UP);
            while (!Files.exists(done) && Instant.now().isBefore(end)) Thread.sleep(50);
            assertTrue(Files.exists(done), "the app moved the command to done");
            assertFalse(Files.exists(pending));
            JsonNode result = Json.MAPPER.readTree(Files.readString(done));
            assertTrue(result.get("ok").asBoolean(), result.toString());
            assertEquals(id, result.get("id").asString());
            String jobId = result.get("result").get("job").get("id").asString();
            JobState state = host.engine().jobs().await(jobId, GIVE_UP).state();
            assertEquals(JobState.SUCCEEDED, state);
            assertEquals("Driven by an agent: start a forecast backtest of " + symbol, notices.get(0).text());
        }
    }

    /** What DriveApp.handle writes, byte for byte in structure: pretty JSON, temp under commands/, atomic rename. */
    private static Path driveApp(SextantHome home, String command, Map<String, Object> args) throws Exception {
        Instant now = Instant.now();
        String id = "cmd-" + now.toEpochMilli() + "-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("command", command);
        body.put("args", args);
        body.put("created_at", now.toString());
        Path pending = home.pendingCommands();
        Path tmp = Files.createTempFile(pending.getParent(), "." + id, ".tmp");
        Files.writeString(tmp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(body));
        return Files.move(tmp, pending.resolve(id + ".json"), StandardCopyOption.ATOMIC_MOVE);
    }
}
