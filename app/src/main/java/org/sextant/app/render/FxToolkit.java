package org.sextant.app.render;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * Starts the JavaFX toolkit the first time something must be drawn. In the window the toolkit
 * already runs (the workstation started it); in --headless mode there is no screen, so the
 * toolkit is started on Monocle's headless platform with the software renderer: the system
 * properties must be set before the toolkit's first class loads, which is why it happens here,
 * lazily, and only in headless mode (a headless app that never draws never starts JavaFX).
 */
public final class FxToolkit {
    private static final Object LOCK = new Object();
    private static volatile boolean started;

    private FxToolkit() {}

    /**
     * Ensures the toolkit runs. {@code headless}: choose Monocle headless and software rendering
     * first (ignored when the toolkit already runs).
     */
    public static void ensureStarted(boolean headless) {
        if (started) return;
        synchronized (LOCK) {
            if (started) return;
            if (headless) useHeadlessPlatform();
            CountDownLatch ready = new CountDownLatch(1);
            try {
                Platform.startup(ready::countDown);
            } catch (IllegalStateException alreadyRunning) {
                ready.countDown();
            }
            // Rendering hides its off-screen stage when done: that must not end the toolkit.
            Platform.setImplicitExit(false);
            try {
                if (!ready.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("the JavaFX toolkit did not start within 60 s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the JavaFX toolkit started", e);
            }
            started = true;
        }
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
