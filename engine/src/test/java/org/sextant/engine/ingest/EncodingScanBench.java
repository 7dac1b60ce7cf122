package org.sextant.engine.ingest;

import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.data.BarReadCostBench;

/**
 * Harness: what telling a CSV's encoding costs an import ({@link TextEncoding#of} reads every byte of the staged file before
 * DuckDB does), against the scan before it bounded lines ({@link ScanBeforeLineBounds}, the baseline) and the cheapest full read
 * of the same file, a loop counting its line feeds, in the same rounds; the scan as the preview runs it and as the import does
 * (lineBound: a line past the reader's bound stops it). Two
 * generated daily long CSVs of the given size: ASCII (UTF-8, the common case) and the same rows with a Windows-1252 name
 * column ("Münchener Rück"), page-cached by an untimed first read.
 *
 * <p>Run: see docs/benchmarks.md, "Import" (the encoding scan).
 */
public final class EncodingScanBench {
    public static void main(String[] args) throws Exception {
        long megabytes = args.length > 0 ? Long.parseLong(args[0]) : 500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path dir = Files.createTempDirectory("sextant-encoding-bench");
        try {
            Path ascii = write(dir.resolve("ascii.csv"), megabytes << 20, "Munchener Ruck".getBytes(StandardCharsets.US_ASCII));
            Path cp1252 = write(dir.resolve("cp1252.csv"), megabytes << 20, "Münchener Rück".getBytes(TextEncoding.WINDOWS_1252));
            System.out.printf("cores=%d, load average=%.2f, median of %d rounds, ms%n", Runtime.getRuntime().availableProcessors(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
            System.out.println("| file | bytes | count line feeds | baseline: scan before line bounds | scan | scan, lineBound | ratio (lineBound / baseline) |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (Path f : new Path[] {ascii, cp1252}) {
                countLines(f); // page-cache it
                double[] lf = new double[rounds], base = new double[rounds], scan = new double[rounds], bound = new double[rounds];
                for (int i = 0; i < rounds; i++) {
                    lf[i] = BarReadCostBench.millis(() -> countLines(f));
                    base[i] = BarReadCostBench.millis(() -> before(f));
                    scan[i] = BarReadCostBench.millis(() -> encoding(f, false));
                    bound[i] = BarReadCostBench.millis(() -> encoding(f, true));
                }
                double b = BarReadCostBench.median(base), lb = BarReadCostBench.median(bound);
                System.out.printf("| %s (%s) | %,d | %.0f | %.0f | %.0f | %.0f | %.2fx |%n", f.getFileName(), encoding(f, true), Files.size(f),
                        BarReadCostBench.median(lf), b, BarReadCostBench.median(scan), lb, lb / b);
            }
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A long daily CSV of about {@code bytes}: symbol, date, name, OHLC, volume. */
    private static Path write(Path file, long bytes, byte[] name) throws Exception {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            out.write("symbol,date,name,open,high,low,close,volume\n".getBytes(StandardCharsets.US_ASCII));
            long written = 0;
            java.time.LocalDate d = java.time.LocalDate.of(1990, 1, 1);
            for (int i = 0; written < bytes; i++) {
                byte[] head = ("S" + (i % 5000) + "," + d.plusDays(i / 5000) + ",").getBytes(StandardCharsets.US_ASCII);
                byte[] tail = (",100.25,101.5,99.75,100.5," + (1000 + i % 977) + "\n").getBytes(StandardCharsets.US_ASCII);
                out.write(head);
                out.write(name);
                out.write(tail);
                written += head.length + name.length + tail.length;
            }
        }
        return file;
    }

    private static long countLines(Path f) {
        try (InputStream in = Files.newInputStream(f)) {
            byte[] buf = new byte[1 << 16];
            long lines = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) if (buf[i] == '\n') lines++;
            }
            return lines;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String before(Path f) {
        try (InputStream in = Files.newInputStream(f)) {
            return ScanBeforeLineBounds.of(in);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String encoding(Path f, boolean lineBound) {
        try (InputStream in = Files.newInputStream(f)) {
            TextEncoding.Verdict v = TextEncoding.of(in, f.getFileName().toString(), Long.MAX_VALUE, lineBound);
            return v.utf8() ? "UTF-8" : TextEncoding.shown(v.charset());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
