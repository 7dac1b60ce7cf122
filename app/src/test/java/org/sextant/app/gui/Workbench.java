package org.sextant.app.gui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.sextant.charts.ChartSnapshot;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole window as the app builds it (every registered view, menus, notice, layout) on a test
 * store. As a JUnit extension ({@code @RegisterExtension final Workbench bench = new Workbench();}
 * beside {@code @ExtendWith(ApplicationExtension.class)}) it opens the store when the test is
 * constructed, before TestFX's set-up clock starts (on a busy machine opening it can take longer
 * than that set-up allows), builds the window on TestFX's stage before each test and closes both
 * after it.
 */
final class Workbench implements BeforeEachCallback, AfterEachCallback {
    static {
        // building the whole window on a machine shared by many builds can pass TestFX's 30 s default; a liveness guard only
        org.testfx.api.FxToolkit.toolkitContext().setSetupTimeoutInMillis(180_000);
    }

    /** How long the tests that drive the window wait for its background work: a liveness guard, not a performance bound. */
    static final int GIVE_UP_SECONDS = 60;

    /** What a test prepares in the home (a saved layout, settings) before the window reads it. */
    interface Preparation {
        void prepare(SextantHome home) throws Exception;
    }

    /** A test store in a new temporary SEXTANT_HOME, deleted by {@link #close()}. */
    static Sextant openStore() {
        try {
            return TestStore.open(Files.createTempDirectory("sextant-gui-"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    final Sextant engine;
    ChartsViewModel charts;
    WorkstationWindow window;
    WorkstationChrome chrome;
    Stage stage;
    private Preparation preparation = home -> { };

    /** The extension: a test store now, the window before each test. */
    Workbench() {
        this.engine = openStore();
    }

    /** Runs {@code preparation} before each test's window is built. */
    Workbench preparing(Preparation preparation) {
        this.preparation = preparation;
        return this;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        preparation.prepare(engine.home());
        org.testfx.api.FxToolkit.setupStage(this::build);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        close();
    }

    /** Call on the FX thread (a TestFX @Start method). */
    Workbench(Sextant engine, Stage stage) {
        this.engine = engine;
        build(stage);
    }

    private Workbench(Sextant engine) {
        this.engine = engine;
    }

    /**
     * The window with every view but without the chrome (menus, saved layout), as the tests of one
     * view drive it; {@code beforeShow} runs before it is shown. Call on the FX thread; the test closes it.
     */
    static Workbench withoutChrome(Sextant engine, Stage stage, Consumer<WorkstationWindow> beforeShow) {
        Workbench bench = new Workbench(engine);
        bench.build(stage, false, beforeShow);
        return bench;
    }

    private void build(Stage stage) {
        build(stage, true, window -> { });
    }

    private void build(Stage stage, boolean withChrome, Consumer<WorkstationWindow> beforeShow) {
        this.stage = stage;
        charts = new ChartsViewModel(engine);
        window = new WorkstationWindow(charts);
        window.addViews(WorkstationViews.create(engine, window));
        beforeShow.accept(window);
        if (withChrome) chrome = new WorkstationChrome(window, stage, engine.home().root());
        window.show(stage);
        if (withChrome) chrome.restore();
        charts.start();
    }

    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(window::closeViews).get();
        charts.forecastLoad().handle((f, e) -> null).get();
        charts.barForecastLoad().handle((f, e) -> null).get();
        charts.close();
        engine.close();
        try (var files = Files.walk(engine.home().root())) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Shows the view with this id through the window's navigator. */
    void show(String id) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> window.showView(id)).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Photographs the window into target/ and docs/images/ (when run inside the repository). */
    Path photograph(String name) throws Exception {
        return photograph(name, stage.getScene().getRoot());
    }

    /** Photographs {@code root} (e.g. another window's) as {@link #photograph(String)} does the main one. */
    Path photograph(String name, javafx.scene.Parent root) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage image = ChartSnapshot.capture(root);
        Path png = ChartSnapshot.writePng(image, Path.of("target", name + ".png"));
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs").resolve("user-guide.md"))) {
                ChartSnapshot.writePng(image, dir.resolve("docs").resolve("images").resolve(name + ".png"));
                break;
            }
        }
        return png;
    }
}
