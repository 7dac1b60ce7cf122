package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.research.report.RunReport;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.sweep.HonestyReport;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A run whose in-sample p-value is below what a double holds (a 3%-a-day drift with 1% noise: t about 95 over 1000 returns)
 * and one whose Sharpe ratio is negative are read in words a user can act on: every answer (run_strategy, get_run,
 * select_configuration, the report) cites finite figures, never "NaN" or "Infinity", and the tiny p-value by its log.
 */
class ExtremeSharpeWordsTest {
    private static final java.util.Set<java.time.DayOfWeek> WEEKDAYS = java.util.EnumSet.range(java.time.DayOfWeek.MONDAY, java.time.DayOfWeek.FRIDAY);

    @Test
    void anUnderflowingPValueAndANegativeSharpeAreSaidInFiniteFigures(@TempSextant Store store) {
        ResearchService research = new ResearchService(store);
        DailyAnnualisationTest.insertWalk(store, "UP", WEEKDAYS, 7, 0.03);
        DailyAnnualisationTest.insertWalk(store, "DOWN", WEEKDAYS, 8, -0.002);
        LocalDate oos = LocalDate.of(2014, 1, 6);

        StrategyRunSummary up = DailyAnnualisationTest.run(research, List.of("UP"), oos);
        assertTrue(up.verdictText().contains("haircut p-value below 1e-308 (10^-"), up.verdictText());
        assertFinite("run_strategy", Json.MAPPER.writeValueAsString(up));
        assertAnswersFinite(research, up.runId());
        assertFigures(up);
        assertTrue(Double.isFinite(up.minTrackRecordYears()), "MinTRL " + up.minTrackRecordYears());
        // get_run gives the configuration's p-value (0 as a double) with its exact log, and the report the log in words
        RunDetail upRun = research.run(up.runId(), true, false);
        var chosen = upRun.configurations().get(0);
        assertEquals(0.0, chosen.pValue(), "below what a double holds");
        assertTrue(chosen.log10PValue() < -308 && Double.isFinite(chosen.log10PValue()), "log10 " + chosen.log10PValue());
        var row = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(upRun)).get("configurations").get(0);
        assertEquals(0.0, row.get("p_value").asDouble(), row.toString());
        assertEquals(chosen.log10PValue(), row.get("log10_p_value").asDouble(), row.toString());
        assertTrue(RunReport.html(upRun).contains(String.format(java.util.Locale.ROOT, "below 1e-308 (10^%.1f)", chosen.log10PValue())), "the report's table");

        StrategyRunSummary down = DailyAnnualisationTest.run(research, List.of("DOWN"), oos);
        assertTrue(down.inSample().sharpe() < 0, "a negative Sharpe ratio: " + down.inSample().sharpe());
        assertFinite("run_strategy", Json.MAPPER.writeValueAsString(down));
        assertAnswersFinite(research, down.runId());
        assertFigures(down);
        // no track record makes a negative Sharpe ratio significant: null on the wire, said beside it and in the report
        assertTrue(down.warnings().contains(HonestyReport.NO_TRACK_RECORD), down.warnings().toString());
        assertTrue(research.run(down.runId(), false, false).warnings().contains(HonestyReport.NO_TRACK_RECORD), "get_run");
        assertTrue(RunReport.html(research.run(down.runId(), false, false)).contains("never (the Sharpe ratio is not above 0)"), "the report");
        assertEquals(0.0, down.haircutSharpeHolm(), "nothing is left of it, and no -0.0: " + down.haircutSharpeHolm());
        assertFalse(Json.MAPPER.writeValueAsString(down).contains("-0.0"), "a figure of -0.0");
    }

    /** The statistics a user reads: each a finite number, but the PBO of one configuration, whose reason is given. */
    private static void assertFigures(StrategyRunSummary r) {
        double[] figures = {r.psr(), r.psrOutOfSample(), r.dsr(), r.haircutSharpeBonferroni(), r.haircutSharpeHolm(), r.haircutSharpeBhy(),
                r.placeboPValue(), r.inSample().sharpe(), r.outOfSample().sharpe()};
        for (double f : figures) assertTrue(Double.isFinite(f), java.util.Arrays.toString(figures));
        assertTrue(r.reasons().contains("PBO not computed (one configuration)"), r.reasons().toString());
    }

    /** get_run, select_configuration and the report of the run: no undefined number in words. */
    private static void assertAnswersFinite(ResearchService research, String runId) {
        RunDetail got = research.run(runId, true, true);
        assertFinite("get_run", Json.MAPPER.writeValueAsString(got));
        assertFinite("select_configuration", Json.MAPPER.writeValueAsString(research.selectConfiguration(runId, 0)));
        assertFinite("the report", RunReport.html(got));
    }

    private static void assertFinite(String answer, String text) {
        for (String word : List.of("NaN", "Infinity", "∞")) assertFalse(text.contains(word), answer + " says " + word + ": " + text);
    }
}
