package org.sextant.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.contract.NearNames;
import org.sextant.contract.ShownText;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/** One readable line (plus the fix) for a failed command, instead of a stack trace or a page of usage. */
final class CliErrors {
    private CliErrors() {}

    /**
     * What a failed command prints: a refusal with its fix, a file that could not be read or
     * written, else (a bug) where the details were logged ({@code log}). Never a Java class name.
     */
    static String describe(Throwable ex, Path log) {
        // a message may quote a file name (a backup, an import): ESC, a direction override or a line break in it
        // must not reach the terminal raw, so each part is escaped whole before the parts are put on their lines
        if (ex instanceof SextantException e) {
            StringBuilder sb = new StringBuilder("error");
            // a message that starts with the option (--horizon must be ...) needs no [--horizon] before it
            if (e.field() != null && !e.getMessage().startsWith(e.field())) sb.append(" [").append(ShownText.escaped(e.field())).append(']');
            sb.append(": ").append(ShownText.escaped(CliWording.commands(e.getMessage())));
            if (e.fix() != null) sb.append("\n  fix: ").append(ShownText.escaped(CliWording.commands(e.fix())));
            return sb.toString();
        }
        if (ex instanceof UncheckedIOException u) {
            String io = io(u.getCause());
            return "error: " + ShownText.escaped(u.getMessage() == null || u.getMessage().equals(String.valueOf(u.getCause())) ? io : u.getMessage() + " (" + io + ")");
        }
        if (ex instanceof IOException e) return "error: " + ShownText.escaped(io(e));
        return "error: Sextant failed unexpectedly (a bug); the details are in " + ShownText.escaped(String.valueOf(log)) + "\n  fix: retry; if it fails again, please report it with that file";
    }

    /**
     * What a start that failed with an error (not an exception) prints: DuckDB's native library
     * not unpacked into Java's temporary folder (missing, full, a file size limit) says so with
     * the folder; anything else is a bug whose details are in {@code logs}.
     */
    static String startFailure(Error e, Path logs) {
        Throwable root = e;
        boolean duckdb = false;
        for (Throwable t = e; t != null; t = t.getCause()) {
            root = t;
            for (StackTraceElement f : t.getStackTrace()) duckdb |= f.getClassName().startsWith("org.duckdb.");
        }
        String tmp = ShownText.escaped(System.getProperty("java.io.tmpdir"));
        String log = ShownText.escaped(String.valueOf(logs));
        if (duckdb && root instanceof IOException io) {
            return "error: Sextant could not start: DuckDB's native library could not be unpacked into Java's temporary folder " + tmp
                    + " (" + ShownText.escaped(io(io)) + ")"
                    + "\n  fix: make sure " + tmp + " exists, is writable and has free space (and no file size limit: ulimit -f), or start with "
                    + "JAVA_TOOL_OPTIONS=-Djava.io.tmpdir=ANOTHER_FOLDER; the details are in " + log;
        }
        return "error: Sextant could not start (" + root.getClass().getSimpleName() + "); the details are in " + log
                + "\n  fix: retry; if it fails again, please report it with the log";
    }

    /**
     * The exit status README promises: 2 for bad input (an option or argument the person typed,
     * refused as invalid by the command or the engine; or a request too large for its time, refused
     * naming the option that makes it smaller, typed or not), 1 for any other refusal or failure,
     * such as the engine's refusal of what a FILE argument holds.
     */
    static int exitCode(Throwable ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        if (!(ex instanceof SextantException e) || e.field() == null) return 1;
        String name = e.field().split(" ", 2)[0]; // "--signals nope": a part of what --signals gave
        if ("resource_limit".equals(e.failReason()) && name.startsWith("-")) {
            return cmd.getCommandSpec().findOption(name) != null ? cmd.getCommandSpec().exitCodeOnInvalidInput() : 1;
        }
        if (!"invalid_input".equals(e.failReason())) return 1;
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.commandSpec() != cmd.getCommandSpec()) continue;
            boolean typed = name.startsWith("-") ? p.hasMatchedOption(name) : p.matchedPositionals().stream().anyMatch(a -> a.paramLabel().equals(name));
            boolean fileContent = !name.startsWith("-") && engineRefusal(e) && p.matchedPositionals().stream()
                    .anyMatch(a -> a.paramLabel().equals(name) && namesFiles(a));
            return typed && !fileContent ? cmd.getCommandSpec().exitCodeOnInvalidInput() : 1;
        }
        return 1;
    }

    /** The engine's refusal, reworded by {@link CliWording} (which keeps it as the cause), not one the command made itself. */
    private static boolean engineRefusal(SextantException e) {
        return e.getCause() instanceof SextantException;
    }

    /**
     * A FILE argument: the command checked that it is a readable file before the engine read it,
     * so an engine refusal naming it is about what the file holds (a refusal, 1), not what was typed.
     */
    private static boolean namesFiles(PositionalParamSpec a) {
        if (Path.class.isAssignableFrom(a.type())) return true;
        Class<?>[] aux = a.auxiliaryTypes();
        return aux.length > 0 && Path.class.isAssignableFrom(aux[aux.length - 1]);
    }

    /** A file operation's failure as the file and what went wrong, as the system says it. */
    private static String io(IOException e) {
        if (e instanceof NoSuchFileException f) return f.getFile() + ": no such file or folder";
        if (e instanceof AccessDeniedException f) return f.getFile() + ": permission denied";
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + ": already exists";
        if (e instanceof FileSystemException f) return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : "cannot be read or written");
        return e.getMessage() != null ? e.getMessage() : "a read or write failed";
    }

    /**
     * Bad input on the command line (picocli's own parse errors, and a file argument a command
     * refused before running): one line naming the option or argument and what it takes, then
     * where the command's help is, not the usage of every command.
     */
    static int parameterError(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        cmd.getErr().println("error: " + ShownText.escaped(parameterLine(ex) + dashHint(ex, args))); // what was typed may hold a line break or ESC
        cmd.getErr().println("  see " + cmd.getCommandSpec().qualifiedName() + " --help");
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    private static String parameterLine(ParameterException ex) {
        if (ex instanceof UnmatchedArgumentException u) return unmatched(u);
        if (ex instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty()) {
            ArgSpec a = m.getMissing().get(0);
            return name(a) + (a.isOption() && !a.required() ? " needs a value" : " is missing") + guide(a);
        }
        ArgSpec a = ex.getArgSpec();
        if (a != null && ex.getValue() != null && ex.getCause() != null) { // a value picocli could not convert to the option's type
            Class<?> type = a.auxiliaryTypes().length > 0 ? a.auxiliaryTypes()[a.auxiliaryTypes().length - 1] : a.type();
            String v = name(a) + " " + ex.getValue();
            if (type == LocalDate.class) return v + " is not a date: use yyyy-MM-dd";
            if (type == Integer.class || type == int.class || type == Long.class || type == long.class) return v + " is not a whole number" + guide(a);
            if (type == Double.class || type == double.class) return v + " is not a number" + guide(a);
            return v + " is not valid" + guide(a);
        }
        return ex.getMessage();
    }

    /** An unknown command or option, or one argument too many (an unquoted SELECT). */
    private static String unmatched(UnmatchedArgumentException u) {
        CommandSpec spec = u.getCommandLine().getCommandSpec();
        String first = u.getUnmatched().get(0);
        // the contract's rule, as for an argument the API does not know; names as close as each other joined ("backtest or backup")
        List<String> near = NearNames.allNearest(first, first.startsWith("-") ? spec.optionsMap().keySet() : spec.subcommands().keySet());
        String mean = near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)";
        if (first.startsWith("-")) return "unknown option " + first + mean;
        List<PositionalParamSpec> positionals = spec.positionalParameters();
        if (positionals.isEmpty() && !spec.subcommands().isEmpty()) {
            // no command a typo away: the commands there are, not picocli's closest however far ("bogus": analogues)
            return "unknown command '" + first + "'" + (!near.isEmpty() ? mean : ": the commands are " + String.join(", ", spec.subcommands().keySet()));
        }
        if (positionals.isEmpty()) return spec.qualifiedName() + " takes no argument, not '" + first + "'" + mean;
        PositionalParamSpec only = positionals.get(0);
        if (positionals.size() == 1 && only.arity().max() == 1 && only.getValue() != null) {
            String whole = only.getValue() + " " + String.join(" ", u.getUnmatched());
            return spec.qualifiedName() + " takes one " + only.paramLabel() + ", so '" + first + "' is one argument too many: quote it, e.g. "
                    + spec.qualifiedName() + " \"" + whole + "\"";
        }
        return "unexpected argument '" + first + "'" + mean;
    }

    /**
     * A file or symbol that starts with '-' (-DASH.csv; a legal ticker) is read as an unknown option, so
     * the command said its argument was missing, or that it knows no such option: said so, with the
     * command as typed and {@code --} before such tokens, past which every token is an argument.
     */
    static String dashHint(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        List<PositionalParamSpec> positionals = cmd.getCommandSpec().positionalParameters();
        boolean missingArgument = ex instanceof CommandLine.MissingParameterException m && !m.getMissing().isEmpty() && !m.getMissing().get(0).isOption();
        boolean unknownOption = ex instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty() && u.getUnmatched().get(0).startsWith("-")
                && NearNames.allNearest(u.getUnmatched().get(0), cmd.getCommandSpec().optionsMap().keySet()).isEmpty();
        if (positionals.isEmpty() || !(missingArgument || unknownOption)) return "";
        List<String> dashed = cmd.getUnmatchedArguments().stream().filter(a -> a.length() > 1 && a.startsWith("-") && !a.startsWith("--")).toList();
        if (dashed.isEmpty()) return "";
        String label = positionals.get(0).paramLabel();
        String first = dashed.get(0);
        List<String> typed = new java.util.ArrayList<>(tokensOf(cmd, args));
        if (!typed.containsAll(dashed)) typed = new java.util.ArrayList<>(dashed); // a command typed by an alias: the tokens alone
        typed.removeAll(dashed);
        if (!typed.contains("--")) typed.add("--");
        typed.addAll(dashed);
        String example = cmd.getCommandSpec().qualifiedName() + " " + String.join(" ", typed.stream().map(CliErrors::shellWord).toList());
        boolean files = namesFiles(positionals.get(0));
        String lead = unknownOption && first.equals(((UnmatchedArgumentException) ex).getUnmatched().get(0)) ? ": " : "; " + first + " was read as an option: ";
        return lead + "for a " + label + " that starts with '-', put -- before it (" + example
                + (files ? ", or write ./" + first : "") + ")";
    }

    /** The tokens typed for {@code cmd}: those after its name, past the options (and their values) of the commands above it. */
    private static List<String> tokensOf(CommandLine cmd, String[] args) {
        List<CommandLine> chain = new java.util.ArrayList<>();
        for (CommandLine c = cmd; c != null; c = c.getParent()) chain.add(0, c);
        int i = 0;
        for (int level = 1; level < chain.size(); level++) {
            CommandSpec above = chain.get(level - 1).getCommandSpec();
            String name = chain.get(level).getCommandName();
            while (i < args.length && !args[i].equals(name)) {
                OptionSpec o = args[i].startsWith("-") && !args[i].contains("=") ? above.findOption(args[i]) : null;
                i += o != null && o.arity().max() > 0 ? 2 : 1;
            }
            i++;
        }
        return i >= args.length ? List.of() : List.of(args).subList(i, args.length);
    }

    /** A token as a shell reads it back: single-quoted when it holds a space or a character the shell treats specially. */
    private static String shellWord(String t) {
        return t.matches("[A-Za-z0-9._/=:,+@^%-]+") ? t : "'" + t.replace("'", "'\\''") + "'";
    }

    private static String name(ArgSpec a) {
        return a instanceof OptionSpec o ? o.longestName() : a.paramLabel();
    }

    /** ": " and what the option takes, as its help says it (picocli's %% is a plain % here). */
    private static String guide(ArgSpec a) {
        String d = String.join(" ", a.description()).replace("%%", "%").strip();
        return d.isEmpty() ? "" : ": " + d;
    }
}
