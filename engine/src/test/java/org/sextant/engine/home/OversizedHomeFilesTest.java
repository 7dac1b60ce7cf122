package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.AppFile;
import org.sextant.contract.FailReason;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.ingest.PriceRules;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.store.StoreCensus;

/**
 * A file in SEXTANT_HOME far over what it holds is never read into memory: it is treated as an
 * unreadable one, and the log or error names its size and bound. The files are sparse, so the test
 * writes nothing like 200 MB.
 */
class OversizedHomeFilesTest {
    private static final long HUGE = 200L << 20;

    @TempDir Path dir;

    private static Path sparse(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(HUGE);
        }
        return file;
    }

    @Test
    void theEngineStartsPastAnOversizedJobRecordAndCensusAndKeepsTheRest() throws Exception {
        SextantHome home = new SextantHome(dir);
        try (Sextant engine = Sextant.open(home)) {
            assertTrue(engine.dataSummary() != null);
        }
        JobStatus kept = new JobStatus("forecast-0000cafe", "forecast", List.of("AA"), false, null, JobState.SUCCEEDED, 1.0, "done",
                Instant.now(), Instant.now(), Instant.now(), null, null, null, null, 42, false, null);
        Files.writeString(home.jobsDir().resolve("forecast-0000cafe.json"), Json.write(kept));
        Path job = sparse(home.jobsDir().resolve("forecast-0000beef.json"));
        Path census = sparse(StoreCensus.fileFor(home.database()));
        String log = stderrOf(() -> {
            try (Sextant engine = Sextant.open(home)) {
                assertEquals(List.of("forecast-0000cafe"), engine.jobs().list().stream().map(JobStatus::id).toList());
                assertTrue(engine.dataSummary() != null);
            }
        });
        // one message each: the file, its size, the bound and what to do about it
        assertTrue(log.contains("ignoring job file: " + job + " is " + HUGE + " bytes, more than the " + HomeFileBounds.JOB_RECORD + " bytes it may hold;"
                + " not read (fix: move it out of " + home.jobsDir() + ": the app writes its job records far smaller, so it is none of them"), log);
        assertTrue(log.contains("ignoring the census: " + census + " is " + HUGE + " bytes, more than the " + HomeFileBounds.CENSUS + " bytes it may hold;"
                + " not read (fix: none needed: the next write to the store writes it anew)"), log);
        assertEquals(HUGE, Files.size(job), "a damaged job record is skipped, not changed");
        assertTrue(Files.size(census) < HomeFileBounds.CENSUS, "the next commit writes a fresh census over it");
    }

    @Test
    void anOversizedSettingsFileIsAnErrorNamingItsSizeAndSavingReplacesIt() throws Exception {
        Path f = sparse(dir.resolve("settings.json"));
        SextantException e = assertThrows(SextantException.class, () -> Settings.load(f));
        assertEquals(FailReason.INVALID_INPUT, e.reason());
        assertEquals("settings file " + f + " is " + HUGE + " bytes, more than the " + HomeFileBounds.SETTINGS + " bytes it may hold; not read", e.getMessage());
        assertEquals("fix or delete " + f + " (defaults apply when it is absent; the settings the app writes take a few KB)", e.fix());
        SextantException rules = assertThrows(SextantException.class, () -> PriceRules.load(f));
        assertEquals(e.getMessage(), rules.getMessage(), "the import's rules refuse it in the same words");
        assertEquals(e.fix(), rules.fix());
        Settings.defaults().save(f); // the dialog's save: an unreadable file is replaced whole
        assertEquals(Settings.defaults(), Settings.load(f));
    }

    @Test
    void anOversizedAppJsonIsNotSextants() throws Exception {
        Path f = sparse(dir.resolve("run/app.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AppFile.read(f));
        assertEquals(HUGE + " bytes, more than the " + AppFile.MAX_BYTES + " bytes an app.json may hold; not read", e.getMessage());
        AppDiscovery.removeIfOurs(new AppFile(ProcessHandle.current().pid(), 1, "x", "0.1.0", 1, null), f);
        assertTrue(Files.exists(f), "a file that is not ours is left where it is");
    }

    @Test
    void aFileOfExactlyItsBoundIsReadAndOneByteMoreIsNot() throws Exception {
        Path f = Files.writeString(dir.resolve("small.json"), "{}");
        assertEquals("{}", HomeFileBounds.read(f, 2, "delete it"));
        org.sextant.contract.HomeFile.TooLarge over = assertThrows(org.sextant.contract.HomeFile.TooLarge.class, () -> HomeFileBounds.read(f, 1, "delete it"));
        assertEquals(f + " is 2 bytes, more than the 1 bytes it may hold; not read (fix: delete it)", over.getMessage());
    }

    private static String stderrOf(org.sextant.engine.testing.CapturedStderr.Body body) throws Exception {
        String text = org.sextant.engine.testing.CapturedStderr.of(body);
        assertFalse(text.contains("\u0000"), "no content of the file is logged");
        return text;
    }
}
