package org.sextant.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.StoreRestore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "restore", mixinStandardHelpOptions = true,
        description = {"Put a backup in place of the store.",
                "The newest backup when no FILE is named. The replaced store is kept in data/replaced-TIME/. "
                        + "A backup from a newer Sextant is refused. The app must be closed."})
final class RestoreCommand extends HomeCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "the backup file (default: the newest in the backup folder)") Path file;
    @Option(names = "--list", description = "list the backups, newest first, with their schema version; restore nothing")
    boolean list;

    @Override
    public Integer call() throws IOException {
        SextantHome home = main.home().ensureLayout();
        Path dir = RollingBackups.Policy.of(home).dir();
        List<Path> backups = RollingBackups.list(dir);
        if (list) {
            if (backups.isEmpty()) System.out.println("no backups in " + dir);
            for (Path b : backups) System.out.println(b + "  " + Files.size(b) + " bytes, schema " + StoreRestore.schemaVersion(b));
            return 0;
        }
        EngineAccess.requireNoRunningApp(home, "restore");
        Path backup = file != null ? file.toAbsolutePath() : backups.stream().findFirst().orElseThrow(() -> new SextantException(
                org.sextant.contract.FailReason.NOT_FOUND, "no backups in " + dir, "FILE", "name a backup file, or set SEXTANT_BACKUP_DIR to where they are"));
        StoreRestore.Restored r = StoreRestore.restore(home, backup);
        System.out.println("restored " + r.backup() + " (schema " + r.schemaVersion() + ")");
        if (r.keptIn() != null) System.out.println("the store it replaced is kept in " + r.keptIn());
        r.census().rows().forEach((t, n) -> System.out.println("  " + t + ": " + n + " rows"));
        System.out.println("  strategy runs: " + r.census().runIds().size());
        return 0;
    }
}
