package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.research.report.RunReport;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A run's answer says how its figures were annualised ("261 bars a year (1d: TASI trades Sunday to Thursday, …)"); read
 * back, a stored run said only its 261 bars a year. It now keeps the sentence (V055), and a run stored before that
 * says it was not recorded instead of a sentence rebuilt from dates that may have changed since.
 */
class StoredAnnualisationTest {
    /** A run on a Sunday-to-Thursday market, whose annualisation names its week. */
    private static StrategyRunSummary runOnASundayToThursdayWeek(ResearchService research, Store store) {
        DailyAnnualisationTest.insertWalk(store, "TASI", EnumSet.of(DayOfWeek.SUNDAY, DayOfWeek.MONDAY, DayOfWeek.TUESDAY,
                DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY), 4);
        return DailyAnnualisationTest.run(research, List.of("TASI"), LocalDate.of(2014, 1, 5));
    }

    @Test
    void aStoredRunReadsBackTheSentenceItsAnswerSaid(@TempSextant Store store) {
        ResearchService research = new ResearchService(store);
        StrategyRunSummary ran = runOnASundayToThursdayWeek(research, store);
        String said = "annualised with 261 bars a year (1d: TASI trades Sunday to Thursday, 261 dates a year)";
        assertEquals(said, ran.annualisation());

        RunInfo listed = research.listRuns(null, 10).get(0);
        assertEquals(said, listed.annualisation());
        assertEquals(said, Json.MAPPER.valueToTree(listed).get("annualisation").asString(), "list_runs' row");
        RunDetail detail = research.run(ran.runId(), false, false);
        assertEquals(said, detail.info().annualisation());
        assertEquals(said, Json.MAPPER.valueToTree(detail).get("info").get("annualisation").asString(), "get_run's info");
        String report = RunReport.html(detail);
        assertTrue(report.contains("1d bars; every annual figure " + said), report.substring(0, Math.min(report.length(), 2000)));
    }

    @Test
    void aRunStoredBeforeItWasKeptSaysSoInsteadOfAGuess(@TempSextant Store store) {
        ResearchService research = new ResearchService(store);
        StrategyRunSummary ran = runOnASundayToThursdayWeek(research, store);
        store.inTransaction(c -> {   // as a run stored before V055 is
            try (var st = c.createStatement()) {
                st.execute("UPDATE strategy_runs SET annualisation = NULL");
            }
            return null;
        });
        RunInfo listed = research.listRuns(null, 10).get(0);
        assertEquals("not recorded (run stored before V055)", listed.annualisation());
        assertEquals(261, listed.barsPerYear());
        RunDetail detail = research.run(ran.runId(), false, false);
        assertEquals("not recorded (run stored before V055)", detail.info().annualisation());
        assertTrue(RunReport.html(detail).contains("1d bars; every annual figure annualised with 261 bars a year; why: not recorded (run stored before V055)"));
    }
}
