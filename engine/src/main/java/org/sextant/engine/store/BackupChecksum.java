package org.sextant.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/**
 * The CRC32C and length of a backup as it was written, kept beside it as {@code NAME.crc32c}. Without it a backup
 * damaged inside at its full length looks whole to {@code restore --list}, which reads only the file's head and its
 * tables' metadata; with it, the list reads the file once (CRC32C runs at memory speed) and names the damage.
 */
public final class BackupChecksum {
    static final String SUFFIX = ".crc32c";
    private static final Pattern LINE = Pattern.compile("crc32c=([0-9a-f]{8}) bytes=(\\d{1,19})\n?");
    private static final int BUFFER = 1 << 20;

    /** What the check found: {@code problem} (null when none) and a word on how it was checked, for the list. */
    public record Verdict(String problem, String checked) {}

    private BackupChecksum() {}

    static Path of(Path backup) {
        return backup.resolveSibling(backup.getFileName() + SUFFIX);
    }

    /** Copies {@code from} to {@code to}, returning the checksum line of the bytes written. */
    static String copy(Path from, Path to) throws IOException {
        CRC32C crc = new CRC32C();
        long bytes = 0;
        byte[] buf = new byte[BUFFER];
        try (InputStream in = Files.newInputStream(from); OutputStream out = Files.newOutputStream(org.sextant.engine.home.AtomicFiles.newOwnerOnly(to))) {
            for (int n; (n = in.read(buf)) > 0; bytes += n) {
                crc.update(buf, 0, n);
                out.write(buf, 0, n);
            }
        }
        return line(crc.getValue(), bytes);
    }

    /** Writes the checksum file of {@code backup} whole or not at all (a temp file renamed into place). */
    static void write(Path backup, String line) throws IOException {
        Path target = of(backup);
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            Files.writeString(org.sextant.engine.home.AtomicFiles.newOwnerOnly(tmp), line, StandardCharsets.US_ASCII);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Whether {@code backup} still holds the bytes written: the damage ("damaged: …") or null, and how it was checked.
     * A backup without its checksum file (taken before this release, or copied without it) is not judged here.
     */
    public static Verdict verify(Path backup) {
        Path sum = of(backup);
        if (!Files.isRegularFile(sum)) return new Verdict(null, "no checksum kept");
        Matcher kept;
        try {
            kept = Files.size(sum) > 64 ? null : LINE.matcher(Files.readString(sum, StandardCharsets.US_ASCII));
        } catch (IOException e) { // unreadable, or not ASCII: not a file this class wrote
            kept = null;
        }
        String unread = "its checksum file " + org.sextant.contract.ShownText.escaped(sum.getFileName().toString()) + " cannot be read, not checked";
        if (kept == null || !kept.matches()) return new Verdict(null, unread);
        long crcKept = Long.parseLong(kept.group(1), 16);
        long bytesKept;
        try {
            bytesKept = Long.parseLong(kept.group(2));
        } catch (NumberFormatException pastLong) { // 19 digits beyond 2^63: not a length this class wrote
            return new Verdict(null, unread);
        }
        CRC32C crc = new CRC32C();
        long bytes = 0;
        byte[] buf = new byte[BUFFER];
        try (InputStream in = Files.newInputStream(backup)) {
            for (int n; (n = in.read(buf)) > 0; bytes += n) crc.update(buf, 0, n);
        } catch (IOException e) {
            return new Verdict("damaged: it cannot be read to the end (" + e.getClass().getSimpleName() + ")", "checksum");
        }
        if (bytes != bytesKept) return new Verdict("damaged: " + bytes + " bytes where " + bytesKept + " were written", "checksum");
        if (crc.getValue() != crcKept) {
            return new Verdict("damaged: its bytes differ from those written (the checksum taken with it does not match)", "checksum");
        }
        return new Verdict(null, "checksum verified");
    }

    private static String line(long crc, long bytes) {
        return String.format("crc32c=%08x bytes=%d\n", crc, bytes);
    }
}
