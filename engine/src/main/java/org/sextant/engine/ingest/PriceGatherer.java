package org.sextant.engine.ingest;

import java.io.IOException;
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
import org.sextant.engine.jobs.IfInterrupted;
import org.sextant.engine.store.Store;

/**
 * Fetches daily history over HTTP from a configured provider and imports it. All symbols are
 * fetched first; only when every answer is a price CSV are they imported, in one transaction.
 */
public final class PriceGatherer {
    /** A gather job stopped by the app's end: it writes nothing until every answer is in, then all in one transaction. */
    public static final IfInterrupted IF_INTERRUPTED =
            new IfInterrupted("a gather fetches every symbol before it writes any, all or nothing, so nothing of it was written");
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    static final Duration READ_TIMEOUT = Duration.ofSeconds(60);
    /** Most bytes one ticker's answer may have (docs/data.md); decades of daily prices are a few MB. */
    static final long MAX_ANSWER_BYTES = 32L << 20;

    private final Store store;
    private final Settings settings;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final PriceRules rules;
    private final StagedFile.Sink sink;

    public PriceGatherer(Store store, Settings settings, PriceRules rules) {
        this(store, settings, CONNECT_TIMEOUT, READ_TIMEOUT, rules);
    }

    PriceGatherer(Store store, Settings settings, Duration connectTimeout, Duration readTimeout) {
        this(store, settings, connectTimeout, readTimeout, PriceRules.defaults());
    }

    private PriceGatherer(Store store, Settings settings, Duration connectTimeout, Duration readTimeout, PriceRules rules) {
        this(store, settings, connectTimeout, readTimeout, rules, java.nio.file.Files::newOutputStream);
    }

    /** @param sink opens each answer's file in staging for writing: the file system's, or in a test one whose writes fail as a full disk's do */
    PriceGatherer(Store store, Settings settings, Duration connectTimeout, Duration readTimeout, PriceRules rules, StagedFile.Sink sink) {
        this.sink = sink;
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
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw unwritable(name, e);
            }
            // each answer goes to staging as it arrives, so memory holds one ticker's answer at a time
            List<Path> files = new ArrayList<>();
            for (String t : wanted) {
                Cancellation.check(); // as a job: a cancel between downloads stops before anything is written
                String answer = source.fetch(t);
                Path f = dir.resolve(t.toUpperCase(Locale.ROOT) + ".csv");
                try (java.io.OutputStream out = sink.open(f)) {
                    out.write(answer.getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw unwritable(name, e);
                }
                files.add(f);
            }
            return store.inTransaction(c -> {
                ImportBatch batch = new ImportBatch(c, store.stagingDir(), rules);
                int k = 0;
                for (String t : wanted) batch.add(files.get(k++), name + " answer for " + t, name);
                ImportReport r = batch.commit();
                Cancellation.check(); // the last point where a cancel still leaves the store as it was
                return r;
            });
        } finally {
            try (var list = Files.list(dir)) {
                for (Path f : (Iterable<Path>) list::iterator) Files.deleteIfExists(f);
                Files.deleteIfExists(dir);
            } catch (IOException ignored) {
                // leftovers in staging are harmless
            }
        }
    }

    /**
     * An answer could not be written to staging: the provider answered, the disk of SEXTANT_HOME did not take it. A full
     * disk is said as one, naming the staging folder; nothing was imported (the folder of answers is removed).
     */
    private SextantException unwritable(String provider, IOException e) {
        Path staging = store.stagingDir().toAbsolutePath().normalize();
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (org.sextant.engine.store.DiskFull.causedBy(e)) {
            return new SextantException(org.sextant.contract.FailReason.IO_ERROR, "no space left to stage the " + provider + " answers in " + staging
                    + ": each answer is written there before it is imported, and the disk is full (" + why + "); nothing was imported",
                    null, "free disk space on the disk of " + staging + " (old backups, data/damaged-* copies), then gather again", e);
        }
        return new SextantException(org.sextant.contract.FailReason.IO_ERROR, "cannot write the " + provider + " answers in " + staging + " (" + why
                + "); nothing was imported", null, "check that " + staging + " is writable and its disk has free space, then gather again", e);
    }
}
