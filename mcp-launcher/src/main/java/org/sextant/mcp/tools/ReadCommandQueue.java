package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.attribute.BasicFileAttributes;
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
import org.sextant.contract.PilotCommands;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/** The pilot command queue as it stands on disk: what waits, and what the app did with the rest. */
final class ReadCommandQueue extends LauncherTool {
    static final int MAX_PER_FOLDER = 50;
    /** A done record is the command (at most about 70 KB, the app's limit) plus its outcome: larger is not the app's. */
    static final int MAX_RECORD_BYTES = 256 * 1024;

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

    /**
     * Newest first, at most MAX_PER_FOLDER. Links are not followed and only regular files are opened
     * (a FIFO would block the call), each read bounded; a file that is not JSON is listed with its error.
     */
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
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (a.isSymbolicLink()) {
                    entry.put("error", "a symbolic link, not read");
                } else if (!a.isRegularFile()) {
                    entry.put("error", "not a regular file, not read");
                } else if (a.size() > MAX_RECORD_BYTES) {
                    entry.put("error", a.size() + " bytes, more than " + MAX_RECORD_BYTES + ": not read");
                } else {
                    entry.put("command", knownFields(Json.readObject(readBounded(f))));
                }
            } catch (IOException | RuntimeException e) {
                // moved to done between listing and reading, or not ours
                entry.put("error", "unreadable: " + e.getClass().getSimpleName());
            }
            out.add(entry);
        }
        return out;
    }

    private static String readBounded(Path f) throws IOException {
        try (InputStream in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_RECORD_BYTES + 1);
            if (bytes.length > MAX_RECORD_BYTES) throw new IOException("grew past " + MAX_RECORD_BYTES + " bytes");
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /**
     * Only what drive_app writes and the app adds (PilotCommands), and only the command's own
     * arguments: a record written by hand, or by an older app that copied a file whole, may hold
     * anything, and this tool passes no gate.
     */
    private static Map<String, Object> knownFields(Map<String, Object> record) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String key : PilotCommands.COMMAND_FIELDS) {
            if (!record.containsKey(key)) continue;
            Object v = record.get(key);
            if (key.equals("args") && v instanceof Map<?, ?> args) {
                out.put(key, PilotCommands.knownArguments(record.get("command"), args));
            } else if (!key.equals("args")) {
                out.put(key, v);
            }
        }
        for (String key : PilotCommands.OUTCOME_FIELDS) {
            if (record.containsKey(key)) out.put(key, record.get(key));
        }
        return out;
    }
}
