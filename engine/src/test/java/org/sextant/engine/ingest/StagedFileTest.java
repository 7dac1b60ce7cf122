package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.SampleStoreCopy;

/** The staging copy of a file on another disk: a write that fails is the staging folder's, not the user's file. */
class StagedFileTest {
    @TempDir Path tmp;

    /** A sink whose writes fail after the first, as a disk that fills during the copy does. */
    static StagedFile.Sink failingAfterFirstWrite(String why) {
        return target -> new FilterOutputStream(Files.newOutputStream(target)) {
            private int writes;

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (writes++ > 0) throw new IOException(why);
                out.write(b, off, len);
            }
        };
    }

    private Path bigFile() throws IOException {
        StringBuilder rows = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < 20_000; i++) rows.append("AAA,2010-01-04,").append(i).append('\n');
        return Files.writeString(tmp.resolve("bulk.csv"), rows);
    }

    /** The staging of a file on another disk whose copy fails with {@code why}: the error, and no part of the copy left behind. */
    private SextantException failedCopy(Path source, Path staging, String why) throws IOException {
        SextantException e = assertThrows(SextantException.class,
                () -> StagedFile.of(source, staging, source.toString(), false, failingAfterFirstWrite(why)));
        try (var left = Files.list(staging)) {
            assertEquals(0, left.count(), "the part of the copy written is deleted");
        }
        return e;
    }

    /** A copy into staging whose import was cancelled (a job's cancel, its caller gone) stops mid-copy and leaves no part behind. */
    @Test
    void aCancelStopsTheCopyAndLeavesStagingEmpty() throws Exception {
        Path source = bigFile(); // several buffers long
        Path staging = Files.createDirectories(tmp.resolve("home/data/staging"));
        int[] writes = {0};
        StagedFile.Sink counted = target -> new FilterOutputStream(Files.newOutputStream(target)) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                writes[0]++;
                out.write(b, off, len);
            }
        };
        assertThrows(java.util.concurrent.CancellationException.class, () -> org.sextant.engine.jobs.Cancellation.watching(() -> writes[0] >= 1,
                () -> StagedFile.of(source, staging, source.toString(), false, counted)));
        assertEquals(1, writes[0], "the copy stops at the buffer after the cancel");
        try (var left = Files.list(staging)) {
            assertEquals(0, left.count(), "the part of the copy written is deleted");
        }
    }

    @Test
    void aFullDiskIsSaidAsTheStagingFoldersNotAsAnUnreadableFile() throws Exception {
        Path source = bigFile();
        Path staging = Files.createDirectories(tmp.resolve("home/data/staging"));
        SextantException e = failedCopy(source, staging, "No space left on device");
        assertEquals(source + ": no space left to stage the import in " + staging + ": the file is copied there before it is read, and the disk is full"
                + " (No space left on device); nothing was imported", e.getMessage());
        assertEquals("free disk space on the disk of " + staging + " (old backups, data/damaged-* copies), or move the file to that disk"
                + " (a file on that disk is linked there, not copied), then import again", e.fix());
        assertEquals("io_error", e.failReason());
        assertNull(e.field());
    }

    @Test
    void anotherWriteFailureNamesTheStagingFolder() throws Exception {
        Path source = bigFile();
        Path staging = Files.createDirectories(tmp.resolve("home/data/staging"));
        assertEquals(source + ": cannot write the copy of the file the import reads in " + staging + " (Input/output error); nothing was imported",
                failedCopy(source, staging, "Input/output error").getMessage());
    }

    @Test
    void aMissingFileIsStillUnreadableAndACopyWithoutFailureIsWhole() throws Exception {
        Path staging = Files.createDirectories(tmp.resolve("staging"));
        Path gone = tmp.resolve("gone.csv");
        SextantException e = assertThrows(SextantException.class, () -> StagedFile.of(gone, staging, gone.toString(), false, Files::newOutputStream));
        assertEquals(gone + ": cannot read (" + gone + ")", e.getMessage());
        assertEquals("check that the file exists and is readable", e.fix());
        Path source = bigFile();
        try (StagedFile copy = StagedFile.of(source, staging, source.toString(), false, Files::newOutputStream)) {
            assertEquals(-1, Files.mismatch(source, copy.path()));
        }
        assertEquals(0, Files.list(staging).count());
    }

    /**
     * A file on another disk that exists but may not be read (permission denied: chmod 000 as a user other than root,
     * injected here since the tests may run as root) is the user's file to fix, not staging's disk to free.
     */
    @Test
    void aFileThatCannotBeOpenedIsUnreadableNotAStagingWriteFailure() throws Exception {
        Path source = bigFile();
        Path staging = Files.createDirectories(tmp.resolve("home/data/staging"));
        Path real = source.toRealPath();
        StagedFile.Source denied = p -> {
            throw new java.nio.file.AccessDeniedException(p.toString());
        };
        SextantException e = assertThrows(SextantException.class,
                () -> StagedFile.of(source, staging, source.toString(), false, denied, Files::newOutputStream));
        assertEquals(source + ": cannot read (" + real + ")", e.getMessage());
        assertEquals("check that the file exists and is readable", e.fix());
        assertEquals("paths", e.field());
        try (var left = Files.list(staging)) {
            assertEquals(0, left.count(), "no copy begun");
        }
    }

    /** Files on another disk (never linked) are copied into staging once each: the probe and the read use one copy. */
    @Test
    void aFileOnAnotherDiskIsCopiedOnceForTheProbeAndTheRead() throws Exception {
        Path bars = Files.writeString(tmp.resolve("EURUSD.csv"), "timestamp,close\n2024-01-02T10:00:00Z,1.1\n2024-01-02T11:00:00Z,1.2\n2024-01-02T12:00:00Z,1.3\n");
        Path daily = Files.writeString(tmp.resolve("KO.csv"), "Date,Close\n2024-01-02,60\n2024-01-03,61\n2024-01-04,62\n");
        java.util.List<String> copies = new java.util.ArrayList<>();
        PriceImporter.Stage copying = (source, dir, file, endings) -> {
            copies.add(source.getFileName().toString());
            return StagedFile.of(source, dir, file, false, Files::newOutputStream);
        };
        try (org.sextant.engine.store.Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            new PriceImporter(store, PriceRules.defaults(), null, copying).importFiles(java.util.List.of(bars, daily));
            assertEquals(java.util.List.of("EURUSD.csv", "KO.csv"), copies);
            assertEquals(3, SampleUniverseTest.number(store, "SELECT count(*) FROM bars"));
            assertEquals(3, SampleUniverseTest.number(store, "SELECT count(*) FROM prices"));
            try (var left = Files.list(tmp.resolve("staging"))) {
                assertEquals(0, left.filter(f -> f.getFileName().toString().startsWith("import-")).count(), "each copy deleted after the read");
            }
        }
    }
}
