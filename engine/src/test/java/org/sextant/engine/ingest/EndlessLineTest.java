package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 35 F1: a first line that never ends (a 50 GB sparse file, 3 GB of zeros, a one-line dump) was read to the end of
 * the file to count its bytes for the message, before any budget applied and with no look at a cancel: the CLI's
 * --timeout 10 stopped after 516 s, and a cancelled job kept running. Now reading stops at the longest line a CSV may
 * have, the file is refused before it is copied or scanned, and every read of the file's lines stops at a cancel.
 */
class EndlessLineTest {
    @TempDir Path tmp;

    /** {@code head}, then {@code bytes} of {@code fill}, made as read (no file), counting what is read of it. */
    private static final class Generated extends InputStream {
        private final byte[] head;
        private final byte[] fill;
        private final long size;
        long read;

        Generated(String head, char fill, long bytes) {
            this(head, String.valueOf(fill), bytes);
        }

        /** {@code head}, then {@code fill} repeated to {@code bytes}. */
        Generated(String head, String fill, long bytes) {
            this.head = head.getBytes(StandardCharsets.UTF_8);
            this.fill = fill.getBytes(StandardCharsets.UTF_8);
            this.size = this.head.length + bytes;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] buf, int off, int len) {
            if (read >= size) return -1;
            int n = (int) Math.min(len, size - read);
            for (int i = 0; i < n; i++) buf[off + i] = read + i < head.length ? head[(int) (read + i)] : fill[(int) ((read + i - head.length) % fill.length)];
            read += n;
            return n;
        }
    }

    @Test
    void aFirstLineThatNeverEndsIsRefusedAfterReadingTwoMegabytesOfIt() throws Exception {
        Generated file = new Generated("Date,Close", '7', 64_000_000); // 64 MB of one line: the import read all of it
        try (CsvHead.Lines lines = new CsvHead.Lines(file, "DUMP.csv", null)) {
            SextantException e = assertThrows(SextantException.class, lines::next);
            assertEquals("DUMP.csv line 1 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage());
            assertTrue(e.fix().startsWith("export the prices again with one short row per line"), e.fix());
        }
        assertTrue(file.read < CsvHead.MAX_LINE + 20_000, "read " + file.read + " bytes of a 64 MB line");
    }

    /**
     * Session 48's note: a header and then gigabytes of blank or whitespace-only lines were read to their end by every reader that
     * skips blank lines (cancellable, not refused). Now they are refused two megabytes in, as a line that never ends is: the file,
     * where the blank lines start and the line reached, never a line's text.
     */
    @Test
    void blankLinesBelowTheHeaderAreRefusedAfterReadingTwoMegabytesOfThem() throws Exception {
        // each blank line counted with its ending: 2,000,001 line feeds, or 400,001 lines of three blanks and CR LF
        for (String[] blank : new String[][] {{"\n", "2000003"}, {" \t \r\n", "400003"}}) {
            Generated file = new Generated("sep=,\nDate,Close\n", blank[0], 64_000_000);
            try (CsvHead.Lines lines = new CsvHead.Lines(file, "BLANK.csv", null)) {
                SextantException e = assertThrows(SextantException.class, () -> {
                    while (lines.next() != null) {
                        // the readers' loop: blank lines skipped
                    }
                });
                assertEquals("BLANK.csv: lines 3 to " + blank[1] + " are blank, more than the import reads before a row (2,000,000 bytes of them); it read no further",
                        e.getMessage(), blank[1]);
                assertEquals(CsvHead.BLANK_RUN_FIX, e.fix());
            }
            assertTrue(file.read < CsvHead.MAX_LINE + 20_000, "read " + file.read + " bytes of 64 MB of blank lines");
        }
    }

    /**
     * The refusal's fix works: its command, run on a refused file of each line end (LF, CR LF, CR alone), leaves a file that
     * imports (attack 37 F4: the grep it gave saw a CR-only file as one line and left every blank line in).
     */
    @Test
    void theBlankLinesFixLeavesAFileThatImports(@TempSextant Store store) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && Files.isExecutable(Path.of("/usr/bin/tr")), "a POSIX shell");
        String[] ends = {"\n", "\r\n", "\r"};
        for (int i = 0; i < ends.length; i++) {
            String end = ends[i];
            Path f = tmp.resolve("BLANKS" + i + ".csv");
            Files.writeString(f, "Date,Close" + end + (" " + end).repeat(1_100_000) + "2020-01-02,10" + end + "2020-01-03,11" + end);
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(f)));
            assertEquals(CsvHead.BLANK_RUN_FIX, e.fix());
            Path clean = tmp.resolve("CLEAN" + i + ".csv");
            String command = CsvHead.BLANK_RUN_COMMAND.replace("FILE", "'" + f + "'").replace("CLEAN.csv", "'" + clean + "'");
            Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true).start();
            assertEquals(0, p.waitFor(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            assertEquals(2, new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(clean)).rowsInserted(), "line ends " + i);
        }
    }

    /** A file with a few blank lines below the header and between its rows imports, as before. */
    @Test
    void aFewBlankLinesStillImport(@TempSextant Store store) throws Exception {
        Path f = Files.writeString(tmp.resolve("MSFT.csv"), "Date,Close\n\n\n\n2020-01-02,10\n\n2020-01-03,11\n" + "\n".repeat(10_000));
        assertEquals(2, new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(f)).rowsInserted());
    }

    /**
     * A header and 5 MB of whitespace-only lines, then rows, on disk: the import refuses it from the first lines it reads, before
     * any file is staged or the store's writer taken, and echoes nothing of the rows.
     */
    @Test
    void anImportOfAHeaderAndMegabytesOfBlankLinesIsRefusedBeforeStaging(@TempSextant Store store) throws Exception {
        Path f = tmp.resolve("SPACES.csv");
        try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            out.write("Date,Close\n".getBytes(StandardCharsets.UTF_8));
            byte[] blanks = " \n".repeat(1 << 16).getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 40; i++) out.write(blanks); // 5 MB
            out.write("2020-01-02,SECRET\n".getBytes(StandardCharsets.UTF_8));
        }
        AtomicInteger staged = new AtomicInteger();
        PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, (source, staging, file, endings) -> {
            staged.incrementAndGet();
            return StagedFile.of(source, staging, file, endings);
        });
        SextantException e = assertThrows(SextantException.class, () -> importer.importFiles(List.of(f)));
        assertEquals(f + ": lines 2 to 1000002 are blank, more than the import reads before a row (2,000,000 bytes of them); it read no further", e.getMessage());
        assertEquals(CsvHead.BLANK_RUN_FIX, e.fix());
        assertFalse(e.toString().contains("SECRET") || e.fix().contains("SECRET"), e.toString());
        assertEquals(0, staged.get(), "no file staged");
    }

    /**
     * Session 48's note: a line too long below the lines the probe reads was found only once staging had read the whole file (and
     * DuckDB's reader after it). Now the scan of staging stops at it: the bytes after it (here a byte that is no text in any
     * encoding the import reads, which was the refusal before) are never read, nothing is echoed, nothing written; with day-first
     * dates, whose every row staging reads to decide their order, alike.
     */
    @Test
    void aLongLineFurtherDownStopsTheImportWhileStaging(@TempSextant Store store) throws Exception {
        for (String[] rows : new String[][] {{"ISO.csv", "2020-01-%02d,10\n"}, {"DAYFIRST.csv", "%02d/01/2020,10\n"}}) {
            Path f = tmp.resolve(rows[0]);
            try (java.io.OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
                out.write("Date,Close\n".getBytes(StandardCharsets.UTF_8));
                for (int d = 13; d <= 28; d++) out.write(String.format(rows[1], d).getBytes(StandardCharsets.UTF_8));
                out.write(("2020-02-03,SECRET" + "7".repeat(3_000_000) + "\n").getBytes(StandardCharsets.UTF_8)); // line 18
                out.write("2020-02-04,11\n".getBytes(StandardCharsets.UTF_8));
                out.write(new byte[] {(byte) 0x81, (byte) 0x81, '\n'});
            }
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults()).importFiles(List.of(f)));
            assertEquals(f + " line 18 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage());
            assertEquals(CsvHead.TOO_LONG_FIX, e.fix());
            assertFalse(e.toString().contains("SECRET"), e.toString());
        }
        assertEquals(0L, (long) store.read(c -> {
            try (var st = c.createStatement(); var r = st.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        }));
    }

    @Test
    void aCancelStopsTheReadOfLinesWithinABuffer() throws Exception {
        Generated file = new Generated("Date,Close\n", '\n', 64_000_000); // a header, then blank lines the probe skips to the end
        try (CsvHead.Lines lines = new CsvHead.Lines(file, "BLANK.csv", null)) {
            assertThrows(CancellationException.class, () -> Cancellation.watching(() -> file.read > 1_000_000, () -> {
                while (lines.next() != null) {
                    // a blank line: read on
                }
                return null;
            }));
        }
        assertTrue(file.read < 1_000_000 + 20_000, "read " + file.read + " bytes after the cancel at 1,000,000");
    }

    @Test
    void aCancelledProbeOfAFileStops() throws Exception {
        Path f = Files.writeString(tmp.resolve("EURUSD.csv"), "datetime,close\n2020-01-02T13:30:00Z,1\n");
        assertThrows(CancellationException.class, () -> Cancellation.watching(() -> true, () -> BarFile.probe(null, f, f.toString(), null, null, false)));
        assertTrue(BarFile.probe(null, f, f.toString(), null, null, false) != null, "uncancelled, the probe reads it as a bar file");
    }

    /**
     * A sparse file of zeros, alone or after a bar file (whose probe alone decided the import's path): refused by line number,
     * nothing of it echoed, before any file is staged (copied, or scanned whole for its encoding) and before the store's writer is taken.
     */
    @Test
    void aSparseFileOfOneLineIsRefusedBeforeAnyFileIsStaged(@TempSextant Store store) throws Exception {
        Path zeros = tmp.resolve("ZEROS.csv");
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(zeros.toFile(), "rw")) {
            raf.write("SECRET_TOKEN=hunter2,".getBytes(StandardCharsets.UTF_8));
            raf.setLength(128L << 20); // 128 MB of zeros after it, on no disk
        }
        Path bars = Files.writeString(tmp.resolve("EURUSD.csv"), "datetime,close\n2020-01-02T13:30:00Z,1\n2020-01-02T14:30:00Z,2\n");
        AtomicInteger staged = new AtomicInteger();
        PriceImporter importer = new PriceImporter(store, PriceRules.defaults(), null, (source, staging, file, endings) -> {
            staged.incrementAndGet();
            return StagedFile.of(source, staging, file, endings);
        });
        for (List<Path> files : List.of(List.of(zeros), List.of(bars, zeros))) {
            SextantException e = assertThrows(SextantException.class, () -> importer.importFiles(files));
            assertEquals(zeros + " line 1 is longer than the longest line a CSV may have (2,000,000 bytes)", e.getMessage(), files.toString());
            assertFalse(e.toString().contains("SECRET") || e.fix().contains("SECRET"), e.toString());
            assertEquals(0, staged.get(), files + ": no file staged");
        }
        assertEquals(0L, (long) store.read(c -> {
            try (var st = c.createStatement(); var r = st.executeQuery("SELECT count(*) FROM prices")) {
                r.next();
                return r.getLong(1);
            }
        }));
    }
}
