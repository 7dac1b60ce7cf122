package org.sextant.app.gui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.graph.GraphError;
import org.sextant.engine.research.run.ConfigurationResult;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.run.RunStatistics;
import org.sextant.engine.research.sweep.HonestyReport;

/**
 * State of the Research view, testable without a screen: the node catalogue, the graph spec
 * being edited and its validation (errors naming node and field, the configuration count), the
 * universe and dates of a run, the running sweep job (progress, cancel), the stored runs of the
 * session and the selected run with its verdict, statistics, equity curves and IS/OOS scatter.
 *
 * <p>Every engine call runs on {@code background}; results are applied on {@code ui} (the
 * JavaFX thread in the app). A failing call never throws into the view: it sets
 * {@link #errorProperty()}.
 */
public final class ResearchViewModel implements AutoCloseable {
    /** The example the editor starts with (docs/examples/sma-cross.json). */
    public static final String EXAMPLE_RESOURCE = "sma-cross.json";
    /** How often a running sweep's job status is read. */
    static final long POLL_MILLIS = 150;
    /** Runs listed in the table. */
    static final int RUN_LIST = 200;
    /**
     * Configurations of a run read for its scatter, best in-sample Sharpe first (the chosen one leads): a sweep may
     * hold a million, so a larger run shows its best ones and says "N of M shown".
     */
    static final int SCATTER = org.sextant.contract.Bounds.MAX_RUN_CONFIGURATIONS;

    private final Sextant engine;
    private final EngineCalls calls;

    private final ObservableList<CatalogueNode> catalogue = FXCollections.observableArrayList();
    private final ObservableList<CatalogueNode> catalogueView = FXCollections.unmodifiableObservableList(catalogue);
    private final ObservableList<SymbolInfo> availableSymbols = FXCollections.observableArrayList();
    private final ObservableList<SymbolInfo> availableSymbolsView = FXCollections.unmodifiableObservableList(availableSymbols);
    private final StringProperty spec = new SimpleStringProperty(this, "spec", example());
    private final ObservableList<SpecProblem> problems = FXCollections.observableArrayList();
    private final ObservableList<SpecProblem> problemsView = FXCollections.unmodifiableObservableList(problems);
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final ObservableList<String> warningsView = FXCollections.unmodifiableObservableList(warnings);
    private final ReadOnlyLongWrapper configurations = new ReadOnlyLongWrapper(this, "configurations", -1);
    private final ReadOnlyStringWrapper validation = new ReadOnlyStringWrapper(this, "validation", "");
    private final StringProperty symbols = new SimpleStringProperty(this, "symbols", "");
    private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>(this, "from");
    private final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>(this, "to");
    private final ObjectProperty<LocalDate> oosStart = new SimpleObjectProperty<>(this, "oosStart");
    private final StringProperty sessionId = new SimpleStringProperty(this, "sessionId", "default");
    private final ReadOnlyStringWrapper sessionSummary = new ReadOnlyStringWrapper(this, "sessionSummary", "");

    private final ReadOnlyObjectWrapper<JobStatus> job = new ReadOnlyObjectWrapper<>(this, "job");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", 0);
    private final ReadOnlyStringWrapper jobMessage = new ReadOnlyStringWrapper(this, "jobMessage", "");

    private final ObservableList<RunInfo> runs = FXCollections.observableArrayList();
    private final ObservableList<RunInfo> runsView = FXCollections.unmodifiableObservableList(runs);
    private final ReadOnlyObjectWrapper<RunDetail> selectedRun = new ReadOnlyObjectWrapper<>(this, "selectedRun");
    private final ObservableList<StatisticRow> statistics = FXCollections.observableArrayList();
    private final ObservableList<StatisticRow> statisticsView = FXCollections.unmodifiableObservableList(statistics);
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");
    private final ReadOnlyStringWrapper verdictText = new ReadOnlyStringWrapper(this, "verdictText", "");
    private final ReadOnlyStringWrapper annualisation = new ReadOnlyStringWrapper(this, "annualisation", "");
    private final ObservableList<String> reasons = FXCollections.observableArrayList();
    private final ObservableList<String> reasonsView = FXCollections.unmodifiableObservableList(reasons);
    private final ReadOnlyObjectWrapper<ChartData> charts = new ReadOnlyObjectWrapper<>(this, "charts", ChartData.EMPTY);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");

    private final EngineCalls.Latest validateRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest runsRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest selectRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest sessionRequest = new EngineCalls.Latest();
    private volatile CompletableFuture<RunDetail> runFinished = CompletableFuture.completedFuture(null);

    /** For the app: engine calls on a daemon thread, results on the JavaFX thread. */
    public ResearchViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /**
     * @param background runs engine calls (null: a daemon thread owned and shut down by this model)
     * @param ui applies results; all properties change on it
     */
    public ResearchViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-research", error::set);
        // an edited spec is no longer the validated one
        spec.addListener((obs, old, now) -> {
            configurations.set(-1);
            validation.set("");
        });
        sessionId.addListener((obs, old, now) -> {
            refreshRuns();
            refreshSession();
        });
    }

    /** Loads the catalogue, the symbols, the session's runs and its ledger. */
    public CompletableFuture<Void> start() {
        CompletableFuture<List<CatalogueNode>> nodes = calls.run(null,
                () -> engine.listNodeCatalogue().stream().map(CatalogueNode::of).toList(), catalogue::setAll, "list the strategy nodes");
        CompletableFuture<List<SymbolInfo>> syms = refreshSymbols();
        // an import or a name given in the Data view reaches the symbol picker
        engine.onDataChanged(() -> {
            if (!calls.isClosed()) refreshSymbols();
        });
        return CompletableFuture.allOf(nodes, syms, refreshRuns(), refreshSession());
    }

    private CompletableFuture<List<SymbolInfo>> refreshSymbols() {
        return calls.run(null, () -> engine.listSymbols(null), availableSymbols::setAll, "list the symbols");
    }

    // ---- the spec -------------------------------------------------------------------------

    /** Validates the spec in the editor (compose_graph: runs nothing); completes once the answer is shown. */
    public CompletableFuture<Long> validate() {
        String text = spec.get();
        return calls.run(validateRequest, () -> Validation.of(engine.composeGraph(text)), v -> {
            problems.setAll(v.problems());
            warnings.setAll(v.warnings());
            configurations.set(v.ok() ? v.configurations() : -1);
            validation.set(v.ok()
                    ? String.format(Locale.ROOT, "Valid: %,d configuration%s", v.configurations(), v.configurations() == 1 ? "" : "s")
                    : v.problems().size() + (v.problems().size() == 1 ? " error" : " errors") + ": nothing can run");
        }, "validate the spec").thenApply(Validation::configurations);
    }

    /** Puts the example spec back in the editor. */
    public void resetToExample() {
        spec.set(example());
        problems.clear();
        warnings.clear();
    }

    static String example() {
        try (InputStream in = ResearchViewModel.class.getResourceAsStream(EXAMPLE_RESOURCE)) {
            return new String(Objects.requireNonNull(in, EXAMPLE_RESOURCE).readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- runs ----------------------------------------------------------------------------

    /**
     * Starts the sweep of the spec over the chosen symbols and dates as a background job and
     * follows it; completes with the finished run once it is stored and selected (null when it
     * was cancelled), exceptionally when it could not start or failed. Call on the ui thread.
     */
    public CompletableFuture<RunDetail> run() {
        List<String> universe = parseSymbols(symbols.get());
        StrategyRunRequest request = new StrategyRunRequest(blankToNull(sessionId.get()), spec.get(), universe,
                from.get(), to.get(), oosStart.get(), null);
        CompletableFuture<RunDetail> finished = new CompletableFuture<>();
        runFinished = finished;
        running.set(true);
        progress.set(0);
        jobMessage.set("starting");
        calls.run(null, () -> engine.startBacktest(request), status -> {
            job.set(status);
            follow(status, finished);
        }, "start the sweep").whenComplete((s, failure) -> {
            if (failure != null) {
                calls.onUi(() -> {
                    running.set(false);
                    jobMessage.set("");
                });
                finished.completeExceptionally(failure);
            }
        });
        return finished;
    }

    /** Asks the running sweep to stop; the job ends as cancelled at its next checkpoint. */
    public CompletableFuture<JobStatus> cancel() {
        JobStatus current = job.get();
        if (current == null || !current.state().active()) return CompletableFuture.completedFuture(current);
        return calls.run(null, () -> engine.jobs().cancel(current.id()), s -> jobMessage.set("cancelling"), "cancel the sweep");
    }

    /** Reads the job's status until it ends, showing its progress; then shows the stored run. Call on the ui thread. */
    private void follow(JobStatus started, CompletableFuture<RunDetail> finished) {
        calls.followJob(() -> started, engine.jobs()::status, POLL_MILLIS, s -> {
            job.set(s);
            progress.set(s.progress());
            jobMessage.set(s.message() == null ? s.state().name().toLowerCase(Locale.ROOT) : s.message());
        }, s -> ended(s, finished), message -> {
            running.set(false);
            error.set(message);
        }, "follow the sweep").whenComplete((s, failure) -> {
            if (failure != null) finished.completeExceptionally(failure);
        });
    }

    /** Shows how the sweep ended: its stored run when it succeeded (selected), else why not. */
    private void ended(JobStatus s, CompletableFuture<RunDetail> finished) {
        if (s.state() == JobState.SUCCEEDED) {
            String runId = runIdOf(s.result());
            refreshRuns();
            refreshSession();
            selectRun(runId).whenComplete((detail, failure) -> {
                calls.onUi(() -> running.set(false));
                if (failure != null) finished.completeExceptionally(failure);
                else finished.complete(detail);
            });
            return;
        }
        running.set(false);
        if (s.state() == JobState.CANCELLED) {
            jobMessage.set("cancelled");
        } else {
            error.set("The sweep " + s.state().name().toLowerCase(Locale.ROOT) + ": " + s.explained());
        }
        refreshRuns();
        refreshSession();
        if (s.state() == JobState.CANCELLED) finished.complete(null);
        else finished.completeExceptionally(new IllegalStateException(s.explained()));
    }

    private static String runIdOf(Object result) {
        if (result instanceof StrategyRunSummary summary) return summary.runId();
        if (result instanceof Map<?, ?> m && m.get("run_id") != null) return m.get("run_id").toString();
        throw new IllegalStateException("the sweep job returned no run id: " + result);
    }

    /** Reloads the session's stored runs, newest first. */
    public CompletableFuture<List<RunInfo>> refreshRuns() {
        String session = blankToNull(sessionId.get());
        return calls.run(runsRequest, () -> engine.listRuns(session, RUN_LIST), runs::setAll, "list the runs");
    }

    /** Reloads the session's ledger (runs and configurations tried: the N of the DSR). */
    public CompletableFuture<org.sextant.engine.research.store.SessionLedger> refreshSession() {
        String session = blankToNull(sessionId.get());
        return calls.run(sessionRequest, () -> engine.getSessionRegistry(session), s -> sessionSummary.set(String.format(Locale.ROOT,
                "Session %s: %,d run%s, %,d configurations tried", s.sessionId(), s.runs(), s.runs() == 1 ? "" : "s", s.configurations())),
                "read the research session");
    }

    /** Shows one stored run: verdict, statistics, equity and drawdown, the IS/OOS scatter. */
    public CompletableFuture<RunDetail> selectRun(String runId) {
        return calls.run(selectRequest, () -> engine.getRun(runId, true, true, 0, SCATTER), this::show, "open the run '" + runId + "'");
    }

    /**
     * Makes the configuration at {@code index} of the shown run's scatter the selected one: the
     * engine replays it and stores its curve, which is then drawn beside the best one.
     */
    public CompletableFuture<RunDetail> selectConfigurationAt(int index) {
        RunDetail d = selectedRun.get();
        if (d == null || index < 0 || index >= d.configurations().size()) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("no configuration " + index + " in the shown run"));
        }
        String runId = d.info().runId();
        int configuration = d.configurations().get(index).configuration();
        return calls.run(selectRequest, () -> {
            engine.selectConfiguration(runId, configuration);
            return engine.getRun(runId, true, true, 0, SCATTER);
        }, this::show, "select configuration " + configuration + " of run '" + runId + "'");
    }

    private void show(RunDetail d) {
        selectedRun.set(d);
        RunStatistics s = d.statistics();
        verdict.set(s.verdict());
        verdictText.set(s.verdictText());
        annualisation.set(annualised(d.info().annualisation()));
        reasons.setAll(s.reasons());
        statistics.setAll(StatisticRow.of(d));
        charts.set(ChartData.of(d));
    }

    // ---- helpers --------------------------------------------------------------------------

    /** The run's annualisation as the panel says it: "Figures annualised with 252 bars a year (1d: …)", or that a run before V055 did not record it. */
    static String annualised(String sentence) {
        if (sentence == null || sentence.isBlank() || sentence.equals(RunInfo.NOT_RECORDED)) return "Annualisation " + RunInfo.NOT_RECORDED;
        return sentence.startsWith("annualised") ? "Figures " + sentence : sentence;
    }

    /** "AA, IBM ko" -> [AA, IBM, KO]: comma or space separated, upper-cased, duplicates dropped. */
    static List<String> parseSymbols(String text) {
        if (text == null) return List.of();
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String s : text.split("[,;\\s]+")) {
            if (!s.isBlank()) out.add(s.trim().toUpperCase(Locale.ROOT));
        }
        return List.copyOf(out);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    // ---- properties -----------------------------------------------------------------------

    public ObservableList<CatalogueNode> catalogue() { return catalogueView; }
    public ObservableList<SymbolInfo> availableSymbols() { return availableSymbolsView; }
    /** The graph spec in the editor (JSON, docs/research.md). */
    public StringProperty specProperty() { return spec; }
    /** The last validation's errors, each naming its node and field. */
    public ObservableList<SpecProblem> problems() { return problemsView; }
    public ObservableList<String> warnings() { return warningsView; }
    /** Configurations of the validated spec; -1 before a validation or when it has errors. */
    public ReadOnlyLongProperty configurationsProperty() { return configurations.getReadOnlyProperty(); }
    /** "Valid: 30 configurations" or "2 errors: nothing can run"; empty until validated. */
    public ReadOnlyStringProperty validationProperty() { return validation.getReadOnlyProperty(); }
    /** The universe, tickers separated by commas or spaces. */
    public StringProperty symbolsProperty() { return symbols; }
    /** First day of the run; null: the first day all symbols share. */
    public ObjectProperty<LocalDate> fromProperty() { return from; }
    /** Last day of the run; null: the last day all symbols share. */
    public ObjectProperty<LocalDate> toProperty() { return to; }
    /** First out-of-sample day; null: the last 30% of the range. */
    public ObjectProperty<LocalDate> oosStartProperty() { return oosStart; }
    public StringProperty sessionIdProperty() { return sessionId; }
    public ReadOnlyStringProperty sessionSummaryProperty() { return sessionSummary.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<JobStatus> jobProperty() { return job.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
    public ReadOnlyStringProperty jobMessageProperty() { return jobMessage.getReadOnlyProperty(); }
    /** The run started by the latest {@link #run()}. */
    public CompletableFuture<RunDetail> runFinished() { return runFinished; }
    public ObservableList<RunInfo> runs() { return runsView; }
    public ReadOnlyObjectProperty<RunDetail> selectedRunProperty() { return selectedRun.getReadOnlyProperty(); }
    public ObservableList<StatisticRow> statistics() { return statisticsView; }
    /** The verdict's words: "significant", "not significant", "likely overfit", "no timing skill". */
    public ReadOnlyStringProperty verdictProperty() { return verdict.getReadOnlyProperty(); }
    /** The verdict with its failing figures, e.g. "not significant: DSR 0.410 after 240 configurations; PBO 0.62". */
    public ReadOnlyStringProperty verdictTextProperty() { return verdictText.getReadOnlyProperty(); }
    /** The bars a year the shown run's Sharpe ratios, DSR and haircut were annualised with, in words. */
    public ReadOnlyStringProperty annualisationProperty() { return annualisation.getReadOnlyProperty(); }
    public ObservableList<String> reasons() { return reasonsView; }
    public ReadOnlyObjectProperty<ChartData> chartsProperty() { return charts.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    @Override
    public void close() {
        calls.close();
    }

    // ---- what the view shows ---------------------------------------------------------------

    /** One node of the catalogue: name, category, description and its signature in one line. */
    public record CatalogueNode(String name, String category, String description, String signature) {
        static CatalogueNode of(Map<String, Object> m) {
            StringBuilder sig = new StringBuilder();
            Object in = m.get("inputs");
            if (in instanceof Map<?, ?> inputs && !inputs.isEmpty()) {
                List<String> parts = new ArrayList<>();
                inputs.forEach((k, v) -> parts.add(k + ": " + v));
                sig.append("inputs ").append(String.join(", ", parts)).append(" → ");
            }
            sig.append("output ").append(m.get("output"));
            if (m.get("params") instanceof List<?> list && !list.isEmpty()) {
                List<String> params = new ArrayList<>();
                for (Object p : list) params.add(String.valueOf(p));
                sig.append("\nparams: ").append(String.join("; ", params));
            }
            return new CatalogueNode(String.valueOf(m.get("name")), String.valueOf(m.get("category")),
                    String.valueOf(m.get("description")), sig.toString());
        }
    }

    /** One validation error: the node at fault (null for the document), the field path, what is wrong and the fix. */
    public record SpecProblem(String node, String field, String message, String fix) {
        /** "cross · nodes.cross.type: unknown node type 'crosover' (use one of ...)". */
        public String text() {
            return (node == null ? "spec" : node) + " · " + field + ": " + message + (fix == null ? "" : " (" + fix + ")");
        }
    }

    /** compose_graph's answer as the view needs it. */
    record Validation(boolean ok, long configurations, List<SpecProblem> problems, List<String> warnings) {
        static Validation of(Map<String, Object> wire) {
            List<SpecProblem> problems = new ArrayList<>();
            if (wire.get("errors") instanceof List<?> errors) {
                for (Object e : errors) {
                    if (e instanceof GraphError g) {
                        problems.add(new SpecProblem(g.node(), g.field(), g.message(), g.fix()));
                    } else if (e instanceof Map<?, ?> m) {
                        problems.add(new SpecProblem(str(m.get("node")), str(m.get("field")), str(m.get("message")), str(m.get("fix"))));
                    }
                }
            }
            List<String> warnings = new ArrayList<>();
            if (wire.get("warnings") instanceof List<?> w) w.forEach(x -> warnings.add(String.valueOf(x)));
            long n = wire.get("configurations") instanceof Number num ? num.longValue() : 0;
            return new Validation(Boolean.TRUE.equals(wire.get("ok")), n, problems, warnings);
        }

        private static String str(Object o) {
            return o == null ? null : o.toString();
        }
    }

    /** One line of the verdict panel: the statistic, its value, and what it means. */
    public record StatisticRow(String name, String value, String meaning) {
        /** The parameters of the configuration picked on the scatter when it is not the chosen one; empty otherwise. */
        static java.util.Optional<String> selectedParameters(RunDetail d) {
            EquityCurve best = d.curve(EquityCurve.BEST);
            EquityCurve selected = d.curve(EquityCurve.SELECTED);
            if (selected == null || (best != null && selected.configuration() == best.configuration())) return java.util.Optional.empty();
            // the run's configurations come in its ranking, not by number
            return java.util.Optional.of(d.configurations().stream().filter(c -> c.configuration() == selected.configuration()).findFirst()
                    .map(c -> parameters(c.parameters())).orElse("#" + selected.configuration()));
        }

        static List<StatisticRow> of(RunDetail d) {
            RunStatistics s = d.statistics();
            RunInfo i = d.info();
            List<StatisticRow> rows = new ArrayList<>();
            rows.add(new StatisticRow("Configurations", String.format(Locale.ROOT, "%,d (session %,d)", i.configurations(), i.sessionConfigurations()),
                    "tried in this sweep; the session's total is the N of the DSR and the haircut"));
            if (d.configurationsTotal() != null && d.configurationsTotal() > d.configurations().size()) {
                rows.add(new StatisticRow("Scatter", String.format(Locale.ROOT, "%,d of %,d configurations shown, best in-sample Sharpe first",
                        d.configurations().size(), d.configurationsTotal()), "a run's best configurations are drawn; get_run pages through all of them"));
            }
            rows.add(new StatisticRow("Chosen", parameters(d.chosenParameters()), "the configuration with the best in-sample Sharpe ratio"));
            selectedParameters(d).ifPresent(p -> rows.add(new StatisticRow("Selected", p,
                    "the configuration picked on the scatter, its equity the purple curve beside the chosen one's")));
            rows.add(new StatisticRow("Sharpe IS / OOS", num(d.inSample().sharpe()) + " / " + num(d.outOfSample().sharpe())
                    + why(d, Double.isNaN(d.inSample().sharpe()) ? "in-sample Sharpe" : Double.isNaN(d.outOfSample().sharpe()) ? "out-of-sample Sharpe" : null),
                    "annualised, in sample and out of sample (from " + i.oosStart() + ")"));
            rows.add(new StatisticRow("CAGR / max DD (OOS)", pct(d.outOfSample().cagr()) + " / " + pct(d.outOfSample().maxDrawdown()),
                    "out-of-sample growth and worst fall"));
            if (d.benchmark() != null) {
                // the yardstick a strategy must beat: a Sharpe of 0.6 reads differently beside holding's 0.9
                double diff = d.benchmark().sharpeDifferenceOutOfSample();
                rows.add(new StatisticRow("Holding (OOS)", "Sharpe " + num(d.benchmark().outOfSample().sharpe()) + ", CAGR " + pct(d.benchmark().outOfSample().cagr())
                        + (Double.isNaN(diff) ? "" : "; strategy " + String.format(Locale.ROOT, "%+.3f", diff)),
                        "holding the same symbols out of sample (" + d.benchmark().holds() + "); the strategy's Sharpe minus holding's"));
            }
            String psrWhy = why(d, Double.isNaN(s.psr()) ? "PSR, DSR and MinTRL" : Double.isNaN(s.psrOutOfSample()) ? "out-of-sample PSR" : null);
            rows.add(new StatisticRow("PSR", num(s.psr()) + " (OOS " + num(s.psrOutOfSample()) + ")" + psrWhy, "probability that the true Sharpe is above 0"));
            rows.add(new StatisticRow("DSR", num(s.dsr()) + String.format(Locale.ROOT, " (N = %,d)", i.sessionConfigurations())
                    + why(d, Double.isNaN(s.dsr()) ? "PSR, DSR and MinTRL" : null), "PSR against the best of N luck-only trials; significant from 0.95"));
            // "never" only where the Sharpe ratio is not above 0 (the formula's length is infinite): said, with the engine's sentence in the tip
            boolean never = s.minTrackRecordYears() == Double.POSITIVE_INFINITY;
            rows.add(new StatisticRow("MinTRL", Double.isFinite(s.minTrackRecordYears())
                    ? String.format(Locale.ROOT, "%.1f years", s.minTrackRecordYears())
                    : Double.isNaN(s.minTrackRecordYears()) ? "n/a" + why(d, "PSR, DSR and MinTRL") : "never (" + HonestyReport.NO_TRACK_RECORD_REASON + ")",
                    "track record needed for 95% confidence that the Sharpe is above 0" + (never ? "; " + HonestyReport.NO_TRACK_RECORD : "")));
            rows.add(new StatisticRow("PBO", num(s.pbo()) + why(d, Double.isNaN(s.pbo()) ? "PBO" : null), "probability of backtest overfitting (CSCV); overfit from 0.5"));
            rows.add(new StatisticRow("Haircut Sharpe", num(s.haircutSharpeHolm()) + " (Bonferroni " + num(s.haircutSharpeBonferroni())
                    + ", BHY " + num(s.haircutSharpeBhy()) + ")" + why(d, Double.isNaN(s.haircutSharpeHolm()) ? "in-sample Sharpe" : null),
                    "Sharpe after the multiple-testing haircut (Holm)"));
            rows.add(new StatisticRow("Placebo p", num(s.placeboPValue()), "share of random-timing copies as good; skill needs at most 0.05"));
            return rows;
        }

        private static String num(double v) {
            return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.3f", v);
        }

        /** " (n/a: why)" from the run's warning that starts with {@code statistic} ("... n/a: why"), or "". */
        static String why(RunDetail d, String statistic) {
            if (statistic == null || d.warnings() == null) return "";
            for (String w : d.warnings()) {
                int at = w.indexOf(" n/a: ");
                if (w.startsWith(statistic) && at > 0) return " (n/a: " + w.substring(at + 6) + ")";
            }
            return "";
        }

        /** "fast.length 10, slow.length 200". */
        static String parameters(Map<String, Object> p) {
            if (p == null || p.isEmpty()) return "(no varying parameters)";
            List<String> parts = new ArrayList<>();
            p.forEach((k, v) -> parts.add(k + " " + v));
            return String.join(", ", parts);
        }

        private static String pct(double v) {
            return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v * 100);
        }
    }

    /** The charts of a run in the charts module's plain types. */
    public record ChartData(List<org.sextant.charts.EquityCurve> equity, LocalDate oosStart, double[] inSampleSharpe,
                            double[] outOfSampleSharpe, int chosenIndex, int selectedIndex) {
        static final ChartData EMPTY = new ChartData(List.of(), null, new double[0], new double[0], -1, -1);
        /** The legend's names of the best in-sample configuration's curve and of the one picked on the scatter. */
        static final String BEST_CURVE = "best in sample";
        static final String SELECTED_CURVE = "selected";

        static ChartData of(RunDetail d) {
            List<org.sextant.charts.EquityCurve> curves = new ArrayList<>();
            EquityCurve best = d.curve(EquityCurve.BEST);
            EquityCurve selected = d.curve(EquityCurve.SELECTED);
            LocalDate oos = d.info().oosStart();
            if (best != null) {
                // the legend names each curve in a word or two, on one line beside the 50-column editor: the panel's Chosen
                // and Selected rows carry their parameters (the names with them took three lines, the plot's height)
                curves.add(new org.sextant.charts.EquityCurve(BEST_CURVE, best.dates(), best.equity(), best.drawdown()));
                if (best.oosIndex() >= 0 && best.oosIndex() < best.size()) oos = best.dates().get(best.oosIndex());
            }
            if (selected != null && (best == null || selected.configuration() != best.configuration())) {
                curves.add(new org.sextant.charts.EquityCurve(SELECTED_CURVE, selected.dates(), selected.equity(), selected.drawdown()));
            }
            EquityCurve holding = d.curve(EquityCurve.BENCHMARK);
            if (holding != null) {
                curves.add(new org.sextant.charts.EquityCurve("holding", holding.dates(), holding.equity(), holding.drawdown(), true));
            }
            List<ConfigurationResult> configs = d.configurations();
            double[] is = new double[configs.size()];
            double[] oosSharpe = new double[configs.size()];
            int chosen = -1;
            int picked = -1;
            for (int k = 0; k < configs.size(); k++) {
                ConfigurationResult c = configs.get(k);
                is[k] = c.inSample() == null ? Double.NaN : c.inSample().sharpe();
                oosSharpe[k] = c.outOfSample() == null ? Double.NaN : c.outOfSample().sharpe();
                if (c.configuration() == d.chosenConfiguration()) chosen = k;
                if (c.configuration() == d.selectedConfiguration()) picked = k;
            }
            return new ChartData(List.copyOf(curves), oos, is, oosSharpe, chosen, picked);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ChartData c && equity.equals(c.equity) && Objects.equals(oosStart, c.oosStart)
                    && Arrays.equals(inSampleSharpe, c.inSampleSharpe) && Arrays.equals(outOfSampleSharpe, c.outOfSampleSharpe)
                    && chosenIndex == c.chosenIndex && selectedIndex == c.selectedIndex;
        }

        @Override
        public int hashCode() {
            return Objects.hash(equity, oosStart, Arrays.hashCode(inSampleSharpe), Arrays.hashCode(outOfSampleSharpe), chosenIndex, selectedIndex);
        }
    }
}
