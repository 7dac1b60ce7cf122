package org.sextant.engine.research;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.ResultSet;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

class ResearchServiceTest {
    static final String SPEC = """
            {"version": 1, "name": "rsi dip", "nodes": {
              "close": {"type": "price"},
              "rsi": {"type": "rsi", "inputs": {"series": "close"}, "params": {"length": [2, 5, 14]}},
              "dip": {"type": "threshold", "inputs": {"series": "rsi"}, "params": {"enter_below": [20, 30], "exit_above": [60, 80]}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "dip"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5, "slippage_bps": 5}}}}
            """;

    /** Four Dow Jones stocks' first 1000 closes, into an empty store (a {@code @TempSextant Store}). */
    static void insertDow(Store store) {
        ResearchData.insertDowJones(store, 4, 1000, (a, t) -> false);
    }

    @Test
    void runsFinishingTogetherInOneSessionAreEachDeflatedByEveryConfigurationSavedBeforeThem(@TempSextant Store store) throws Exception {
        // attack pass 10, M3: four sweeps of 30 at once each said N=30 (the session then held 120), each DSR deflated too little
        insertDow(store);
        ResearchService research = new ResearchService(store);
        int runs = 6;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(runs);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(runs);
        try {
            List<java.util.concurrent.Future<StrategyRunSummary>> done = new java.util.ArrayList<>();
            for (String symbol : List.of("AA", "AXP", "T", "BA", "AA", "AXP")) {
                done.add(pool.submit(() -> {
                    start.await();
                    return research.runStrategy(new StrategyRunRequest("together", SPEC, List.of(symbol), null, null, LocalDate.of(1994, 1, 3), 1));
                }));
            }
            List<Long> counts = new java.util.ArrayList<>();
            for (var f : done) counts.add(f.get().sessionConfigurations());
            java.util.Collections.sort(counts);
            assertEquals(List.of(12L, 24L, 36L, 48L, 60L, 72L), counts, "each run counts every configuration saved before it");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void runsASpecAndCountsTheSessionAcrossRuns(@TempSextant Store store) throws Exception {
        insertDow(store);
        ResearchService research = new ResearchService(store);
        StrategyRunRequest req = new StrategyRunRequest("s", SPEC, List.of("AA", "AXP", "T", "BA"), null, null, LocalDate.of(1994, 1, 3), 2);
        StrategyRunSummary first = research.runStrategy(req);
        assertEquals(12, first.configurations());
        assertEquals(12, first.sessionConfigurations());
        StrategyRunSummary second = research.runStrategy(req);
        assertEquals(24, second.sessionConfigurations());
        assertEquals(2, second.sessionRuns());
        assertTrue(second.dsr() <= first.dsr() + 1e-12, "more configurations tried cannot raise the DSR");
        assertTrue(second.verdictText().contains("24 configurations") || second.verdict().equals("significant"), second.verdictText());
        String json = Json.write(second);
        assertTrue(json.contains("\"verdict_text\"") && json.contains("\"in_sample\""), json);
    }

    @Test
    void symbolsAndSessionIdAreRefusedNamingTheArgument(@TempSextant org.sextant.engine.Sextant engine) {
        SextantException unknown = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("s", SPEC, List.of("IBM", "NOPE"), null, null, null, 1)));
        assertEquals("symbols", unknown.field(), unknown.getMessage());
        assertTrue(unknown.getMessage().contains("NOPE"), unknown.getMessage());

        SextantException twice = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("s", SPEC, List.of("IBM", "ibm"), null, null, null, 1)));
        assertEquals("symbols", twice.field());
        assertEquals("symbols names IBM twice", twice.getMessage());

        String huge = "x".repeat(5000);
        for (String id : List.of(huge, "a b", "x".repeat(ResearchService.MAX_SESSION_ID_CHARS + 1))) {
            SextantException e = assertThrows(SextantException.class, () -> engine.backtest(
                    new StrategyRunRequest(id, SPEC, List.of("IBM"), null, null, null, 1)));
            assertEquals("session_id", e.field());
            assertFalse(e.getMessage().contains("xxxxxxxxxx"), "the id is not echoed back");
            assertEquals("session_id", assertThrows(SextantException.class, () -> engine.startBacktest(
                    new StrategyRunRequest(id, SPEC, List.of("IBM"), null, null, null, 1))).field());
            assertEquals("session_id", assertThrows(SextantException.class, () -> engine.getSessionRegistry(id)).field());
            assertEquals("session_id", assertThrows(SextantException.class, () -> engine.listRuns(id, 5)).field());
        }
        assertTrue(engine.listRuns(null, 5).isEmpty(), "nothing ran or was saved");
        assertEquals("sma-ibm_2024.v2:a", ResearchService.sessionOf("sma-ibm_2024.v2:a"));
        assertEquals("default", ResearchService.sessionOf(null));
    }

    /** IBM (1991–2001) with SBI (2000–2007) share about one year: the run says it reads only that, instead of silently. */
    @Test
    void aRunOnSymbolsThatShareLittleHistorySaysSo(@TempSextant org.sextant.engine.Sextant engine) {
        StrategyRunSummary both = engine.backtest(new StrategyRunRequest("shared", SPEC, List.of("IBM", "SBI"), null, null, LocalDate.of(2000, 9, 1), 1));
        String said = both.warnings().stream().filter(w -> w.startsWith("the symbols have prices together on ")).findFirst().orElse(null);
        assertTrue(said != null, both.warnings().toString());
        assertTrue(said.startsWith("the symbols have prices together on 253 days only (2000-01-03 to 2001-01-02)"), said);
        assertTrue(said.contains("IBM has 2528 (1991-01-02 to 2001-01-02), SBI has 1917 (2000-01-03 to 2007-05-08)"), said);
        StrategyRunSummary same = engine.backtest(new StrategyRunRequest("shared", SPEC, List.of("IBM", "KO"), null, null, LocalDate.of(1998, 1, 2), 1));
        assertTrue(same.warnings().stream().noneMatch(w -> w.startsWith("the symbols have prices together")), "the Dow's symbols share their days: " + same.warnings());
    }

    /** Prices that never move teach nothing: the run is refused and adds no trials to the session's N (the DSR's). */
    @Test
    void aRunOnPricesThatNeverMoveIsRefusedAndNotCounted(@TempSextant org.sextant.engine.Sextant engine, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        engine.importPrices(List.of(org.sextant.engine.forecast.FlatSeriesForecastTest.flat(dir, "FLAT")));
        SextantException e = assertThrows(SextantException.class, () -> engine.backtest(
                new StrategyRunRequest("flat", SPEC, List.of("FLAT"), null, null, null, 1)));
        assertEquals("symbols", e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith("the closes of [FLAT] never change in sample (2020-01-01 to "), e.getMessage());
        assertTrue(e.getMessage().endsWith("the run was neither run nor counted in its session"), e.getMessage());
        assertEquals(0, engine.getSessionRegistry("flat").configurations());
        assertTrue(engine.listRuns("flat", 5).isEmpty(), "nothing was stored");
    }

    @Test
    void aBadSpecIsRefusedBeforeAnythingRunsOrIsSaved(@TempSextant Store store) throws Exception {
        insertDow(store);
        ResearchService research = new ResearchService(store);
        String bad = SPEC.replace("\"type\": \"rsi\"", "\"type\": \"rsii\"");
        SextantException e = assertThrows(SextantException.class, () -> research.runStrategy(
                new StrategyRunRequest("s", bad, List.of("AA"), null, null, LocalDate.of(1994, 1, 3), 1)));
        assertEquals("nodes.rsi.type", e.field());
        assertEquals("oos_start", assertThrows(SextantException.class, () -> research.runStrategy(
                new StrategyRunRequest("s", SPEC, List.of("AA"), null, null, null, 1))).field());
        long runs = store.read(c -> {
            try (ResultSet r = c.createStatement().executeQuery("SELECT count(*) FROM strategy_runs")) { r.next(); return r.getLong(1); }
        });
        assertEquals(0, runs);
    }

    /** An out-of-sample start outside the data names the data's first or last date, not a count of bars. */
    @Test
    void aSplitOutsideTheDataNamesTheDatasEdge(@TempSextant Store store) throws Exception {
        insertDow(store);
        ResearchService research = new ResearchService(store);
        SextantException before = assertThrows(SextantException.class, () -> research.runStrategy(
                new StrategyRunRequest("s", SPEC, List.of("AA", "AXP"), null, null, LocalDate.of(1980, 1, 1), 1)));
        assertEquals("oos_start", before.field());
        assertTrue(before.getMessage().startsWith("oos_start 1980-01-01 is before the data's first date 1991-01-02"), before.getMessage());
        assertTrue(before.fix().startsWith("give an oos_start inside the data (1991-01-02 to "), before.fix());
        SextantException after = assertThrows(SextantException.class, () -> research.runStrategy(
                new StrategyRunRequest("s", SPEC, List.of("AA", "AXP"), null, null, LocalDate.of(2030, 1, 1), 1)));
        assertTrue(after.getMessage().startsWith("oos_start 2030-01-01 is after the data's last date "), after.getMessage());
    }

    @Test
    void listsTheCatalogueAndComposesWithoutRunning(@TempSextant Store store) throws Exception {
        insertDow(store);
        ResearchService research = new ResearchService(store);
        List<Map<String, Object>> nodes = research.listNodes();
        Map<String, Object> rsi = nodes.stream().filter(n -> n.get("name").equals("rsi")).findFirst().orElseThrow();
        assertEquals("indicator", rsi.get("category"));
        assertEquals(List.of("length: int 1..5000 (default 14)"), rsi.get("params"));
        assertEquals(12, research.composeGraph(SPEC).configurations());
        assertFalse(research.composeGraph("{}").ok());
    }
}
