package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.analogue.AnalogueDate;
import org.sextant.engine.analogue.AnalogueDefaults;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueText;
import org.sextant.engine.analogue.CalibrationReport;
import org.sextant.engine.analogue.ForwardStats;
import org.sextant.engine.analogue.SignalDefinition;

/**
 * State of the Analogues view, testable without a screen: the signal vector (today's, or edited
 * by the person), the matcher's knobs, the last compare_to_history answer (headline, per-horizon
 * statistics, analogue dates) and the walk-forward calibration report for the same knobs.
 *
 * <p>Engine calls run on {@code background} and their results are applied on {@code ui} (the
 * JavaFX thread in the app); when runs overlap only the newest one's result is applied. A failed
 * call never throws into the view: it sets {@link #errorProperty()}.
 */
public final class AnaloguesViewModel implements AutoCloseable {
    public static final List<String> MODES = List.of("soft", "hard", "tag", "hybrid");
    public static final List<Integer> HORIZONS = List.of(1, 3, 5, 20);

    /** One numeric signal dimension of the vector: its value is editable (null = not in the query). */
    public static final class Dimension {
        private final String name;
        private final String description;
        private final String origin;
        private final ObjectProperty<Double> value = new SimpleObjectProperty<>(this, "value");

        Dimension(String name, String description, String origin, Double value) {
            this.name = name;
            this.description = description;
            this.origin = origin;
            this.value.set(value);
        }

        public String name() { return name; }
        public String description() { return description; }
        public String origin() { return origin; }
        public ObjectProperty<Double> valueProperty() { return value; }
    }

    private final Sextant engine;
    private final Navigator navigator;
    private final EngineCalls calls;

    private final StringProperty benchmark = new SimpleStringProperty(this, "benchmark", AnalogueDefaults.BENCHMARK);
    private final ObservableList<Dimension> dimensions = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper usesToday = new ReadOnlyBooleanWrapper(this, "usesToday", true);
    private final ReadOnlyObjectWrapper<LocalDate> today = new ReadOnlyObjectWrapper<>(this, "today");
    private final ObjectProperty<String> mode = new SimpleObjectProperty<>(this, "mode", AnalogueDefaults.MODE.wire());
    private final ObjectProperty<Integer> horizon = new SimpleObjectProperty<>(this, "horizon", AnalogueDefaults.MAX_HORIZON);
    private final IntegerProperty topK = new SimpleIntegerProperty(this, "topK", AnalogueDefaults.TOP_K);
    private final DoubleProperty halfLife = new SimpleDoubleProperty(this, "halfLife", AnalogueDefaults.RECENCY_HALF_LIFE_DAYS);
    private final DoubleProperty backfillWeight = new SimpleDoubleProperty(this, "backfillWeight", AnalogueDefaults.BACKFILL_WEIGHT);

    private final ReadOnlyObjectWrapper<AnalogueResponse> response = new ReadOnlyObjectWrapper<>(this, "response");
    private final ObservableList<AnalogueDate> analogueDates = FXCollections.observableArrayList();
    private final ObservableList<ForwardStats> horizonStats = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "");
    private final ReadOnlyStringWrapper notes = new ReadOnlyStringWrapper(this, "notes", "");
    private final ReadOnlyStringWrapper novelty = new ReadOnlyStringWrapper(this, "novelty", "");
    private final ReadOnlyBooleanWrapper novel = new ReadOnlyBooleanWrapper(this, "novel");
    private final ReadOnlyObjectWrapper<CalibrationReport> calibration = new ReadOnlyObjectWrapper<>(this, "calibration");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyBooleanWrapper calibrating = new ReadOnlyBooleanWrapper(this, "calibrating");

    private final EngineCalls.Latest todayRequests = new EngineCalls.Latest();
    private final EngineCalls.Latest runRequests = new EngineCalls.Latest();
    private final EngineCalls.Latest calibrationRequests = new EngineCalls.Latest();
    private boolean applyingToday; // ui executor only
    private Map<String, Object> calibratedFor; // ui executor only: the knobs of the report on screen or on its way
    private volatile CompletableFuture<CalibrationReport> calibrationLoad = CompletableFuture.completedFuture(null);

    /** For the app: engine calls on one daemon thread, results on the JavaFX thread. */
    public AnaloguesViewModel(Sextant engine, Navigator navigator) {
        this(engine, navigator, null, Platform::runLater);
    }

    /**
     * @param background runs engine calls (null: a daemon thread owned and shut down by this model)
     * @param ui applies results; all properties change on it
     */
    public AnaloguesViewModel(Sextant engine, Navigator navigator, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.navigator = Objects.requireNonNull(navigator, "navigator");
        this.calls = new EngineCalls(background, ui, "sextant-analogues");
    }

    /** Today's vector: the benchmark's numeric dimensions with the latest row's values (blank where it has none). */
    public CompletableFuture<AnalogueResponse> loadToday() {
        String b = benchmark.get();
        record Today(List<SignalDefinition> defs, AnalogueResponse latest) {}
        return submit(todayRequests, () -> new Today(engine.listSignals(b), engine.compareToHistory(Map.of("benchmark", b))), t -> {
            List<Dimension> rows = new ArrayList<>();
            for (SignalDefinition d : t.defs()) {
                if (!d.numeric()) continue;
                Object v = t.latest().query().get(d.name());
                Dimension row = new Dimension(d.name(), d.description(), d.origin(), v instanceof Number n ? n.doubleValue() : null);
                row.valueProperty().addListener((obs, old, now) -> {
                    if (!applyingToday) usesToday.set(false);
                });
                rows.add(row);
            }
            applyingToday = true;
            try {
                dimensions.setAll(rows);
                usesToday.set(true);
                today.set(t.latest().tradeDate());
            } finally {
                applyingToday = false;
            }
        }, "read today's signals of " + b).thenApply(Today::latest);
    }

    /** The compare_to_history arguments of the vector and knobs on screen (always with the analogue dates). */
    public Map<String, Object> arguments() {
        Map<String, Object> args = knobs();
        args.put("include_analogue_dates", true);
        if (!usesToday.get()) {
            Map<String, Object> signals = new LinkedHashMap<>();
            for (Dimension d : dimensions) if (d.valueProperty().get() != null) signals.put(d.name(), d.valueProperty().get());
            args.put("signals_dict", signals);
        }
        return args;
    }

    /** The knobs shared by the match and its calibration. */
    // duplicates: an argument map like the engine's own calls build; its keys are the capability's, nothing to share
    private Map<String, Object> knobs() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("benchmark", benchmark.get());
        args.put("horizon", horizon.get());
        args.put("mode", mode.get());
        args.put("top_k", topK.get());
        args.put("recency_half_life_days", halfLife.get());
        args.put("backfill_weight", backfillWeight.get());
        return args;
    }

    /**
     * Runs compare_to_history with the vector and knobs on screen; once applied, loads the
     * calibration report for these knobs unless the one on screen already matches them.
     */
    public CompletableFuture<AnalogueResponse> run() {
        Map<String, Object> args = arguments();
        Map<String, Object> knobs = knobs();
        return submit(runRequests, () -> engine.compareToHistory(args), r -> {
            response.set(r);
            analogueDates.setAll(r.analogueDates() == null ? List.of() : r.analogueDates());
            // the 20-day stats are absent when no analogue's 20-day window had closed by the as-of date
            horizonStats.setAll(java.util.stream.Stream.of(r.forward1d(), r.forward3d(), r.forward5d(), r.forward20d())
                    .filter(java.util.Objects::nonNull).toList());
            headline.set(r.headline() == null ? "" : r.headline().text());
            List<String> lines = new ArrayList<>();
            if (r.dataWarning() != null) lines.add("warning: " + r.dataWarning());
            if (r.hybridFallback()) lines.add("hybrid fell back to the whole history: " + r.hybridFallbackReason());
            lines.addAll(r.notes());
            notes.set(String.join("\n", lines));
            novelty.set(r.novelty() == null ? "" : AnalogueText.novelty(r.novelty()));
            novel.set(r.novelty() != null && r.novelty().novel());
            if (!knobs.equals(calibratedFor)) loadCalibration(knobs);
        }, "compare with history");
    }

    private void loadCalibration(Map<String, Object> knobs) {
        calibratedFor = knobs;
        calibration.set(null);
        calibrating.set(true);
        calibrationLoad = calls.run(calibrationRequests, () -> engine.analogueCalibration(knobs), r -> {
            calibration.set(r);
            error.set(null);
            calibrating.set(false);
        }, message -> {
            error.set(message);
            calibrating.set(false);
            calibratedFor = null; // try again on the next run
        }, "calibrate the matcher");
    }

    /** The calibration started by the latest run that needed one (completes when applied). */
    public CompletableFuture<CalibrationReport> calibrationLoad() {
        return calibrationLoad;
    }

    /** Sends the person to the benchmark's chart around an analogue's date. Call on the FX thread. */
    public void openAnalogue(AnalogueDate a) {
        AnalogueResponse r = response.get();
        navigator.openChart(r == null ? benchmark.get() : r.benchmark(), a.date());
    }

    /** Forward returns of the analogues over the horizon of the answer on screen (fractions), for the histogram. */
    public double[] forwardReturns() {
        AnalogueResponse r = response.get();
        if (r == null || r.analogueDates() == null) return new double[0];
        int h = r.horizon() == null ? AnalogueDefaults.MAX_HORIZON : r.horizon();
        return r.analogueDates().stream().map(a -> switch (h) {
            case 1 -> (Double) a.forward1d();
            case 3 -> a.forward3d();
            case 20 -> a.forward20d(); // null while the window had not closed
            default -> a.forward5d();
        }).filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
    }

    /** A run of the matcher or a load of today's vector: {@link #runningProperty()} until the newest of its kind is answered. */
    private <T> CompletableFuture<T> submit(EngineCalls.Latest purpose, Supplier<T> call, Consumer<T> apply, String what) {
        calls.onUi(() -> running.set(true));
        return calls.run(purpose, call, r -> {
            apply.accept(r);
            error.set(null);
            running.set(false);
        }, message -> {
            error.set(message);
            running.set(false);
        }, what);
    }

    public StringProperty benchmarkProperty() { return benchmark; }
    /** The numeric dimensions of the vector, in registry order; edit a value to query with it. */
    public ObservableList<Dimension> dimensions() { return dimensions; }
    /** True while the vector is today's as loaded (the run then asks for the latest row itself); false after an edit. */
    public ReadOnlyBooleanProperty usesTodayProperty() { return usesToday.getReadOnlyProperty(); }
    /** The date of today's vector (the benchmark's latest row). */
    public ReadOnlyObjectProperty<LocalDate> todayProperty() { return today.getReadOnlyProperty(); }
    public ObjectProperty<String> modeProperty() { return mode; }
    public ObjectProperty<Integer> horizonProperty() { return horizon; }
    public IntegerProperty topKProperty() { return topK; }
    public DoubleProperty halfLifeProperty() { return halfLife; }
    public DoubleProperty backfillWeightProperty() { return backfillWeight; }
    public ReadOnlyObjectProperty<AnalogueResponse> responseProperty() { return response.getReadOnlyProperty(); }
    /** The analogues of the last answer, nearest first. */
    // duplicates: plain accessors for the views and tests, alike by nature; nothing to share
    public ObservableList<AnalogueDate> analogueDates() { return analogueDates; }
    /** Statistics of the 1, 3 and 5-day forward returns of the last answer. */
    public ObservableList<ForwardStats> horizonStats() { return horizonStats; }
    // duplicates: read-only views of the properties, the JavaFX pattern every ViewModel repeats
    public ReadOnlyStringProperty headlineProperty() { return headline.getReadOnlyProperty(); }
    /** The hybrid fallback's reason and the answer's notes (dimensions left out or carried forward), one per line. */
    public ReadOnlyStringProperty notesProperty() { return notes.getReadOnlyProperty(); }
    /** How far the nearest eligible day is, against past days' nearest (empty when not checked; docs/analogues.md, "No close analogue"). */
    public ReadOnlyStringProperty noveltyProperty() { return novelty.getReadOnlyProperty(); }
    /** True when no close analogue exists: the query's combination of values was not seen before. */
    public ReadOnlyBooleanProperty novelProperty() { return novel.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<CalibrationReport> calibrationProperty() { return calibration.getReadOnlyProperty(); }
    /** The last engine failure, as a sentence with its fix; null after the next success. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty calibratingProperty() { return calibrating.getReadOnlyProperty(); }

    @Override
    public void close() {
        calls.close();
    }

    /**
     * One sentence on what a calibration means for reading the answer. Under the engine's few-steps mark it says the
     * coverage cannot tell (one step read "roughly calibrated" from a single hit).
     */
    public static String calibrationVerdict(org.sextant.engine.analogue.CalibrationReport c) {
        int few = org.sextant.engine.analogue.WalkForwardCalibration.FEW_STEPS;
        String spread = c.evaluations() < few
                ? "From " + c.evaluations() + " walk-forward step" + (c.evaluations() == 1 ? "" : "s") + " only (fewer than " + few + "), the coverage cannot tell a calibrated band from a wrong one"
                : Math.abs(c.bandCoveragePct() - c.bandNominalPct()) <= 5 ? "The p5–p95 band is roughly calibrated"
                : c.bandCoveragePct() < c.bandNominalPct() ? "The p5–p95 band is too narrow" : "The p5–p95 band is too wide";
        String mean = c.maeAnalogue() < c.maeBaseRate()
                ? "the analogue mean beat the base rate out of sample."
                : "the analogue mean did not beat the base rate out of sample: read it as a description, not an edge.";
        return spread + "; " + mean;
    }
}
