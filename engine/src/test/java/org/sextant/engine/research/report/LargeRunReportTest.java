package org.sextant.engine.research.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Bounds;
import org.sextant.engine.Sextant;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.testing.TempSextant;
import org.sextant.engine.testing.WideSweep;

/**
 * A run of thousands of configurations (a sweep may hold a million) is read a bounded page at a time by the
 * report and by the facade's getRun, which the GUI uses: the report lists the best {@link RunReport#LISTED}
 * and says how many of how many; the run's own figures are those of the whole run.
 */
class LargeRunReportTest {
    @TempSextant private Sextant engine;

    @Test
    void aLargeRunsReportListsItsBestConfigurationsAndSaysHowManyOfHowMany() throws Exception {
        StrategyRunSummary run = engine.backtest(new StrategyRunRequest("large", WideSweep.SPEC, List.of("KO"), null, null, null, 2));
        assertEquals(WideSweep.CONFIGURATIONS, run.configurations());
        RunDetail lean = engine.getRun(run.runId(), false, false);

        String html = Files.readString(engine.exportReport(run.runId(), null, null).file());
        assertTrue(html.contains("1,000 of 7,140 configurations shown, best in-sample Sharpe first"), "says how many of how many");
        Matcher m = Pattern.compile("<tr><td class=\"n\">(\\d+)</td><td>[^<]*</td><td class=\"n\">(-?[0-9.]+|–)</td>").matcher(html);
        int rows = 0, first = -1;
        while (m.find()) {
            if (rows++ == 0) first = Integer.parseInt(m.group(1));
        }
        assertEquals(RunReport.LISTED, rows, "the report lists the bound, not every configuration");
        assertEquals(lean.chosenConfiguration(), first, "the chosen configuration leads");
        // the run's figures are the whole run's, as get_run without configurations gives them
        assertTrue(html.contains("The best in-sample Sharpe ratio of 7140 configurations"), "the chosen one among all of them");
        assertTrue(html.contains("<th>DSR</th><td class=\"n\">" + Figures.fixed(lean.statistics().dsr(), 3) + "</td>"), "DSR");
        assertTrue(html.contains("<th>PBO</th><td class=\"n\">" + Figures.fixed(lean.statistics().pbo(), 3) + "</td>"), "PBO");

        // the facade's read of a run (the GUI's) is one page: the bound, the chosen one first, with the total
        RunDetail read = engine.getRun(run.runId());
        assertEquals(Bounds.MAX_RUN_CONFIGURATIONS, read.configurations().size(), "rows read are bounded");
        assertEquals(7_140, read.configurationsTotal());
        assertEquals(lean.chosenConfiguration(), read.configurations().get(0).configuration());
        assertEquals(lean.statistics(), read.statistics(), "the figures do not depend on the page");
    }
}
