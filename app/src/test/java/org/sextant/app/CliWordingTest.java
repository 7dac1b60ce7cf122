package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;

/** The engine's fixes in the command line's words. */
class CliWordingTest {
    /** An intraday backtest with no origin told the person at the terminal to "set origins", a field of the API, not --origins. */
    @Test
    void aFixThatSetsAFieldNamesItsOption() {
        SextantException engine = SextantException.invalid("history", "no forecast origin fits",
                "set origins to a number of closes, e.g. 20 (an origin every that many of the 40 closes evaluated), or a larger eval_fraction, or use a longer series");
        SextantException cli = new CliWording("get_backtest_error", Map.of("origins", "--origins", "eval_fraction", "--eval-fraction")).apply(engine);
        assertEquals("set --origins to a number of closes, e.g. 20 (an origin every that many of the 40 closes evaluated), or a larger --eval-fraction,"
                + " or use a longer series", cli.fix());
    }

    /** A job that failed by a bug said only "the details are in the log": which log, and which of its errors, the person had to guess. */
    @Test
    void aJobThatFailedByABugNamesItsIncidentAndTheLog() {
        SextantException bug = org.sextant.engine.Incident.logged("job forecast-1", new IllegalStateException("index 3 out of bounds"));
        String mark = bug.getMessage().replaceAll(".*incident (\\w+) .*", "$1");
        SextantException said = new CliWording("start_forecast", Map.of()).jobFailed("forecast",
                CliTest.failedJob(FailReason.INTERNAL_ERROR, bug.getMessage(), null, bug.fix()));
        assertEquals("forecast job forecast-1 failed unexpectedly (a bug, incident " + mark + "); the details are in SEXTANT_HOME/logs/sextant.log "
                + "under that mark", said.getMessage());
        assertEquals("retry; if it fails again, please report incident " + mark + " with SEXTANT_HOME/logs/sextant.log", said.fix());
        assertEquals(8, mark.length(), bug.getMessage());
    }

    /** A CLI command names its log by its real path, which may hold a parenthesis: the job's failure names all of it. */
    @Test
    void aJobThatFailedByABugNamesALogWhosePathHasAParenthesis() {
        String log = "/home/ana (work)/.sextant/logs/cli.log";
        String before = org.sextant.engine.Incident.logTo(log);
        SextantException bug;
        try {
            bug = org.sextant.engine.Incident.logged("job forecast-1", new IllegalStateException("index 3 out of bounds"));
        } finally {
            org.sextant.engine.Incident.logTo(before);
        }
        String mark = bug.getMessage().replaceAll(".*incident (\\w+) .*", "$1");
        SextantException said = new CliWording("start_forecast", Map.of()).jobFailed("forecast",
                CliTest.failedJob(FailReason.INTERNAL_ERROR, bug.getMessage(), null, bug.fix()));
        assertEquals("forecast job forecast-1 failed unexpectedly (a bug, incident " + mark + "); the details are in " + log + " under that mark",
                said.getMessage());
        assertEquals("retry; if it fails again, please report incident " + mark + " with " + log, said.fix());
    }
}
