package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The entry point the app's main class calls: opens the window, reports symbols shown, returns on close. */
class WorkstationLauncherTest {
    private static final int GIVE_UP_SECONDS = 60;

    @TempDir
    Path home;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
    }

    @Test
    void runShowsTheWindowReportsTheSymbolOnScreenAndReturnsWhenItCloses() throws Exception {
        try (Sextant engine = TestStore.open(home)) {
            List<String> shown = new CopyOnWriteArrayList<>();
            List<String> onScreenWhenReported = new CopyOnWriteArrayList<>();
            AtomicBoolean closedCalled = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread main = new Thread(() -> {
                try {
                    WorkstationLauncher.run(engine, symbol -> {
                        onScreenWhenReported.add(chartOnScreen());
                        shown.add(symbol);
                    }, () -> closedCalled.set(true));
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "test-main");
            main.start();

            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> sextantWindow() != null);
            Stage stage = sextantWindow();
            FxRobot robot = new FxRobot();
            List<SymbolInfo> all = engine.listSymbols(null);
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                    () -> robot.from(stage.getScene().getRoot()).lookup(".list-cell").queryAll().stream()
                            .anyMatch(c -> ((ListCell<?>) c).getItem() != null));
            // the window opens on a chart: the NYSE composite when the store has it, else the first symbol
            String opening = all.stream().anyMatch(i -> i.symbol().equals("NYSE")) ? "NYSE" : all.get(0).symbol();
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> shown.equals(List.of(opening)));
            // state.json's symbol_on_screen means a drawn chart: the window is showing and its chart laid out with the series
            assertEquals(List.of(opening), onScreenWhenReported);
            // the list scrolls to the opening symbol once it has been laid out with its rows
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                    () -> robot.from(stage.getScene().getRoot()).lookup(".list-cell").queryAll().stream()
                            .anyMatch(c -> c.isVisible() && ((ListCell<?>) c).isSelected() && ((ListCell<?>) c).getItem() instanceof SymbolInfo s
                                    && s.symbol().equals(opening)));
            WaitForAsyncUtils.waitForFxEvents();
            // a symbol whose cell is on screen (the list has scrolled to the opening symbol)
            String target = robot.from(stage.getScene().getRoot()).lookup(".list-cell").queryAll().stream()
                    .map(c -> ((ListCell<?>) c).getItem()).filter(i -> i instanceof SymbolInfo).map(i -> ((SymbolInfo) i).symbol())
                    .filter(x -> !x.equals(opening)).findFirst().orElseThrow();
            OnScreen.clickOn(robot, robot.from(stage.getScene().getRoot()).lookup(".list-cell")
                    .match((ListCell<?> c) -> c.getItem() instanceof SymbolInfo s && s.symbol().equals(target)).<ListCell<?>>query());
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> shown.equals(List.of(opening, target)));
            assertTrue(main.isAlive(), "run blocks while the window is open");
            assertFalse(closedCalled.get());

            WorkstationLauncher.close();
            main.join(TimeUnit.SECONDS.toMillis(GIVE_UP_SECONDS));
            assertFalse(main.isAlive(), "run returns once the window is closed");
            assertTrue(closedCalled.get(), "onClosed ran");
            assertNull(failure.get());
            assertNull(sextantWindow());
            assertEquals(List.of(opening, target), shown);
        }
    }

    /**
     * Session 47 left the home id's warnings (its lock given up, a claim taken back) in the log only: one made at the engine's
     * start, before the window, and one made while it is up (a backup) are shown under the menus until the person clicks, every
     * one of them: a later warning adds a line, it does not replace the one not yet read.
     */
    @Test
    void theHomesWarningsMadeBeforeAndWhileTheWindowIsUpAreShownUntilClicked() throws Exception {
        try (Sextant engine = TestStore.open(home)) {
            HeldWarnings warnings = new HeldWarnings();
            warnings.accept("this home's id lock run/home-id.lock is a folder: the home id is read without it this time");
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread main = windowShowing(engine, warnings, failure);
            FxRobot robot = new FxRobot();
            javafx.scene.control.Label line = robot.from(sextantWindow().getScene().getRoot()).lookup("#home-warning").queryAs(javafx.scene.control.Label.class);
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> line.isVisible()
                    && line.getText().equals("Warning: this home's id lock run/home-id.lock is a folder: the home id is read without it this time"));

            // a second warning before the click joins the first: both stay on screen until the person clicks (review of session 48)
            warnings.accept("the backup folder /shared claimed home id 0123456789ab for the home at /other");
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                    () -> line.getText().equals("Warning: this home's id lock run/home-id.lock is a folder: the home id is read without it this time\n"
                            + "Warning: the backup folder /shared claimed home id 0123456789ab for the home at /other"));
            // past three lines the rest are counted, with where to read them
            warnings.accept("the home id lock run/home-id.lock is held by another process: given up after 5 s");
            warnings.accept("a fourth warning");
            warnings.accept("a fifth warning");
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> line.getText().endsWith(
                    "Warning: the home id lock run/home-id.lock is held by another process: given up after 5 s\n(+2 more: see SEXTANT_HOME/logs/sextant.log)"));
            OnScreen.clickOn(robot, line);
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !line.isVisible());
            // once clicked away, a later warning is shown alone
            warnings.accept("a warning after the click");
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> line.isVisible() && line.getText().equals("Warning: a warning after the click"));

            WorkstationLauncher.close();
            main.join(TimeUnit.SECONDS.toMillis(GIVE_UP_SECONDS));
            assertNull(failure.get());
        }
    }

    /**
     * Session 49: the test above feeds the line its warnings. Here the window is started as `sextant` starts it (the home's
     * warnings sent to the window's held list, then the engine opened on the home) on a home whose run/home-id.lock is a FIFO:
     * the start reads the id without the lock, and the warning with its fix is the line under the menus until clicked.
     */
    @Test
    void aFifoAtTheHomesIdLockIsWarnedUnderTheMenusOfTheWindowUntilClicked(@TempDir Path dir) throws Exception {
        org.sextant.app.FifoAtIdLock fifo = org.sextant.app.FifoAtIdLock.in(dir);
        HeldWarnings warnings = new HeldWarnings();
        try (org.sextant.engine.home.HomeWarnings.Shown shown = org.sextant.engine.home.HomeWarnings.showTo(warnings); // as Main wires a window start
             Sextant engine = Sextant.open(fifo.home())) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread main = windowShowing(engine, warnings, failure);
            Stage stage = sextantWindow();
            FxRobot robot = new FxRobot();
            javafx.scene.control.Label line = robot.from(stage.getScene().getRoot()).lookup("#home-warning").queryAs(javafx.scene.control.Label.class);
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> line.isVisible() && !line.getText().isEmpty());
            WaitForAsyncUtils.waitForFxEvents();
            // each read of the id at the start (and a backup's) warns once: every line is this one
            assertEquals(List.of("Warning: " + fifo.warning()), line.getText().lines().distinct().toList(), line.getText());
            javafx.scene.Node menus = robot.from(stage.getScene().getRoot()).lookup("#menu-bar").query();
            javafx.geometry.Bounds menuBounds = WaitForAsyncUtils.asyncFx(() -> menus.localToScene(menus.getLayoutBounds())).get();
            javafx.geometry.Bounds lineBounds = WaitForAsyncUtils.asyncFx(() -> line.localToScene(line.getLayoutBounds())).get();
            assertTrue(lineBounds.getMinY() >= menuBounds.getMaxY() && lineBounds.getMinY() < menuBounds.getMaxY() + 40 && lineBounds.getHeight() > 0,
                    "the line is right under the menus: " + lineBounds + " below " + menuBounds);
            org.sextant.charts.ChartSnapshot.writePng(org.sextant.charts.ChartSnapshot.capture(stage.getScene().getRoot()),
                    Path.of("target", "home-warning-fifo-lock.png"));

            OnScreen.clickOn(robot, line);
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !line.isVisible());
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(WaitForAsyncUtils.asyncFx(() -> line.localToScene(line.getLayoutBounds()).getHeight() == 0 || !line.isManaged()).get(),
                    "clicked away, the line gives its room back to the window");

            WorkstationLauncher.close();
            main.join(TimeUnit.SECONDS.toMillis(GIVE_UP_SECONDS));
            assertNull(failure.get());
        }
    }

    @Test
    void runRefusesTheJavaFxThreadItWouldBlock() throws Exception {
        try (Sextant engine = TestStore.open(home)) {
            Throwable thrown = WaitForAsyncUtils.asyncFx(() -> {
                try {
                    WorkstationLauncher.run(engine, s -> { }, () -> { });
                    return null;
                } catch (IllegalStateException e) {
                    return e;
                }
            }).get();
            assertTrue(thrown instanceof IllegalStateException && thrown.getMessage().contains("main thread"), String.valueOf(thrown));
        }
        assertThrows(NullPointerException.class, () -> WorkstationLauncher.run(null, s -> { }, () -> { }));
    }

    /**
     * The app's real path: a fresh JVM on a plain class path where nothing started JavaFX.
     * run() starts the toolkit, and after the window closes shuts it down, so the JVM exits.
     */
    @Test
    void inAFreshJvmRunStartsTheToolkitAndTheProcessExitsAfterTheWindowCloses() throws Exception {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String property : List.of("testfx.robot", "testfx.headless", "prism.order", "prism.text",
                "glass.platform", "monocle.platform", "java.awt.headless")) {
            if (System.getProperty(property) != null) command.add("-D" + property + "=" + System.getProperty(property));
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), LauncherProcessMain.class.getName(), home.toString()));
        // the child opens a store a first start left (copied here: a cold JVM would spend seconds checking the sample)
        org.sextant.engine.testing.SampleStoreCopy.into(new org.sextant.engine.home.SextantHome(home));
        Path log = home.resolve("child.log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean exited = process.waitFor(3 * GIVE_UP_SECONDS, TimeUnit.SECONDS); // a cold JVM starting JavaFX on a loaded machine
        if (!exited) process.destroyForcibly();
        String output = java.nio.file.Files.readString(log);
        assertTrue(exited, "the JVM exits by itself: " + output);
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("window shown\nclosed\nreturned"), output);
    }

    /** On the FX thread: the symbol a showing Sextant window's laid-out price chart shows, or what is missing. */
    private static String chartOnScreen() {
        Stage stage = Window.getWindows().stream().filter(w -> w instanceof Stage s && WorkstationWindow.TITLE.equals(s.getTitle()))
                .map(w -> (Stage) w).findFirst().orElse(null);
        if (stage == null || !stage.isShowing()) return "no window showing";
        org.sextant.charts.PriceChart chart = (org.sextant.charts.PriceChart) new FxRobot().from(stage.getScene().getRoot())
                .lookup((java.util.function.Predicate<javafx.scene.Node>) n -> n instanceof org.sextant.charts.PriceChart).query();
        if (chart.getWidth() <= 0 || chart.getHeight() <= 0) return "chart not laid out";
        return chart.series() == null ? "no series" : chart.series().symbol();
    }

    @Test
    void theFirstFrameGateRunsWhatArrivedBeforeTheWindowShowsAndHoldsLaterAnswersUntilTheFirstFrame() throws Exception {
        WorkstationLauncher.FirstFrameGate gate = new WorkstationLauncher.FirstFrameGate();
        List<String> ran = new CopyOnWriteArrayList<>();
        gate.execute(() -> ran.add("symbols"));
        gate.execute(() -> ran.add("prices"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), ran, "held while the window is being built");
        WaitForAsyncUtils.asyncFx(gate::runHeld).get();
        assertEquals(List.of("symbols", "prices"), ran, "in order, at once, on the FX thread before the stage shows");
        gate.execute(() -> ran.add("forecast")); // arrives between the stage's first layout and its first pulse
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("symbols", "prices"), ran, "held until the first frame");
        gate.open();
        WaitForAsyncUtils.waitForFxEvents();
        gate.execute(() -> ran.add("later"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("symbols", "prices", "forecast", "later"), ran);
        gate.shut();
        gate.execute(() -> ran.add("after close"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4, ran.size(), "nothing runs once the window is gone");
    }

    /** The window run as the app's main thread runs it, with the home's warnings shown in it; returns once it shows. */
    private static Thread windowShowing(Sextant engine, HeldWarnings warnings, AtomicReference<Throwable> failure) throws Exception {
        Thread main = new Thread(() -> {
            try {
                WorkstationLauncher.run(engine, new WorkstationLauncher.Hooks(s -> { }, null, null, warnings), () -> { });
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "test-main");
        main.start();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> sextantWindow() != null);
        return main;
    }

    private static Stage sextantWindow() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                .filter(w -> w instanceof Stage s && "Sextant".equals(s.getTitle()) && s.isShowing())
                .map(w -> (Stage) w).findFirst().orElse(null)).get();
    }
}
