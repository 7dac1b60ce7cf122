package org.sextant.engine.ingest;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import org.sextant.contract.Bounds;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.home.Settings;
import org.sextant.engine.store.Store;

/**
 * Prices into the store as the facade offers it: file imports (all or nothing), provider
 * gathers, and the rules of what one request may name, checked before any job exists.
 */
public final class IngestService {
    /** Most symbols one gather or refresh request may name; a longer list is refused, never truncated. */
    public static final int MAX_GATHER_SYMBOLS = Bounds.MAX_JOB_SYMBOLS;

    /**
     * How long a synchronous import (import_prices of the local API) waits for the store's one writer: a job may hold it
     * for minutes, and its caller awaits the answer. Once it has the writer its work is not bounded: it must not be left half done.
     */
    public static final java.time.Duration SYNC_WRITER_WAIT = java.time.Duration.ofSeconds(10);
    /** The way on for an import refused for the writer. */
    public static final String WRITER_BUSY_FIX = "import with start_import, the background job, which waits for the writer as long as it takes;"
            + " or try again later (list_jobs shows the running jobs)";

    private final Store store;
    private final PriceRepository prices;
    private final Path settingsJson;
    private final Supplier<Settings> settings;

    public IngestService(Store store, PriceRepository prices, Path settingsJson, Supplier<Settings> settings) {
        this.store = store;
        this.prices = prices;
        this.settingsJson = settingsJson;
        this.settings = settings;
    }

    /** Imports CSV/Parquet files in one transaction: all or nothing. */
    public ImportReport importPrices(List<Path> files) {
        return importPrices(files, null);
    }

    /** {@link #importPrices(List)} with bar times written without a zone read in {@code timezone} (null or blank: UTC). */
    public ImportReport importPrices(List<Path> files, String timezone) {
        return importPrices(files, timezone, ImportTurn.WAITING);
    }

    /** As above, taking the store's writer as {@code turn} says; the report as an answer lists it ({@link ImportReport#listed}). */
    public ImportReport importPrices(List<Path> files, String timezone, ImportTurn turn) {
        return new PriceImporter(store, priceRules(), zone(timezone)).importFiles(requireFiles(files), turn).listed();
    }

    /** A time zone by its region name ("America/New_York") or a fixed offset ("+05:00"), or null for none; refused naming the field when unknown. */
    public static java.time.ZoneId zone(String timezone) {
        if (timezone == null || timezone.isBlank()) return null;
        try {
            return java.time.ZoneId.of(timezone.trim());
        } catch (java.time.DateTimeException e) {
            throw SextantException.invalid("timezone", "'" + timezone + "' is not a time zone",
                    "name a region such as America/New_York or Europe/Zurich, an offset such as +05:00, or UTC (the default)");
        }
    }

    /** What an import job names as its subjects: the files' absolute paths. */
    public static List<String> importSubjects(List<Path> files) {
        return requireFiles(files).stream().map(p -> p.toAbsolutePath().normalize().toString()).toList();
    }

    /** Fetches daily history for {@code symbols} from a provider (null: the default) and imports it. */
    public ImportReport gather(List<String> symbols, String provider) {
        return new PriceGatherer(store, settings.get(), priceRules()).gather(requireSymbols(symbols), provider);
    }

    /** What a row must be to be stored as a price: settings.json {@code import} (docs/data.md). */
    private PriceRules priceRules() {
        return PriceRules.load(settingsJson);
    }

    /** The files of an import, refused when there are none. */
    public static List<Path> requireFiles(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        return files;
    }

    /** The symbols of a gather, refused when there are none. */
    public static List<String> requireSymbols(List<String> symbols) {
        if (symbols == null || symbols.isEmpty()) {
            throw SextantException.invalid("symbols", "no symbol to gather", "name one or more tickers, e.g. MSFT.US");
        }
        return symbols;
    }

    /** A gather job's subjects (the symbols, canonical), refused when more than {@link #MAX_GATHER_SYMBOLS}. */
    public static List<String> gatherSubjects(List<String> symbols) {
        requireSymbols(symbols);
        if (symbols.size() > MAX_GATHER_SYMBOLS) {
            throw SextantException.invalid("symbols", symbols.size() + " symbols given, at most " + MAX_GATHER_SYMBOLS + " per request",
                    "split the list into requests of at most " + MAX_GATHER_SYMBOLS + " symbols");
        }
        return symbols.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).distinct().toList();
    }

    /**
     * The symbols a refresh re-downloads: the requested ones, each already stored (a refresh never
     * adds a symbol: gather does), or every stored symbol when none is named, refused when the
     * store holds more than {@link #MAX_GATHER_SYMBOLS} (nothing is truncated).
     */
    public List<String> refreshSymbols(List<String> requested) {
        Set<String> stored = new LinkedHashSet<>();
        for (SymbolInfo s : prices.symbols(null)) stored.add(s.symbol());
        if (requested == null || requested.isEmpty()) {
            if (stored.isEmpty()) {
                throw SextantException.invalid("symbols", "the store holds no symbols to refresh",
                        "gather or import prices to add symbols first");
            }
            if (stored.size() > MAX_GATHER_SYMBOLS) {
                throw SextantException.invalid("symbols", "the store holds " + stored.size() + " symbols, more than "
                        + MAX_GATHER_SYMBOLS + " per refresh (nothing was done)",
                        "name the symbols in lists of at most " + MAX_GATHER_SYMBOLS + " (list_symbols names them)");
            }
            return List.copyOf(stored);
        }
        List<String> unknown = requested.stream().filter(s -> !stored.contains(PriceRepository.canonical(s))).toList();
        if (!unknown.isEmpty()) {
            throw SextantException.invalid("symbols", "not in the store: " + unknown,
                    "refresh only stored symbols (list_symbols); gather new ones");
        }
        return requested.stream().map(PriceRepository::canonical).distinct().toList();
    }
}
