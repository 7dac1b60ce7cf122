package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * Attack 32 F5: SEXTANT_BACKUP_DIR=backups-shared (as a shell profile may say) was read against the folder each command ran
 * from: a backup taken from one folder was not listed nor recovered from another. 
 * The setting is read from the environment, so each command runs in a process of its own.
 */
class BackupDirSettingCommandTest {
    @TempDir Path dir;

    private record Ran(int status, String said) {}

    private Ran sextant(Path runFrom, String backupDir, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(java.util.List.of(args));
        Path said = dir.resolve("said.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(runFrom.toFile()).redirectErrorStream(true).redirectOutput(said.toFile());
        pb.environment().put("SEXTANT_BACKUP_DIR", backupDir);
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
        return new Ran(p.exitValue(), Files.readString(said));
    }

    @Test
    void aRelativeBackupFolderIsTheHomesWhicheverFolderEachCommandRunsFrom() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home"));
        Sextant.open(home).close();
        Path work = Files.createDirectories(dir.resolve("work"));
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Ran backup = sextant(work, "backups-shared", "--home", home.root().toString(), "backup");
        assertEquals(0, backup.status(), backup.said());
        assertTrue(backup.said().startsWith("backup: " + home.root().resolve("backups-shared").resolve("sextant-")), backup.said());
        Ran list = sextant(elsewhere, "backups-shared", "--home", home.root().toString(), "restore", "--list");
        assertEquals(0, list.status(), list.said());
        assertTrue(list.said().startsWith(home.root().resolve("backups-shared").resolve("sextant-").toString()) && list.said().contains("this home's"), list.said());
        assertTrue(Files.notExists(work.resolve("backups-shared")), "nothing in the folder the backup ran from");
    }
}
