package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/** The pilot command queue as it stands on disk: what waits, and what the app did with the rest. */
final class ReadCommandQueue extends LauncherTool {
    static final int MAX_PER_FOLDER = 50;

    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ReadCommandQueue() {
        super("read_command_queue", Categories.APP, ToolClass.READ, false,
                "The pilot command queue from disk: commands pending and the newest 50 done, with their results.",
                ArgumentSchema.object().build());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("pending", list(call.context().home().pendingCommands()));
        data.put("done", list(call.context().home().doneCommands()));
        return data;
    }

    /** Newest first, at most MAX_PER_FOLDER; a file that is not JSON is listed with its error. */
    private static List<Map<String, Object>> list(Path folder) throws ToolFailure {
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json"))
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed())
                    .limit(MAX_PER_FOLDER).toList();
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new ToolFailure(FailReason.APP_ERROR, "cannot list " + folder + ": " + e.getMessage(), "call again");
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Path f : files) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("file", f.getFileName().toString());
            try {
                entry.put("command", Json.readObject(Files.readString(f)));
            } catch (IOException | RuntimeException e) {
                // moved to done between listing and reading, or not ours
                entry.put("error", "unreadable: " + e.getClass().getSimpleName());
            }
            out.add(entry);
        }
        return out;
    }
}
