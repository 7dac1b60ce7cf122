package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.contract.Capabilities;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * The CSVs delete_prices keeps under SEXTANT_HOME/data/deleted ({@link PriceDeletion}), as a user
 * sees them: who and when from the file names, and their sizes. Only names and attributes are read,
 * never a file's content; a file not named as a deletion names it is listed as "other".
 */
public final class KeptDeletions {
    public static final int DEFAULT_LIMIT = 100;
    /** SYMBOL.interval.yyyyMMddTHHmmss.SSSZ[.N].csv, as {@link PriceDeletion#fileName} writes it (the symbol may hold dots). */
    private static final Pattern NAME = Pattern.compile("(.+)\\.(" + String.join("|", Capabilities.INTERVALS)
            + ")\\.(\\d{8}T\\d{6}\\.\\d{3}Z)(?:\\.(\\d+))?\\.csv");
    /** Strict: a name holding 30 February or month 13 is not one delete_prices wrote (it is "other"), not a guessed date. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.SSS'Z'")
            .withResolverStyle(java.time.format.ResolverStyle.STRICT);
    /** Entries between two looks at the request's budget: a folder of a million files is stopped at it. */
    private static final int CHECK_EVERY = 1_000;

    private final Path home;
    private final Path dir;

    /** @param home SEXTANT_HOME, which listed file names are relative to; @param dir its data/deleted */
    public KeptDeletions(Path home, Path dir) {
        this.home = home.toAbsolutePath().normalize();
        this.dir = dir.toAbsolutePath().normalize();
    }

    /**
     * One kept file.
     *
     * @param kind      "deleted_prices" (named as delete_prices names its files) or "other"
     * @param symbol    the symbol as the file name holds it (a / of EUR/USD as _); null for other
     * @param interval  the interval of its rows (1d: daily prices); null for other
     * @param deletedAt when the rows were deleted (from the name); for other the file's last change
     * @param copy      the N of a NAME.N.csv kept beside a file of the same name (1 without one)
     * @param file      relative to SEXTANT_HOME, e.g. data/deleted/AA.1d.20260101T120000.000Z.csv
     */
    public record Kept(String kind, String symbol, String interval, Instant deletedAt, int copy, String file, long bytes) {}

    /**
     * @param count      entries in data/deleted (every one, listed or not)
     * @param totalBytes the bytes of every file there: the disk the kept deletions take
     * @param truncated  more entries than {@code limit}: the newest are listed
     */
    public record Listing(String folder, int count, long totalBytes, boolean truncated, int limit, List<Kept> files) {
        /**
         * This listing as an answer shows it: a file placed there by hand may be named with a terminal escape or a right-to-left
         * override, escaped as {@link org.sextant.contract.ShownText#escaped} does (the window keeps the real name to remove it).
         */
        public Listing shown() {
            List<Kept> shown = files.stream().map(k -> new Kept(k.kind(), k.symbol(), k.interval(), k.deletedAt(), k.copy(),
                    org.sextant.contract.ShownText.escaped(k.file()), k.bytes())).toList();
            return new Listing(folder, count, totalBytes, truncated, limit, shown);
        }
    }

    private static final Comparator<Kept> NEWEST_FIRST = Comparator.comparing(Kept::deletedAt).thenComparingInt(Kept::copy)
            .thenComparing(Kept::file).reversed();

    /** The newest {@code limit} entries of data/deleted, newest first, with the count and size of all; an absent folder is empty. */
    public Listing list(int limit) {
        if (limit < 1) throw SextantException.invalid("limit", "limit must be at least 1, was " + limit, "pass limit as 1.." + org.sextant.contract.Bounds.MAX_KEPT_LIST);
        PriorityQueue<Kept> newest = new PriorityQueue<>(NEWEST_FIRST.reversed()); // its head is the oldest kept, dropped first
        int count = 0;
        long bytes = 0;
        if (Files.isDirectory(dir)) { // a link to a folder elsewhere (moved to a bigger disk) is where delete_prices keeps them too
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path p : entries) {
                    if (++count % CHECK_EVERY == 0) Cancellation.check();
                    Kept k = kept(p);
                    if (k == null) {
                        count--; // gone between the listing and the look
                        continue;
                    }
                    bytes += k.bytes();
                    newest.add(k);
                    if (newest.size() > limit) newest.poll();
                }
            } catch (IOException e) {
                throw new SextantException(FailReason.IO_ERROR, "could not list " + relative(dir) + " (" + e.getClass().getSimpleName() + ")", null,
                        "check that SEXTANT_HOME/data/deleted is a folder you can read", e);
            }
        }
        List<Kept> files = new ArrayList<>(newest);
        files.sort(NEWEST_FIRST);
        return new Listing(relative(dir), count, bytes, count > files.size(), limit, List.copyOf(files));
    }

    /** {@code p} as listed, from its name and attributes (a link is not followed: it is other, its own size); null when it is gone. */
    private Kept kept(Path p) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) {
            return null;
        }
        long size = a.isRegularFile() ? a.size() : 0;
        String name = p.getFileName().toString();
        Matcher m = NAME.matcher(name);
        Instant at = a.isRegularFile() && m.matches() ? stamp(m.group(3)) : null;
        if (at != null) {
            return new Kept("deleted_prices", m.group(1), m.group(2), at, m.group(4) == null ? 1 : parseCopy(m.group(4)), relative(p), size);
        }
        return new Kept("other", null, null, a.lastModifiedTime().toInstant(), 0, relative(p), size);
    }

    /** When a name's stamp says the rows were deleted; null for one no clock gives (month 13, year 0). */
    private static Instant stamp(String text) {
        try {
            Instant at = LocalDateTime.parse(text, STAMP).toInstant(ZoneOffset.UTC);
            return at.getEpochSecond() > 0 ? at : null;
        } catch (java.time.DateTimeException notADate) {
            return null;
        }
    }

    private static int parseCopy(String n) {
        return n.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(n);
    }

    /**
     * Deletes one kept file ({@code file} relative to SEXTANT_HOME, as {@link #list} names it) and answers its bytes: a person's
     * action from the Data view, never an agent's. Only a regular file directly in data/deleted is removed; any other path
     * (outside it, a folder, a link) is refused and nothing is deleted.
     */
    public long remove(String file) {
        if (file == null || file.isBlank()) throw SextantException.invalid("file", "no kept file named", "pick a file from the kept deletions");
        Path p = home.resolve(file).toAbsolutePath().normalize();
        if (!dir.equals(p.getParent())) {
            throw SextantException.invalid("file", "'" + org.sextant.contract.ShownText.name(file) + "' is not in " + relative(dir)
                    + ": only a kept deletion there can be removed; nothing was deleted", "pick a file from the kept deletions");
        }
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!a.isRegularFile()) {
                throw SextantException.invalid("file", relative(p) + " is not a regular file (a folder or a link); nothing was deleted",
                        "remove it with your file manager if you mean to");
            }
            Files.delete(p);
            return a.size();
        } catch (NoSuchFileException e) {
            throw new SextantException(FailReason.NOT_FOUND, relative(p) + " is no longer there; nothing was deleted", "file", "refresh the kept deletions");
        } catch (IOException e) {
            throw new SextantException(FailReason.IO_ERROR, "could not remove " + relative(p) + " (" + e.getClass().getSimpleName() + "); it is still there", "file",
                    "check that SEXTANT_HOME/data/deleted is writable", e);
        }
    }

    /** {@code p} relative to SEXTANT_HOME with / between names, as every platform shows it to the user alike. */
    private String relative(Path p) {
        return home.relativize(p).toString().replace('\\', '/');
    }
}
