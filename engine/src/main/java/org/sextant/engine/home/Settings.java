package org.sextant.engine.home;

import org.sextant.contract.Bounds;
import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.forecast.ForecastModels;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * User settings (settings.json). Provider API keys live here and never leave the machine
 * unmasked: everything that is shown, logged or served goes through {@link #masked()}.
 * The workstation's choices are optional: a file without them (or with null) means the defaults.
 *
 * @param defaultProvider name of the provider `gather` uses when none is named
 * @param providers       daily-price providers by name
 * @param theme           "light" or "dark" (null: the layout's last theme)
 * @param forecastModel   model of the chart's live forecast and backtest (null: the engine's default)
 * @param forecastHorizon business days of that forecast (null: the engine's default)
 * @param bandLevels      the fan's bands drawn at first, one of {@link #BAND_CHOICES} (null: all three)
 */
public record Settings(String defaultProvider, Map<String, Provider> providers, String theme, String forecastModel,
                       Integer forecastHorizon, List<Double> bandLevels) {

    /**
     * A daily-CSV provider over HTTP.
     *
     * @param urlTemplate URL with {symbol}, and optionally {api_key}, {from}, {to}
     * @param apiKey      secret, may be null
     */
    public record Provider(String urlTemplate, String apiKey) {
        public Provider masked() {
            return new Provider(urlTemplate == null ? null : org.sextant.contract.UrlMask.masked(urlTemplate, java.util.Set.of()), mask(apiKey));
        }
    }

    public static final String STOOQ = "stooq";
    public static final List<String> THEMES = List.of("light", "dark");
    /** The bands the chart can draw: each level alone or all three (the levels every forecast computes). */
    public static final List<List<Double>> BAND_CHOICES = List.of(List.of(0.80), List.of(0.95), List.of(0.99), List.of(0.80, 0.95, 0.99));

    /** Provider settings only (the workstation's choices left to their defaults). */
    public Settings(String defaultProvider, Map<String, Provider> providers) {
        this(defaultProvider, providers, null, null, null, null);
    }

    public static Settings defaults() {
        Map<String, Provider> p = new LinkedHashMap<>();
        p.put(STOOQ, new Provider("https://stooq.com/q/d/l/?s={symbol}&i=d", null));
        return new Settings(STOOQ, p);
    }

    /**
     * Reads settings.json; a missing file means defaults; a file that is not JSON is an error naming
     * the file, a value out of range one naming its key and what it may be.
     */
    public static Settings load(Path file) {
        return load(file, () -> {});
    }

    /** As {@link #load(Path)}; {@code betweenCheckAndOpen} runs at each try to read it (tests replace the file there). */
    static Settings load(Path file, Runnable betweenCheckAndOpen) {
        if (!Files.exists(file)) return defaults();
        Settings s;
        try {
            JsonNode tree = Json.MAPPER.readTree(HomeFileBounds.read(file, HomeFileBounds.SETTINGS, fixForTooLarge(file), betweenCheckAndOpen));
            checkTypes(tree, file);
            s = Json.MAPPER.treeToValue(tree, Settings.class);
        } catch (SextantException e) {
            throw e;
        } catch (org.sextant.contract.HomeFile.TooLarge e) {
            throw tooLarge(e);
        } catch (org.sextant.contract.HomeFile.Replaced e) { // rewritten at every try: something else is saving it
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + e.getMessage() + " (each of its tries)", "settings.json",
                    "try again once nothing else is saving " + file, e);
        } catch (org.sextant.contract.HomeFile.NotRegular e) {
            // a link's target (or a FIFO) is never read: the settings must be the file itself
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + e.getMessage(), "settings.json",
                    "put the settings in " + file + " itself, a regular file (not a link), or delete it (defaults apply when it is absent)", e);
        } catch (tools.jackson.core.JacksonException e) {
            // where it breaks, not Jackson's words: they quote the file's text, and it holds the providers' API keys
            var at = e.getLocation();
            String where = at == null || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + file + " is not valid JSON" + where,
                    "settings.json", "fix or delete " + file + " (defaults apply when it is absent)", e);
        } catch (IOException | java.io.UncheckedIOException | IllegalArgumentException e) { // a read's failure, or our own check's words: no text of the file
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + file + " is not valid JSON: " + e.getMessage(),
                    "settings.json", "fix or delete " + file + " (defaults apply when it is absent)", e);
        }
        Map<String, Provider> merged = new LinkedHashMap<>(defaults().providers());
        if (s.providers() != null) merged.putAll(s.providers());
        String def = s.defaultProvider() == null ? STOOQ : s.defaultProvider();
        Settings out = new Settings(def, merged, s.theme() == null ? null : s.theme().toLowerCase(Locale.ROOT), s.forecastModel(),
                s.forecastHorizon(), s.bandLevels());
        out.check(file);
        return out;
    }

    /** settings.json over its bound: an error naming its size and the bound, as for a file that is not JSON (never read, so never quoted). */
    public static SextantException tooLarge(org.sextant.contract.HomeFile.TooLarge e) {
        return new SextantException(FailReason.INVALID_INPUT, "settings file " + e.refusal(), "settings.json", e.fix(), e);
    }

    /** What to do about a settings.json over its bound: the app's own is a few KB. */
    public static String fixForTooLarge(Path file) {
        return "fix or delete " + file + " (defaults apply when it is absent; the settings the app writes take a few KB)";
    }

    /** A value of the wrong JSON type is named by its key before Jackson's own message could quote the file. */
    private static void checkTypes(JsonNode tree, Path file) {
        if (!tree.isObject()) throw new IllegalArgumentException("the file is not a JSON object");
        for (String key : List.of("theme", "forecast_model", "default_provider")) {
            JsonNode v = tree.get(key);
            if (v != null && !v.isNull() && !v.isTextual()) throw bad(file, key, "is not a text", fixFor(key));
        }
        JsonNode h = tree.get("forecast_horizon");
        if (h != null && !h.isNull() && !h.canConvertToExactIntegral()) throw bad(file, "forecast_horizon", "is not a whole number", fixFor("forecast_horizon"));
        JsonNode b = tree.get("band_levels");
        if (b != null && !b.isNull()) {
            boolean numbers = b.isArray();
            for (JsonNode n : b) numbers &= n.isNumber();
            if (!numbers) throw bad(file, "band_levels", "is not a list of numbers", fixFor("band_levels"));
        }
    }

    /** Throws for the first value the workstation cannot use, naming its key in settings.json. */
    public void check(Path file) {
        if (theme != null && !THEMES.contains(theme.toLowerCase(Locale.ROOT))) throw bad(file, "theme", "is '" + shortText(theme) + "'", fixFor("theme"));
        if (forecastModel != null && !ForecastModels.names().contains(forecastModel)) {
            throw bad(file, "forecast_model", "is '" + shortText(forecastModel) + "', not a forecast model", fixFor("forecast_model"));
        }
        if (forecastHorizon != null && (forecastHorizon < 1 || forecastHorizon > Bounds.MAX_HORIZON)) {
            throw bad(file, "forecast_horizon", "is " + forecastHorizon, fixFor("forecast_horizon"));
        }
        if (bandLevels != null && BAND_CHOICES.stream().noneMatch(c -> sameLevels(c, bandLevels))) {
            throw bad(file, "band_levels", "is " + bandLevels, fixFor("band_levels"));
        }
    }

    private static String fixFor(String key) {
        return switch (key) {
            case "theme" -> "set \"theme\" to \"light\" or \"dark\" in settings.json, or remove it";
            case "forecast_model" -> "set \"forecast_model\" to one of " + String.join(", ", ForecastModels.names()) + " in settings.json, or remove it";
            case "forecast_horizon" -> "set \"forecast_horizon\" to a number of trading days (of the series' own week) from 1 to " + Bounds.MAX_HORIZON + " in settings.json, or remove it";
            case "band_levels" -> "set \"band_levels\" to [0.8], [0.95], [0.99] or [0.8, 0.95, 0.99] in settings.json, or remove it";
            default -> "set \"" + key + "\" to a text in settings.json, or remove it";
        };
    }

    private static SextantException bad(Path file, String key, String what, String fix) {
        return new SextantException(FailReason.INVALID_INPUT, "settings file " + file + ": " + key + " " + what, key, fix);
    }

    /** A value quoted in an error is the user's own setting, but never a long one. */
    private static String shortText(String s) {
        return s.length() <= 20 ? s : s.substring(0, 17) + "...";
    }

    private static boolean sameLevels(List<Double> a, List<Double> b) {
        if (a.size() != b.size()) return false;
        List<Double> sorted = new ArrayList<>(b);
        sorted.sort(null);
        for (int i = 0; i < a.size(); i++) if (sorted.get(i) == null || Math.abs(a.get(i) - sorted.get(i)) > 1e-9) return false;
        return true;
    }

    /**
     * Writes these settings over settings.json (owner-only, atomically), keeping every key this
     * record does not hold (e.g. {@code import}) as it was.
     */
    public void save(Path file) throws IOException {
        ObjectNode out = kept(file);
        ObjectNode mine = Json.MAPPER.valueToTree(this);
        mine.properties().forEach(e -> {
            if (e.getValue().isNull()) out.remove(e.getKey()); else out.set(e.getKey(), e.getValue());
        });
        AtomicFiles.write(file, Json.MAPPER.writeValueAsString(out), true);
    }

    private static ObjectNode kept(Path file) throws IOException {
        if (Files.exists(file)) {
            try {
                if (Json.MAPPER.readTree(HomeFileBounds.read(file, HomeFileBounds.SETTINGS, fixForTooLarge(file))) instanceof ObjectNode old) return old;
            } catch (org.sextant.contract.HomeFile.TooLarge | RuntimeException e) {
                // a broken or oversized file is replaced whole: nothing of it can be kept
            }
        }
        return Json.MAPPER.createObjectNode();
    }

    /** The same settings with every secret replaced by a marker that says only whether it is set. */
    public Settings masked() {
        Map<String, Provider> m = new LinkedHashMap<>();
        providers.forEach((k, v) -> m.put(k, v.masked()));
        return new Settings(defaultProvider, m, theme, forecastModel, forecastHorizon, bandLevels);
    }

    static String mask(String secret) {
        return secret == null || secret.isEmpty() ? null : "***";
    }
}
