package org.sextant.engine.research.source;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.analogue.AnalogueService;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.graph.ComposeResult;
import org.sextant.engine.research.graph.GraphComposer;
import org.sextant.engine.research.graph.GraphError;
import org.sextant.engine.research.graph.GraphSweep;
import org.sextant.engine.research.ResearchData;
import org.sextant.engine.forecast.ForecastModels;
import org.sextant.engine.research.sweep.Sweep;
import org.sextant.engine.research.sweep.Universe;

/**
 * The forecast and analogue nodes: validated by compose_graph like the others, and run through
 * the facade on the shipped sample (Dow stocks 1991-2001, NYSE composite as the matcher's benchmark).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForecastAndAnalogueNodesTest {
    static String spec(String source) {
        return """
                {"version": 1, "name": "n", "nodes": {
                  "src": %s,
                  "long": {"type": "forecast_above", "inputs": {"forecast": "src"}, "params": {"threshold": %s}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "long"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5}}}}
                """.formatted(source, source.contains("positive_pct") ? "[50, 60]" : "[0, 0.005]");
    }

    static final String FORECAST = "{\"type\": \"forecast\", \"params\": {\"model\": \"theta\", \"horizon\": 20, \"every\": 20, \"window\": 250}}";
    static final String ANALOGUE = "{\"type\": \"analogue\", \"params\": {\"horizon\": 5, \"measure\": [\"mean\", \"positive_pct\"], \"every\": 5}}";
    @TempSextant private Sextant engine;
    /** The matcher's series over {@link #engine}'s store, one for the class: its signals and matcher are built once (no test changes those prices). */
    private MatcherAnalogueSource engineSeries;

    private synchronized MatcherAnalogueSource engineSeries() {
        if (engineSeries == null) engineSeries = new MatcherAnalogueSource(new AnalogueService(engine.store()));
        return engineSeries;
    }

    private static GraphError only(ComposeResult r) {
        assertFalse(r.ok(), r.toString());
        assertEquals(1, r.errors().size(), r.errors().toString());
        return r.errors().get(0);
    }

    @Test
    void composeGraphValidatesTheNewNodesLikeTheOthers() {
        assertEquals(2, GraphComposer.compose(spec(FORECAST)).configurations());
        assertEquals(4, GraphComposer.compose(spec(ANALOGUE)).configurations());
        assertEquals("nodes.src.params.horizon", only(GraphComposer.compose(spec(ANALOGUE.replace("\"horizon\": 5", "\"horizon\": 2")))).field());
        assertEquals(4, GraphComposer.compose(spec(ANALOGUE.replace("\"horizon\": 5", "\"horizon\": 20"))).configurations(), "20 days ahead is a horizon");
        assertEquals("nodes.src.params.model", only(GraphComposer.compose(spec(FORECAST.replace("theta", "prophet")))).field());
        assertEquals("nodes.src.params.window", only(GraphComposer.compose(spec(FORECAST.replace("\"window\": 250", "\"window\": 4")
                .replace("\"horizon\": 20", "\"horizon\": 2")))).field());
        assertEquals("nodes.src.params.measure", only(GraphComposer.compose(spec(FORECAST.replace("\"every\"", "\"measure\": \"mean\", \"every\"")))).field());
        // The horizon must be shorter than the window: no configuration satisfies 20 < 15.
        assertFalse(GraphComposer.compose(spec(FORECAST.replace("\"window\": 250", "\"window\": 15"))).ok());
        // A forecast is a series: it cannot feed a sizing node directly.
        String wired = spec(FORECAST).replace("\"inputs\": {\"signal\": \"long\"}", "\"inputs\": {\"signal\": \"src\"}");
        assertTrue(only(GraphComposer.compose(wired)).message().startsWith("wrong type"));
    }

    @Test
    void anAnalogueNodeWithoutTheMatcherIsRefusedBeforeItRuns() {
        var graph = GraphComposer.compose(spec(ANALOGUE)).requireOk();
        assertEquals("nodes.src.type", assertThrows(SextantException.class,
                () -> new GraphSweep(graph, ResearchData.dowJones(2, 300))).field());
    }

    @Test
    void aForecastStrategyRunsThroughTheFacade() {
        StrategyRunSummary s = engine.backtest(new StrategyRunRequest("nodes", spec(FORECAST), List.of("AA", "KO", "IBM"),
                LocalDate.of(1994, 1, 1), LocalDate.of(2000, 12, 31), LocalDate.of(1998, 1, 2), 2));
        assertEquals(2, s.configurations());
        assertTrue(s.inSample().exposure() > 0 && s.inSample().exposure() < 1, "the forecast switches positions: " + s.inSample());
        assertFalse(s.verdictText().isBlank());
    }

    @Test
    void anAnalogueStrategyRunsThroughTheFacade() {
        StrategyRunSummary s = engine.backtest(new StrategyRunRequest("nodes", spec(ANALOGUE), List.of("AA", "KO"),
                LocalDate.of(1997, 1, 1), LocalDate.of(2000, 12, 31), LocalDate.of(1999, 6, 1), 2));
        assertEquals(4, s.configurations());
        assertTrue(s.inSample().exposure() > 0 && s.inSample().exposure() < 1, "the analogues switch positions: " + s.inSample());
    }

    @Test
    void aStoreWithoutTheBenchmarkRefusesTheAnalogueNodeBeforeTheSweep(@TempSextant Sextant bare) throws Exception {
        bare.store().inTransaction(c -> c.createStatement().executeUpdate("DELETE FROM prices WHERE symbol = 'NYSE'"));
        SextantException e = assertThrows(SextantException.class, () -> bare.backtest(new StrategyRunRequest("nodes", spec(ANALOGUE),
                List.of("AA"), LocalDate.of(1997, 1, 1), LocalDate.of(2000, 12, 31), LocalDate.of(1999, 6, 1), 1)));
        assertEquals("benchmark", e.field(), e.getMessage());
        assertTrue(bare.listRuns(null, 5).isEmpty(), "nothing saved");
    }

    @Test
    void theAnalogueSeriesUpToADateIsTheSameWithoutThePricesAfterIt(@TempSextant Sextant past) throws Exception {
        LocalDate cut = LocalDate.of(1999, 12, 31);
        past.store().inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("DELETE FROM prices WHERE date > ?")) {
                p.setObject(1, cut);
                p.executeUpdate();
            }
            return null;
        });
        List<LocalDate> dates = engine.getClosePrice("AA", LocalDate.of(1999, 6, 1), LocalDate.of(2000, 6, 30)).dates();
        int last = 0;
        while (!dates.get(last + 1).isAfter(cut)) last++;
        double[] full = engineSeries().series(dates, "NYSE", 5, "mean", 3);
        double[] cutOff = new MatcherAnalogueSource(new AnalogueService(past.store())).series(dates.subList(0, last + 1), "NYSE", 5, "mean", 3);
        int finite = 0;
        for (int t = 0; t <= last; t++) {
            assertEquals(full[t], cutOff[t], 0, "as of " + dates.get(t));
            if (Double.isFinite(full[t])) finite++;
        }
        assertTrue(finite > last / 2, "the matcher answered on most days: " + finite + " of " + (last + 1));
    }

    // attack pass 5: SBI (2000-2007) with NYSE ending 2002-12-31 ran 2005-2007 on the last day's match, i.e. buy and hold, warnings []
    static final String ABOVE_HALF = "{\"type\": \"analogue\", \"params\": {\"horizon\": 5, \"measure\": \"positive_pct\", \"every\": 5}}";

    @Test
    void anAnalogueNodeHasNoValueAfterTheBenchmarksDataAndSaysSo() {
        List<LocalDate> dates = engine.getClosePrice("SBI", LocalDate.of(2002, 12, 1), LocalDate.of(2003, 3, 31)).dates();
        double[] s = engineSeries().series(dates, "NYSE", 5, "mean", 1);
        for (int t = 0; t < dates.size(); t++) {
            if (dates.get(t).isAfter(LocalDate.of(2003, 1, 7))) assertTrue(Double.isNaN(s[t]), "no value on " + dates.get(t) + ": " + s[t]);
            else if (!dates.get(t).isAfter(LocalDate.of(2002, 12, 31))) assertTrue(Double.isFinite(s[t]), "a value on " + dates.get(t));
        }
        StrategyRunSummary run = engine.backtest(new StrategyRunRequest("cover", spec(ABOVE_HALF), List.of("SBI"),
                LocalDate.of(2000, 1, 1), LocalDate.of(2004, 12, 31), LocalDate.of(2002, 6, 3), 1));
        assertTrue(run.warnings().stream().anyMatch(w -> w.startsWith("analogue node 'src'") && w.contains("data end 2002-12-31")
                && w.contains("no value (flat)") && w.contains("2004-12-")), run.warnings().toString());
        assertTrue(run.outOfSample().exposure() < 0.5, "flat for the two years without data, not held: " + run.outOfSample());
        assertEquals(run.warnings(), engine.getRun(run.runId(), false, false).warnings(), "the warning is stored with the run");
    }

    @Test
    void anAnalogueNodeWithoutBenchmarkDataOutOfSampleIsRefused() {
        SextantException e = assertThrows(SextantException.class, () -> engine.backtest(new StrategyRunRequest("refused", spec(ABOVE_HALF),
                List.of("SBI"), null, null, null, 1)));
        assertEquals("nodes.src.type", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("no value on any bar of the out-of-sample part") && e.getMessage().contains("2002-12-31"), e.getMessage());
        assertTrue(e.fix().contains("on or before 2003-01-07"), e.fix());
        assertTrue(engine.listRuns("refused", 5).isEmpty(), "nothing saved");
    }

    // attack pass 5: model global without a trained global model ran, never traded, and was stored with warnings []
    @Test
    void aForecastNodeOnAnUntrainedGlobalModelIsRefusedBeforeItRuns() {
        SextantException e = assertThrows(SextantException.class, () -> engine.backtest(new StrategyRunRequest("global",
                spec(FORECAST.replace("theta", "global")), List.of("IBM"), LocalDate.of(1994, 1, 1), LocalDate.of(2000, 12, 31), LocalDate.of(1998, 1, 2), 1)));
        assertEquals("invalid_input", e.failReason());
        assertEquals("nodes.src.params.model", e.field(), e.getMessage());
        assertTrue(e.fix().startsWith("train the global model first (train_global_model"), e.fix());
        assertTrue(engine.listRuns("global", 5).isEmpty(), "nothing saved");
        assertEquals(0, engine.getSessionRegistry("global").runs(), "nor counted");
    }

    @Test
    void aForecastNodeWhoseEveryFitFailsSaysSo() {
        // the global model is there when the run is checked, then gone (prices imported meanwhile): every fit fails
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        ForecastModels goneAfterTheCheck = new ForecastModels(h -> {
            if (asked.getAndIncrement() == 0) return null;
            throw SextantException.invalid("model", "the global model has not been trained on the current prices for horizon " + h, "train it");
        });
        Universe u = ResearchData.dowJones(2, 300);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec(FORECAST.replace("theta", "global"))).requireOk(), u, null, goneAfterTheCheck);
        Sweep.run(kernel, 200, 1, false, 252);
        List<String> warnings = kernel.warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("forecast node 'src' {model=global") && warnings.get(0).contains("every one of its 6 fits failed on "
                + u.symbols().get(0) + ", " + u.symbols().get(1) + ", so the node is flat there throughout (first failure: model global: the global model has not been trained"),
                warnings.get(0));
        assertTrue(new GraphSweep(GraphComposer.compose(spec(FORECAST)).requireOk(), u).warnings().isEmpty(), "no warning before anything failed");
    }

    /**
     * A fit failing with an exception of its own (not the engine's refusal) is warned as the model and the kind of failure,
     * the exception's words only in the log under the incident mark the warning names: they may quote a path or a value.
     */
    @Test
    void aFitsExceptionTextNeverReachesTheWarning() {
        String secret = "cannot read /home/ana/private/holdings.csv line 3: 41.2";
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        ForecastModels failing = new ForecastModels(h -> {
            if (asked.getAndIncrement() == 0) return null;
            throw new IllegalStateException(secret);
        });
        Universe u = ResearchData.dowJones(2, 300);
        GraphSweep kernel = new GraphSweep(GraphComposer.compose(spec(FORECAST.replace("theta", "global"))).requireOk(), u, null, failing);
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(log, true, java.nio.charset.StandardCharsets.UTF_8)); // the tests' log (slf4j-simple)
        try {
            Sweep.run(kernel, 200, 1, false, 252);
        } finally {
            System.setErr(err);
        }
        List<String> warnings = kernel.warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        String w = warnings.get(0);
        assertFalse(w.contains("holdings") || w.contains("41.2"), w);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(first failure: model global could not fit a window: an unexpected error \\(a bug\\) "
                + "\\(logged as incident (\\w{8}) in [^)]*sextant\\.log\\)\\)$").matcher(w);
        assertTrue(m.find(), w);
        String logged = log.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(logged.contains("incident " + m.group(1)) && logged.contains(secret), "the exception is in the log under its mark: " + logged);
    }
}
