package org.sextant.app.gui;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.charts.PriceBars;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.data.PriceBar;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.WalkForwardBacktest;
import org.sextant.engine.forecast.store.StoredForecastBacktest;
import org.sextant.engine.home.Settings;

/**
 * State of the charts view, testable without a screen: the symbol list and its filter, the
 * selected symbol, its loaded series and live forecast (with which bands are drawn and whether
 * the fan is shown), the data summary and the last error.
 *
 * <p>Every engine call runs on {@code background}; its result is applied on {@code ui} (the
 * JavaFX thread in the app), so the window never waits for the store. When requests overlap
 * (typing in the filter, clicking through symbols) only the newest one's result is applied.
 * A failing engine call never throws into the view: it sets {@link #errorProperty()}.
 */
public final class ChartsViewModel implements AutoCloseable {
    private final Sextant engine;
    private final EngineCalls calls;
    private final GlobalTrainingOffer globalTraining;
    private final ForecastAsOf asOf;

    private final ObservableList<SymbolInfo> symbols = FXCollections.observableArrayList();
    private final ObservableList<SymbolInfo> readOnlySymbols = FXCollections.unmodifiableObservableList(symbols);
    private final StringProperty filterText = new SimpleStringProperty(this, "filterText", "");
    private final ReadOnlyStringWrapper selectedSymbol = new ReadOnlyStringWrapper(this, "selectedSymbol");
    private final ReadOnlyObjectWrapper<PriceSeries> series = new ReadOnlyObjectWrapper<>(this, "series");
    private volatile PriceBars bars;
    /** The symbol's bars by index (intraday, or any interval but the daily chart), null on the daily chart. */
    private final ReadOnlyObjectWrapper<org.sextant.charts.TimedBars> timedBars = new ReadOnlyObjectWrapper<>(this, "timedBars");
    /** The interval picked for the symbol on screen ("30m"; "1d" on the daily chart). */
    private final ReadOnlyStringWrapper interval = new ReadOnlyStringWrapper(this, "interval");
    /** Per symbol, the intervals stored, finest first (read with the symbol list). */
    private volatile java.util.Map<String, List<String>> storedIntervals = java.util.Map.of();
    private final ReadOnlyObjectWrapper<DataSummary> summary = new ReadOnlyObjectWrapper<>(this, "summary");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");
    private final ReadOnlyObjectWrapper<PriceForecast> forecast = new ReadOnlyObjectWrapper<>(this, "forecast");
    private final ObjectProperty<FanLevels> fanLevels = new SimpleObjectProperty<>(this, "fanLevels", FanLevels.ALL);
    private final BooleanProperty forecastVisible = new SimpleBooleanProperty(this, "forecastVisible", true);
    private final ReadOnlyStringWrapper forecastSummary = new ReadOnlyStringWrapper(this, "forecastSummary", "");
    /** The live forecast's data_warning (daily closes, or the bars at the interval picked); null when none or no forecast. */
    private final ReadOnlyStringWrapper forecastWarning = new ReadOnlyStringWrapper(this, "forecastWarning");
    /** Every data warning of what is on screen, each text once: the live forecast's and the backtest's. */
    private final ReadOnlyStringWrapper dataWarning = new ReadOnlyStringWrapper(this, "dataWarning");
    private volatile CompletableFuture<PriceForecast> forecastLoad = CompletableFuture.completedFuture(null);
    /** The live forecast of the bars at the interval picked, on a chart by bar index (null on the daily chart). */
    private final ReadOnlyObjectWrapper<BarForecast> barForecast = new ReadOnlyObjectWrapper<>(this, "barForecast");
    private volatile CompletableFuture<BarForecast> barForecastLoad = CompletableFuture.completedFuture(null);
    private final ReadOnlyObjectWrapper<StoredForecastBacktest> backtest = new ReadOnlyObjectWrapper<>(this, "backtest");
    /** Each origin's forecast of the bar walk-forward in the table, to overlay (null on the daily chart or before one ran). */
    private final ReadOnlyObjectWrapper<List<BarForecast>> barBacktest = new ReadOnlyObjectWrapper<>(this, "barBacktest");
    private final BooleanProperty backtestsVisible = new SimpleBooleanProperty(this, "backtestsVisible", true);
    private final ReadOnlyStringWrapper backtestStatus = new ReadOnlyStringWrapper(this, "backtestStatus", "");
    /** Whether the backtest waits for the store's writer (its status says for what): {@link #stopBacktestWait} then gives it up. */
    private final ReadOnlyBooleanWrapper backtestWaiting = new ReadOnlyBooleanWrapper(this, "backtestWaiting");
    /** Each Run backtest, and each stop of its wait, takes a ticket: only the newest run's answers show. */
    private final EngineCalls.Latest backtestRuns = new EngineCalls.Latest();
    private volatile CompletableFuture<StoredForecastBacktest> backtestLoad = CompletableFuture.completedFuture(null);
    private final EngineCalls.Latest backtestRequest = new EngineCalls.Latest();
    private final EngineCalls barBacktests;

    /** The live forecast's model and horizon from settings.json (null: the engine's defaults). */
    private volatile String forecastModel;
    private volatile Integer forecastHorizon;

    private final EngineCalls.Latest symbolsRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest seriesRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest summaryRequest = new EngineCalls.Latest();
    private final EngineCalls.Latest forecastRequest = new EngineCalls.Latest();

    /** For the app: engine calls on one daemon thread, results on the JavaFX thread. */
    public ChartsViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /**
     * @param background runs engine calls (null: a daemon thread owned and shut down by this model)
     * @param ui applies results; all properties change on it
     */
    public ChartsViewModel(Sextant engine, Executor background, Executor ui) {
        this(engine, background, ui, EngineCalls.WRITER_WAIT_MOST);
    }

    /** As above, an As of day or a backtest waiting for the store's writer at most {@code writerWaitMost}. */
    ChartsViewModel(Sextant engine, Executor background, Executor ui, java.time.Duration writerWaitMost) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-engine", error::set, writerWaitMost);
        // a backtest of 30-minute bars takes most of a minute: on its own thread the chart keeps answering meanwhile
        this.barBacktests = background == null ? new EngineCalls(null, ui, "sextant-gui-bar-backtest") : calls;
        this.globalTraining = new GlobalTrainingOffer(engine, calls);
        this.asOf = new ForecastAsOf(engine, calls);
        Settings s = SettingsDialogModel.readOrDefaults(engine.home().settingsJson(), error::set);
        forecastModel = s.forecastModel();
        forecastHorizon = s.forecastHorizon();
        FanLevels drawn = FanLevels.of(s.bandLevels());
        if (drawn != null) fanLevels.set(drawn);
        filterText.addListener((obs, old, now) -> refreshSymbols());
        forecast.addListener((obs, old, now) -> summariseForecast());
        barForecast.addListener((obs, old, now) -> summariseForecast());
        fanLevels.addListener((obs, old, now) -> summariseForecast());
        forecastWarning.addListener((obs, old, now) -> gatherWarnings());
        backtest.addListener((obs, old, now) -> gatherWarnings());
        asOf.dayProperty().addListener((obs, old, now) -> forecastAsOfChanged());
        engine.onDataChanged(() -> {
            if (!calls.isClosed()) {
                refreshSymbols();
                refreshSummary();
            }
        });
    }

    /** Loads the symbol list and the data summary. */
    public CompletableFuture<Void> start() {
        return CompletableFuture.allOf(refreshSymbols(), refreshSummary());
    }

    /**
     * Reloads the symbols matching the filter text, those with bars only (intraday samples) among
     * them, and the intervals each has; completes once the list is updated (or the request superseded).
     */
    public CompletableFuture<List<SymbolInfo>> refreshSymbols() {
        String query = filterText.get();
        return calls.run(symbolsRequest, () -> {
            List<SymbolInfo> all = new java.util.ArrayList<>(engine.listSymbols(query));
            all.addAll(engine.listBarsOnlySymbols(query));
            all.sort(java.util.Comparator.comparing(SymbolInfo::symbol));
            storedIntervals = engine.storedIntervals();
            return all;
        }, symbols::setAll, "list the symbols");
    }

    /** The intervals stored for {@code symbol}, finest first (daily prices count as 1d). */
    public List<String> storedIntervalsOf(String symbol) {
        return storedIntervals.getOrDefault(symbol, List.of());
    }

    /** The intervals {@code symbol} can be charted at: its stored ones and every coarser one, finest first. */
    public List<String> intervalsOf(String symbol) {
        return org.sextant.engine.data.BarReader.readable(storedIntervals.get(symbol));
    }

    /**
     * Shows {@code symbol}: loads its daily closes and makes them the series on screen, then
     * (once they are shown) its live forecast with the model and horizon of settings.json (else the facade's defaults),
     * all three band levels; see {@link #forecastLoad()}. The returned future is the prices'.
     */
    public CompletableFuture<PriceSeries> select(String symbol) {
        return select(symbol, null);
    }

    /**
     * Shows {@code symbol} at {@code picked} ("30m"; null: its finest stored interval). A symbol
     * with daily prices picked at 1d is the daily chart, with its forecast; any other interval is
     * drawn by bar index from the finest stored bars, the chart resampling them as it zooms, with
     * the forecast of its bars at the interval picked ({@link #barForecastLoad()}).
     */
    public CompletableFuture<PriceSeries> select(String symbol, String picked) {
        selectedSymbol.set(symbol);
        CompletableFuture<Loaded> loaded = calls.run(seriesRequest, () -> load(symbol, picked), l -> {
            bars = l.bars(); // before the series: a listener of the series draws these bars
            timedBars.set(l.timed());
            interval.set(l.interval());
            series.set(l.series());
            clearForecast(); // the previous symbol's forecast never sits on this chart
            clearBacktest();
            if (l.timed() != null) asOf.barsShown(l.interval());
        }, "load the prices of '" + symbol + "'");
        CompletableFuture<PriceSeries> prices = loaded.thenApply(l -> l == null ? null : l.series());
        long id = seriesRequest.newest(); // select runs on one thread (the ui's): this is the request just made
        // a forecast only for daily prices that made it on screen (not superseded, not failed)
        CompletableFuture<Boolean> shownPrices = loaded.handle((l, failure) -> failure == null && l != null && l.timed() == null && seriesRequest.isNewest(id));
        forecastLoad = shownPrices.thenCompose(shown -> shown ? loadForecast(symbol) : CompletableFuture.completedFuture(null));
        // bars by index that made it on screen: the forecast of their bars at the interval picked; daily and bar
        // forecasts share one Latest, so an answer for the symbol shown before is dropped, never drawn here
        barForecastLoad = loaded.handle((l, failure) -> failure == null && l != null && l.timed() != null && seriesRequest.isNewest(id) ? l.interval() : null)
                .thenCompose(at -> at == null ? CompletableFuture.completedFuture(null) : loadBarForecast(symbol, at));
        // then the stored backtest overlays and errors, whether or not the forecast worked
        backtestLoad = forecastLoad.handle((f, failure) -> null).thenCombine(shownPrices, (ignored, shown) -> shown && seriesRequest.isNewest(id))
                .thenCompose(shown -> shown ? loadBacktest(symbol) : CompletableFuture.completedFuture(null));
        return prices;
    }

    /**
     * A symbol's series and its bars for the chart, from one read of the store; timed: its bars by
     * index (null on the daily chart); interval: the one picked.
     */
    private record Loaded(PriceSeries series, PriceBars bars, org.sextant.charts.TimedBars timed, String interval) {}

    /** The daily chart when {@code picked} (null: the finest stored) is 1d and daily prices are stored; else the finest stored bars. */
    private Loaded load(String symbol, String picked) {
        // the facade's spelling of a ticker (getClosePrice names its series the same way)
        String canonical = symbol.trim().toUpperCase(java.util.Locale.ROOT);
        if (!storedIntervals.containsKey(canonical)) storedIntervals = engine.storedIntervals(); // opened before the list arrived
        List<String> stored = storedIntervals.getOrDefault(canonical, List.of());
        String finest = stored.isEmpty() ? "1d" : stored.get(0);
        String shown = picked == null ? finest : org.sextant.engine.data.BarInterval.of("interval", picked).label;
        if (shown.equals("1d") && (stored.isEmpty() || stored.contains("1d"))) {
            List<PriceBar> daily = engine.bars(symbol, null, null);
            PriceSeries s = PriceSeries.of(canonical, null, null, daily);
            return new Loaded(s, ChartInputs.bars(s, daily), null, shown);
        }
        org.sextant.charts.TimedBars timed = ChartInputs.timed(engine.getBars(canonical, finest, null, null));
        // its series (what the app reports on screen) is its daily closes, resampled along the session
        return new Loaded(ChartInputs.dailyCloses(timed), null, timed, shown);
    }

    /** The bars on screen by index (an intraday symbol, or any interval but the daily chart); null on the daily chart. */
    public ReadOnlyObjectProperty<org.sextant.charts.TimedBars> timedBarsProperty() {
        return timedBars.getReadOnlyProperty();
    }

    /** The interval picked for the symbol on screen: "30m", "1d"... (null before the first). */
    public ReadOnlyStringProperty intervalProperty() {
        return interval.getReadOnlyProperty();
    }

    /** The series on screen as the chart draws it (open/high/low/volume where stored); null before the first. */
    public PriceBars chartBars() {
        return bars;
    }

    // duplicates: property accessors, the JavaFX pattern every ViewModel and chart repeats
    /** The stored walk-forward of the symbol on screen (the forecast's model and horizon, conformal where stored). */
    private CompletableFuture<StoredForecastBacktest> loadBacktest(String symbol) {
        // its success leaves the error line alone: a forecast that failed just before says why the fan is missing
        return calls.run(backtestRequest, () -> engine.backtestOverlays(symbol, forecastModel, forecastHorizon, null, null), backtest::set,
                error::set, "read the backtest of '" + symbol + "'");
    }

    /**
     * The backtest overlays started by the latest {@link #select} (or {@link #runBacktest}):
     * completes once applied, null when superseded.
     */
    public CompletableFuture<StoredForecastBacktest> backtestLoad() {
        return backtestLoad;
    }

    /**
     * Runs the walk-forward backtest of the symbol on screen as a background job (monthly origins,
     * stored), reporting progress in {@link #backtestStatusProperty()}, then reloads its forecast
     * and overlays. While another writing job runs (the As of forecast, one from the Jobs view or an
     * agent) it waits for that job to end, saying so, and starts then; so while the symbol's prices are
     * being deleted. Another symbol, {@link #stopBacktestWait} or the wait's bound gives the wait up. Completes
     * with the overlays (null when another symbol was selected meanwhile, or the wait given up).
     */
    public CompletableFuture<StoredForecastBacktest> runBacktest() {
        String symbol = selectedSymbol.get();
        if (symbol == null) return CompletableFuture.completedFuture(null);
        if (timedBars.get() != null) return runBarBacktest(symbol, interval.get());
        long id = seriesRequest.newest();
        long run = backtestRuns.take();
        CompletableFuture<StoredForecastBacktest> out = new CompletableFuture<>();
        showBacktestStatus("starting the backtest of " + symbol, false);
        java.util.concurrent.atomic.AtomicBoolean cancelAsked = new java.util.concurrent.atomic.AtomicBoolean();
        calls.followJob(() -> engine.startForecast(List.of(symbol), forecastModel, forecastHorizon, true), engine.jobs()::status, EngineCalls.JOB_POLL_MILLIS,
                new EngineCalls.WriterWait(() -> seriesRequest.isNewest(id) && backtestRuns.isNewest(run),
                        waits -> showBacktestStatus("The backtest of " + symbol + " " + waits, true), outwaited -> {
                            showBacktestStatus("", false);
                            error.set("The backtest of " + symbol + " " + outwaited + "; press Run backtest to wait again");
                        }),
                now -> {
                    if (!backtestRuns.isNewest(run)) { // its wait was stopped as the job started: it is not wanted
                        if (now.state().active() && !cancelAsked.getAndSet(true)) calls.cancelJob(engine.jobs(), now.id());
                        return;
                    }
                    showBacktestStatus(String.format(java.util.Locale.ROOT, "%s %.0f%%", now.message(), 100 * now.progress()), false);
                },
                end -> {
                    if (!backtestRuns.isNewest(run)) {
                        out.complete(null);
                        return;
                    }
                    showBacktestStatus(end.state() == org.sextant.engine.jobs.JobState.SUCCEEDED ? ""
                            : "backtest " + end.state().name().toLowerCase(java.util.Locale.ROOT) + (end.explained() == null ? "" : ": " + end.explained()), false);
                    if (end.state() != org.sextant.engine.jobs.JobState.SUCCEEDED || !seriesRequest.isNewest(id)) {
                        out.complete(null);
                        return;
                    }
                    reloadForecast(symbol, id);
                    backtestLoad.whenComplete((b, e) -> {
                        if (e != null) out.completeExceptionally(e); else out.complete(b);
                    });
                },
                message -> {
                    if (!backtestRuns.isNewest(run)) return;
                    showBacktestStatus("", false);
                    error.set(message);
                }, "backtest '" + symbol + "'")
                .whenComplete((end, failure) -> {
                    if (failure != null) {
                        out.completeExceptionally(failure);
                    } else if (end == null) { // another symbol came, or its wait was stopped or outlasted its bound: never started
                        if (backtestRuns.isNewest(run)) showBacktestStatus("", false);
                        out.complete(null);
                    }
                });
        return out;
    }

    /**
     * Stop waiting: the backtest waiting for the store's writer is given up, never started (Run backtest starts another).
     * Nothing while none waits. Call on the ui executor.
     */
    public void stopBacktestWait() {
        if (!backtestWaiting.get()) return;
        backtestRuns.take();
        showBacktestStatus("", false);
    }

    /** Whether the backtest waits for the store's writer, its status saying for what. */
    public ReadOnlyBooleanProperty backtestWaitingProperty() {
        return backtestWaiting.getReadOnlyProperty();
    }

    private void showBacktestStatus(String text, boolean waits) {
        backtestStatus.set(text);
        backtestWaiting.set(waits);
    }

    private void clearBacktest() {
        backtest.set(null);
        barBacktest.set(null);
    }

    private void clearForecast() {
        forecast.set(null);
        barForecast.set(null);
        forecastWarning.set(null);
    }

    /** A forecast with the data warning of the closes or bars it fitted (null when none). */
    private record Warned<F>(F forecast, String warning) {}

    private void gatherWarnings() {
        StoredForecastBacktest b = backtest.get();
        dataWarning.set(joined(forecastWarning.get(), b == null ? null : b.dataWarning()));
    }

    /** The distinct warnings given, in order, as one text (joined as the engine joins a warning's parts); null when none. */
    static String joined(String... warnings) {
        List<String> distinct = java.util.Arrays.stream(warnings).filter(w -> w != null && !w.isBlank()).distinct().toList();
        return distinct.isEmpty() ? null : String.join(". ", distinct);
    }

    /** A bar walk-forward as the view shows it: the error table's rows, and each origin's forecast to overlay. */
    private record BarBacktestShown(StoredForecastBacktest table, List<BarForecast> origins) {}

    /**
     * The walk-forward of the bars on screen at the interval picked (get_backtest_error with that
     * interval: origins and horizon count bars), computed in the background: its errors in the
     * table, each origin's forecast in {@link #barBacktestProperty()} for the chart to overlay.
     * Nothing is stored.
     */
    private CompletableFuture<StoredForecastBacktest> runBarBacktest(String symbol, String at) {
        backtestStatus.set("backtesting the " + at + " bars of " + symbol);
        java.util.function.BooleanSupplier stillShown = () -> symbol.equals(selectedSymbol.get()) && at.equals(interval.get()) && timedBars.get() != null;
        CompletableFuture<BarBacktestShown> out = barBacktests.run(backtestRequest, () -> {
            org.sextant.engine.forecast.BarBacktestOverlays o = engine.barBacktestOverlays(symbol, at, forecastModel, forecastHorizon, null);
            return new BarBacktestShown(new StoredForecastBacktest("monthly (" + at + " bars)", o.errors().result(), List.of(), o.dataWarning()), o.origins());
        }, b -> {
            if (!stillShown.getAsBoolean()) return; // another symbol or interval since: its errors are not these
            backtest.set(b.table());
            barBacktest.set(b.origins());
        }, message -> {
            if (stillShown.getAsBoolean()) error.set(message);
        }, "backtest the " + at + " bars of '" + symbol + "'");
        out.whenComplete((b, e) -> barBacktests.onUi(() -> backtestStatus.set("")));
        return out.thenApply(b -> b == null ? null : b.table());
    }

    /**
     * Trains the global model the forecast's model needs (a background job, see
     * {@link #globalTraining()}), then forecasts the symbol on screen again. Call on the ui executor.
     */
    public CompletableFuture<org.sextant.engine.jobs.JobStatus> trainGlobalModel() {
        return globalTraining.train(forecastHorizon, () -> {
            String symbol = selectedSymbol.get();
            if (symbol != null && series.get() != null) reloadForecast(symbol, seriesRequest.newest());
        });
    }

    /** Whether the forecast waits for a trained global model, and the training's progress. */
    public GlobalTrainingOffer globalTraining() {
        return globalTraining;
    }

    /** The forecast and then the overlays of the symbol on screen again (request {@code id} still the newest). */
    private void reloadForecast(String symbol, long id) {
        if (timedBars.get() != null) { // bars by index: their forecast, no overlays
            barForecastLoad = loadBarForecast(symbol, interval.get());
            backtestLoad = barForecastLoad.handle((f, e) -> null);
            return;
        }
        forecastLoad = loadForecast(symbol);
        backtestLoad = forecastLoad.handle((f, e) -> seriesRequest.isNewest(id))
                .thenCompose(shown -> shown ? loadBacktest(symbol) : CompletableFuture.completedFuture(null));
    }

    /**
     * Applies the workstation's choices from settings (model, horizon, bands drawn): a changed
     * model or horizon forecasts the symbol on screen again. Call on the ui executor.
     */
    public void applySettings(Settings s) {
        FanLevels drawn = FanLevels.of(s.bandLevels());
        fanLevels.set(drawn == null ? FanLevels.ALL : drawn);
        boolean changed = !Objects.equals(forecastModel, s.forecastModel()) || !Objects.equals(forecastHorizon, s.forecastHorizon());
        forecastModel = s.forecastModel();
        forecastHorizon = s.forecastHorizon();
        String symbol = selectedSymbol.get();
        if (changed && symbol != null && series.get() != null) {
            clearForecast();
            clearBacktest();
            reloadForecast(symbol, seriesRequest.newest());
        }
    }

    /** The model the live forecast asks for (null: the engine's default). */
    public String forecastModel() { return forecastModel; }

    /** The horizon the live forecast asks for (null: the engine's default). */
    public Integer forecastHorizon() { return forecastHorizon; }

    /** One row of the backtest error table: a level's coverage and pinball loss for each calibration. */
    public record LevelErrors(double level, double coverageModel, double coverageConformal, double coverageAdaptive,
                              double pinballModel, double pinballConformal) {}

    /** One row of the per-step table: mean absolute log error of the median at a horizon step. */
    public record StepError(int step, double male) {}

    /** The level rows of a backtest (empty without one). */
    public static List<LevelErrors> levelErrors(StoredForecastBacktest b) {
        if (b == null || b.result() == null) return List.of();
        WalkForwardBacktest.Result r = b.result();
        List<LevelErrors> out = new java.util.ArrayList<>();
        for (int i = 0; i < r.levels().length; i++) {
            out.add(new LevelErrors(r.levels()[i], r.coverage()[i], r.conformalCoverage()[i], r.adaptiveCoverage()[i], r.pinball()[i],
                    r.conformalPinball()[i]));
        }
        return out;
    }

    public static List<StepError> stepErrors(StoredForecastBacktest b) {
        if (b == null || b.result() == null) return List.of();
        List<StepError> out = new java.util.ArrayList<>();
        double[] m = b.result().malePerStep();
        for (int s = 0; s < m.length; s++) out.add(new StepError(s + 1, m[s]));
        return out;
    }

    /** "24 monthly origins · MALE 4.12% · 24 overlays"; says how to get one when none is stored. */
    public static String backtestHeadline(StoredForecastBacktest b) {
        if (b == null) return "";
        if (b.result() == null && b.staleNote() != null) return "Backtest out of date: " + b.staleNote();
        if (b.result() == null) return "No backtest stored: Run backtest (or sextant forecast SYMBOL --backtest)";
        return String.format(java.util.Locale.ROOT, "%s: %d %s origins · mean abs log error %.2f%%", b.result().model(), b.result().origins(),
                b.originsRule(), 100 * b.result().male());
    }

    /**
     * The forecast of the symbol on screen, computed in the background (as of the day picked: its job); the newest
     * request wins.
     */
    private CompletableFuture<PriceForecast> loadForecast(String symbol) {
        globalTraining.check(forecastModel, forecastHorizon);
        java.time.LocalDate day = asOf.dayProperty().get();
        if (day != null) {
            return asOf.load(symbol, forecastModel, forecastHorizon, day, ChartInputs.adjusted(series.get()), forecastRequest, f -> {
                forecast.set(f.forecast());
                forecastWarning.set(f.dataWarning()); // of the closes up to its start
                error.set(null);
            });
        }
        asOf.latestShown();
        asOf.cancelRunning();
        CompletableFuture<Warned<PriceForecast>> done = calls.run(forecastRequest, () -> {
            PriceForecast f = engine.getForecast(symbol, forecastModel, forecastHorizon, null);
            return new Warned<>(f, engine.outlierWarning(symbol, null)); // kept from the closes the forecast just read
        }, w -> {
            forecast.set(w.forecast());
            forecastWarning.set(w.warning());
        }, "forecast '" + symbol + "'");
        return done.thenApply(w -> w == null ? null : w.forecast());
    }

    /**
     * A day picked (or cleared) in "As of": the daily chart on screen forecasts as of it (or its latest forecast again),
     * the fan of the other going at once; bars by index keep their forecast. Call on the ui executor.
     */
    private void forecastAsOfChanged() {
        String symbol = selectedSymbol.get();
        if (symbol == null || series.get() == null) return; // the next selection forecasts as of it
        if (timedBars.get() != null) {
            asOf.barsShown(interval.get());
            return;
        }
        clearForecast();
        forecastLoad = loadForecast(symbol);
    }

    /** The Charts view's "As of" day, the past forecast's line and whether it says a refusal. */
    ForecastAsOf asOf() {
        return asOf;
    }

    /**
     * The forecast started by the latest {@link #select} (or "As of" day): completes once it is applied (null when
     * the prices failed or a newer selection came), exceptionally when the forecast failed.
     */
    public CompletableFuture<PriceForecast> forecastLoad() {
        return forecastLoad;
    }

    /**
     * On a chart by bar index, {@code picked} ("1h") becomes the interval forecast (the chart draws
     * it as its finest): the fan of the previous one goes at once, the new one is computed in the
     * background. Answers {@link #barForecastLoad()}; nothing on the daily chart.
     */
    public CompletableFuture<BarForecast> pickBarInterval(String picked) {
        org.sextant.charts.TimedBars shown = timedBars.get();
        if (shown == null || picked == null) return CompletableFuture.completedFuture(null);
        if (!picked.equals(interval.get())) clearBacktest(); // its errors and overlays were of the other interval
        interval.set(picked);
        barForecast.set(null);
        forecastWarning.set(null); // the warning of the bars at the interval picked comes with their forecast
        barForecastLoad = loadBarForecast(shown.symbol(), picked);
        return barForecastLoad;
    }

    /** The forecast of {@code symbol}'s bars at {@code at} with the forecast settings; the newest forecast request wins. */
    private CompletableFuture<BarForecast> loadBarForecast(String symbol, String at) {
        globalTraining.check(forecastModel, forecastHorizon);
        asOf.cancelRunning(); // an as-of job of the daily chart shown before
        CompletableFuture<Warned<BarForecast>> done = calls.run(forecastRequest, () -> {
            BarForecast f = engine.getForecast(symbol, at, forecastModel, forecastHorizon, null, null);
            return new Warned<>(f, engine.outlierWarning(symbol, at)); // kept from the bars the forecast just read
        }, w -> {
            barForecast.set(w.forecast());
            forecastWarning.set(w.warning());
        }, "forecast the " + at + " bars of '" + symbol + "'");
        return done.thenApply(w -> w == null ? null : w.forecast());
    }

    /**
     * The bar forecast started by the latest {@link #select} of bars by index or {@link #pickBarInterval}:
     * completes once applied (null when superseded or on the daily chart), exceptionally when it failed.
     */
    public CompletableFuture<BarForecast> barForecastLoad() {
        return barForecastLoad;
    }

    /** The live forecast of the bars on screen at the interval picked (null on the daily chart, while loading, on failure). */
    public ReadOnlyObjectProperty<BarForecast> barForecastProperty() {
        return barForecast.getReadOnlyProperty();
    }

    private void summariseForecast() {
        BarForecast bars = barForecast.get();
        PriceForecast daily = forecast.get();
        forecastSummary.set(bars != null ? summarise(bars.forecast(), fanLevels.get(), bars.forecast().targetDates().size() + "-bar (" + bars.interval() + ")")
                : summarise(daily, fanLevels.get(), daily == null ? "" : horizon(daily)));
    }

    /**
     * A daily forecast's horizon: "20-day" (business days) on weekdays, else its steps of the days its header names
     * ({@link PriceForecast#horizonDays}): "20 trading days (Saturday, Sunday)", "20 calendar days" every day, so a weekend
     * series' 20 steps (ten weeks) are not read as "20-day".
     */
    static String horizon(PriceForecast f) {
        String days = f.horizonDays();
        int steps = f.targetDates().size();
        if (days == null || days.equals(org.sextant.engine.forecast.TargetDates.BUSINESS_DAYS)) return steps + "-day";
        return org.sextant.engine.forecast.TargetDates.counted(steps, days);
    }

    /**
     * "log_theta · 20-day reward/risk 95%: 1.12 (up +9.8%, down -8.7%)" ("20-bar (30m)" for bars, "20 trading days (Saturday,
     * Sunday)" for a weekend series: {@link #horizon}), under it
     * "conformal bands, coverage 95%: 95.6%" when the bands' walk-forward coverage is known; empty without a forecast.
     */
    static String summarise(PriceForecast f, FanLevels levels, String horizon) {
        if (f == null) return "";
        StringBuilder out = new StringBuilder(f.model()).append(" · ").append(horizon).append(" reward/risk");
        for (double level : levels.levels()) {
            for (RewardRisk rr : f.rewardRisk()) {
                if (Math.abs(rr.level() - level) < 1e-9) {
                    out.append(String.format(java.util.Locale.ROOT, " %.0f%%: %s", level * 100,
                            Double.isInfinite(rr.ratio()) ? "∞" : String.format(java.util.Locale.ROOT, "%.2f", rr.ratio())));
                    // one level leaves room for what the ratio is made of
                    if (levels.levels().size() == 1) {
                        out.append(String.format(java.util.Locale.ROOT, " (up %+.1f%%, down %+.1f%%)", rr.upside() * 100, -rr.downside() * 100));
                    }
                }
            }
        }
        // how far the bands can be trusted: their walk-forward coverage, on a line of its own so no level is parted from its value
        if (!f.coverage().isEmpty()) {
            out.append('\n').append(f.calibration()).append(" bands, coverage");
            for (double level : levels.levels()) {
                for (var c : f.coverage()) {
                    if (Math.abs(c.level() - level) < 1e-9 && c.empirical() != null) {
                        out.append(String.format(java.util.Locale.ROOT, " %.0f%%: %.1f%%", level * 100, c.empirical() * 100));
                    }
                }
            }
        }
        return out.toString();
    }

    public CompletableFuture<DataSummary> refreshSummary() {
        return calls.run(summaryRequest, engine::dataSummary, summary::set, "read the data summary");
    }

    /** Symbols matching the filter, sorted by ticker. Read-only; changes on the ui executor. */
    public ObservableList<SymbolInfo> symbols() {
        return readOnlySymbols;
    }

    /** Text the symbol list is filtered by (ticker or name, case-insensitive). */
    public StringProperty filterTextProperty() {
        return filterText;
    }

    public ReadOnlyStringProperty selectedSymbolProperty() {
        return selectedSymbol.getReadOnlyProperty();
    }

    /** The loaded series of the selected symbol (null until one is loaded). */
    public ReadOnlyObjectProperty<PriceSeries> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    /** The live forecast of the series on screen (null while loading, on failure, or before one). */
    public ReadOnlyObjectProperty<PriceForecast> forecastProperty() {
        return forecast.getReadOnlyProperty();
    }

    /** Which bands of the fan are drawn (the confidence selector). */
    public ObjectProperty<FanLevels> fanLevelsProperty() {
        return fanLevels;
    }

    /** Whether the forecast fan is shown (the toggle). */
    public BooleanProperty forecastVisibleProperty() {
        return forecastVisible;
    }

    /** The stored walk-forward of the symbol on screen: overlays and errors (null while loading or before one). */
    public ReadOnlyObjectProperty<StoredForecastBacktest> backtestProperty() {
        return backtest.getReadOnlyProperty();
    }

    /** Each origin's forecast of the bar walk-forward last run on the bars on screen (null on the daily chart, before one, after another pick). */
    public ReadOnlyObjectProperty<List<BarForecast>> barBacktestProperty() {
        return barBacktest.getReadOnlyProperty();
    }

    /** Whether the backtest overlays are drawn (their toggle). */
    public BooleanProperty backtestsVisibleProperty() {
        return backtestsVisible;
    }

    /** Progress of a backtest started here ("backtesting IBM (1/1) 30%"); empty when none runs. */
    public ReadOnlyStringProperty backtestStatusProperty() {
        return backtestStatus.getReadOnlyProperty();
    }

    /**
     * The data warning of what the chart shows (get_forecast's data_warning: a bad tick, a probable split, closes dated
     * weekly or further apart): the live forecast's, and the backtest's in the error table (stored, or a walk-forward of
     * bars), each text once; null when none.
     */
    public ReadOnlyStringProperty dataWarningProperty() {
        return dataWarning.getReadOnlyProperty();
    }

    /** Model and reward/risk at the selected levels, for the legend; empty without a forecast. */
    public ReadOnlyStringProperty forecastSummaryProperty() {
        return forecastSummary.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<DataSummary> summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The last engine failure, as a sentence with its fix; null after the next success. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** True while an engine call is running. */
    public ReadOnlyBooleanProperty loadingProperty() {
        return calls.busyProperty();
    }

    /** The engine this view reads (the comparison beside the chart reads it too). */
    public Sextant engine() {
        return engine;
    }

    /** The symbol's row in the current list, if listed. */
    public SymbolInfo infoOf(String symbol) {
        for (SymbolInfo s : symbols) {
            if (s.symbol().equals(symbol)) return s;
        }
        return null;
    }

    @Override
    public void close() {
        calls.close();
        if (barBacktests != calls) barBacktests.close();
    }
}
