package org.sextant.app;

import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.RecoveryReport;
import org.sextant.engine.store.RollingBackups;
import org.sextant.engine.store.StoreRecovery;
import picocli.CommandLine.Command;

@Command(name = "recover", mixinStandardHelpOptions = true,
        description = {"Bring a store that will not open back into service.",
                "Copies the store and its log aside (data/damaged-TIME/), replays the log, else falls back to the last checkpoint, "
                        + "else to the newest backup, and prints what was recovered and what was lost. The app must be closed."})
final class RecoverCommand extends HomeCommand {
    @Override
    public Integer call() {
        SextantHome home = closedHome("recover");
        RecoveryReport r = StoreRecovery.recover(home, RollingBackups.Policy.of(home));
        r.lines().forEach(System.out::println);
        return 0;
    }
}
