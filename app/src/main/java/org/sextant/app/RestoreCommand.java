package org.sextant.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.sextant.contract.ShownText;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.StoreRestore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "restore", mixinStandardHelpOptions = true,
        description = {"Put a backup in place of the store.",
                "The newest of this home's backups that can be restored when no FILE is named (newer damaged files are skipped and named; "
                        + "another home's backups sharing the folder are never picked). The replaced store is kept in data/replaced-TIME/. "
                        + "A backup from a newer Sextant is refused. The app must be closed."})
final class RestoreCommand extends HomeCommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "the backup file (default: the newest in the backup folder)") Path file;
    @Option(names = "--list", description = "list the backup files, newest first, with their schema version and checksum check, or why one cannot be restored (not a DuckDB file, newer, cut short, bytes changed since written); restore nothing")
    boolean list;
    @Option(names = "--from-other-home", description = "restore FILE even though another Sextant home took it (its name holds that home's id): that home's store then replaces this one's")
    boolean fromOtherHome;

    @Override
    public Integer call() throws IOException {
        if (list) return list(main.home());
        SextantHome home = main.home().ensureLayout();
        RollingBackups own = new RollingBackups(home, RollingBackups.Policy.of(home));
        EngineAccess.requireNoRunningApp(home, "restore");
        StoreRestore.Restored r = file != null ? StoreRestore.restore(home, file.toAbsolutePath(), fromOtherHome, own)
                : StoreRestore.restoreNewest(home, own);
        r.skipped().forEach(s -> System.out.println("skipped " + ShownText.escaped(s)));
        System.out.println("restored " + shown(r.backup()) + " (schema " + r.schemaVersion() + ")");
        if (r.keptIn() != null) System.out.println("the store it replaced is kept in " + r.keptIn());
        r.census().rows().forEach((t, n) -> System.out.println("  " + t + ": " + n + " rows"));
        System.out.println("  strategy runs: " + r.census().runIds().size());
        return 0;
    }

    /** --list: reads the home and the backup folder, writes nothing there (no folder laid out, no home id made, a copy takes none). */
    private static int list(SextantHome home) throws IOException {
        RollingBackups own = RollingBackups.readOnly(home, RollingBackups.Policy.of(home));
        Path dir = own.policy().dir();
        List<Path> backups = RollingBackups.list(dir);
        List<Path> notFiles = RollingBackups.notFiles(dir);
        if (backups.isEmpty() && notFiles.isEmpty()) System.out.println("no backups in " + shown(dir));
        for (Path b : backups) { // every file, a damaged one marked with why: one bad file must not hide the good ones
            StoreRestore.Checked c = StoreRestore.check(b);
            System.out.println(shown(b) + "  " + whose(own, b) + ", " + c.bytes() + " bytes, "
                    + (c.restorable() ? "schema " + c.schemaVersion() + ", " + c.checked() : "cannot be restored: " + c.problem()));
        }
        for (Path n : notFiles) System.out.println(shown(n) + "  not a file, cannot be restored");
        if (!backups.isEmpty()) ownIdProblem(own);
        return 0;
    }

    /** Whose a listed file is, as its name says. */
    private static String whose(RollingBackups own, Path b) {
        try {
            return switch (own.originOf(b)) {
                case THIS_HOME -> "this home's";
                case OTHER_HOME -> "another home's (" + ShownText.escaped(own.whoseId(RollingBackups.homeIdOf(b))) + "; restore it with --from-other-home)";
                case NOT_RECORDED -> "home not recorded (taken before backups named their home)";
                case NOT_A_BACKUP_NAME -> "not named by Sextant (never picked nor deleted by it)";
            };
        } catch (RuntimeException idUnreadable) { // a damaged home-id hides no file of the list; why is said once, after it
            return "whose not known (home id " + RollingBackups.homeIdOf(b) + ")";
        }
    }

    /** Why this home's own id cannot be read, and the fix, once under the list; nothing when it reads. */
    private static void ownIdProblem(RollingBackups own) {
        try {
            own.homeId();
        } catch (RuntimeException e) {
            System.out.println(ShownText.escaped(e.getMessage()));
            if (e instanceof org.sextant.engine.SextantException s && s.fix() != null) System.out.println("  fix: " + ShownText.escaped(s.fix()));
        }
    }

    /** A file name as the terminal shows it: a name holding ESC or a direction override is written escaped. */
    private static String shown(Path p) {
        return ShownText.escaped(p.toString());
    }
}
