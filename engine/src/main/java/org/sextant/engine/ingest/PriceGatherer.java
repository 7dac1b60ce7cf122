package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.Settings;
import org.sextant.engine.ingest.provider.HttpPriceSource;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;

/**
 * Fetches daily history over HTTP from a configured provider and imports it. All symbols are
 * fetched first; only when every answer is a price CSV are they imported, in one transaction.
 */
public final class PriceGatherer {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
    /** Most bytes one ticker's answer may have (docs/data.md); decades of daily prices are a few MB. */
    static final long MAX_ANSWER_BYTES = 32L << 20;

    private final Store store;
    private final Settings settings;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final PriceRules rules;

    public PriceGatherer(Store store, Settings settings, PriceRules rules) {
        this(store, settings, CONNECT_TIMEOUT, READ_TIMEOUT, rules);
    }

    PriceGatherer(Store store, Settings settings, Duration connectTimeout, Duration readTimeout) {
        this(store, settings, connectTimeout, readTimeout, PriceRules.defaults());
    }

    private PriceGatherer(Store store, Settings settings, Duration connectTimeout, Duration readTimeout, PriceRules rules) {
        this.store = store;
        this.settings = settings;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.rules = rules;
    }

    /** @param provider provider name from settings, or null for the default */
    public ImportReport gather(List<String> symbols, String provider) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to gather", "name one or more tickers, e.g. MSFT.US");
        }
        Set<String> wanted = new LinkedHashSet<>();
        for (String s : symbols) {
            String t = s == null ? "" : s.trim();
            if (!Tickers.valid(t)) {
                throw SextantException.invalid("symbols", "'" + s + "' is not a ticker",
                        "use " + Tickers.RULE + ", e.g. msft.us or ^spx");
            }
            wanted.add(t);
        }
        String name = provider == null || provider.isBlank() ? settings.defaultProvider() : provider.trim();
        Settings.Provider p = settings.providers() == null ? null : settings.providers().get(name);
        if (p == null) {
            throw SextantException.invalid("provider", "unknown provider '" + name + "'",
                    "use one of " + (settings.providers() == null ? "[]" : settings.providers().keySet()) + ", or add it to settings.json");
        }
        HttpPriceSource source = new HttpPriceSource(name, p, connectTimeout, readTimeout, MAX_ANSWER_BYTES);
        Path dir = store.stagingDir().toAbsolutePath().normalize().resolve("gather-" + UUID.randomUUID());
        try {
            Files.createDirectories(dir);
            // each answer goes to staging as it arrives, so memory holds one ticker's answer at a time
            List<Path> files = new ArrayList<>();
            for (String t : wanted) {
                Cancellation.check(); // as a job: a cancel between downloads stops before anything is written
                files.add(Files.writeString(dir.resolve(t.toUpperCase(Locale.ROOT) + ".csv"), source.fetch(t), StandardCharsets.UTF_8));
            }
            return store.inTransaction(c -> {
                ImportBatch batch = new ImportBatch(c, store.stagingDir(), rules);
                int k = 0;
                for (String t : wanted) batch.add(files.get(k++), name + " answer for " + t, name);
                ImportReport r = batch.commit();
                Cancellation.check(); // the last point where a cancel still leaves the store as it was
                return r;
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the downloaded prices to " + dir, e);
        } finally {
            try (var list = Files.list(dir)) {
                for (Path f : (Iterable<Path>) list::iterator) Files.deleteIfExists(f);
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // leftovers in staging are harmless
            }
        }
    }
}
