package org.sextant.engine.ingest;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.DuckDbPath;

/**
 * A user's file made visible to DuckDB, whose file access is confined to the staging folder:
 * a hard link when the file is on the same file system (no copy of a large file), else a copy.
 * A CSV whose lines end in more than one way is read from a second copy whose lines all end with LF
 * ({@link LineEndings}), never changed in place: the link is the user's own file. Telling that takes a read of the
 * whole file, which an import skips until DuckDB's reader fails ({@link Endings#AS_WRITTEN}).
 * Deleted on close, which never touches the user's original.
 */
public final class StagedFile implements AutoCloseable {
    private final Path path;
    private final String mixedEndings;
    private final String encoding;
    private final String file;
    private final long linkedSize;
    private final CsvHead decided;

    private StagedFile(Path path) {
        this(path, null, null, null, -1, null);
    }

    /**
     * @param encoding   the note of a file read in another encoding than UTF-8 (this copy is UTF-8), else null
     * @param linkedSize the user's file's size when linked, -1 for a copy (which holds what was read, and no more)
     * @param decided    a daily CSV's head decided from every row while its encoding was told ({@link #decidedInUtf8}), else null
     */
    private StagedFile(Path path, String mixedEndings, String encoding, String file, long linkedSize, CsvHead decided) {
        this.path = path;
        this.mixedEndings = mixedEndings;
        this.encoding = encoding;
        this.file = file;
        this.linkedSize = linkedSize;
        this.decided = decided;
    }

    static StagedFile of(Path source, Path stagingDir, String file) {
        return of(source, stagingDir, file, LineEndings::mixed);
    }

    /** As above, a CSV's line endings judged by {@code endings}. */
    static StagedFile of(Path source, Path stagingDir, String file, Endings endings) {
        return of(source, stagingDir, file, true, StagedFile::openUsersFile, Files::newOutputStream, endings);
    }

    /** Which line of a staged CSV first ends otherwise than line 1, said with both kinds; null when it is read as it is. */
    interface Endings {
        String mixed(Path staged);

        /**
         * Read as written, no line ending judged: DuckDB's reader refuses a file whose lines end in more than one way
         * ("the CSV Parser state machine reached an invalid state", MixedEndingsReadTest), so an import stages its files
         * so, and judges them ({@link LineEndings#mixed}, a read of the whole file) only once a read has failed.
         */
        Endings AS_WRITTEN = staged -> null;
    }

    /** Opens the user's file for reading: the file system's, or in a test one that refuses as a file without read permission does. */
    interface Source {
        InputStream open(Path real) throws IOException;
    }

    /** The user's file opened read-only to be copied: a pipe put at the path after the import checked it is refused. */
    private static InputStream openUsersFile(Path real) throws IOException {
        return java.nio.channels.Channels.newInputStream(
                org.sextant.contract.HomeFile.openUsersFile(real, OpenWaits.stillWanted(real)));
    }

    /** Opens the staging copy for writing: the file system's, or in a test one whose writes fail as a full disk's do. */
    interface Sink {
        OutputStream open(Path target) throws IOException;
    }

    /**
     * The staged file, linked when {@code link} and the file system allows it, else copied through {@code sink}.
     * A read of the user's file that fails is said as such; a write of the copy that fails (a full disk) names the
     * staging folder, not the file, and leaves no part of the copy behind.
     */
    static StagedFile of(Path source, Path stagingDir, String file, boolean link, Sink sink) {
        return of(source, stagingDir, file, link, StagedFile::openUsersFile, sink);
    }

    /** As above, the user's file opened through {@code source}: a file that cannot be opened is unreadable, whatever staging is. */
    static StagedFile of(Path source, Path stagingDir, String file, boolean link, Source input, Sink sink) {
        return of(source, stagingDir, file, link, input, sink, LineEndings::mixed);
    }

    private static StagedFile of(Path source, Path stagingDir, String file, boolean link, Source input, Sink sink, Endings endings) {
        Path target = target(stagingDir, source.getFileName().toString());
        Path real;
        try {
            // the file a link names: a hard link to the link itself would point DuckDB outside staging, where it may not read
            real = source.toRealPath();
            if (link && link(real, target)) return inUtf8(target, linkedSize(target, file), source, stagingDir, file, sink, endings);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
        InputStream opened;
        InputStream in;
        try {
            opened = input.open(real); // before the copy's try: permission denied is the user's file, not staging's disk
        } catch (IOException e) {
            throw unreadable(file, e);
        }
        long size;
        try {
            size = Files.size(real);
            in = SizeAtOpen.of(opened, size); // a file that grows, or says 0 bytes and streams on, is refused, not copied without end
        } catch (IOException e) {
            closeQuietly(opened);
            throw unreadable(file, e);
        }
        try {
            requireSpace(size, stagingDir, file); // a sparse file of 256 GB: the copy would fill the disk, then fail
        } catch (SextantException e) {
            closeQuietly(in);
            throw e;
        }
        write(target, sink, stagingDir, file, out -> {
            try (in) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = read(in, buf)) >= 0; ) {
                    org.sextant.engine.jobs.Cancellation.check(); // a job cancelled or a caller gone: no gigabytes copied for nobody
                    out.write(buf, 0, n);
                }
            }
        });
        return inUtf8(target, -1, source, stagingDir, file, sink, endings);
    }

    /** Refuses a copy of {@code bytes} that the disk of staging has no room for, before any of it is written. */
    private static void requireSpace(long bytes, Path stagingDir, String file) {
        long free = usableSpace(stagingDir);
        if (bytes <= free) return;
        throw new SextantException(org.sextant.contract.FailReason.IO_ERROR, file + ": it holds " + String.format(java.util.Locale.ROOT, "%,d", bytes)
                + " bytes and the disk of " + stagingDir.toAbsolutePath().normalize() + " has " + String.format(java.util.Locale.ROOT, "%,d", free)
                + " free: the file is copied there before it is read; nothing was imported", null, DISK_FIX.formatted(stagingDir.toAbsolutePath().normalize()));
    }

    /**
     * {@code staged} as it is when it is UTF-8 (or Parquet), else a UTF-8 copy beside it of the Windows-1252 or UTF-16 text it holds
     * ({@link TextEncoding}), written through {@code sink}, {@code staged} deleted; a file that is neither is refused, nothing left in staging.
     */
    private static StagedFile inUtf8(Path staged, long linkedSize, Path source, Path stagingDir, String file, Sink sink, Endings endings) {
        if (BarFile.isParquet(source)) return new StagedFile(staged, null, null, file, linkedSize, null);
        CsvHead decided;
        try {
            decided = decidedInUtf8(staged, file);
        } catch (RuntimeException e) { // cancelled
            deleteQuietly(staged);
            throw e;
        }
        if (decided != null) return withOneLineEnding(staged, linkedSize, null, decided, source, stagingDir, file, sink, endings);
        TextEncoding.Verdict v;
        try (InputStream in = SizeAtOpen.open(staged)) {
            v = TextEncoding.of(in, file, Long.MAX_VALUE, true); // a line past the reader's bound stops the scan there
        } catch (IOException e) {
            deleteQuietly(staged);
            throw unreadable(file, e);
        } catch (RuntimeException e) { // refused, or cancelled
            deleteQuietly(staged);
            throw e;
        }
        if (v.utf8()) return withOneLineEnding(staged, linkedSize, null, null, source, stagingDir, file, sink, endings);
        Path copy = target(stagingDir, source.getFileName().toString());
        try {
            requireSpace(v.copyBytes(), stagingDir, file);
            write(copy, sink, stagingDir, file, out -> {
                try (InputStream in = LineEndings.open(staged)) {
                    TextEncoding.transcode(new java.io.FilterInputStream(in) {
                        @Override
                        public int read(byte[] buf, int off, int len) throws IOException {
                            try {
                                return super.read(buf, off, len);
                            } catch (IOException e) { // the file's read, told apart from the copy's write
                                throw e instanceof Unreadable ? e : new Unreadable(e);
                            }
                        }
                    }, v.charset(), file, out);
                }
            });
        } finally {
            deleteQuietly(staged); // a link or a copy in staging: the user's file is untouched
        }
        return withOneLineEnding(copy, -1, v.note(file), null, source, stagingDir, file, sink, endings);
    }

    /**
     * A daily CSV's head with its date order and number style decided from every row ({@link CsvHead#readDecidedFromEveryRow}):
     * that read decodes every byte as UTF-8, so it is the encoding scan too (a file of ';' or tabs was read once for each).
     * Null when the file is a bar file (its probe decides its own), has nothing to decide, is not UTF-8 or is refused: the
     * scan ({@link TextEncoding}) and the reads after it then run as before and say why.
     */
    static CsvHead decidedInUtf8(Path staged, String file) {
        try {
            if (BarFile.probe(null, staged, file, null, null, false) != null) return null;
            return CsvHead.readDecidedFromEveryRow(staged, file);
        } catch (CsvHead.LineTooLong e) {
            throw e; // the import stops at the line: DuckDB's reader would refuse it after reading the whole file
        } catch (SextantException | java.sql.SQLException e) {
            return null;
        }
    }

    /** The size of the file just linked at {@code target}; the link removed if it cannot be told. */
    private static long linkedSize(Path target, String file) {
        try {
            return Files.size(target);
        } catch (IOException e) {
            deleteQuietly(target);
            throw unreadable(file, e);
        }
    }

    /** Writes what goes into a staged copy. */
    private interface Copy {
        void to(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} through {@code sink}: a failed read ({@link Unreadable}) is said as the file's, a failed write as
     * staging's; on any failure or a cancel no part of {@code target} is left, so staging is as after no copy.
     */
    private static void write(Path target, Sink sink, Path stagingDir, String file, Copy copy) {
        try (OutputStream out = sink.open(target)) {
            copy.to(out);
        } catch (java.util.concurrent.CancellationException | SextantException e) { // cancelled, or the text refused while read
            deleteQuietly(target);
            throw e;
        } catch (Unreadable e) {
            deleteQuietly(target);
            if (e.getCause() instanceof SizeAtOpen.Grew grew) throw grew.refusal(file);
            throw unreadable(file, e.getCause());
        } catch (IOException e) {
            deleteQuietly(target);
            throw unwritable(file, stagingDir, e);
        }
    }

    /**
     * {@code staged} as it is, or, when it is a CSV whose lines end in more than one way, a new copy beside it whose lines
     * all end with LF (written through {@code sink}, as staging's copies are; never larger than the file), {@code staged} deleted.
     */
    private static StagedFile withOneLineEnding(Path staged, long linkedSize, String encoding, CsvHead decided, Path source, Path stagingDir, String file,
            Sink sink, Endings endings) {
        String mixed = endings.mixed(staged);
        if (mixed == null) return new StagedFile(staged, null, encoding, file, linkedSize, decided);
        Path copy = target(stagingDir, source.getFileName().toString());
        try {
            write(copy, sink, stagingDir, file, out -> LineEndings.writeWithLf(staged, out));
        } finally {
            deleteQuietly(staged); // a link or a copy in staging: the user's file is untouched
        }
        return new StagedFile(copy, mixed, encoding, file, -1, decided); // its lines are the same lines: the head read holds
    }

    private static boolean link(Path real, Path target) {
        try {
            Files.createLink(target, real);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false; // another file system (or none that links): copied
        }
    }

    /** A read of the user's file that failed, told apart from a failed write of the copy. */
    static final class Unreadable extends IOException {
        Unreadable(IOException cause) {
            super(cause);
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }

    static int read(InputStream in, byte[] buf) throws Unreadable {
        try {
            return in.read(buf);
        } catch (IOException e) {
            throw new Unreadable(e);
        }
    }

    private static SextantException unreadable(String file, IOException e) {
        if (e instanceof org.sextant.contract.HomeFile.NotRegular notRegular) return CsvErrors.notAFile(file, notRegular);
        return SextantException.invalid("paths", file + ": cannot read (" + e.getMessage() + ")", "check that the file exists and is readable");
    }

    /**
     * The copy into staging could not be written: the file is fine, the disk of SEXTANT_HOME is not. Said with
     * the folder, and the way around a copy (a file on that disk is linked, which takes no space).
     */
    private static final String DISK_FIX = "free disk space on the disk of %s (old backups, data/damaged-* copies), or move the file to that disk"
            + " (a file on that disk is linked there, not copied), then import again";

    /** The bytes staging's disk has free for this process; Long.MAX_VALUE when it cannot be told (the copy's own failure then says it). */
    private static long usableSpace(Path stagingDir) {
        try {
            return Files.getFileStore(stagingDir).getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    static SextantException unwritable(String file, Path stagingDir, IOException e) {
        Path dir = stagingDir.toAbsolutePath().normalize();
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String link = " (a file on that disk is linked there, not copied)";
        if (org.sextant.engine.store.DiskFull.causedBy(e)) {
            return new SextantException(org.sextant.contract.FailReason.IO_ERROR, file + ": no space left to stage the import in " + dir
                    + ": the file is copied there before it is read, and the disk is full (" + why + "); nothing was imported",
                    null, DISK_FIX.formatted(dir), e);
        }
        return new SextantException(org.sextant.contract.FailReason.IO_ERROR, file + ": cannot write the copy of the file the import reads in " + dir
                + " (" + why + "); nothing was imported", null, "check that " + dir + " is writable and its disk has free space, or move the file to that disk"
                + link + ", then import again", e);
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // only read from: nothing to lose
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the next start removes it (removeLeftovers)
        }
    }

    static StagedFile of(InputStream in, Path stagingDir, String name) {
        Path target = target(stagingDir, name);
        try (in) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stage " + name, e);
        }
        return new StagedFile(target);
    }

    /** What the app stages: an import's or a sample's copies, a gather's folder, a deletion's rows before they are kept. */
    private static final java.util.List<String> STAGED = java.util.List.of("import-", "gather-", "sample-", "deleted-");

    /**
     * Removes what a killed import, gather, sample load or price deletion left in staging (import-* and deleted-* files,
     * gather-* and sample-* folders; attack 20: a killed delete_prices left its deleted-*.csv for good).
     * Call only while this process owns the store (at open): no import of ours is running then.
     *
     * @return how many entries were removed
     */
    public static int removeLeftovers(Path stagingDir) {
        if (!Files.isDirectory(stagingDir)) return 0;
        int removed = 0;
        try (var entries = Files.list(stagingDir)) {
            for (Path p : (Iterable<Path>) entries::iterator) {
                String name = p.getFileName().toString();
                if (STAGED.stream().noneMatch(name::startsWith)) continue;
                // deepest first, links not followed: a folder's files, then the folder
                try (var inner = Files.walk(p)) {
                    for (Path f : (Iterable<Path>) inner.sorted(java.util.Comparator.reverseOrder())::iterator) Files.deleteIfExists(f);
                }
                removed++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean the staging folder " + stagingDir, e);
        }
        return removed;
    }

    private static Path target(Path stagingDir, String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return stagingDir.toAbsolutePath().normalize().resolve("import-" + UUID.randomUUID() + "-" + safe);
    }

    Path path() { return path; }

    /** The head of this daily CSV ({@link CsvHead#read}): as decided while its encoding was told, or read now. */
    CsvHead head(String file) {
        return decided != null && file.equals(this.file) ? decided : CsvHead.read(path, file);
    }

    /** Whether this is a UTF-8 copy of a file in another encoding ({@link TextEncoding}). */
    boolean encoded() { return encoding != null; }

    /** Which line first ended otherwise than line 1 when the file's lines end in more than one way (this copy's all end with LF), else null. */
    String mixedEndings() { return mixedEndings; }

    /**
     * The report's notes of how the file was read: another encoding than UTF-8 (this copy is UTF-8), {@code forms} (how its dates and
     * numbers are written, {@link CsvForms}), lines read as ending alike.
     */
    java.util.List<String> readNotes(String file, java.util.List<String> forms) {
        java.util.List<String> notes = new java.util.ArrayList<>();
        if (encoding != null) notes.add(encoding);
        notes.addAll(forms);
        if (mixedEndings != null) notes.add(LineEndings.note(file, mixedEndings));
        return java.util.List.copyOf(notes);
    }

    /** The path as a SQL string literal DuckDB reads as this file, whatever the folder of SEXTANT_HOME is called ({@link DuckDbPath}). */
    String sqlLiteral() {
        return DuckDbPath.literal(path);
    }

    /**
     * Deletes the staged file. A linked file (the user's own, read by DuckDB in place) that grew since it was linked is
     * refused here, inside the import's transaction, as a copy that grows is refused while it is read ({@link SizeAtOpen}).
     */
    @Override
    public void close() {
        long now = linkedSize < 0 ? -1 : sizeOrMinusOne(path);
        deleteQuietly(path); // the next start removes what this cannot (removeLeftovers)
        if (now > linkedSize) throw new SizeAtOpen.Grew(linkedSize).refusal(file);
    }

    private static long sizeOrMinusOne(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1; // gone: nothing grew that is still read
        }
    }
}
