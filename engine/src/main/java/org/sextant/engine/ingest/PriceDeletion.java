package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.SymbolDescription;
import org.sextant.engine.store.Store;

/**
 * Deletes one symbol's stored prices, every interval or one, in one transaction: first each
 * interval's rows are copied to a CSV under {@code keptDir} that import_prices reads back, then
 * they are deleted; with the daily prices go the rows made from them (stored forecasts and
 * backtests, the materialised daily signals of the symbol as a benchmark, its symbols row with its name, which the kept daily file carries
 * and bars left keep), and with its last rows its session and name. A failure leaves the store and the folder as they were.
 */
public final class PriceDeletion {
    /** How long a deletion waits for the store's one writer (an import holds it while it writes) before it is refused. */
    public static final Duration WRITER_WAIT = Duration.ofSeconds(5);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String DAILY = BarInterval.D1.label;
    /** Tables made from a symbol's daily prices, with the condition that selects its rows. */
    private static final Map<String, String> DERIVED = derived();

    private final Store store;
    private final PriceRepository prices;
    private final Path keptDir;
    private final Duration writerWait;
    private final Keep keepMove;
    private final java.time.Clock clock;

    /** Moves a staged copy into the kept folder; a test fails one to see the deletion leave everything as it was. */
    interface Keep {
        void move(Path staged, Path target) throws IOException;
    }

    public PriceDeletion(Store store, PriceRepository prices, Path keptDir) {
        this(store, prices, keptDir, WRITER_WAIT, (from, to) -> Files.move(from, to, StandardCopyOption.ATOMIC_MOVE), java.time.Clock.systemUTC());
    }

    PriceDeletion(Store store, PriceRepository prices, Path keptDir, Duration writerWait, Keep keepMove, java.time.Clock clock) {
        this.clock = clock;
        this.store = store;
        this.prices = prices;
        this.keptDir = keptDir;
        this.writerWait = writerWait;
        this.keepMove = keepMove;
    }

    private static Map<String, String> derived() {
        Map<String, String> m = new LinkedHashMap<>();
        String ids = "forecast_id IN (SELECT forecast_id FROM forecasts WHERE symbol = ?)";
        m.put("forecast_bands", ids);
        m.put("forecast_steps", ids);
        m.put("forecasts", "symbol = ?");
        m.put("forecast_backtests", "symbol = ?");
        m.put("daily_signals", "benchmark = ?");
        return m;
    }

    /** Deletes {@code symbol}'s rows at {@code interval} (null or blank: every interval it has); see the class comment. */
    public DeletedPrices delete(String symbol, String interval) {
        String sym = PriceRepository.requireCanonical(symbol);
        BarInterval only = interval == null || interval.isBlank() ? null : BarInterval.of("interval", interval);
        List<Path> kept = new ArrayList<>();
        try {
            return store.inTransaction(writerWait, "delete_prices", c -> {
                store.changesOnly(List.of(sym)); // what is kept of the other symbols (the listing's rows) stays
                String stamp = STAMP.format(clock.instant()); // once the writer is ours: the moment the rows go
                Map<String, Long> stored = rowsByInterval(c, sym);
                if (stored.isEmpty()) throw prices.unknownSymbol(symbol);
                if (only != null && !stored.containsKey(only.label)) throw notStored(sym, only.label, stored);
                List<String> gone = only == null ? List.copyOf(stored.keySet()) : List.of(only.label);
                List<DeletedPrices.Interval> deleted = new ArrayList<>();
                long total = 0;
                Described was = gone.contains(DAILY) ? described(c, sym) : new Described(null, null);
                for (String i : gone) {
                    Path file = keep(c, sym, i, stamp, i.equals(DAILY) ? was.description() : null);
                    kept.add(file);
                    long rows = deleteRows(c, sym, i);
                    deleted.add(new DeletedPrices.Interval(i, rows, file.toString()));
                    total += rows;
                }
                Map<String, Long> derived = Map.of();
                List<String> left = stored.keySet().stream().filter(i -> !gone.contains(i)).toList();
                if (gone.contains(DAILY)) {
                    derived = deleteDerived(c, sym);
                    update(c, "DELETE FROM symbols WHERE symbol = ?", sym); // the symbols table lists the symbols with daily prices
                    // the bars left keep the name (a bars-only name the symbols row showed through included)
                    if (!left.isEmpty() && was.description() != null) was.description().storeBarsOnly(c, sym);
                }
                if (left.isEmpty()) {
                    update(c, "DELETE FROM symbol_sessions WHERE symbol = ?", sym); // a new import of it detects its session again
                    update(c, "DELETE FROM bars_only_names WHERE symbol = ?", sym); // with no prices left, no name either
                }
                return new DeletedPrices(sym, List.copyOf(deleted), total, left, derived, was.description(), was.source(), restore(kept, sym, was));
            });
        } catch (RuntimeException e) {
            for (Path p : kept) deleteQuietly(p); // nothing was deleted: no copy of it either
            throw e;
        }
    }

    /** Rows per stored interval of {@code symbol}, finest first (daily prices are 1d); empty for an unknown symbol. A read. */
    public Map<String, Long> rows(String symbol) {
        String sym = PriceRepository.requireCanonical(symbol);
        return store.read(c -> rowsByInterval(c, sym));
    }

    /** Rows per stored interval of {@code sym}, finest first (daily prices are 1d). */
    static Map<String, Long> rowsByInterval(Connection c, String sym) throws java.sql.SQLException {
        Map<String, Long> counted = new java.util.HashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT '1d', count(*) FROM prices WHERE symbol = ? "
                + "UNION ALL SELECT interval, count(*) FROM bars WHERE symbol = ? GROUP BY interval")) {
            p.setString(1, sym);
            p.setString(2, sym);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) if (r.getLong(2) > 0) counted.put(r.getString(1), r.getLong(2));
            }
        }
        Map<String, Long> out = new LinkedHashMap<>();
        for (String label : BarInterval.labels()) if (counted.containsKey(label)) out.put(label, counted.get(label));
        return out;
    }

    /** An interval the symbol does not have, named with the ones it has. */
    private static SextantException notStored(String sym, String asked, Map<String, Long> stored) {
        List<String> has = List.copyOf(stored.keySet());
        return SextantException.invalid("interval", "'" + org.sextant.contract.ShownText.name(sym) + "' has no " + asked + " prices: it has "
                        + and(has) + " (" + counts(stored) + "); nothing was deleted",
                "pass interval as " + String.join(" or ", has) + ", or leave it out to delete every interval of " + sym);
    }

    private static String and(List<String> items) {
        return items.size() == 1 ? items.get(0) : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    private static String counts(Map<String, Long> stored) {
        List<String> parts = new ArrayList<>();
        stored.forEach((i, n) -> parts.add(String.format(java.util.Locale.ROOT, "%,d %s", n, i.equals(DAILY) ? "daily rows" : i + " bars")));
        return String.join(", ", parts);
    }

    /**
     * Writes the rows of {@code sym} at {@code interval} as a CSV import_prices reads back (daily: the long layout
     * symbol,date,..., with name,currency,exchange on every row when it was {@code described}, which the import stores again;
     * bars: time in UTC with its Z, symbol, OHLC, volume), staged by DuckDB and moved into {@link #keptDir}. Text cells a
     * spreadsheet would run as a formula get a leading ' ({@link org.sextant.engine.exchange.CsvWriter#asText}), which the import reads back.
     */
    private Path keep(Connection c, String sym, String interval, String stamp, SymbolDescription described) throws Exception {
        String symbol = ImportBatch.literal(Tickers.keptCell(sym)) + " AS symbol"; // =A1 or -5 stored before: '=A1, '-5, which the import reads back
        String select = interval.equals(DAILY)
                ? "SELECT " + symbol + ", date, open, high, low, close, adj_close, volume" + descriptionColumns(described) + " FROM prices WHERE symbol = "
                        + ImportBatch.literal(sym) + " ORDER BY date"
                : "SELECT strftime(ts, '%Y-%m-%dT%H:%M:%S') || 'Z' AS time, " + symbol + ", open, high, low, close, volume FROM bars WHERE symbol = "
                        + ImportBatch.literal(sym) + " AND interval = " + ImportBatch.literal(interval) + " ORDER BY ts";
        Path staged = store.stagingDir().toAbsolutePath().normalize().resolve("deleted-" + java.util.UUID.randomUUID() + ".csv");
        try {
            try (Statement s = c.createStatement()) {
                s.execute("COPY (" + select + ") TO " + ImportBatch.literal(staged.toString()) + " (FORMAT csv, HEADER)");
            }
            Path target = unused(fileName(sym, interval, stamp));
            try {
                Files.createDirectories(keptDir);
                keepMove.move(staged, target);
            } catch (IOException e) {
                throw new SextantException(org.sextant.contract.FailReason.IO_ERROR, "could not keep a copy of the " + interval + " rows of " + sym + " in " + keptDir
                        + " (" + e.getClass().getSimpleName() + "); nothing was deleted", null, "free disk space or make " + keptDir + " writable, then delete again", e);
            }
            return target;
        } finally {
            deleteQuietly(staged);
        }
    }

    /**
     * {@code name} in {@link #keptDir}, or NAME.2.csv, NAME.3.csv, ... when taken: EUR/USD and EUR_USD have one file name,
     * and a move onto a kept file replaced it (attack 15, M1: one symbol's only copy lost). Deletions keep their files
     * under the store's one writer, so no other deletion takes the name between this look and the move.
     */
    private Path unused(String name) {
        Path target = keptDir.resolve(name);
        String base = name.substring(0, name.length() - ".csv".length());
        for (int n = 2; Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS); n++) target = keptDir.resolve(base + "." + n + ".csv");
        return target;
    }

    /** ", 'Acme' AS name, 'USD' AS currency, NULL AS exchange" (empty cells: nothing given); nothing when there is no description. */
    private static String descriptionColumns(SymbolDescription d) {
        if (d == null) return "";
        return ", " + sqlText(d.name()) + " AS name, " + sqlText(d.currency()) + " AS currency, " + sqlText(d.exchange()) + " AS exchange";
    }

    /** A text cell: a name such as =HYPERLINK(...) with a leading ', so that a spreadsheet shows it (the import takes the ' off). */
    private static String sqlText(String v) {
        return v == null ? "CAST(NULL AS VARCHAR)" : ImportBatch.literal(org.sextant.engine.exchange.CsvWriter.asText(v));
    }

    /** SYMBOL.interval.TIME.csv, the ticker's characters a file name cannot hold (the / of EUR/USD) as _. */
    static String fileName(String sym, String interval, String stamp) {
        String name = sym.replaceAll("[^A-Za-z0-9._^=-]", "_");
        // a name starting with . is hidden from ls, one with - is read as an option by `sextant import` (a symbol stored before tickers needed a letter)
        return (name.startsWith(".") || name.startsWith("-") ? "_" : "") + name + "." + interval + "." + stamp + ".csv";
    }

    private static long deleteRows(Connection c, String sym, String interval) throws java.sql.SQLException {
        if (interval.equals(DAILY)) return update(c, "DELETE FROM prices WHERE symbol = ?", sym);
        try (PreparedStatement p = c.prepareStatement("DELETE FROM bars WHERE symbol = ? AND interval = ?")) {
            p.setString(1, sym);
            p.setString(2, interval);
            return p.executeUpdate();
        }
    }

    private static Map<String, Long> deleteDerived(Connection c, String sym) throws java.sql.SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> t : DERIVED.entrySet()) {
            long n = update(c, "DELETE FROM " + t.getKey() + " WHERE " + t.getValue(), sym);
            if (n > 0) out.put(t.getKey(), n);
        }
        return out;
    }

    private static long update(Connection c, String sql, String sym) throws java.sql.SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, sym);
            return p.executeUpdate();
        }
    }

    private static String restore(List<Path> kept, String sym, Described was) {
        String back = "the deleted rows are kept in " + String.join(" and ", kept.stream().map(Path::toString).toList())
                + ": import_prices with " + (kept.size() == 1 ? "that path" : "those paths") + " puts them back (sextant import FILE)";
        SymbolDescription d = was.description();
        if (d == null) return back;
        List<String> said = new ArrayList<>();
        if (d.name() != null) said.add("name '" + org.sextant.contract.ShownText.name(d.name()) + "'");
        if (d.currency() != null) said.add("currency " + d.currency());
        if (d.exchange() != null) said.add("exchange '" + org.sextant.contract.ShownText.name(d.exchange()) + "'");
        return back + ", and the daily file's name, currency and exchange columns give " + sym + " back what it was named (" + String.join(", ", said) + ")";
    }

    /** What the symbols row of deleted daily prices said of them as list_symbols shows it, which goes with it (and stays with bars left). */
    private record Described(SymbolDescription description, String source) {}

    private static Described described(Connection c, String sym) throws java.sql.SQLException {
        try (java.sql.PreparedStatement p = c.prepareStatement("SELECT d.name, d.currency, d.exchange, source FROM symbols "
                + "LEFT JOIN " + SymbolDescription.STORED + " d USING (symbol) WHERE symbol = ?")) {
            p.setString(1, sym);
            try (java.sql.ResultSet r = p.executeQuery()) {
                if (!r.next()) return new Described(null, null);
                // as list_symbols shows it: a name stored before naming refused invisible characters comes back escaped, so the kept file imports
                SymbolDescription d = SymbolDescription.read(r, 1);
                return new Described(d.isEmpty() ? null : d, r.getString(4));
            }
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(PriceDeletion.class).warn("could not remove {}: {}", p, e.getMessage());
        }
    }
}
