package org.sextant.app.render;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * Starts the JavaFX toolkit the first time something must be drawn. In the window the toolkit
 * already runs (the workstation started it); in --headless mode there is no screen, so the
 * toolkit is started on Monocle's headless platform with the software renderer: the system
 * properties must be set before the toolkit's first class loads, which is why it happens here,
 * and only in headless mode. The start runs on a thread of its own with its own bound
 * ({@link #START_BOUND_SECONDS}): a caller waits for it no longer than its own budget, and the start
 * goes on for the next caller when one gives up (it cannot be stopped half way).
 */
public final class FxToolkit {
    /** The longest the toolkit may take to start before it counts as failed (a cold start on a loaded machine took 10-30 s). */
    static final long START_BOUND_SECONDS = 60;
    private static CompletableFuture<Void> start; // guarded by FxToolkit.class

    private FxToolkit() {}

    /**
     * The toolkit's start, begun by the first call: completes once it runs, or fails after {@link #START_BOUND_SECONDS}.
     * {@code headless}: choose Monocle headless and software rendering first (ignored when the toolkit already runs).
     */
    public static synchronized CompletableFuture<Void> start(boolean headless) {
        if (start != null) return start;
        CompletableFuture<Void> ready = new CompletableFuture<>();
        start = ready.orTimeout(START_BOUND_SECONDS, TimeUnit.SECONDS);
        Thread starter = new Thread(() -> {
            try {
                if (headless) useHeadlessPlatform();
                try {
                    Platform.startup(() -> ready.complete(null));
                } catch (IllegalStateException alreadyRunning) {
                    ready.complete(null);
                }
                // Rendering hides its off-screen stage when done: that must not end the toolkit.
                Platform.setImplicitExit(false);
            } catch (RuntimeException | Error e) {
                ready.completeExceptionally(e);
            }
        }, "sextant-fx-start");
        starter.setDaemon(true);
        starter.start();
        return start;
    }

    /** Whether the toolkit runs (its start completed). */
    static synchronized boolean running() {
        return start != null && start.isDone() && !start.isCompletedExceptionally();
    }

    /** What the tests' headless.argLine sets, for the running app; a property set by the person wins. */
    static void useHeadlessPlatform() {
        setIfAbsent("glass.platform", "Monocle");
        setIfAbsent("monocle.platform", "Headless");
        setIfAbsent("prism.order", "sw");
        setIfAbsent("java.awt.headless", "true");
        // Monocle's headless screen is 1280x800 by default; render_chart draws up to 2400x1600.
        setIfAbsent("headless.geometry", "2560x1600-32");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) System.setProperty(key, value);
    }
}
