package org.sextant.engine.home;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Replaces a file so that a reader sees either the old or the new content, never a torn or
 * empty file: write a temp file in the same folder, fsync, rename over the target.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    public static void write(Path target, String content) throws IOException {
        write(target, content, false);
    }

    /** @param ownerOnly create with mode 600 (secrets such as the API token) */
    public static void write(Path target, String content, boolean ownerOnly) throws IOException {
        org.sextant.engine.ReadOnlyScope.refuseWrite("write " + target.getFileName());
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            if (ownerOnly) restrictToOwner(tmp);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(java.nio.ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new empty {@code file} readable and writable by its owner only (mode 600; a file {@code newOutputStream} makes
     * follows the umask, 644), in place of any left by an earlier run: for copies of the user's data (backups).
     */
    public static Path newOwnerOnly(Path file) throws IOException {
        Files.deleteIfExists(file);
        try {
            return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            return Files.createFile(file); // Windows: the profile folder's ACL keeps other users out
        }
    }

    private static void restrictToOwner(Path p) throws IOException {
        try {
            Set<PosixFilePermission> perms = PosixFilePermissions.fromString("rw-------");
            Files.setPosixFilePermissions(p, perms);
        } catch (UnsupportedOperationException notPosix) {
            p.toFile().setReadable(false, false);
            p.toFile().setReadable(true, true);
        }
    }
}
