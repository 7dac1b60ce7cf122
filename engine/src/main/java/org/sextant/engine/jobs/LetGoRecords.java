package org.sextant.engine.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The records in jobs/ of ended jobs the registry let go of from memory, in the order it did: the last
 * {@link #KEPT} keep theirs (job_status reads them back), an older one's is deleted as the next is let go of. With the
 * newest {@link JobRecordFiles#KEPT_ENDED} ended jobs in memory, jobs/ holds at most {@link JobRecordFiles#KEPT_ON_DISK}
 * ended records however long the app runs (an agent's thousands of jobs grew it by up to 1 MB each until the next start).
 * Only an ended job is let go of, and its record is never written again; the registry writes every record and lets go of
 * every job under its lock, so no deletion meets a write (and a write's temporary file has a name of its own, AtomicFiles).
 */
final class LetGoRecords {
    private static final Logger log = LoggerFactory.getLogger(LetGoRecords.class);
    /** Records of jobs let go of that stay. */
    static final int KEPT = JobRecordFiles.KEPT_ON_DISK - JobRecordFiles.KEPT_ENDED; // as JobRecordFiles.KEPT_RULE says

    private final Path dir;
    /** Ids, the first let go of first; guarded by this. */
    private final ArrayDeque<String> ids = new ArrayDeque<>();

    LetGoRecords(Path dir) {
        this.dir = dir;
    }

    /** Takes the ended job {@code id} just let go of from memory, deleting the record of the first let go of past {@link #KEPT}. */
    synchronized void letGo(String id) {
        ids.addLast(id);
        if (ids.size() > KEPT) delete(ids.removeFirst());
    }

    private void delete(String id) {
        try {
            Files.deleteIfExists(dir.resolve(id + ".json"));
        } catch (IOException | RuntimeException e) {
            log.warn("cannot delete the old job record {}: {}", id, e.toString());
        }
    }
}
