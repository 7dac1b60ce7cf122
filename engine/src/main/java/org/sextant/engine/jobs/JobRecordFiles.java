package org.sextant.engine.jobs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.sextant.contract.ShownText;
import org.sextant.engine.Json;
import org.sextant.engine.home.HomeFileBounds;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job records of jobs/ as a start reads them: only a record the app could have written is
 * taken (its file named by its id, which has the shape {@link Jobs#submit} gives ids, and every
 * field a reader needs set), since its id names the file the start rewrites (attack 17, M6 and M7);
 * the records of ended jobs past the newest {@link #KEPT_ON_DISK} are deleted ({@link LetGoRecords}) so jobs/ does not grow forever.
 */
final class JobRecordFiles {
    private static final Logger log = LoggerFactory.getLogger(JobRecordFiles.class);

    /** A job id: its kind, a dash, 8 hex digits. */
    static final Pattern ID = Pattern.compile("[a-z][a-z_]{0,39}-[0-9a-f]{8}");
    /**
     * Ended jobs held in memory, the newest ({@link Jobs}): as many as one list_jobs lists, so the newest it lists are always
     * in memory.
     */
    static final int KEPT_ENDED = org.sextant.contract.Bounds.MAX_JOB_LIST;
    /**
     * Ended jobs whose records jobs/ keeps, the newest, at a start and while the app runs: older ones are deleted. Twice those
     * in memory, so a job let go of from memory still answers job_status from its record until as many again have been let go
     * of: a job that ran while 500 others ended leaves memory the moment it ends, and its submitter still reads its result.
     * At most 1000 records of under 1 MB each ({@link JobRecordBounds}); most are a few KB.
     */
    static final int KEPT_ON_DISK = 2 * KEPT_ENDED;
    /**
     * Which ended jobs' records jobs/ keeps, as job_status says it: not "the newest 1000" (attack 18, L4), since a job drops out
     * of those held when {@value #KEPT_ENDED} submitted after it have ended, or at its own end when that many already had,
     * and drops out of jobs/ when {@value #KEPT_ENDED} more have dropped out after it.
     */
    static final String KEPT_RULE = "the app keeps the records of the newest " + KEPT_ENDED + " ended jobs (by submission) and of the last "
            + (KEPT_ON_DISK - KEPT_ENDED) + " to drop out of those";
    /** How far past the start a record may say it was created (a clock set back) before it counts as damaged. */
    static final Duration CLOCK_SLACK = Duration.ofDays(1);

    private JobRecordFiles() {}

    /** The record in {@code f}, or null when it is not one the app wrote: logged naming the file (escaped), never its content. */
    static JobStatus read(Path f, Instant start) {
        String name = f.getFileName().toString();
        String id = name.substring(0, name.length() - ".json".length());
        if (!ID.matcher(id).matches()) return ignored(f, "its name is not a job id (kind-8 hex digits, as the app names them)");
        JobStatus s;
        try {
            s = Json.read(HomeFileBounds.read(f, HomeFileBounds.JOB_RECORD, "move it out of " + f.getParent()
                    + ": the app writes its job records far smaller, so it is none of them (the rest of the jobs are listed)"), JobStatus.class);
        } catch (org.sextant.contract.HomeFile.TooLarge e) {
            log.warn("ignoring job file: {}", e.getMessage());
            return null;
        } catch (IOException | RuntimeException e) {
            log.warn("ignoring unreadable job file {}: {}", f, Json.whyUnreadable(e));
            return null;
        }
        String damage = damage(s, id, start);
        return damage == null ? s : ignored(f, damage);
    }

    /** What makes {@code s} a record the app did not write as file {@code id}.json, or null. */
    static String damage(JobStatus s, String id, Instant start) {
        if (s == null) return "it holds no record";
        if (!id.equals(s.id())) return "its id is not its file's name";
        if (s.kind() == null || !id.startsWith(s.kind() + "-")) return "its kind is not the one its id names";
        for (Map.Entry<String, Object> required : Json.object("state", s.state(), "subjects", s.subjects(), "message", s.message(),
                "created_at", s.createdAt()).entrySet()) {
            if (required.getValue() == null) return "its " + required.getKey() + " is missing";
        }
        if (s.subjects().contains(null)) return "its subjects hold a null";
        if (!(s.progress() >= 0 && s.progress() <= 1)) return "its progress is not 0..1";
        if (s.createdAt().isAfter(start.plus(CLOCK_SLACK))) return "its created_at is more than a day after this start";
        return null;
    }

    private static JobStatus ignored(Path f, String why) {
        log.warn("ignoring job file {}/{}: {}; not read", f.getParent(), ShownText.name(f.getFileName().toString()), why);
        return null;
    }

    /** The ended jobs of {@code jobs} past the newest {@link #KEPT_ENDED} (by created_at), oldest last; never an active one. */
    static List<JobStatus> pastKept(java.util.Collection<JobStatus> jobs) {
        List<JobStatus> ended = new ArrayList<>(jobs.stream().filter(j -> !j.state().active()).toList());
        if (ended.size() <= KEPT_ENDED) return List.of();
        ended.sort(Comparator.comparing(JobStatus::createdAt).reversed());
        return ended.subList(KEPT_ENDED, ended.size());
    }
}
