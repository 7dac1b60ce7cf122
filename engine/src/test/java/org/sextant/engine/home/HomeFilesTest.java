package org.sextant.engine.home;

import org.sextant.contract.AppFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

class HomeFilesTest {
    @TempDir Path dir;

    @Test
    void appJsonIsOwnerOnlyAndRemovedOnlyByItsOwner() throws Exception {
        Path f = dir.resolve("run/app.json");
        AppFile d = new AppFile(ProcessHandle.current().pid(), 4242, AppFile.newToken(), "0.1.0", 1, Instant.now().toString());
        AppDiscovery.write(d, f);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        assertEquals(d, AppFile.read(f));
        AppFile other = new AppFile(d.pid() + 1, 1, "x", "0.1.0", 1, Instant.now().toString());
        AppDiscovery.removeIfOurs(other, f);
        assertTrue(Files.exists(f), "another process's removal must not delete our discovery file");
        AppDiscovery.removeIfOurs(d, f);
        assertFalse(Files.exists(f));
    }

    /** The store, its backups and logs were readable by every user of the machine (home 755, store 644). */
    @Test
    void aNewHomeIsItsOwnersOnlyAndAnExistingOneKeepsItsPermissions() throws Exception {
        SextantHome fresh = new SextantHome(dir.resolve("nested/.sextant")).ensureLayout();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh.root())));
        assertTrue(Files.isDirectory(fresh.dataDir()) && Files.isDirectory(fresh.runDir()));
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-x---"));
        new SextantHome(shared).ensureLayout();
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)),
                "a home the person set up stays as they set it");
    }

    /**
     * In a home the person made (mode 755), the folders the app keeps the store, its backups, logs, jobs and kept
     * deletions in were made 755 too, their files 644: readable by every user of the machine. They are the owner's only,
     * also when an earlier version made them; the home itself stays as the person set it.
     */
    @Test
    void theAppsFoldersAreTheOwnersOnlyInAHomeThePersonMade() throws Exception {
        Path made = Files.createDirectory(dir.resolve("made"));
        Files.setPosixFilePermissions(made, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path olderData = Files.createDirectory(made.resolve("data"));
        Files.setPosixFilePermissions(olderData, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path backups = Files.createDirectory(made.resolve("backups"));
        Files.setPosixFilePermissions(backups, PosixFilePermissions.fromString("rwxrwxr-x"));
        new SextantHome(made).ensureLayout();
        for (String folder : java.util.List.of("data", "run", "logs", "jobs", "commands", "models", "backups")) {
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(made.resolve(folder))), folder);
        }
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(made)), "the home stays as it was set");
    }

    /** A folder of the home the person linked elsewhere (a shared models folder, mode 1777 in /tmp) keeps its target's mode: it was made 700. */
    @Test
    void aLinkedFolderKeepsItsTargetsMode() throws Exception {
        Path home = Files.createDirectory(dir.resolve("linked"));
        Path shared = Files.createDirectory(dir.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.createSymbolicLink(home.resolve("models"), shared);
        new SextantHome(home).ensureLayout();
        assertEquals("rwxrwxrwx", PosixFilePermissions.toString(Files.getPosixFilePermissions(shared)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve("data"))), "its own folders are still made so");
    }

    /** A file where a folder of the home must be is named as such ("…/data: already exists" did not say it). */
    @Test
    void aFileWhereTheHomeKeepsAFolderIsNamed() throws Exception {
        Path home = Files.createDirectory(dir.resolve("home"));
        Files.writeString(home.resolve("data"), "not a folder");
        java.io.UncheckedIOException e = assertThrows(java.io.UncheckedIOException.class, () -> new SextantHome(home).ensureLayout());
        java.nio.file.FileSystemException cause = (java.nio.file.FileSystemException) e.getCause();
        assertEquals(home.resolve("data").toString(), cause.getFile());
        assertEquals("is a file where Sextant keeps a folder: move it away (or choose another SEXTANT_HOME)", cause.getReason());
        assertEquals("not a folder", Files.readString(home.resolve("data")), "the file is left as it was");
    }

    @Test
    void atomicWriteNeverShowsATornFile() throws Exception {
        Path f = dir.resolve("state.json");
        String small = Json.write(Map.of("n", 0));
        AtomicFiles.write(f, small);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger bad = new AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!stop.get()) {
                try {
                    String s = Files.readString(f);
                    Json.MAPPER.readTree(s).get("n").asInt();
                } catch (Exception e) {
                    bad.incrementAndGet();
                }
            }
        });
        reader.start();
        for (int i = 0; i < 500; i++) {
            AtomicFiles.write(f, Json.write(Map.of("n", i, "pad", "x".repeat(i % 7 * 1000))));
        }
        stop.set(true);
        reader.join();
        assertEquals(0, bad.get(), "reads that saw a torn or empty file");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temp files left behind");
        }
    }

    @Test
    void settingsMaskSecretsAndNameABrokenFile() throws Exception {
        Path f = dir.resolve("settings.json");
        Files.writeString(f, "{\"default_provider\":\"tiingo\",\"providers\":{\"tiingo\":{\"url_template\":\"https://api.example/{symbol}?token={api_key}\",\"api_key\":\"SECRET123\"}}}");
        Settings s = Settings.load(f);
        assertEquals("SECRET123", s.providers().get("tiingo").apiKey());
        assertTrue(s.providers().containsKey("stooq"), "defaults stay available");
        String shown = Json.write(s.masked());
        assertFalse(shown.contains("SECRET123"), shown);
        assertTrue(shown.contains("***"));
        assertNull(s.masked().providers().get("stooq").apiKey());
        assertEquals("https://api.example/{symbol}?token={api_key}", s.masked().providers().get("tiingo").urlTemplate(), "placeholders stay readable");

        // a key written into the template itself is masked too (read_state serves these settings)
        Files.writeString(f, "{\"providers\":{\"raw\":{\"url_template\":\"https://me:PASSWORD-1@api.example/d?s={symbol}&token=TOKEN-2\"}}}");
        String raw = Json.write(Settings.load(f).masked());
        assertFalse(raw.contains("PASSWORD-1") || raw.contains("TOKEN-2"), raw);
        assertTrue(raw.contains("https://***@api.example/d?s={symbol}&token=***"), raw);

        Files.writeString(f, "{not json");
        SextantException e = assertThrows(SextantException.class, () -> Settings.load(f));
        assertEquals("settings.json", e.field());
        assertTrue(e.getMessage().contains(f.toString()));
    }
}
