package org.sextant.app;

import java.util.concurrent.Callable;
import org.sextant.engine.home.SextantHome;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

/**
 * A `sextant` subcommand: it works on the home the person named (--home, else SEXTANT_HOME) and
 * reaches the engine there the one way every command does.
 */
abstract class HomeCommand implements Callable<Integer> {
    @ParentCommand Main main;

    /** One call of {@code capability}, through the running app or the store ({@link EngineAccess}). */
    final JsonNode callEngine(String capability, CallArguments args) {
        return EngineAccess.call(main.home(), capability, args.map());
    }

    /**
     * Starts the background job {@code capability}, prints its progress until it ends (Ctrl-C
     * cancels it) and returns its result; null when it did not succeed, which stderr then says.
     */
    final JsonNode runJob(String capability, CallArguments args, String what) throws InterruptedException {
        try (EngineAccess.Session s = EngineAccess.session(main.home())) {
            JsonNode job = JobFollower.follow(s, s.call(capability, args.map()), System.out);
            return JobFollower.succeeded(job, what) ? job.path("result") : null;
        }
    }

    /** The home, laid out, for a command that works on the store's files: refused while an app owns them. */
    final SextantHome closedHome(String command) {
        SextantHome home = main.home().ensureLayout();
        EngineAccess.requireNoRunningApp(home, command);
        return home;
    }
}
