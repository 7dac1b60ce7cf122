package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.app.gui.ResearchViewModel.ChartData;
import org.sextant.app.gui.ResearchViewModel.SpecProblem;
import org.sextant.app.gui.ResearchViewModel.StatisticRow;
import org.sextant.engine.Sextant;
import org.sextant.engine.research.run.ConfigurationResult;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;

/** The Research view's state against a real engine on a temporary store (the sample Dow 30), without a screen. */
class ResearchViewModelTest {
    /** Liveness guard for background work, not a performance bound. */
    private static final int GIVE_UP_SECONDS = 120;
    /** Six configurations: fast 10/20/40 against slow 100/200. */
    static final String SMALL_SWEEP = """
            {"version": 1, "name": "small sma cross",
             "nodes": {
               "close": {"type": "price", "params": {"field": "close"}},
               "fast":  {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [10, 20, 40]}},
               "slow":  {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [100, 200]}},
               "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
               "size":  {"type": "fixed_fraction", "inputs": {"signal": "cross"}, "params": {"fraction": 1}},
               "book":  {"type": "equal_weight", "inputs": {"position": "size"}},
               "run":   {"type": "execution", "inputs": {"weights": "book"},
                         "params": {"fill": "next_close", "cost_bps": 5, "slippage_bps": 5}}},
             "constraints": ["fast.length < slow.length"]}
            """;

    @TempSextant private Sextant engine;
    private ExecutorService uiThread;
    private ResearchViewModel model;

    @BeforeEach
    void open() {
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new ResearchViewModel(engine, null, uiThread);
    }

    @AfterEach
    void close() throws Exception {
        model.runFinished().handle((r, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        model.close();
        uiThread.shutdownNow();
    }

    /** The panel says the bars a year a run's figures were annualised with, and that a run stored before V055 did not keep the sentence. */
    @Test
    void theAnnualisationIsSaidAndARunThatDidNotRecordItSaysSo() {
        assertEquals("Figures annualised with 261 bars a year (1d: TASI trades Sunday to Thursday)",
                ResearchViewModel.annualised("annualised with 261 bars a year (1d: TASI trades Sunday to Thursday)"));
        assertEquals("Annualisation not recorded (run stored before V055)", ResearchViewModel.annualised(org.sextant.engine.research.run.RunInfo.NOT_RECORDED));
    }

    @Test
    void startsWithTheCatalogueTheSymbolsAndTheExampleSpec() throws Exception {
        model.start().get();
        List<ResearchViewModel.CatalogueNode> nodes = onUi(() -> List.copyOf(model.catalogue()));
        assertEquals(engine.listNodeCatalogue().size(), nodes.size());
        ResearchViewModel.CatalogueNode sma = nodes.stream().filter(n -> n.name().equals("sma")).findFirst().orElseThrow();
        assertEquals("indicator", sma.category());
        assertTrue(sma.description().length() > 10, sma.description());
        assertTrue(sma.signature().contains("series") && sma.signature().contains("length"), sma.signature());
        assertTrue(onUi(() -> model.availableSymbols().stream().anyMatch(s -> s.symbol().equals("IBM"))));
        Path docsExample = Path.of("..", "docs", "examples", "sma-cross.json");
        if (Files.exists(docsExample)) {
            assertEquals(Files.readString(docsExample), model.specProperty().get(), "the editor starts on the documented example");
        }
        assertEquals("Session default: 0 runs, 0 configurations tried", onUi(() -> model.sessionSummaryProperty().get()));
    }

    @Test
    void validatingCountsTheExampleAndNamesTheNodeAndFieldOfEachError() throws Exception {
        assertEquals(30L, model.validate().get(), "10 fast lengths x 3 slow lengths, all faster than slow");
        assertEquals("Valid: 30 configurations", onUi(() -> model.validationProperty().get()));
        assertTrue(onUi(() -> model.problems().isEmpty()));

        String typo = model.specProperty().get().replace("\"crossover\"", "\"crosover\"").replace("\"next_close\"", "\"same_close\"");
        onUi(() -> { model.specProperty().set(typo); return null; });
        assertEquals(-1L, onUi(() -> model.configurationsProperty().get()), "an edited spec is not validated");
        model.validate().get();
        List<SpecProblem> problems = onUi(() -> List.copyOf(model.problems()));
        SpecProblem unknown = problems.stream().filter(p -> "cross".equals(p.node())).findFirst().orElseThrow(() -> new AssertionError(problems));
        assertEquals("nodes.cross.type", unknown.field());
        assertTrue(unknown.message().contains("crosover"), unknown.message());
        assertTrue(unknown.text().startsWith("cross · nodes.cross.type: unknown node type 'crosover'"), unknown.text());
        SpecProblem lookAhead = problems.stream().filter(p -> "run".equals(p.node())).findFirst().orElseThrow(() -> new AssertionError(problems));
        assertEquals("nodes.run.params.fill", lookAhead.field());
        assertTrue(lookAhead.message().contains("look-ahead"), lookAhead.message());
        assertEquals(-1L, onUi(() -> model.configurationsProperty().get()));
        assertEquals(problems.size() + " errors: nothing can run", onUi(() -> model.validationProperty().get()));

        onUi(() -> { model.specProperty().set("{\"version\": 1, \"nodes\": "); return null; });
        model.validate().get();
        assertEquals(1, onUi(() -> model.problems().size()), "malformed JSON is one readable error, not an exception");
    }

    @Test
    void aSweepRunsAsAJobAndItsRunIsListedWithVerdictStatisticsAndCharts() throws Exception {
        model.start().get();
        onUi(() -> {
            model.specProperty().set(SMALL_SWEEP);
            model.symbolsProperty().set("ibm, KO  MSFT");
            return null;
        });
        RunDetail run = onUi(model::run).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        assertNotNull(run);
        assertEquals(List.of("IBM", "KO", "MSFT"), run.info().symbols());
        assertEquals(6, run.info().configurations());
        assertEquals(1.0, onUi(() -> model.progressProperty().get()));
        assertEquals(false, onUi(() -> model.runningProperty().get()));
        assertNull(onUi(() -> model.errorProperty().get()));

        // the runs table lists it, and the verdict panel shows what the store holds
        model.refreshRuns().get();
        List<RunInfo> runs = onUi(() -> List.copyOf(model.runs()));
        assertEquals(run.info().runId(), runs.get(0).runId());
        RunDetail stored = engine.getRun(run.info().runId());
        assertEquals(stored.statistics().verdict(), onUi(() -> model.verdictProperty().get()));
        assertEquals(stored.statistics().verdictText(), onUi(() -> model.verdictTextProperty().get()));
        assertTrue(onUi(() -> model.verdictTextProperty().get()).startsWith(stored.statistics().verdict()));
        assertEquals(stored.statistics().reasons(), onUi(() -> List.copyOf(model.reasons())));
        List<StatisticRow> rows = onUi(() -> List.copyOf(model.statistics()));
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f (N = 6)", stored.statistics().dsr()), row(rows, "DSR").value(),
                "the DSR is deflated by the session's configurations");
        assertTrue(row(rows, "PBO").value().matches("\\d\\.\\d{3}"), row(rows, "PBO").value());
        assertTrue(row(rows, "Placebo p").value().matches("\\d\\.\\d{3}"), row(rows, "Placebo p").value());
        assertEquals("Session default: 1 run, 6 configurations tried", onUi(() -> model.sessionSummaryProperty().get()));

        // the charts: every configuration on the scatter, the in-sample winner highlighted, its equity curve
        ChartData charts = onUi(() -> model.chartsProperty().get());
        assertEquals(6, charts.inSampleSharpe().length);
        double bestIs = Arrays.stream(charts.inSampleSharpe()).max().getAsDouble();
        assertEquals(bestIs, charts.inSampleSharpe()[charts.chosenIndex()], "the chosen configuration is the best in sample");
        assertEquals(stored.inSample().sharpe(), charts.inSampleSharpe()[charts.chosenIndex()], 1e-12);
        assertEquals(stored.outOfSample().sharpe(), charts.outOfSampleSharpe()[charts.chosenIndex()], 1e-12);
        for (ConfigurationResult c : stored.configurations()) {
            assertTrue(Arrays.stream(charts.outOfSampleSharpe()).anyMatch(v -> v == c.outOfSample().sharpe()));
        }
        assertEquals(2, charts.equity().size(), "best and selected are the same configuration: one curve, and holding's");
        assertTrue(charts.equity().get(1).benchmark() && !charts.equity().get(0).benchmark(), "holding the same symbols is drawn beside it");
        assertEquals(stored.curve("benchmark").equity()[0], charts.equity().get(1).equity()[0]);
        org.sextant.charts.EquityCurve curve = charts.equity().get(0);
        assertEquals(stored.info().from(), curve.dates().get(0));
        assertEquals(1.0, curve.equity()[0]);
        assertEquals(stored.curve("best").equity()[curve.equity().length - 1], curve.equity()[curve.equity().length - 1]);
        org.junit.jupiter.api.Assertions.assertArrayEquals(stored.curve("best").drawdown(), curve.drawdown(), "the engine's drawdown, drawn as computed");
        assertTrue(!charts.oosStart().isBefore(stored.info().oosStart()) && charts.oosStart().isBefore(stored.info().oosStart().plusDays(7)),
                "the marker stands on the first out-of-sample day " + charts.oosStart());

        // selecting another configuration (a click on its dot) draws its equity beside the best one
        int other = charts.chosenIndex() == 0 ? 1 : 0;
        RunDetail picked = onUi(() -> model.selectConfigurationAt(other)).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        int otherConfiguration = stored.configurations().get(other).configuration();
        assertEquals(otherConfiguration, picked.selectedConfiguration());
        ChartData withSelected = onUi(() -> model.chartsProperty().get());
        assertEquals(other, withSelected.selectedIndex());
        assertEquals(charts.chosenIndex(), withSelected.chosenIndex(), "the chosen configuration stays the best in sample");
        assertEquals(3, withSelected.equity().size(), "best, selected and holding");
        // the legend names the curves in a word or two (one line beside the editor); the panel's rows hold their parameters
        assertEquals(List.of("best in sample", "selected", "holding"), withSelected.equity().stream().map(org.sextant.charts.EquityCurve::name).toList());
        List<StatisticRow> pickedRows = onUi(() -> List.copyOf(model.statistics()));
        // the run lists its configurations in its ranking: the row is the selected configuration's own parameters
        assertEquals(StatisticRow.parameters(stored.configurations().get(other).parameters()),
                pickedRows.stream().filter(r -> r.name().equals("Selected")).findFirst().orElseThrow().value());
        assertEquals(StatisticRow.parameters(stored.chosenParameters()), pickedRows.stream().filter(r -> r.name().equals("Chosen")).findFirst().orElseThrow().value());
        assertEquals(engine.getRun(run.info().runId()).curve("selected").equity()[100], withSelected.equity().get(1).equity()[100]);
        assertTrue(withSelected.equity().get(1).equity()[curve.equity().length - 1] != curve.equity()[curve.equity().length - 1],
                "another configuration ends elsewhere");

        // a second run counts in the session: N grows, and selecting the first run shows it again
        RunDetail second = onUi(model::run).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        assertEquals(12, second.info().sessionConfigurations());
        model.selectRun(run.info().runId()).get();
        assertEquals(run.info().runId(), onUi(() -> model.selectedRunProperty().get().info().runId()));
        assertEquals(2, model.refreshRuns().get().size());
    }

    @Test
    void aRunThatCannotStartSaysWhyAndStartsNothing() throws Exception {
        onUi(() -> {
            model.specProperty().set(SMALL_SWEEP);
            model.symbolsProperty().set("IBM, NOSUCH");
            return null;
        });
        ExecutionException failure = assertThrows(ExecutionException.class, () -> onUi(model::run).get(GIVE_UP_SECONDS, TimeUnit.SECONDS));
        assertNotNull(failure.getCause());
        String error = onUi(() -> model.errorProperty().get());
        assertTrue(error.startsWith("Could not start the sweep: ") && error.contains("NOSUCH"), error);
        assertEquals(false, onUi(() -> model.runningProperty().get()));

        onUi(() -> { model.symbolsProperty().set("IBM"); model.specProperty().set(SMALL_SWEEP.replace("\"sma\"", "\"smaa\"")); return null; });
        assertThrows(ExecutionException.class, () -> onUi(model::run).get(GIVE_UP_SECONDS, TimeUnit.SECONDS));
        error = onUi(() -> model.errorProperty().get());
        assertTrue(error.contains("nodes.fast.type") && error.contains("smaa"), "the refusal names the field: " + error);
        assertTrue(engine.listRuns(null, 10).isEmpty(), "a bad spec never runs partly");
        assertTrue(engine.jobs().list().isEmpty(), "no job was started");
    }

    @Test
    void symbolsAreParsedFromCommasOrSpaces() {
        assertEquals(List.of("AA", "IBM", "KO"), ResearchViewModel.parseSymbols(" aa, IBM ko;aa "));
        assertEquals(List.of(), ResearchViewModel.parseSymbols("  "));
    }

    /**
     * A sweep may hold a million configurations: the view reads its best {@link ResearchViewModel#SCATTER} (7,140 SMA crossovers
     * on KO here), draws them with the chosen one, and says how many of how many; the run's figures are the whole run's.
     */
    @Test
    void aLargeRunShowsItsBestConfigurationsAndSaysHowManyOfHowMany() throws Exception {
        org.sextant.engine.research.StrategyRunSummary big = engine.backtest(new org.sextant.engine.research.StrategyRunRequest("large",
                org.sextant.engine.testing.WideSweep.SPEC, List.of("KO"), null, null, null, 2));
        assertEquals(7_140, big.configurations());
        RunDetail shown = model.selectRun(big.runId()).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        assertEquals(ResearchViewModel.SCATTER, shown.configurations().size(), "a bounded page is read, not every configuration");
        ChartData charts = onUi(() -> model.chartsProperty().get());
        assertEquals(ResearchViewModel.SCATTER, charts.inSampleSharpe().length);
        assertEquals(0, charts.chosenIndex(), "the chosen configuration leads the page and is highlighted");
        List<StatisticRow> rows = onUi(() -> List.copyOf(model.statistics()));
        assertEquals("5,000 of 7,140 configurations shown, best in-sample Sharpe first", row(rows, "Scatter").value());
        assertEquals("7,140 (session 7,140)", row(rows, "Configurations").value());
        RunDetail lean = engine.getRun(big.runId(), false, false);
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f (N = 7,140)", lean.statistics().dsr()), row(rows, "DSR").value());
    }

    private static StatisticRow row(List<StatisticRow> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name + " in " + rows));
    }

    private <T> T onUi(Callable<T> work) throws Exception {
        return uiThread.submit(work).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
    }
}
