package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.contract.AppFile;
import org.sextant.contract.HomeFile;
import org.sextant.contract.StateFile;
import org.sextant.mcp.app.Discovery;
import org.sextant.contract.FailReason;
import org.sextant.mcp.envelope.Json;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * state.json straight from disk, so it answers even while the app is busy or gone: the app
 * replaces the file atomically, so a read sees one whole version. This tool passes no gate, so it
 * reads only a regular file (a link or a FIFO in its place is refused unopened: {@link HomeFile})
 * and shows only the fields the app writes, secrets masked ({@link StateFile}).
 */
final class ReadAppState extends LauncherTool {
    /** Runs at each try to read state.json, where the app could rename a new one over it (tests replace it there). */
    private final Runnable betweenCheckAndOpen;

    ReadAppState() {
        this(() -> {});
    }

    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    ReadAppState(Runnable betweenCheckAndOpen) {
        super("read_app_state", Categories.APP, ToolClass.READ, false,
                "The app's saved state from disk: active view, symbol on screen, open run, jobs, data summary and its age; works with the app down.",
                ArgumentSchema.object().build());
        this.betweenCheckAndOpen = betweenCheckAndOpen;
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Path file = call.context().home().stateJson();
        String text;
        try {
            text = readBounded(file, betweenCheckAndOpen);
        } catch (NoSuchFileException e) {
            throw new ToolFailure(FailReason.APP_NOT_RUNNING, "no app state: " + file + " does not exist (the app has"
                    + " not run with this SEXTANT_HOME)", "start the Sextant app (sextant, or sextant --headless), then call again");
        } catch (HomeFile.Replaced e) { // rewritten at every try: the app is busy writing it, not someone's link
            throw new ToolFailure(FailReason.APP_ERROR, e.getMessage() + " (each of its tries): the app rewrites it as it works",
                    "call again in a moment");
        } catch (HomeFile.NotRegular e) {
            throw new ToolFailure(FailReason.APP_ERROR, e.getMessage() + ": the app writes state.json as a regular file",
                    "the person should delete " + file + " (the app writes it again when it starts)");
        } catch (IOException e) {
            throw new ToolFailure(FailReason.APP_ERROR, "cannot read " + file + ": " + e.getMessage(),
                    "call again; if it persists the person should check the file's permissions");
        }
        Map<String, Object> state;
        try {
            state = StateFile.knownFields(Json.readObject(text));
        } catch (RuntimeException e) {
            throw new ToolFailure(FailReason.APP_ERROR, file + " is not a JSON object", "call again in a moment");
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("state", state);
        data.put("updated_at", state.get("updated_at"));
        data.put("age_seconds", ageSeconds(state.get("updated_at")));
        data.put("app_running", appRunning(call));
        boolean running = Boolean.TRUE.equals(data.get("app_running"));
        // The app closed: the state is its last word, and the absence is named as every tool names it.
        data.put("absence", running ? null : FailReason.APP_NOT_RUNNING.wire());
        data.put("file", file.toString());
        return new ToolResult(data, running ? null
                : "the app is not running: this is the state it last wrote; start the app for live data");
    }

    /** The app writes a few hundred bytes; a file over the bound (not the app's) is refused unread, naming its size. */
    private static String readBounded(Path file, Runnable betweenCheckAndOpen) throws IOException {
        try {
            // read again if the app renames a new state.json over it meanwhile (HomeFile.Replaced, tried a few times)
            return new String(HomeFile.readBounded(file, MAX_BYTES, betweenCheckAndOpen), java.nio.charset.StandardCharsets.UTF_8);
        } catch (HomeFile.TooLarge e) {
            throw new IOException("it is " + e.size() + " bytes, more than the " + MAX_BYTES + " bytes a state file may hold; not read");
        }
    }

    static final int MAX_BYTES = 1 << 20;

    private static Long ageSeconds(Object updatedAt) {
        // ISO-8601 as the engine writes it; epoch seconds if a writer uses numeric timestamps.
        if (updatedAt instanceof Number n) {
            return Math.max(0, Instant.now().getEpochSecond() - n.longValue());
        }
        if (!(updatedAt instanceof String s)) return null;
        try {
            return Math.max(0, Duration.between(Instant.parse(s), Instant.now()).toSeconds());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static boolean appRunning(Call call) {
        try {
            return Discovery.read(call.context().app().appJson()).processAlive();
        } catch (ToolFailure absent) {
            return false;
        }
    }
}
