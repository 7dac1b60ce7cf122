package org.sextant.engine.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.sextant.engine.store.Store;

/**
 * The real sample universe shipped inside the engine, loaded into an empty store: the 30 Dow
 * Jones stocks 1991-2001, the NYSE composite 1966-2002, six Swiss indices 2000-2007 and a year
 * of Microsoft OHLCV, and five years of USD/CHF in 30-minute bars (sources and licences in docs/data.md).
 */
public final class SampleUniverse {
    /** Resource file and the source recorded for its rows. */
    record Part(String resource, String source) {}

    static final List<Part> PARTS = List.of(
            new Part("dowjones30.csv", "sample:fBasics::DowJones30"),
            new Part("nyse_composite.csv", "sample:fBasics::nyse"),
            new Part("swxlp.csv", "sample:fBasics::SWXLP"),
            new Part("MSFT.OHLCV.csv", "sample:timeSeries::MSFT"));

    /** Bars with a time of day: USD/CHF in 30-minute bars 1996-2001 (its times are UTC; an fx session). */
    static final List<Part> BAR_PARTS = List.of(new Part("USDCHF.30m.csv", "sample:timeSeries::USDCHF"));

    private SampleUniverse() {}

    /** Loads the sample data when the store has no prices; returns true if it loaded. */
    public static boolean loadIfEmpty(Store store) {
        long rows = store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        });
        if (rows > 0) return false;
        Path dir = store.stagingDir().toAbsolutePath().normalize().resolve("sample-" + UUID.randomUUID());
        try {
            Files.createDirectories(dir);
            store.inTransaction(c -> {
                ImportBatch batch = new ImportBatch(c, store.stagingDir(), PriceRules.defaults());
                for (Part part : PARTS) {
                    Path file = dir.resolve(part.resource());
                    try (InputStream in = resource(part.resource())) {
                        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                    batch.add(file, "sample/" + part.resource(), part.source());
                }
                batch.commit();
                describeSymbols(c);
                BarImport bars = new BarImport(c, PriceRules.defaults());
                for (Part part : BAR_PARTS) {
                    Path file = dir.resolve(part.resource().replace(".30m", ""));
                    try (InputStream in = resource(part.resource())) {
                        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                    }
                    try (StagedFile staged = StagedFile.of(file, store.stagingDir(), "sample/" + part.resource())) {
                        bars.add(file, BarFile.probe(c, file, "sample/" + part.resource(), null), part.source(), staged);
                    }
                }
                bars.commit(new long[2]);
                return null;
            });
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack the sample universe into " + dir, e);
        } finally {
            deleteQuietly(dir);
        }
    }

    /** Names, currencies and exchanges from sample/symbols.csv. */
    private static void describeSymbols(java.sql.Connection c) throws Exception {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(resource("symbols.csv"), StandardCharsets.UTF_8));
             PreparedStatement p = c.prepareStatement("UPDATE symbols SET name = ?, currency = ?, exchange = ? WHERE symbol = ?")) {
            in.readLine();
            String line;
            while ((line = in.readLine()) != null) {
                List<String> cells = CsvHead.split(line, ',');
                p.setString(1, cells.get(1));
                p.setString(2, cells.get(2));
                p.setString(3, cells.get(3));
                p.setString(4, cells.get(0));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    private static InputStream resource(String name) {
        InputStream in = SampleUniverse.class.getResourceAsStream("/sample/" + name);
        if (in == null) throw new IllegalStateException("sample resource missing from the engine jar: " + name);
        return in;
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) Files.deleteIfExists(f);
            Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // leftovers in staging are harmless
        }
    }
}
