package org.sextant.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.jobs.JobStatus;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;

/**
 * A `sextant` subcommand: it works on the home the person named (--home, else SEXTANT_HOME) and
 * reaches the engine there the one way every command does.
 */
abstract class HomeCommand implements Callable<Integer> {
    @ParentCommand Main main;
    @Spec CommandSpec commandSpec;

    /**
     * The absolute path of {@code file}, which the person named as {@code label}: refused as bad
     * input when it is not a file, saying what it is instead and what to give ({@code expected}).
     */
    final Path requireFile(Path file, String label, String expected) {
        // an empty name ("") would be read as the working folder
        if (file.toString().isBlank()) throw new ParameterException(commandSpec.commandLine(), label + " is an empty name: give " + expected);
        if (Files.isRegularFile(file)) return file.toAbsolutePath();
        // bytes of another charset (a Latin-1 "Genève") reach Java as U+FFFD, a name no file has
        if (!Files.exists(file) && file.toString().indexOf('\uFFFD') >= 0) {
            throw new ParameterException(commandSpec.commandLine(), label + " " + file + " does not exist under that name: its name holds bytes that are"
                    + " not UTF-8 (shown as \uFFFD), which cannot be opened: rename the file in UTF-8, e.g. convmv -f latin1 -t utf8 --notest FILE");
        }
        String is = Files.isDirectory(file) ? "is a folder, not a file" : Files.exists(file) ? "is not a regular file" : "does not exist";
        throw new ParameterException(commandSpec.commandLine(), label + " " + file + " " + is + ": give " + expected);
    }

    /**
     * The text of {@code file} (checked by {@link #requireFile}), which the person named as {@code label}: refused as bad input
     * naming the file, the byte and the fix when it is not UTF-8 (Java said only "Input length = 1"); none of its bytes are shown.
     */
    static String utf8Text(Path file, String label) throws java.io.IOException {
        return org.sextant.engine.Utf8Text.decode(Files.readAllBytes(file), file, label, file.toString());
    }

    /** One call of {@code capability}, through the running app or the store ({@link EngineAccess}). */
    final JsonNode callEngine(String capability, CallArguments args) {
        return callEngine(capability, args, () -> false);
    }

    /** As {@link #callEngine(String, CallArguments)}, given up once {@code stop} holds ({@link EngineAccess#call(SextantHome, String, java.util.Map, java.util.function.BooleanSupplier)}). */
    final JsonNode callEngine(String capability, CallArguments args, java.util.function.BooleanSupplier stop) {
        return callEngine(capability, args, stop, app -> { });
    }

    /** As above, telling {@code handedTo} of the running app that takes the call (null once it turns out gone; not told when the command opens the store itself). */
    final JsonNode callEngine(String capability, CallArguments args, java.util.function.BooleanSupplier stop,
            java.util.function.Consumer<org.sextant.contract.AppFile> handedTo) {
        try {
            return EngineAccess.call(main.home(), capability, args.map(), stop, handedTo);
        } catch (SextantException e) {
            throw args.wording(capability).apply(e);
        }
    }

    /** One call of {@code capability} read into the engine's own answer record {@code answer}. */
    final <T> T callEngine(String capability, CallArguments args, Class<T> answer) {
        return Json.MAPPER.treeToValue(callEngine(capability, args), answer);
    }

    /**
     * Starts the background job {@code capability}, prints its progress until it ends (Ctrl-C
     * cancels it) and returns its result read as {@code answer}; null when it did not succeed, which stderr then says.
     */
    final <T> T runJob(String capability, CallArguments args, String what, TypeReference<T> answer) throws InterruptedException {
        CliWording wording = args.wording(capability);
        try (EngineAccess.Session s = EngineAccess.session(main.home())) {
            JsonNode started;
            try {
                started = s.call(capability, args.map());
            } catch (SextantException e) {
                throw wording.apply(e);
            }
            JobStatus job = JobFollower.follow(s, started, System.out);
            return JobFollower.succeeded(job, what, wording) ? Json.MAPPER.convertValue(job.result(), answer) : null;
        }
    }

    /** The home, laid out, for a command that works on the store's files: refused while an app owns them. */
    final SextantHome closedHome(String command) {
        SextantHome home = main.home().ensureLayout();
        EngineAccess.requireNoRunningApp(home, command);
        return home;
    }
}
