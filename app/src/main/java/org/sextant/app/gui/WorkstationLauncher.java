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
     */
    public record Hooks(Consumer<String> onSymbolShown, Consumer<String> onViewShown,
                        BiConsumer<WindowDriver, Consumer<PilotNotice>> onWindowReady) {}

    /** {@link #run(Sextant, Consumer, Runnable)} with every hook, menus, theme and the remembered layout. */
    public static void run(Sextant engine, Hooks hooks, Runnable onClosed) {
        Objects.requireNonNull(engine, "engine");
        if (Platform.isFxApplicationThread()) {
            throw new IllegalStateException("WorkstationLauncher.run blocks until the window closes; call it from the main thread");
        }
        boolean startedHere = awaitToolkit();
        CountDownLatch closed = new CountDownLatch(1);
        AtomicReference<ChartsViewModel> model = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        Platform.runLater(() -> {
            try {
                ChartsViewModel vm = new ChartsViewModel(engine);
                model.set(vm);
                WorkstationWindow window = new WorkstationWindow(vm);
                window.setOnSymbolShown(timed(window, vm, hooks.onSymbolShown()));
                window.addViews(WorkstationViews.create(engine, window));
                Stage stage = new Stage();
                WorkstationChrome chrome = new WorkstationChrome(window, stage, engine.home().root());
                stage.setOnHidden(e -> {
                    chrome.remember();
                    window.closeViews();
                    OPEN.compareAndSet(stage, null);
                    closed.countDown();
                });
                window.show(stage);
                chrome.restore();
                if (hooks.onViewShown() != null) {
                    hooks.onViewShown().accept(window.shownView());
                    window.tabs().getSelectionModel().selectedItemProperty()
                            .addListener((obs, old, now) -> hooks.onViewShown().accept(window.shownView()));
                }
                if (hooks.onWindowReady() != null) {
                    hooks.onWindowReady().accept(new WindowPilot(window), n -> Platform.runLater(() -> chrome.showNotice(n)));
                }
                OPEN.set(stage);
                StartupTimeline.mark("window shown");
                vm.start().thenRun(() -> Platform.runLater(() -> {
                    StartupTimeline.mark("symbols loaded");
                    window.showOpeningSymbol();
                }));
            } catch (RuntimeException e) {
                failure.set(e);
                closed.countDown();
            }
        });
        try {
            awaitUninterruptibly(closed);
            if (model.get() != null) model.get().close();
            if (onClosed != null) onClosed.run();
        } finally {
            if (startedHere) Platform.exit();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("the workstation window could not open: " + failure.get().getMessage(), failure.get());
        }
    }

    /**
     * The first symbol shown ends the start-up timeline: marks when its prices reach the chart,
     * when the chart is drawn (the pulse after), when the forecast arrives and its fan is drawn,
     * then logs the timeline once.
     */
    private static Consumer<String> timed(WorkstationWindow window, ChartsViewModel vm, Consumer<String> onSymbolShown) {
        AtomicBoolean first = new AtomicBoolean(true);
        return symbol -> {
            if (first.getAndSet(false)) {
                StartupTimeline.mark("series shown");
                afterPulse(window, () -> {
                    StartupTimeline.mark("chart drawn");
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
            if (onSymbolShown != null) onSymbolShown.accept(symbol);
        };
    }

    /** Runs {@code then} on the FX thread once the next pulse has laid out (and so drawn) the scene. */
    private static void afterPulse(WorkstationWindow window, Runnable then) {
        Scene scene = window.root().getScene();
        if (scene == null) {
            then.run();
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
                Platform.runLater(WorkstationLauncher::preloadControls);
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

    /** Starts the toolkit; false when it was already running (tests, or an embedding app). */
    private static boolean startToolkit() {
        CountDownLatch started = new CountDownLatch(1);
        try {
            Platform.startup(started::countDown);
        } catch (IllegalStateException alreadyRunning) {
            return false;
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
