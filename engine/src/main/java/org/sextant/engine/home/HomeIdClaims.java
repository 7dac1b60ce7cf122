package org.sextant.engine.home;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sextant.engine.Json;

/**
 * Which home holds an id, recorded in a backup folder homes share ({@code sextant-home-ID.claim}: the path of the home).
 * Two copies of one home whose original is then deleted or moved both read the original's place as gone, so both would
 * keep its id as a moved home and roll off and restore each other's backups: the second to claim the id finds the path
 * the first recorded still holding it, and takes its own. A claim whose path is gone, or holds another id now, is a
 * move, and is taken over. Claims are written under a lock in the folder and replaced whole; one that is no regular
 * file, too large or not JSON counts as none, and is never echoed.
 */
final class HomeIdClaims {
    static final String LOCK = ".sextant-home-claims.lock";
    private static final long CLAIM_BOUND = 8 * 1024;

    record Claim(String home) {}

    private HomeIdClaims() {}

    static Path fileOf(Path folder, String id) {
        return folder.resolve("sextant-home-" + id + ".claim");
    }

    /**
     * Claims {@code id} for the home at {@code root} in {@code folder} and returns null; or, when another home that still
     * holds the id claimed it first, leaves the claim and returns that home's path. No folder (null, or not made yet:
     * no backup is in it) claims nothing; a folder that cannot be written is warned, and the id kept.
     */
    static String claim(Path folder, String id, Path root) {
        if (folder == null || !Files.isDirectory(folder)) return null;
        try (FileChannel lock = FileChannel.open(folder.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            try {
                lock.lock(); // released when the channel closes
            } catch (IOException noLocks) {
                // a share without locks: the home's own lock and the JVM's keep most races out
            }
            String holder = holder(folder, id, root);
            if (holder != null) return holder;
            Claim now = new Claim(root.toAbsolutePath().normalize().toString());
            if (!now.equals(read(fileOf(folder, id)))) AtomicFiles.write(fileOf(folder, id), Json.write(now), false);
            return null;
        } catch (IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(HomeIdClaims.class).warn("home id {} not claimed in the backup folder {}: {}; a copy of this home sharing"
                    + " that folder may keep the same id (fix: make the folder writable to you)", id, folder, e.getMessage());
            return null;
        }
    }

    /** The path of another home that claimed {@code id} in {@code folder} and still holds it, or null (reads only). */
    static String holder(Path folder, String id, Path root) {
        if (folder == null) return null;
        Claim c = read(fileOf(folder, id));
        if (c == null || HomeId.sameFolder(c.home(), root)) return null;
        return HomeId.holdsId(c.home(), id) ? c.home() : null;
    }

    /** The claim, or null when there is none or it is no regular file, too large or not one (then it is written anew). */
    private static Claim read(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return null;
        try {
            Claim c = Json.read(new String(org.sextant.contract.HomeFile.readBounded(file, CLAIM_BOUND), StandardCharsets.UTF_8), Claim.class);
            return c == null || c.home() == null || c.home().isBlank() ? null : c;
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
