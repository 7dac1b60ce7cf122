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
    /** Every command with the arguments it requires (optional ones are not listed). */
    public static final Map<String, List<String>> REQUIRED = required();

    /** Commands that only make sense with a window on screen (headless, they fail with no_window). */
    public static final List<String> WINDOW = List.of("open_chart", "select_view", "open_run");

    private PilotCommands() {}

    private static Map<String, List<String>> required() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("open_chart", List.of("symbol"));
        m.put("select_view", List.of("view"));
        m.put("open_run", List.of("run_id"));
        m.put("start_forecast", List.of("symbol"));
        m.put("start_backtest", List.of("spec", "symbols"));
        return java.util.Collections.unmodifiableMap(m);
    }

    /** "open_chart {symbol}, select_view {view}, …": the required arguments of each, for a schema's description. */
    public static String describeArguments() {
        return REQUIRED.entrySet().stream().map(e -> e.getKey() + " {" + String.join(", ", e.getValue()) + "}")
                .collect(Collectors.joining(", "));
    }
}
