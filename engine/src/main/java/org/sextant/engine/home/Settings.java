package org.sextant.engine.home;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

/**
 * User settings (settings.json). Provider API keys live here and never leave the machine
 * unmasked: everything that is shown, logged or served goes through {@link #masked()}.
 *
 * @param defaultProvider name of the provider `gather` uses when none is named
 * @param providers       daily-price providers by name
 */
public record Settings(String defaultProvider, Map<String, Provider> providers) {

    /**
     * A daily-CSV provider over HTTP.
     *
     * @param urlTemplate URL with {symbol}, and optionally {api_key}, {from}, {to}
     * @param apiKey      secret, may be null
     */
    public record Provider(String urlTemplate, String apiKey) {
        public Provider masked() {
            return new Provider(urlTemplate, mask(apiKey));
        }
    }

    public static final String STOOQ = "stooq";

    public static Settings defaults() {
        Map<String, Provider> p = new LinkedHashMap<>();
        p.put(STOOQ, new Provider("https://stooq.com/q/d/l/?s={symbol}&i=d", null));
        return new Settings(STOOQ, p);
    }

    /** Reads settings.json; a missing file means defaults; a broken one is an error naming the file. */
    public static Settings load(Path file) {
        if (!Files.exists(file)) return defaults();
        try {
            Settings s = Json.read(Files.readString(file), Settings.class);
            Map<String, Provider> merged = new LinkedHashMap<>(defaults().providers());
            if (s.providers() != null) merged.putAll(s.providers());
            String def = s.defaultProvider() == null ? STOOQ : s.defaultProvider();
            return new Settings(def, merged);
        } catch (IOException | RuntimeException e) {
            throw new SextantException(FailReason.INVALID_INPUT, "settings file " + file + " is not valid JSON: " + e.getMessage(),
                    "settings.json", "fix or delete " + file + " (defaults apply when it is absent)", e);
        }
    }

    public void save(Path file) throws IOException {
        AtomicFiles.write(file, Json.write(this), true);
    }

    /** The same settings with every secret replaced by a marker that says only whether it is set. */
    public Settings masked() {
        Map<String, Provider> m = new LinkedHashMap<>();
        providers.forEach((k, v) -> m.put(k, v.masked()));
        return new Settings(defaultProvider, m);
    }

    static String mask(String secret) {
        return secret == null || secret.isEmpty() ? null : "***";
    }
}
