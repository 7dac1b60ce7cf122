package org.sextant.engine.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.UUID;
import java.util.stream.Stream;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * The store's prices as Parquet partitioned by symbol (symbol=XYZ/…parquet), written by DuckDB's
 * COPY … PARTITION_BY: the input of the scale-out jobs (docs/scale-out.md). DuckDB may write only
 * into the store's staging folder, so the export lands there and is then moved to the target.
 */
public final class PriceParquetExport {
    private PriceParquetExport() {}

    /**
     * Columns of the export, in order; symbol is the partition (a folder name, not a column in the files). session: the
     * symbol's recorded trading session (null when none), so a sweep annualises a 7-day market as the app does.
     */
    public static final String COLUMNS = "symbol, date, open, high, low, close, adj_close, volume, session";

    public record Written(Path folder, int symbols, long rows) {}

    public static Written export(Store store, Path target) {
        Path out = target.toAbsolutePath().normalize();
        if (Files.exists(out) && !isEmptyFolder(out)) {
            throw SextantException.invalid("target", out + " exists and is not an empty folder", "name a new folder; the export never overwrites");
        }
        Path staged = store.stagingDir().toAbsolutePath().normalize().resolve("export-" + UUID.randomUUID());
        long[] counts = store.read(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("COPY (SELECT " + COLUMNS + " FROM prices LEFT JOIN symbol_sessions USING (symbol) ORDER BY symbol, date) TO '" + staged.toString().replace("'", "''")
                        + "' (FORMAT parquet, PARTITION_BY (symbol))");
                try (ResultSet r = s.executeQuery("SELECT count(DISTINCT symbol), count(*) FROM prices")) {
                    r.next();
                    return new long[] {r.getLong(1), r.getLong(2)};
                }
            }
        });
        try {
            if (Files.exists(out)) Files.delete(out);
            Files.createDirectories(out.getParent());
            try {
                Files.move(staged, out, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException otherFileSystem) {
                copyTree(staged, out);
                deleteTree(staged);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("moving the export to " + out + " failed", e);
        }
        return new Written(out, (int) counts[0], counts[1]);
    }

    private static boolean isEmptyFolder(Path p) {
        try (Stream<Path> s = Files.list(p)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) Files.copy(p, to.resolve(from.relativize(p).toString()), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) Files.delete(p);
        }
    }
}
