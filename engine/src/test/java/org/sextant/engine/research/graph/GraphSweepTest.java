package org.sextant.engine.research.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.research.backtest.Costs;
import org.sextant.engine.research.sweep.SmaCrossoverSweep;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.SweepResult;
import org.sextant.engine.research.sweep.Universe;

class GraphSweepTest {
    @Test
    void aComposedSmaGraphRunsExactlyLikeTheSmaKernel() {
        Universe u = ResearchData.dowJones(5, 900);
        GraphSweep g = new GraphSweep(GraphComposer.compose(GraphComposerTest.SMA).requireOk(), u);
        SmaCrossoverSweep k = new SmaCrossoverSweep(u, new int[]{5, 10, 15, 20, 25, 30, 35, 40, 45, 50}, new int[]{30, 100, 200}, new Costs(5, 5));
        SweepResult a = Sweep.run(g, 600, 2, false, 252), b = Sweep.run(k, 600, 1, false, 252);
        assertEquals(b.configurations(), a.configurations());
        for (int c = 0; c < a.configurations(); c++) {
            Map<String, Object> gp = g.parameters(c);
            int match = -1;
            for (int j = 0; j < k.configurations(); j++) {
                if (k.parameters(j).get("fast").equals(gp.get("fast.length")) && k.parameters(j).get("slow").equals(gp.get("slow.length"))) match = j;
            }
            assertTrue(match >= 0, "no kernel configuration for " + gp);
            assertEquals(b.inSample()[match].sharpe(), a.inSample()[c].sharpe(), 1e-12, gp.toString());
            assertEquals(b.outOfSample()[match].maxDrawdown(), a.outOfSample()[c].maxDrawdown(), 1e-12);
        }
        // Each SMA length computed once per distinct value, plus the price node.
        assertEquals(1 + 10 + 3, g.cachedSeries());
    }

    /** Two assets with open/high/low/close: TTR's ttrc series, first 1200 days and the next 1200. */
    private static Universe ohlc() {
        Map<String, double[]> d = ResearchData.columns("ttrc_indicators.csv");
        int n = 1200;
        List<LocalDate> dates = new ArrayList<>();
        for (int t = 0; t < n; t++) dates.add(LocalDate.of(1985, 1, 2).plusDays(t));
        double[][][] f = new double[4][2][];
        String[] cols = {"open", "high", "low", "close"};
        for (int c = 0; c < 4; c++) {
            f[c][0] = Arrays.copyOfRange(d.get(cols[c]), 0, n);
            f[c][1] = Arrays.copyOfRange(d.get(cols[c]), n, 2 * n);
        }
        return new Universe(List.of("A", "B"), dates, f[0], f[1], f[2], f[3]);
    }

    @Test
    void theLongestChainASpecMayHoldRunsAndOneNodeMoreIsRefusedNamingNodes() {
        // a chain of 3000 lag nodes ran out of stack in the sweep (StackOverflowError, the run taken down)
        java.util.function.IntFunction<String> chain = lags -> {
            StringBuilder nodes = new StringBuilder("\"close\": {\"type\": \"price\"}, \"l0\": {\"type\": \"lag\", \"inputs\": {\"series\": \"close\"}, \"params\": {\"bars\": 0}}");
            for (int i = 1; i < lags; i++) {
                nodes.append(", \"l").append(i).append("\": {\"type\": \"lag\", \"inputs\": {\"series\": \"l").append(i - 1).append("\"}, \"params\": {\"bars\": 0}}");
            }
            return GraphComposerTest.SMA.replace("\"close\": {\"type\": \"price\", \"params\": {\"field\": \"close\"}},", "")
                    .replace("\"nodes\": {", "\"nodes\": {" + nodes + ",").replace("\"series\": \"close\"}, \"params\": {\"length\": {", "\"series\": \"l" + (lags - 1) + "\"}, \"params\": {\"length\": {");
        };
        int lags = GraphComposer.MAX_NODES - 7; // the SMA spec's other six nodes and the price
        ComposedGraph longest = GraphComposer.compose(chain.apply(lags)).requireOk();
        SweepResult r = Sweep.run(new GraphSweep(longest, ResearchData.dowJones(2, 300)), 200, 1, false, 252);
        assertEquals(25, r.configurations(), "fast 5..50 under slow 30, 100, 200");
        ComposeResult tooLong = GraphComposer.compose(chain.apply(lags + 1));
        assertEquals("nodes", tooLong.errors().get(0).field());
        assertTrue(tooLong.errors().get(0).message().contains("201 nodes, more than 200"), tooLong.errors().get(0).message());
    }

    @Test
    void everyCatalogueNodeRuns() {
        String spec = """
                {"version": 1, "nodes": {
                  "close": {"type": "price"}, "high": {"type": "price", "params": {"field": "high"}},
                  "lagged": {"type": "lag", "inputs": {"series": "close"}, "params": {"bars": 1}},
                  "ema": {"type": "ema", "inputs": {"series": "lagged"}, "params": {"length": 10}},
                  "sma": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": 30}},
                  "macd": {"type": "macd", "inputs": {"series": "close"}, "params": {"output": "histogram"}},
                  "zero": {"type": "returns", "inputs": {"series": "sma"}, "params": {"bars": 1000}},
                  "bbl": {"type": "bollinger", "inputs": {"series": "close"}, "params": {"output": "lower"}},
                  "bbu": {"type": "bollinger", "inputs": {"series": "close"}, "params": {"output": "upper"}},
                  "atr": {"type": "atr"}, "vol": {"type": "volatility", "inputs": {"series": "close"}},
                  "z": {"type": "zscore", "inputs": {"series": "high"}}, "rsi": {"type": "rsi", "inputs": {"series": "close"}},
                  "trend": {"type": "crossover", "inputs": {"fast": "ema", "slow": "sma"}},
                  "momentum": {"type": "crossover", "inputs": {"fast": "macd", "slow": "zero"}},
                  "dip": {"type": "threshold", "inputs": {"series": "rsi"}, "params": {"enter_below": 40, "exit_above": 60}},
                  "brk": {"type": "band_break", "inputs": {"price": "close", "lower": "bbl", "upper": "bbu"}},
                  "fc": {"type": "forecast_above", "inputs": {"forecast": "z"}, "params": {"threshold": -1}},
                  "both": {"type": "and", "inputs": {"a": "trend", "b": "fc"}},
                  "any": {"type": "or", "inputs": {"a": "both", "b": "dip"}},
                  "calm": {"type": "not", "inputs": {"a": "brk"}},
                  "sig": {"type": "and", "inputs": {"a": "any", "b": "calm"}},
                  "sized": {"type": "vol_target", "inputs": {"signal": "sig"}, "params": {"target": [0.1, 0.2]}},
                  "book": {"type": "equal_weight", "inputs": {"position": "sized"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"fill": "next_open", "cost_bps": 2}},
                  "unused": {"type": "atr"}}}
                """;
        ComposeResult r = GraphComposer.compose(spec);
        assertTrue(r.ok(), r.errors().toString());
        assertTrue(r.warnings().contains("node 'unused' does not feed the execution node and is ignored"), r.warnings().toString());
        assertEquals(2, r.configurations());
        GraphSweep g = new GraphSweep(r.graph(), ohlc());
        SweepResult s = Sweep.run(g, 800, 1, false, 252);
        assertTrue(s.inSample()[0].exposure() > 0, "the combined signal should hold something");
        // Doubling the volatility target doubles the position until the leverage cap binds: more exposure.
        assertTrue(s.inSample()[1].exposure() >= s.inSample()[0].exposure());

        String top = """
                {"version": 1, "nodes": {
                  "close": {"type": "price"}, "mom": {"type": "returns", "inputs": {"series": "close"}, "params": {"bars": 60}},
                  "book": {"type": "top_n", "inputs": {"score": "mom"}, "params": {"n": 1}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """;
        SweepResult t = Sweep.run(new GraphSweep(GraphComposer.compose(top).requireOk(), ohlc()), 800, 1, false, 252);
        assertEquals(1.0, t.outOfSample()[0].exposure(), 1e-12);   // always fully in the one best asset
    }

    @Test
    void whatARunWouldTripOnIsRefusedBeforeItStarts() {
        Universe closesOnly = ResearchData.dowJones(3, 300);
        ComposedGraph open = GraphComposer.compose(GraphComposerTest.SMA.replace("next_close", "next_open")).requireOk();
        SextantException e = assertThrows(SextantException.class, () -> new GraphSweep(open, closesOnly));
        assertEquals("nodes.run.params.fill", e.field());
        String top = """
                {"version": 1, "nodes": {"close": {"type": "price"},
                  "book": {"type": "top_n", "inputs": {"score": "close"}, "params": {"n": [1, 5]}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}
                """;
        ComposedGraph tooMany = GraphComposer.compose(top).requireOk();
        assertEquals("nodes.book.params.n", assertThrows(SextantException.class, () -> new GraphSweep(tooMany, closesOnly)).field());
    }
}
