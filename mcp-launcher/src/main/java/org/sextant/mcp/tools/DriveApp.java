package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.sextant.contract.FailReason;
import org.sextant.contract.PilotCommands;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Queues one command for the app window (docs/architecture.md, "Files on the user's machine",
 * commands/). The only file the launcher ever writes: written complete under commands/, then
 * renamed into commands/pending, so the app never sees half a command. The commands are the
 * contract's {@link PilotCommands}, which the app executes.
 */
final class DriveApp extends LauncherTool {
    DriveApp() {
        super("drive_app", Categories.APP, ToolClass.WRITE, true,
                "Queues a command for the app window (open a chart, select a view, open a run, start a forecast or backtest).",
                ArgumentSchema.object()
                        .oneOf("command", List.copyOf(PilotCommands.REQUIRED.keySet()), "what the app should do", true)
                        .object("args", "the command's arguments: " + PilotCommands.describeArguments(), false)
                        .build());
    }

    @SuppressWarnings("unchecked")
    private static String properties(Map<String, Object> schema) {
        return String.join(", ", ((Map<String, Object>) schema.get("properties")).keySet());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String command = call.args().requiredString("command", "\"open_chart\"");
        Map<String, Object> schema = PilotCommands.ARGUMENTS.get(command); // the tool schema's enum is its keys
        Map<String, Object> args = call.args().optionalObject("args").orElse(Map.of());
        int bytes = Json.write(args).getBytes(StandardCharsets.UTF_8).length;
        if (bytes > PilotCommands.MAX_ARGS_BYTES) {
            throw ToolFailure.invalidInput("args", "has " + bytes + " bytes of JSON, at most " + PilotCommands.MAX_ARGS_BYTES
                    + " (nothing was queued)", "pass only what " + command + " names: " + properties(schema));
        }
        // Each command's arguments are bounded like a tool's: the app keeps the command file on disk.
        Arguments.nested("drive_app " + command, "args", args, schema);
        Instant now = Instant.now();
        String id = "cmd-" + now.toEpochMilli() + "-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", id);
        body.put("command", command);
        body.put("args", args);
        body.put("created_at", now.toString());
        Path pending = call.context().home().pendingCommands();
        Path target = pending.resolve(id + ".json");
        try {
            Files.createDirectories(pending);
            Path tmp = Files.createTempFile(pending.getParent(), "." + id, ".tmp");
            try {
                Files.writeString(tmp, Json.writePretty(body), StandardCharsets.UTF_8);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new ToolFailure(FailReason.APP_ERROR, "cannot queue the command in " + pending + ": " + e,
                    "the person should check that SEXTANT_HOME is writable");
        }
        Map<String, Object> data = new LinkedHashMap<>(body);
        data.put("file", target.toString());
        data.put("state", "pending");
        return new ToolResult(data, "the app executes queued commands while it runs; call read_command_queue to see"
                + " whether " + id + " moved to done and with what result");
    }
}
