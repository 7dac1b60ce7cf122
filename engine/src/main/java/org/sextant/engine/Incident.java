package org.sextant.engine;

import org.sextant.contract.FailReason;

/**
 * A bug met while serving a request: its exception is logged (SEXTANT_HOME/logs/sextant.log) under a short
 * mark, and the caller is told only the mark and where the log is. The exception's own words stay in the
 * log: they may quote a file name, a value or a file's line (attack 17 M5), and they are no help to a caller.
 */
public final class Incident {
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(Incident.class);

    /** Where this process's log goes: the app's sextant.log, or cli.log while a CLI command runs the engine itself. */
    private static volatile String logFile = "SEXTANT_HOME/logs/sextant.log";

    private Incident() {}

    /** Names the log the incidents are written to from now on (the CLI's command log sets it, and puts it back). */
    public static String logTo(String file) {
        String before = logFile;
        logFile = file;
        return before;
    }

    /** Logs {@code bug}, met while doing {@code what}, under a new mark, and returns the internal_error refusal naming that mark. */
    public static SextantException logged(String what, Throwable bug) {
        Mark mark = log(what, bug);
        return new SextantException(FailReason.INTERNAL_ERROR, "the app failed (a bug; logged as " + mark + ")", null,
                "retry; if it fails again, report incident " + mark.id() + " with " + mark.log(), bug);
    }

    /** Logs {@code bug}, met while doing {@code what}, under a new mark, for a caller that words its own answer around the mark. */
    public static Mark log(String what, Throwable bug) {
        Mark mark = new Mark(java.util.UUID.randomUUID().toString().substring(0, 8), logFile);
        log.error("{} failed (incident {})", what, mark.id(), bug);
        return mark;
    }

    /** Where one incident's exception is: its mark in that log. */
    public record Mark(String id, String log) {
        /** "incident 1a2b3c4d in SEXTANT_HOME/logs/sextant.log", as a message names it. */
        @Override
        public String toString() {
            return "incident " + id + " in " + log;
        }
    }
}
