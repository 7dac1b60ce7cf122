package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.research.report.RunReport;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.store.ResearchStore;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Since store version V062 a fill's costs are paid from cash by the positions it trades (docs/research.md); a run stored before kept
 * figures made with the costs taken from every position. Those are not recomputed, so such a run says so wherever it is read
 * (get_run's warnings, the report), and a run stored now does not. A run whose rebalancing band was 0 is not told: every position
 * was traded to its target at each fill either way, so its figures are those a run makes now.
 */
class StoredCostChargingTest {
    /** Always long, with a band of 2 points of equity left untraded. */
    static final String BANDED = DailyAnnualisationTest.ALWAYS_LONG.replace("\"params\": {\"cost_bps\": 0}", "\"params\": {\"cost_bps\": 5, \"rebalance_band\": 0.02}");

    @Test
    void aRunStoredBeforeCostsWerePaidFromCashSaysSo(@TempSextant Store store) {
        ResearchService research = new ResearchService(store);
        DailyAnnualisationTest.insertWalk(store, "WALK", EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), 4);
        assertTrue(BANDED.contains("rebalance_band"), BANDED);
        StrategyRunSummary ran = research.runStrategy(new StrategyRunRequest("annual", BANDED, List.of("WALK"), null, null, LocalDate.of(2014, 1, 6), 1));
        RunDetail now = research.run(ran.runId(), false, false);
        assertFalse(now.warnings().contains(ResearchStore.COSTS_IN_PROPORTION), "a run stored now: " + now.warnings());

        storedBeforeV062(store);
        RunDetail before = research.run(ran.runId(), false, false);
        assertEquals(ResearchStore.COSTS_IN_PROPORTION, before.warnings().get(0));
        assertEquals(now.warnings(), before.warnings().subList(1, before.warnings().size()), "its own warnings follow");
        assertTrue(Json.MAPPER.valueToTree(before).get("warnings").get(0).asString().startsWith("this run was stored by a Sextant before store version V062"), "get_run's answer");
        assertTrue(RunReport.html(before).contains("this run was stored by a Sextant before store version V062"), "the report");
    }

    @Test
    void aBandZeroRunStoredBeforeV062IsNotWarned(@TempSextant Store store) {
        ResearchService research = new ResearchService(store);
        DailyAnnualisationTest.insertWalk(store, "WALK", EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), 4);
        StrategyRunSummary ran = DailyAnnualisationTest.run(research, List.of("WALK"), LocalDate.of(2014, 1, 6));
        RunDetail now = research.run(ran.runId(), false, false);
        storedBeforeV062(store);
        RunDetail before = research.run(ran.runId(), false, false);
        assertEquals(now.warnings(), before.warnings(), "a band of 0 traded every position either way: its figures are today's");
        assertFalse(RunReport.html(before).contains("before store version V062"), "the report");
        // and its replay reproduces its stored curve, so select_configuration takes it
        assertEquals(0, research.selectConfiguration(ran.runId(), 0).selectedConfiguration());
    }

    /** As a run stored before V062 is: no costs_from_cash. */
    private static void storedBeforeV062(Store store) {
        store.inTransaction(c -> {
            try (var st = c.createStatement()) {
                st.execute("UPDATE strategy_runs SET costs_from_cash = NULL");
            }
            return null;
        });
    }
}
