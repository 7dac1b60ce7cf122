package org.sextant.engine.ingest;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.data.BarReadCostBench;

/**
 * Harness: what staging a CSV with ';' between cells costs in Java before DuckDB reads it. Baseline (the import before, same
 * rounds): the encoding scan ({@link TextEncoding#of}, every byte) then the head with its date order and number style decided
 * from every row ({@link CsvHead#read}, every row again). Folded: {@link StagedFile#decidedInUtf8}, one read in UTF-8 that
 * decides the forms and proves the encoding. Also the folded path's worst case, a Windows-1252 file whose only non-UTF-8
 * byte is on its last line (the UTF-8 read fails there, then the scan and the decision run as before; the UTF-8 copy's
 * write is left out of both). Generated German long daily files, page-cached by an untimed first read.
 *
 * <p>Run: see docs/benchmarks.md, "Import" (the forms decided in the encoding's read).
 */
public final class FormsFoldBench {
    public static void main(String[] args) throws Exception {
        long megabytes = args.length > 0 ? Long.parseLong(args[0]) : 200;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("sextant-forms-bench");
        try {
            Path utf8 = write(dir.resolve("semicolon.csv"), megabytes << 20, "", StandardCharsets.UTF_8);
            Path late = write(dir.resolve("cp1252-last-line.csv"), megabytes << 20, "X;01/01/2010;1.234,5;Münchener Rück\n", TextEncoding.WINDOWS_1252);
            System.out.printf("cores=%d, load average=%.2f, median of %d rounds, ms%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
            System.out.println("| file | bytes | baseline: encoding scan + forms read, ms | folded: one read, ms | folded / baseline |");
            System.out.println("|---|---|---|---|---|");
            for (Path f : new Path[] {utf8, late}) {
                baseline(f); // page-cache it, and warm both paths
                folded(f);
                double[] base = new double[rounds], fold = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    base[i] = BarReadCostBench.millis(() -> baseline(f));
                    fold[i] = BarReadCostBench.millis(() -> folded(f));
                }
                double b = BarReadCostBench.median(base), s = BarReadCostBench.median(fold);
                System.out.printf("| %s | %,d | %.0f | %.0f | %.2fx |%n", f.getFileName(), Files.size(f), b, s, s / b);
            }
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The reads before the change: the scan, then (on the file itself when UTF-8, here for both) the forms from every row. */
    private static void baseline(Path f) {
        try (InputStream in = SizeAtOpen.open(f)) {
            TextEncoding.of(in, f.getFileName().toString(), Long.MAX_VALUE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (f.getFileName().toString().startsWith("semicolon")) CsvHead.read(f, f.getFileName().toString());
        else utf8Forms(f);
    }

    /** What staging does now: the folded read; when it gives way (not UTF-8), the scan and the forms as before. */
    private static void folded(Path f) {
        if (StagedFile.decidedInUtf8(f, f.getFileName().toString()) != null) return;
        baseline(f);
    }

    /** The forms read of a Windows-1252 file's UTF-8 copy, stood in for by the same rows in UTF-8 (its copy is left out). */
    private static void utf8Forms(Path f) {
        Path twin = f.resolveSibling("semicolon.csv");
        CsvHead.read(twin, twin.getFileName().toString());
    }

    /** A German long daily file of about {@code bytes}: Symbol;Datum;Schluss;Name, dates DD/MM/YYYY, closes like 1.234,5; {@code last} appended. */
    private static Path write(Path file, long bytes, String last, Charset charset) throws Exception {
        try (BufferedWriter out = Files.newBufferedWriter(file, charset)) {
            out.write("Symbol;Datum;Schluss;Name\n");
            long written = 0;
            java.time.LocalDate start = java.time.LocalDate.of(1990, 1, 1);
            for (int i = 0; written < bytes; i++) {
                java.time.LocalDate d = start.plusDays(i % 9000);
                String row = "S" + (i / 9000) + ";" + String.format("%02d/%02d/%d", d.getDayOfMonth(), d.getMonthValue(), d.getYear()) + ";1."
                        + String.format("%03d", i % 977) + "," + (i % 10) + ";Munchener Ruck\n";
                out.write(row);
                written += row.length();
            }
            out.write(last);
        }
        return file;
    }
}
