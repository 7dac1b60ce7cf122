package org.sextant.engine.ingest;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.data.BarReadCostBench;
import org.sextant.engine.store.Store;

/**
 * Harness: the import of two Windows-1252 daily files (German long files, ';', decimal commas, an umlaut in every row's name) by the
 * path they take now, the fast one, against the careful path they took before (their first lines, read as UTF-8 to tell a bar file,
 * failed), in the same rounds, each into a fresh store. The careful path is taken here as any import takes it when two files share
 * a name (b/x.csv beside a/x.csv, the same bytes as b/y.csv): the same rows, read, checked and stored by the other path.
 *
 * <p>Run: see docs/benchmarks.md, "Import" (Windows-1252 files on the fast path).
 */
public final class EncodedImportPathBench {
    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("sextant-encoded-bench");
        try {
            Path a = write(Files.createDirectories(dir.resolve("a")).resolve("x.csv"), "A", rows);
            Path bSame = write(Files.createDirectories(dir.resolve("b")).resolve("x.csv"), "B", rows);
            Path bOther = Files.copy(bSame, dir.resolve("b").resolve("y.csv"));
            System.out.printf("cores=%d, load average=%.2f, median of %d rounds, s%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
            System.out.println("| files | rows | baseline: careful path, s | fast path, s | fast / careful |");
            System.out.println("|---|---|---|---|---|");
            double[] careful = new double[rounds], fast = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                int k = i;
                careful[i] = BarReadCostBench.millis(() -> imported(dir.resolve("careful-" + k), List.of(a, bSame))) / 1000;
                fast[i] = BarReadCostBench.millis(() -> imported(dir.resolve("fast-" + k), List.of(a, bOther))) / 1000;
            }
            double c = BarReadCostBench.median(careful), f = BarReadCostBench.median(fast);
            System.out.printf("| 2 Windows-1252 daily CSVs, %,d bytes each | %,d | %.2f | %.2f | %.2fx |%n", Files.size(a), 2L * rows, c, f, f / c);
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void imported(Path home, List<Path> files) {
        try (Store store = Store.open(Files.createDirectories(home).resolve("x.duckdb"), home.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(files);
            if (r.rowsInserted() != 2L * (r.files().get(0).rows())) throw new IllegalStateException("rows: " + r.rowsInserted());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A German long daily file in Windows-1252: Symbol;Datum;Schluss;Name, 1,000 symbols of {@code prefix}. */
    private static Path write(Path file, String prefix, int rows) throws Exception {
        try (BufferedWriter out = Files.newBufferedWriter(file, TextEncoding.WINDOWS_1252)) {
            out.write("Symbol;Datum;Schluss;Name\n");
            java.time.LocalDate start = java.time.LocalDate.of(1990, 1, 1);
            int perSymbol = Math.max(1, rows / 1000);
            for (int i = 0; i < rows; i++) {
                java.time.LocalDate d = start.plusDays(i % perSymbol);
                out.write(prefix + (i / perSymbol) + ";" + String.format("%02d.%02d.%d", d.getDayOfMonth(), d.getMonthValue(), d.getYear()) + ";1."
                        + String.format("%03d", i % 977) + "," + (i % 10) + ";Münchener Rück\n");
            }
        }
        return file;
    }
}
