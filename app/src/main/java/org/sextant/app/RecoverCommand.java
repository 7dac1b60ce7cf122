package org.sextant.app;

import java.util.concurrent.Callable;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RecoveryReport;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.StoreRecovery;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "recover", mixinStandardHelpOptions = true,
        description = {"Get a store that will not open back into service. Copies the store and its log aside",
                "(data/damaged-TIME/), replays the log, else falls back to the last checkpoint, else to the",
                "newest backup, and prints what was recovered and what was lost. The app must be closed."})
final class RecoverCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Override
    public Integer call() {
        SextantHome home = main.home().ensureLayout();
        EngineAccess.requireNoRunningApp(home, "recover");
        RecoveryReport r = StoreRecovery.recover(home, RollingBackups.Policy.of(home));
        r.lines().forEach(System.out::println);
        return 0;
    }
}
