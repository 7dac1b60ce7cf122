package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.testing.TempSextant;

/**
 * The attack pass's repros on IBM's 2528 days (1991-01-02 to 2001-01-02): an SMA longer than the
 * data, which used to run and answer "no variation in returns", and a winner that never held a
 * position in sample, which used to be reported without a word.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NeverTradingStrategyTest {
    @TempSextant private Sextant engine;

    /** An SMA crossover of a 10-day SMA over a slow one of the given length(s) (a JSON value), on IBM. */
    private static String spec(String slowLength) {
        return """
                {"version": 1, "name": "long slow", "nodes": {
                  "close": {"type": "price"},
                  "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": 10}},
                  "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": %s}},
                  "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """.formatted(slowLength);
    }

    private StrategyRunSummary backtest(String session, String spec) {
        return engine.backtest(new StrategyRunRequest(session, spec, List.of("IBM"), null, null, null, 1));
    }

    @Test
    void anSmaLongerThanTheDataIsRefusedNamingItsLengthAndTheDays() {
        SextantException e = assertThrows(SextantException.class, () -> backtest("too-long", spec("5000")));
        assertEquals("nodes.slow.params.length", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("length 5000") && e.getMessage().contains("2528 days (1991-01-02 to 2001-01-02)"), e.getMessage());
        assertTrue(e.fix().startsWith("use length at most 2527"), e.fix());
        assertTrue(engine.listRuns("too-long", 5).isEmpty(), "nothing ran, nothing is counted");

        // a lookback chained on another counts both: a 2000-day SMA of a 600-bar lag has no value either
        String chained = spec("2000").replace("\"inputs\": {\"series\": \"close\"}, \"params\": {\"length\": 2000}",
                "\"inputs\": {\"series\": \"late\"}, \"params\": {\"length\": 2000}")
                .replace("\"close\": {\"type\": \"price\"},", "\"close\": {\"type\": \"price\"}, \"late\": {\"type\": \"lag\", \"inputs\": {\"series\": \"close\"}, \"params\": {\"bars\": 600}},");
        SextantException lagged = assertThrows(SextantException.class, () -> backtest("too-long", chained));
        assertEquals("nodes.slow.params.length", lagged.field(), lagged.getMessage());
        assertTrue(lagged.fix().startsWith("use length at most 1927"), lagged.fix());
    }

    /**
     * A run stored before the length check, with an SMA longer than its data, cannot be replayed:
     * select_configuration says so at run_id, its own argument, not at the spec's field it cannot change.
     */
    @Test
    void aRunStoredBeforeTheLengthCheckIsRefusedAtRunId() {
        StrategyRunSummary old = backtest("stored-before", spec("50"));
        // the spec as an earlier version stored it, when a 5000-day SMA still ran
        engine.store().inTransaction(c -> {
            try (var u = c.prepareStatement("UPDATE strategy_runs SET spec_json = ? WHERE run_id = ?")) {
                u.setString(1, spec("5000"));
                u.setString(2, old.runId());
                return u.executeUpdate();
            }
        });
        SextantException e = assertThrows(SextantException.class, () -> engine.selectConfiguration(old.runId(), 0));
        assertEquals("run_id", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("at nodes.slow.params.length") && e.getMessage().contains("length 5000"), e.getMessage());
        assertTrue(e.fix().startsWith("run the backtest again with nodes.slow.params.length changed (use length at most 2527"), e.fix());
    }

    /** A MACD's signal line and histogram smooth its line once more; the line itself does not. */
    @Test
    void aMacdCountsItsSignalSmoothingOnlyWhereItsOutputHasIt() {
        String macd = """
                {"version": 1, "name": "macd", "nodes": {
                  "close": {"type": "price"},
                  "m": {"type": "macd", "inputs": {"series": "close"}, "params": {"fast": 12, "slow": 2000, "signal": 600, "output": "%s"}},
                  "up": {"type": "threshold", "inputs": {"series": "m"}, "params": {"enter_below": 0, "exit_above": 1}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "up"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """;
        SextantException e = assertThrows(SextantException.class, () -> backtest("macd", macd.formatted("histogram")));
        assertEquals("nodes.m.params.slow", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("needs 2599 days for its first value"), e.getMessage());
        assertEquals(1, backtest("macd", macd.formatted("macd")).configurations(), "the line's first value is on bar 1999: it runs");
    }

    @Test
    void aSweepWithSomeLengthsTooLongRunsAndNamesThem() {
        StrategyRunSummary run = backtest("some-too-long", spec("[50, 3000, 5000]"));
        assertEquals(3, run.configurations());
        String said = String.join("\n", run.warnings());
        assertTrue(said.contains("sma node 'slow': length 3000, 5000 leave it without a value on the run's 2528 days"), said);
        assertTrue(said.contains("nodes.slow.params.length at most 2527"), said);
        assertTrue(String.join("\n", engine.getRun(run.runId()).warnings()).contains("length 3000, 5000"), "stored with the run");
    }

    @Test
    void aWinnerFlatThroughTheInSamplePartIsSaidToBe() {
        // the 2000-day SMA's first value is on bar 1999, after the default split at 70% of the range
        StrategyRunSummary idle = backtest("idle", spec("2000"));
        String said = String.join("\n", idle.warnings());
        assertTrue(said.contains("the winning configuration 0 held no position on any in-sample bar (1991-01-02 to "), said);
        assertTrue(said.contains("its in-sample figures describe cash and its selection means nothing"), said);
        assertEquals(0, idle.inSample().exposure(), 0);

        StrategyRunSummary trading = backtest("idle", spec("50"));
        assertTrue(trading.warnings().stream().noneMatch(w -> w.contains("held no position")), trading.warnings().toString());
    }

    /**
     * Attack 28, F4: 10 times the equity entered at 1000 + 1000 bps pays 2 equities on its first trade, a ruin; the weight is
     * recorded before the trade and the figures stop at the ruin, so that trade was called cash ("shorten its lookbacks").
     */
    @Test
    void aWinnerRuinedByItsCostsOnEntryIsNotCalledCash() {
        String ruinous = spec("50").replace("\"type\": \"fixed_fraction\", \"inputs\": {\"signal\": \"cross\"}",
                        "\"type\": \"fixed_fraction\", \"inputs\": {\"signal\": \"cross\"}, \"params\": {\"fraction\": 10}")
                .replace("\"inputs\": {\"weights\": \"book\"}", "\"inputs\": {\"weights\": \"book\"}, \"params\": {\"cost_bps\": 1000, \"slippage_bps\": 1000}");
        StrategyRunSummary ruined = backtest("ruin", ruinous);
        String said = String.join("\n", ruined.warnings());
        assertEquals("ruined", ruined.verdict(), ruined.verdictText());
        assertTrue(said.contains("was ruined on its first trade by its costs, on 1991-03-14 in sample: it traded 10.0 times the equity"), said);
        assertTrue(said.contains("cost_bps") && !said.contains("held no position") && !said.contains("shorten its lookbacks"), said);
    }
}
