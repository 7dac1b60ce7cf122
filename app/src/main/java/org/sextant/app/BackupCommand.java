package org.sextant.app;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.HomePaths;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "backup", mixinStandardHelpOptions = true,
        description = {"Copy the store into the backup folder now.",
                "Checkpoints the store first. The app also keeps rolling backups on its own (SEXTANT_BACKUPS, SEXTANT_BACKUP_DIR). "
                        + "The app must be closed."})
final class BackupCommand extends HomeCommand {
    @Option(names = "--to", paramLabel = "DIR", description = "backup folder, created when missing; not one the app owns in SEXTANT_HOME (data, run, jobs, commands, logs, models) "
            + "(default: $SEXTANT_BACKUP_DIR or SEXTANT_HOME/backups). Rotates there too: this home's backups (sextant-TIME-HOMEID.duckdb) beyond the newest "
            + "$SEXTANT_BACKUPS (default 3, at least 1) are deleted with their .crc32c checksum; another home's backups and other files are left alone") Path to;

    @Override
    public Integer call() {
        SextantHome home = closedHome("backup");
        if (!Files.exists(home.database())) {
            throw new SextantException(FailReason.NOT_FOUND, "there is no store yet in " + home.root(), null, "start Sextant once; it creates the store");
        }
        RollingBackups.Policy p = RollingBackups.Policy.of(home);
        RollingBackups backups = new RollingBackups(home, to == null ? p
                : new RollingBackups.Policy(to.toAbsolutePath(), Math.max(1, p.keep()), p.minInterval()));
        String named = to != null ? "--to" : System.getenv("SEXTANT_BACKUP_DIR") != null && !System.getenv("SEXTANT_BACKUP_DIR").isBlank() ? "SEXTANT_BACKUP_DIR" : "the backup folder";
        requireOwnFolder(home, backups.policy().dir(), named);
        backups.homeId(); // a home-id that cannot be read is named as itself, before the store is opened, not as a failed write
        Path[] taken = new Path[1];
        try (Store store = Store.open(home.database(), home.stagingDir())) {
            store.afterCheckpoint(() -> {
                try {
                    taken[0] = backups.take();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            store.checkpoint();
        } catch (UncheckedIOException e) {
            throw new SextantException(FailReason.DB_ERROR, "the backup was not written: " + e.getCause().getMessage(), to != null ? "--to" : named,
                    "free disk space in " + backups.policy().dir() + " or pick another folder with --to; no partial backup was left");
        }
        System.out.println("backup: " + taken[0] + " (keeps the newest " + Math.max(1, backups.policy().keep()) + ")");
        return 0;
    }

    /**
     * {@code dir} (named to the person as {@code named}) is a folder a backup can be written into
     * and none the app owns: refused saying which of these it is not. It is created when missing.
     */
    private static void requireOwnFolder(SextantHome home, Path dir, String named) {
        Path existing = HomePaths.existingPart(dir);
        String as = named + " " + dir;
        if (existing != null && !Files.isDirectory(existing)) {
            throw SextantException.invalid(named, as + (existing.equals(dir) ? " is a file, not a folder" : " cannot be a folder: " + existing + " is a file"),
                    "name a folder (it is created when missing)");
        }
        try {
            Path realHome = home.root().toRealPath();
            Path real = HomePaths.realPath(dir, existing);
            if (real.equals(realHome)) { // backups beside data/ would be taken for the app's files and copied into the next backup's home
                throw SextantException.invalid(named, as + " is SEXTANT_HOME itself", "name a folder of your own, or leave out " + named + " for " + home.root().resolve("backups"));
            }
            if (HomePaths.ownedFolder(realHome, real, SextantHome.APP_OWNED_FOLDERS) != null) {
                Path inHome = realHome.relativize(real);
                throw SextantException.invalid(named, as + (inHome.getNameCount() == 1 ? " is" : " is inside") + " SEXTANT_HOME/" + inHome.getName(0)
                        + ", a folder the app owns", "name a folder of your own, or leave out " + named + " for " + home.root().resolve("backups"));
            }
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".sextant-probe", ".tmp")); // a backup is written the same way: a new file in the folder
        } catch (IOException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? " (permission denied)"
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? " (" + f.getReason() + ")" : "";
            throw SextantException.invalid(named, as + " is not writable: no file can be created in it" + why, "name a folder you can write to");
        }
    }
}
