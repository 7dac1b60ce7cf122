package org.sextant.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * state.json as a reader that passes no gate may show it (the launcher's read_app_state): only the
 * fields the app writes (docs/mcp.md lists them), each of the type it writes, and secrets masked.
 * Whoever can write the home can write anything into the file; an unknown key or a provider's key
 * written in clear must not come back through a tool.
 */
public final class StateFile {
    private StateFile() {}

    /** The top-level fields, in the order the app writes them (engine AppState). */
    public static final List<String> FIELDS = List.of("version", "pid", "mode", "active_view", "symbol_on_screen", "open_run",
            "jobs", "data", "settings", "updated_at");
    /** The store's summary (engine DataSummary). */
    public static final List<String> DATA_FIELDS = List.of("symbols", "price_rows", "first_date", "last_date", "bars_only_symbols", "bar_rows");
    /** The settings as the app shows them (engine Settings.masked()). */
    public static final List<String> SETTINGS_FIELDS = List.of("default_provider", "providers", "theme", "forecast_model",
            "forecast_horizon", "band_levels");
    /** One provider's settings. */
    public static final List<String> PROVIDER_FIELDS = List.of("url_template", "api_key");
    /** The keys of "jobs": a count per job state (engine JobState, lower case). */
    public static final List<String> JOB_STATES = List.of("queued", "running", "succeeded", "failed", "cancelled", "interrupted",
            "timed_out");
    /** What a secret shows as (the app writes the same). */
    public static final String MASK = "***";

    /** The known fields of a parsed state.json; anything else (another key, a value of another type) is left out. */
    public static Map<String, Object> knownFields(Map<String, Object> state) {
        Map<String, Object> out = scalars(state, FIELDS);
        if (state.get("jobs") instanceof Map<?, ?> jobs) {
            Map<String, Object> counts = new LinkedHashMap<>();
            for (String s : JOB_STATES) if (jobs.get(s) instanceof Number n) counts.put(s, n);
            out.put("jobs", counts);
        }
        if (state.get("data") instanceof Map<?, ?> data) out.put("data", scalars(data, DATA_FIELDS));
        if (state.get("settings") instanceof Map<?, ?> settings) out.put("settings", settings(settings));
        // the app's order, whatever the file's
        Map<String, Object> ordered = new LinkedHashMap<>();
        for (String f : FIELDS) if (out.containsKey(f)) ordered.put(f, out.get(f));
        return ordered;
    }

    private static Map<String, Object> settings(Map<?, ?> settings) {
        Map<String, Object> out = scalars(settings, SETTINGS_FIELDS);
        if (settings.get("band_levels") instanceof List<?> levels) {
            out.put("band_levels", levels.stream().filter(Number.class::isInstance).toList());
        }
        if (settings.get("providers") instanceof Map<?, ?> providers) {
            Map<String, Object> shown = new LinkedHashMap<>();
            providers.forEach((name, p) -> {
                if (!(p instanceof Map<?, ?> provider)) return;
                Map<String, Object> one = scalars(provider, PROVIDER_FIELDS);
                if (one.get("url_template") instanceof String url) one.put("url_template", UrlMask.masked(url, Set.of()));
                if (one.get("api_key") instanceof String key && !key.isEmpty()) one.put("api_key", MASK);
                shown.put(String.valueOf(name), one);
            });
            out.put("providers", shown);
        }
        return out;
    }

    /** The named keys whose value is a string, a number, a boolean or null (a key absent stays absent). */
    private static Map<String, Object> scalars(Map<?, ?> from, List<String> names) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : names) {
            if (!from.containsKey(k)) continue;
            Object v = from.get(k);
            if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) out.put(k, v);
        }
        return out;
    }
}
