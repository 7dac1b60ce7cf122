package org.sextant.app.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Warnings for the window, made before it exists (the engine's start reads the home id) or while it is up (each backup):
 * held until the window shows them, then passed on as they come. Once the window is gone they are dropped (the log has them).
 */
public final class HeldWarnings implements Consumer<String> {
    private final List<String> held = new ArrayList<>();
    private Consumer<String> shown;
    private boolean gone;

    @Override
    public synchronized void accept(String warning) {
        if (gone) return;
        if (shown != null) shown.accept(warning); else held.add(warning);
    }

    /** Shows those held so far and every later one in {@code window}. */
    synchronized void showIn(Consumer<String> window) {
        shown = window;
        held.forEach(window);
        held.clear();
    }

    /** The window is closed. */
    synchronized void windowGone() {
        gone = true;
        shown = null;
        held.clear();
    }
}
