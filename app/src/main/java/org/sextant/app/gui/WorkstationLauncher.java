package org.sextant.app.gui;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.sextant.app.pilot.PilotNotice;
import org.sextant.app.pilot.WindowDriver;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.StartupTimeline;
import org.slf4j.LoggerFactory;

/**
 * Entry point of the window for the app's main class. That class is no
 * {@code javafx.application.Application} (launching one from a plain class path fails), so the
 * toolkit is started here with {@link Platform#startup}.
 */
public final class WorkstationLauncher {
    private static final AtomicReference<Stage> OPEN = new AtomicReference<>();
    /** The toolkit start begun by {@link #startEarly}: true when it was started by this class. */
    private static volatile CompletableFuture<Boolean> earlyStart;

    private WorkstationLauncher() {}

    /**
     * Shows the workstation window for {@code engine} and blocks until the person closes it.
     * Starts the JavaFX toolkit unless it already runs (then it is left running); a toolkit
     * started here is shut down before returning, so call this once per process.
     *
     * @param onSymbolShown called on the JavaFX thread with the ticker whenever the chart starts
     *                      showing another symbol (keep it short: it runs on the UI thread)
     * @param onClosed      called on the calling thread once the window is closed, before the
     *                      toolkit shuts down
     */
    public static void run(Sextant engine, Consumer<String> onSymbolShown, Runnable onClosed) {
        run(engine, new Hooks(onSymbolShown, null, null), onClosed);
    }

    /**
     * What the hosting app learns from the window.
     *
     * @param onSymbolShown the ticker each time the chart shows another symbol (FX thread)
     * @param onViewShown   the view id each time another tab is selected (FX thread), for state.json
     * @param onWindowReady once the window is up: the driver the pilot queue uses and where its notices go
     * @param homeWarnings  the home's warnings (its id's lock given up, a claim taken back), shown in the window once it is up
     */
    public record Hooks(Consumer<String> onSymbolShown, Consumer<String> onViewShown,
                        BiConsumer<WindowDriver, Consumer<PilotNotice>> onWindowReady, HeldWarnings homeWarnings) {
        public Hooks(Consumer<String> onSymbolShown, Consumer<String> onViewShown, BiConsumer<WindowDriver, Consumer<PilotNotice>> onWindowReady) {
            this(onSymbolShown, onViewShown, onWindowReady, null);
        }
    }

    /** {@link #run(Sextant, Consumer, Runnable)} with every hook, menus, theme and the remembered layout. */
    public static void run(Sextant engine, Hooks hooks, Runnable onClosed) {
        open(engine, hooks).awaitClosed(onClosed);
    }

    /**
     * Opens the workstation window for {@code engine} without waiting for it to close (see
     * {@link Session#awaitClosed}). Call from the app's main thread, once per process.
     *
     * <p>The opening reads start here, before the window exists: the symbol list and the data
     * summary on the Charts model's engine thread, the opening symbol picked on this thread, and
     * its prices requested as the FX thread begins to build the window; so they arrive while it is
     * being built rather than after it is shown. No engine call runs on the FX thread.
     */
    public static Session open(Sextant engine, Hooks hooks) {
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(hooks, "hooks");
        if (Platform.isFxApplicationThread()) {
            throw new IllegalStateException("WorkstationLauncher.open waits for the toolkit; call it from the main thread");
        }
        boolean startedHere = awaitToolkit();
        FirstFrameGate gate = new FirstFrameGate();
        ChartsViewModel vm = new ChartsViewModel(engine, null, gate);
        Session session = new Session(vm, startedHere);
        AtomicReference<WorkstationWindow> built = new AtomicReference<>();
        vm.refreshSymbols().whenComplete((list, e) -> onFx(() -> {
            StartupTimeline.mark("symbols loaded");
            WorkstationWindow w = built.get();
            // scrolled to once the list has been laid out with its rows (a list scrolled before that shows one row)
            if (w != null) afterPulse(w, w::revealSelected); // else the window reveals it once built
        }));
        vm.refreshSummary();
        String opening = openingSymbol(engine);
        StartupTimeline.mark("opening symbol picked");
        if (opening != null) {
            // Requested from this thread while the FX thread still loads the controls: no view is
            // bound to the model yet, and every answer waits in the gate, so nothing touches the
            // scene graph off the FX thread. The prices are read while the window is built.
            vm.select(opening).whenComplete((s, e) -> {
                if (e != null) session.firstChart.complete(null); // no chart to wait for
            });
        } else {
            session.firstChart.complete(null); // an empty store: nothing to draw
        }
        Platform.runLater(() -> {
            try {
                WorkstationWindow window = new WorkstationWindow(vm);
                window.setOnSymbolShown(timed(window, vm, hooks.onSymbolShown(), session.firstChart));
                window.addViews(WorkstationViews.create(engine, window));
                Stage stage = new Stage();
                WorkstationChrome chrome = new WorkstationChrome(window, stage, engine.home().root());
                stage.setOnHidden(e -> {
                    if (hooks.homeWarnings() != null) hooks.homeWarnings().windowGone();
                    gate.shut();
                    chrome.remember();
                    window.closeViews();
                    OPEN.compareAndSet(stage, null);
                    session.firstChart.complete(null);
                    session.closed.countDown();
                });
                StartupTimeline.mark("window built");
                // the answers already read (usually the list and the opening prices) go into the
                // window before it is shown, so its first frame has the chart in it
                gate.runHeld();
                window.show(stage);
                afterPulse(window, gate::open);
                chrome.restore();
                built.set(window);
                if (!vm.symbols().isEmpty()) afterPulse(window, window::revealSelected);
                if (hooks.onViewShown() != null) {
                    hooks.onViewShown().accept(window.shownView());
                    window.tabs().getSelectionModel().selectedItemProperty()
                            .addListener((obs, old, now) -> hooks.onViewShown().accept(window.shownView()));
                }
                if (hooks.homeWarnings() != null) hooks.homeWarnings().showIn(w -> Platform.runLater(() -> chrome.showHomeWarning(w)));
                if (hooks.onWindowReady() != null) {
                    hooks.onWindowReady().accept(new WindowPilot(window), n -> Platform.runLater(() -> chrome.showNotice(n)));
                }
                OPEN.set(stage);
                StartupTimeline.mark("window shown");
            } catch (RuntimeException e) {
                gate.open();
                session.failure.set(e);
                session.firstChart.complete(null);
                session.closed.countDown();
            }
        });
        return session;
    }

    /** The symbol to open on (see {@link WorkstationWindow#openingSymbol}), read on the calling thread; null when none or unreadable. */
    private static String openingSymbol(Sextant engine) {
        try {
            return WorkstationWindow.openingSymbol(engine.listSymbols(null));
        } catch (RuntimeException e) {
            // the model's own read of the list reports the failure in the status bar
            LoggerFactory.getLogger(WorkstationLauncher.class).warn("cannot pick the opening symbol: {}", e.toString());
            return null;
        }
    }

    /**
     * The Charts model's results reach the FX thread through this: held until the window's first
     * frame is laid out, then passed on in order. chartfx read-locks a chart's data sets in every
     * layout and unlocks them after the next layout pulse; showing a stage lays the scene out
     * outside a pulse, so prices read before the window existed and applied before that pulse
     * would wait for a lock the blocked FX thread itself holds.
     */
    static final class FirstFrameGate implements java.util.concurrent.Executor {
        private final java.util.List<Runnable> held = new java.util.ArrayList<>();
        private boolean open;
        private boolean shut;

        @Override
        public synchronized void execute(Runnable work) {
            if (shut) return; // the window is gone: nothing to show the result in
            if (open) Platform.runLater(work); else held.add(work);
        }

        /**
         * Runs the answers held so far, in order, on the calling (FX) thread, and keeps holding
         * later ones: for results that reach the window before its stage is first laid out.
         */
        void runHeld() {
            java.util.List<Runnable> now;
            synchronized (this) {
                if (open || shut) return;
                now = new java.util.ArrayList<>(held);
                held.clear();
            }
            now.forEach(Runnable::run);
        }

        synchronized void open() {
            if (open || shut) return;
            open = true;
            held.forEach(Platform::runLater);
            held.clear();
        }

        /** The window closed: results still to come are dropped. */
        synchronized void shut() {
            shut = true;
            held.clear();
        }
    }

    /** Runs {@code work} on the FX thread: now when called there, else next. */
    private static void onFx(Runnable work) {
        if (Platform.isFxApplicationThread()) work.run(); else Platform.runLater(work);
    }

    /** A window opened by {@link #open}. */
    public static final class Session {
        private final ChartsViewModel model;
        private final boolean startedHere;
        private final CountDownLatch closed = new CountDownLatch(1);
        private final CompletableFuture<Void> firstChart = new CompletableFuture<>();
        private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

        private Session(ChartsViewModel model, boolean startedHere) {
            this.model = model;
            this.startedHere = startedHere;
        }

        /**
         * Completes once the first chart is drawn, or as soon as there will be none (an empty
         * store, a failed read, the window failed or closed): what the app waits for before
         * starting the work the first chart does not need.
         */
        public CompletableFuture<Void> firstChart() { return firstChart; }

        /**
         * Blocks until the window is closed, then stops the Charts model, runs {@code onClosed}
         * (may be null) and shuts down a toolkit that {@link #open} started.
         *
         * @throws IllegalStateException when the window could not be built
         */
        public void awaitClosed(Runnable onClosed) {
            try {
                awaitUninterruptibly(closed);
                model.close();
                if (onClosed != null) onClosed.run();
            } finally {
                if (startedHere) Platform.exit();
            }
            if (failure.get() != null) {
                throw new IllegalStateException("the workstation window could not open: " + failure.get().getMessage(), failure.get());
            }
        }
    }

    /**
     * The first symbol shown ends the start-up timeline: marks when its prices reach the chart,
     * when the chart is drawn (the pulse after), when the forecast arrives and its fan is drawn,
     * then logs the timeline once. The host learns of the first symbol once its chart is drawn
     * (state.json's symbol_on_screen then means what a person sees), of later ones at once.
     */
    private static Consumer<String> timed(WorkstationWindow window, ChartsViewModel vm, Consumer<String> onSymbolShown,
                                          CompletableFuture<Void> firstChart) {
        AtomicBoolean first = new AtomicBoolean(true);
        AtomicBoolean drawn = new AtomicBoolean(false);
        AtomicReference<String> shown = new AtomicReference<>(); // FX thread only
        return symbol -> {
            shown.set(symbol);
            if (first.getAndSet(false)) {
                StartupTimeline.mark("series shown");
                afterPulse(window, () -> {
                    StartupTimeline.mark("chart drawn");
                    drawn.set(true);
                    if (onSymbolShown != null) onSymbolShown.accept(shown.get());
                    firstChart.complete(null);
                    vm.forecastLoad().whenComplete((f, e) -> Platform.runLater(() -> {
                        StartupTimeline.mark(f != null ? "forecast computed" : "no forecast");
                        afterPulse(window, () -> {
                            StartupTimeline.mark("fan drawn");
                            String line = StartupTimeline.report();
                            if (line != null) LoggerFactory.getLogger(WorkstationLauncher.class).info(line);
                            // training runs (the AppCDS class list, benchmarks) end once the first chart is complete
                            if (Boolean.getBoolean("sextant.exitAfterFirstChart")) close();
                        });
                    }));
                });
            }
            if (drawn.get() && onSymbolShown != null) onSymbolShown.accept(symbol);
        };
    }

    /**
     * Runs {@code then} on the FX thread once the next pulse has laid out (and so drawn) the
     * scene; for a window not yet in a scene, the first pulse after it is put in one.
     */
    private static void afterPulse(WorkstationWindow window, Runnable then) {
        Scene scene = window.root().getScene();
        if (scene == null) {
            window.root().sceneProperty().addListener(new javafx.beans.value.ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends Scene> obs, Scene old, Scene now) {
                    if (now == null) return;
                    obs.removeListener(this);
                    afterPulse(window, then);
                }
            });
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            then.run();
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    /**
     * Closes the window opened by {@link #run} (from any thread: a shutdown hook, a "quit"
     * command); {@code run} then returns as if the person had closed it. No-op when none is open.
     */
    public static void close() {
        Platform.runLater(() -> {
            Stage stage = OPEN.get();
            if (stage != null) stage.close();
        });
    }

    /**
     * Refuses a window start with no display to open (Linux with neither DISPLAY nor WAYLAND_DISPLAY), before the
     * caller opens the store; a display that is set but cannot be opened is refused when the toolkit starts.
     */
    public static void refuseWithoutDisplay() {
        org.sextant.engine.SextantException none = NoDisplay.before(System.getenv(), System.getProperty("os.name"), System.getProperty("glass.platform"));
        if (none != null) throw none;
    }

    /**
     * Starts the JavaFX toolkit on another thread and, on the FX thread, loads the classes and
     * styles the window is built from (JavaFX controls, chartfx), while the caller opens the store:
     * on two cores the two halves of a start overlap. {@link #run} then uses that toolkit.
     */
    public static void startEarly() {
        CompletableFuture<Boolean> started = new CompletableFuture<>();
        earlyStart = started;
        Thread t = new Thread(() -> {
            try {
                boolean here = startToolkit();
                // -Dsextant.preloadControls=false: the window's build loads them itself (to measure it)
                if (!"false".equals(System.getProperty("sextant.preloadControls"))) Platform.runLater(WorkstationLauncher::preloadControls);
                started.complete(here);
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, "sextant-toolkit-start");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Lays out a throw-away scene of the kinds of nodes the window uses, so their classes, skins
     * and the default stylesheet are loaded before the real window is built. Failure only costs time.
     */
    private static void preloadControls() {
        try {
            PriceChart chart = new PriceChart();
            VBox box = new VBox(new TextField(), new ListView<String>(), new CheckBox(), new ChoiceBox<String>(),
                    new ProgressIndicator(), new Label(), new javafx.scene.control.TableView<String>(), new TabPane(new Tab("t", new SplitPane(chart))));
            new Scene(box, 400, 300);
            box.applyCss();
            box.layout();
            StartupTimeline.mark("controls preloaded");
        } catch (RuntimeException e) {
            LoggerFactory.getLogger(WorkstationLauncher.class).debug("preloading the controls failed", e);
        }
    }

    private static boolean awaitToolkit() {
        CompletableFuture<Boolean> early = earlyStart;
        if (early == null) return startToolkit();
        earlyStart = null;
        try {
            return early.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw e;
        }
    }

    /** Waits until the toolkit runs (the early start's, else started now) without taking over its shutdown: for dialogs before the window. */
    public static void awaitToolkitRunning() {
        CompletableFuture<Boolean> early = earlyStart;
        if (early != null) early.join(); else startToolkit();
    }

    /** Starts the toolkit; false when it was already running (tests, or an embedding app). */
    private static boolean startToolkit() {
        CountDownLatch started = new CountDownLatch(1);
        try {
            Platform.startup(started::countDown);
        } catch (IllegalStateException alreadyRunning) {
            return false;
        } catch (UnsupportedOperationException e) {
            org.sextant.engine.SextantException noDisplay = NoDisplay.refusal(e);
            throw noDisplay != null ? noDisplay : e;
        }
        // the window's close ends run(), which then shuts the toolkit down itself
        Platform.setImplicitExit(false);
        awaitUninterruptibly(started);
        StartupTimeline.mark("toolkit started");
        return true;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }
}
