package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobStatus;

/**
 * The engine's refusals in the words of the command line. The engine names what an agent sends
 * (the tool start_forecast, the field default_trust, "call list_runs"); a person at the terminal
 * typed a command and its options (--trust) and has the CLI's commands to follow a fix with.
 * One command's call knows which option or argument carries each field ({@link CallArguments}).
 */
final class CliWording {
    /** The CLI's way to see what an agent's listing tool shows. */
    static final String RUNS = "sextant sql \"SELECT run_id, created_at, verdict FROM strategy_runs ORDER BY created_at DESC\"";
    static final String SYMBOLS = "sextant sql \"SELECT DISTINCT symbol FROM price_bars ORDER BY 1\"";
    static final String COLUMNS = "sextant sql \"DESCRIBE prices\" (any table)";

    /** A tool an engine fix names (with what follows it: group 2), and the command a person runs instead. */
    private static final Map<Pattern, String> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put(tool("train_global_model", " \\(horizon (\\d+)\\)"), "sextant train-global --horizon ");
        COMMANDS.put(tool("train_global_model", ""), "sextant train-global");
        COMMANDS.put(tool("list_runs", ""), RUNS);
        COMMANDS.put(tool("list_symbols", ""), SYMBOLS);
        COMMANDS.put(tool("get_db_schema", ""), COLUMNS);
    }

    /** The tool's name as a word, with "call " before it if the fix says so (group 1). */
    private static Pattern tool(String name, String after) {
        return Pattern.compile("\\b(call )?" + name + "\\b" + (after.isEmpty() ? "()" : after));
    }

    /**
     * The mark and log of a job's bug as Incident's fix words it: "… report incident 1a2b3c4d with /home/ana/.sextant/logs/cli.log",
     * or "with no log (cli.log could not be written)". Read from the fix, where the log ends the text: a real path may hold ')'.
     */
    private static final Pattern INCIDENT = Pattern.compile("report incident (\\w+) with (.+)$");

    private final String capability;
    private final Map<String, String> typed;

    /** @param typed field to how the person gives it (--trust, FILE) */
    CliWording(String capability, Map<String, String> typed) {
        this.capability = capability;
        this.typed = typed;
    }

    /** The engine's refusal of this call with the options for its fields, no tool name in front, and a fix the person can follow. */
    SextantException apply(SextantException e) {
        return new SextantException(e.reason(), message(e.field(), e.getMessage()), field(e.field()), fix(e.fix()), e);
    }

    /**
     * A failed job's end, said as a refusal in the command's words: its error, the option for its
     * field and its fix; a bug (internal_error) is not described, the app's log has it.
     */
    SextantException jobFailed(String what, JobStatus job) {
        if (job.failReason() == FailReason.INTERNAL_ERROR) {
            Matcher incident = job.fix() == null ? null : INCIDENT.matcher(job.fix());
            if (incident != null && incident.find()) { // the engine's Incident: its mark finds the exception in that log
                String mark = incident.group(1), log = incident.group(2);
                return new SextantException(FailReason.JOB_FAILED, what + " job " + job.id() + " failed unexpectedly (a bug, incident " + mark
                        + "); the details are in " + log + " under that mark", null, "retry; if it fails again, please report incident " + mark + " with " + log);
            }
            return new SextantException(FailReason.JOB_FAILED, what + " job " + job.id() + " failed unexpectedly (a bug); the details are in the log",
                    null, "retry; if it fails again, please report it with the logs in SEXTANT_HOME/logs");
        }
        String state = job.state().name().toLowerCase(java.util.Locale.ROOT);
        return new SextantException(FailReason.JOB_FAILED, what + " job " + job.id() + " " + state
                + (job.error() == null ? "" : ": " + message(job.field(), job.error())), field(job.field()), fix(job.fix()));
    }

    /** The command that shows what a tool named in {@code text} lists, for any refusal the CLI prints. */
    static String commands(String text) {
        if (text == null) return null;
        for (Map.Entry<Pattern, String> c : COMMANDS.entrySet()) {
            text = c.getKey().matcher(text).replaceAll(m -> Matcher.quoteReplacement((m.group(1) != null ? "run " : "") + c.getValue() + m.group(2)));
        }
        return text;
    }

    /** The message without the tool's name in front; one about {@code field} ("horizon must be in 1..260") starts with its option. */
    private String message(String field, String m) {
        if (m == null) return null;
        if (m.startsWith(capability + ": ")) m = m.substring(capability.length() + 2);
        if (field != null && typed.containsKey(field) && m.startsWith(field + " ")) m = typed.get(field) + m.substring(field.length());
        return identifiers(m);
    }

    /** The field in brackets: its option; a part of it (signals_dict.nope) after the option. */
    private String field(String field) {
        if (field == null) return null;
        for (Map.Entry<String, String> f : typed.entrySet()) {
            if (field.equals(f.getKey())) return f.getValue();
            if (field.startsWith(f.getKey() + ".")) return f.getValue() + " " + field.substring(f.getKey().length() + 1);
        }
        return field;
    }

    private String fix(String fix) {
        if (fix == null) return null;
        for (Map.Entry<String, String> f : typed.entrySet()) {
            fix = fix.replace("pass " + f.getKey() + " as: ", "give " + f.getValue() + " ").replace("pass " + f.getKey() + " ", "give " + f.getValue() + " ")
                    .replace("set " + f.getKey() + " to ", "set " + f.getValue() + " to "); // "set origins to a number of closes": --origins
        }
        return identifiers(fix);
    }

    /** Fields spelled as identifiers (default_trust, top_k) anywhere in the text: their options. */
    private String identifiers(String text) {
        for (Map.Entry<String, String> f : typed.entrySet()) {
            if (f.getKey().contains("_")) {
                text = text.replaceAll("(?<![\\w-])" + Pattern.quote(f.getKey()) + "(?![\\w-])", Matcher.quoteReplacement(f.getValue()));
            }
        }
        return text;
    }
}
