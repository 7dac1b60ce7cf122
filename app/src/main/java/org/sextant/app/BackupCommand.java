package org.sextant.app;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "backup", mixinStandardHelpOptions = true,
        description = {"Checkpoint the store and copy it into the backup folder now (the app also keeps",
                "rolling backups on its own: SEXTANT_BACKUPS, SEXTANT_BACKUP_DIR). The app must be closed."})
final class BackupCommand extends HomeCommand {
    @Option(names = "--to", paramLabel = "DIR", description = "backup folder (default: $SEXTANT_BACKUP_DIR or SEXTANT_HOME/backups)") Path to;

    @Override
    public Integer call() {
        SextantHome home = closedHome("backup");
        if (!Files.exists(home.database())) {
            throw new SextantException(FailReason.NOT_FOUND, "there is no store yet in " + home.root(), null, "start Sextant once; it creates the store");
        }
        RollingBackups.Policy p = RollingBackups.Policy.of(home);
        RollingBackups backups = new RollingBackups(home.database(), to == null ? p
                : new RollingBackups.Policy(to.toAbsolutePath(), Math.max(1, p.keep()), p.minInterval()));
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
            throw new SextantException(FailReason.DB_ERROR, "the backup was not written: " + e.getCause().getMessage(), "--to",
                    "free disk space in " + backups.policy().dir() + " or pick another folder with --to; no partial backup was left");
        }
        System.out.println("backup: " + taken[0] + " (keeps the newest " + Math.max(1, backups.policy().keep()) + ")");
        return 0;
    }
}
