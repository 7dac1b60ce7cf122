package org.sextant.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The commands an agent may queue for the app while the pilot flag exists: the launcher's
 * drive_app offers exactly these and the app executes exactly these (commands/pending, see
 * docs/architecture.md), so both read them from here.
 */
public final class PilotCommands {
    /**
     * Bytes of one command's arguments as JSON: a command names what to show or start, it carries
     * no data, and the app keeps each command file (pending, then done) on disk.
     */
    public static final int MAX_ARGS_BYTES = 16 * 1024;

    /** Every command's arguments as a schema: the ones the app reads, each bounded; no others. */
    public static final Map<String, Map<String, Object>> ARGUMENTS = arguments();

    /** Every command with the arguments it requires (optional ones are not listed). */
    public static final Map<String, List<String>> REQUIRED = required();

    /** Commands that only make sense with a window on screen (headless, they fail with no_window). */
    public static final List<String> WINDOW = List.of("open_chart", "select_view", "open_run");

    /** The fields of a command file as drive_app writes it; anything else in a file is never copied into done or shown. */
    public static final List<String> COMMAND_FIELDS = List.of("id", "command", "args", "created_at");

    /** What the app adds when it moves a command to commands/done (docs/mcp.md, "Driving the app"). */
    public static final List<String> OUTCOME_FIELDS = List.of("file", "state", "ok", "result", "error", "fail_reason",
            "field", "fix", "finished_at");

    private PilotCommands() {}

    /** The argument names a command takes (its schema's properties); empty for a command the app does not know. */
    @SuppressWarnings("unchecked")
    public static java.util.Set<String> argumentNames(String command) {
        Map<String, Object> schema = command == null ? null : ARGUMENTS.get(command);
        Object properties = schema == null ? null : schema.get("properties");
        return properties instanceof Map<?, ?> m ? ((Map<String, Object>) m).keySet() : java.util.Set.of();
    }

    /**
     * Of a command file's {@code args}, only those its command's schema names, in schema order: a
     * file may hold anything, and what the app records and read_command_queue shows passes no gate.
     */
    public static Map<String, Object> knownArguments(Object command, Map<?, ?> args) {
        Map<String, Object> kept = new LinkedHashMap<>();
        for (String name : argumentNames(command instanceof String c ? c : null)) {
            if (args.containsKey(name)) kept.put(name, args.get(name));
        }
        return kept;
    }

    private static Map<String, Map<String, Object>> arguments() {
        String symbol = "the symbol as list_symbols shows it, e.g. \"AAPL\"";
        Map<String, Map<String, Object>> m = new LinkedHashMap<>();
        m.put("open_chart", ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, symbol, true)
                .date("date", "a day to zoom to, yyyy-MM-dd").build());
        m.put("select_view", ArgumentSchema.object().string("view", Bounds.MAX_NAME_CHARS,
                "the view's id: charts, data, jobs, agents, or a research or analogue view", true).build());
        m.put("open_run", ArgumentSchema.object().string("run_id", Bounds.MAX_NAME_CHARS, "the run (list_runs)", true).build());
        m.put("start_forecast", ArgumentSchema.object().string("symbol", Bounds.MAX_SYMBOL_CHARS, symbol, true)
                .string("model", Bounds.MAX_NAME_CHARS, "forecast model name (default theta)", false)
                .integer("horizon", 1, Bounds.MAX_HORIZON, Capabilities.HORIZON).build());
        // backtest_graph's arguments that the window's backtest reads
        m.put("start_backtest", ArgumentSchema.from(Capabilities.START_BACKTEST.schema())
                .without("selected_configuration").without("interval").without("time_limit_minutes").build());
        return java.util.Collections.unmodifiableMap(m);
    }

    private static Map<String, List<String>> required() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        ARGUMENTS.forEach((command, schema) -> {
            @SuppressWarnings("unchecked") List<String> names = (List<String>) schema.getOrDefault("required", List.of());
            m.put(command, List.copyOf(names));
        });
        return java.util.Collections.unmodifiableMap(m);
    }

    /** "open_chart {symbol}, select_view {view}, …": the required arguments of each, for a schema's description. */
    public static String describeArguments() {
        return REQUIRED.entrySet().stream().map(e -> e.getKey() + " {" + String.join(", ", e.getValue()) + "}")
                .collect(Collectors.joining(", "));
    }
}
