package org.sextant.mcp.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.Set;
import java.util.regex.Pattern;
import org.sextant.contract.AppFile;

/**
 * The bearer token every --http request must carry. Host and Origin checks stop browser pages, not
 * other local processes: with the token, only someone who can read the user's SEXTANT_HOME can call
 * a tool. It is kept in run/mcp-http.token, readable by its owner only, and reused across starts so
 * a client's config (which holds it) stays valid; {@code --new-token} replaces it, also for
 * launchers already running: they read the file again when it changes, and refuse every request
 * while it cannot be read or holds no token of ours (fail closed).
 */
public final class HttpToken {
    private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{64}");
    private static final String SCHEME = "Bearer ";

    /** The header value admitted, and the identity of the file it was read from (null for a fixed token). */
    private record Held(byte[] expected, FileTime modified, long size, Object fileKey) {}

    private final Path file;
    private volatile Held held;

    private HttpToken(Path file, Held held) {
        this.file = file;
        this.held = held;
    }

    /** A token that never changes (tests). */
    public static HttpToken of(String token) {
        return new HttpToken(null, new Held(header(token), null, -1, null));
    }

    /** The token in {@code file} as it is at each request: written first when there is none or {@code renew} asks a new one. */
    public static HttpToken watching(Path file, boolean renew) throws IOException {
        loadOrCreate(file, renew);
        HttpToken t = new HttpToken(file, null);
        if (t.current() == null) throw new IllegalStateException(file + " cannot be read: start with --new-token to write a new one");
        return t;
    }

    private static byte[] header(String token) {
        return (SCHEME + token).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The token in {@code file}, written first when there is none or {@code renew} asks a new one.
     *
     * @throws IllegalStateException with the fix, when other users can read the file or it holds no token of ours
     */
    public static String loadOrCreate(Path file, boolean renew) throws IOException {
        if (renew || !Files.exists(file)) {
            String token = AppFile.newToken();
            writeOwnerOnly(file, token);
            return token;
        }
        return read(file);
    }

    /** A token is 64 hex characters and a line break: a larger file is not ours, and not read. */
    private static final int MAX_FILE_BYTES = 4096;

    private static String read(Path file) throws IOException {
        if (othersCanRead(file)) {
            throw new IllegalStateException("other users can read " + file + ", so the token may be known:"
                    + " start with --new-token to replace it (then update the client's config)");
        }
        // read per request once it changed: a link or a FIFO in its place is never followed nor waited on (HomeFile)
        String token = new String(org.sextant.contract.HomeFile.readBounded(file, MAX_FILE_BYTES), StandardCharsets.US_ASCII).strip();
        if (!SHAPE.matcher(token).matches()) {
            throw new IllegalStateException(file + " does not hold a token sextant-mcp wrote:"
                    + " start with --new-token to write a new one");
        }
        return token;
    }

    /** Whether an Authorization header value is "Bearer " and the current token (compared in constant time). */
    public boolean admits(String authorization) {
        Held h = current();
        if (h == null || authorization == null || authorization.length() != h.expected().length
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return false;
        }
        byte[] given = (SCHEME + authorization.substring(SCHEME.length())).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(h.expected(), given);
    }

    /** The token as the file holds it now: read again when the file changed (a rename gives a new file key); null when unusable. */
    private Held current() {
        if (file == null) return held;
        try {
            BasicFileAttributes a = attributes(file); // one look per request: identity and permissions together
            Held h = held;
            if (h != null && a.lastModifiedTime().equals(h.modified()) && a.size() == h.size()
                    && java.util.Objects.equals(a.fileKey(), h.fileKey()) && !othersCanRead(a)) {
                return h; // a chmod changes neither time nor size: the permissions are looked at each time
            }
            Held now = new Held(header(read(file)), a.lastModifiedTime(), a.size(), a.fileKey());
            held = now;
            return now;
        } catch (IOException | IllegalStateException e) {
            held = null;
            return null;
        }
    }

    // createTempFile makes an owner-only file on POSIX; the rename keeps a reader from seeing half a token.
    private static void writeOwnerOnly(Path file, String token) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            try { // a home the launcher creates first is its owner's only, as the app creates it
                Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            } catch (UnsupportedOperationException notPosix) {
                Files.createDirectories(dir);
            }
        }
        Path tmp = Files.createTempFile(dir, "." + file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, token + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static boolean othersCanRead(Path file) throws IOException {
        return othersCanRead(attributes(file));
    }

    private static boolean othersCanRead(BasicFileAttributes a) {
        if (!(a instanceof PosixFileAttributes posix)) return false; // Windows: the profile folder's ACL keeps other users out
        Set<PosixFilePermission> p = posix.permissions();
        return p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ);
    }

    private static BasicFileAttributes attributes(Path file) throws IOException {
        try {
            return Files.readAttributes(file, PosixFileAttributes.class);
        } catch (UnsupportedOperationException notPosix) {
            return Files.readAttributes(file, BasicFileAttributes.class);
        }
    }
}
