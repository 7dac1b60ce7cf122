package org.sextant.app.pilot;

import java.util.List;
import org.sextant.contract.PilotCommands;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One command file of commands/pending, as the launcher's drive_app writes it:
 * {@code {"id", "command", "args": {...}, "created_at"}}. Parsing refuses anything else with the
 * field at fault, so a malformed or unknown command is never executed. The commands and their
 * required arguments are the contract's {@link PilotCommands}.
 */
public record PilotCommand(String id, String command, ObjectNode args, JsonNode original) {

    /** @param fallbackId the file name without .json, used when the file names no id */
    public static PilotCommand parse(String fallbackId, String content) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(content);
        } catch (JacksonException e) {
            // the parser's message quotes the file's text, which may not be the user's (a copied config file): not echoed
            var at = e.getLocation();
            throw SextantException.invalid("file", "the command file is not JSON ("
                    + content.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + " bytes"
                    + (at == null ? "" : "; it breaks at line " + at.getLineNr() + ", column " + at.getColumnNr()) + ")",
                    "write one JSON object {\"id\", \"command\", \"args\"} (drive_app does)");
        }
        if (root == null || !root.isObject()) {
            throw SextantException.invalid("file", "the command file is not a JSON object",
                    "write one JSON object {\"id\", \"command\", \"args\"} (drive_app does)");
        }
        JsonNode id = root.get("id");
        if (id != null && !id.isNull() && !id.isString()) {
            throw SextantException.invalid("id", "id must be a string", "omit id or give a string such as \"cmd-1\"");
        }
        JsonNode cmd = root.get("command");
        if (cmd == null || !cmd.isString() || cmd.asString().isBlank()) {
            throw SextantException.invalid("command", "command is missing or not a string",
                    "use one of " + String.join(", ", PilotCommands.REQUIRED.keySet()));
        }
        String name = cmd.asString();
        List<String> needed = PilotCommands.REQUIRED.get(name);
        if (needed == null) {
            throw SextantException.invalid("command", "'" + name + "' is not a command the app knows",
                    "use one of " + String.join(", ", PilotCommands.REQUIRED.keySet()));
        }
        JsonNode args = root.get("args");
        if (args != null && !args.isNull() && !args.isObject()) {
            throw SextantException.invalid("args", "args must be a JSON object", "e.g. {\"" + needed.get(0) + "\": ...}");
        }
        ObjectNode a = args == null || args.isNull() ? Json.MAPPER.createObjectNode() : (ObjectNode) args;
        for (String key : needed) {
            if (a.get(key) == null || a.get(key).isNull()) {
                throw SextantException.invalid("args." + key, name + " needs args." + key,
                        "pass args with " + String.join(" and ", needed));
            }
        }
        createdAt(root); // a created_at that is not an instant is refused here, naming it
        String theId = id == null || id.isNull() || id.asString().isBlank() ? fallbackId : id.asString();
        return new PilotCommand(theId, name, a, root);
    }

    /** When drive_app queued the command ({@code created_at}, an ISO instant); null when the file names none. */
    public java.time.Instant createdAt() {
        return createdAt(original);
    }

    private static java.time.Instant createdAt(JsonNode root) {
        JsonNode c = root.get("created_at");
        if (c == null || c.isNull()) return null;
        try {
            if (c.isString()) return java.time.Instant.parse(c.asString());
        } catch (java.time.format.DateTimeParseException notAnInstant) {
            // refused below, without quoting it
        }
        throw SextantException.invalid("created_at", "created_at must be an ISO instant (yyyy-MM-ddTHH:mm:ssZ)",
                "queue the command with drive_app, which stamps it; or omit created_at");
    }

    public boolean needsWindow() {
        return PilotCommands.WINDOW.contains(command);
    }

    /** What a person reads in the window's notice: "open chart AAPL". */
    public String describe() {
        return switch (command) {
            case "open_chart" -> "open chart " + text("symbol");
            case "select_view" -> "show the " + text("view") + " view";
            case "open_run" -> "open run " + text("run_id");
            case "start_forecast" -> "start a forecast backtest of " + text("symbol");
            case "start_backtest" -> "start a strategy backtest on " + list("symbols");
            default -> command;
        };
    }

    private String text(String key) {
        JsonNode n = args.get(key);
        return n == null ? "" : n.isString() ? n.asString() : n.toString();
    }

    private String list(String key) {
        JsonNode n = args.get(key);
        if (n == null || !n.isArray()) return text(key);
        StringBuilder b = new StringBuilder();
        for (JsonNode e : n) b.append(b.isEmpty() ? "" : ", ").append(e.isString() ? e.asString() : e.toString());
        return b.toString();
    }
}
