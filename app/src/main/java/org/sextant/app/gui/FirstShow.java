package org.sextant.app.gui;

import java.util.Objects;

/** A view's content, built the first time its tab is shown: a tab nobody opens costs the window's start nothing. */
final class FirstShow {
    private Runnable build; // null once built; FX thread only

    FirstShow(Runnable build) {
        this.build = Objects.requireNonNull(build, "build");
    }

    /** Builds the content on the first call and says so; later calls do nothing and return false. */
    boolean ensureBuilt() {
        if (build == null) return false;
        Runnable b = build;
        build = null;
        b.run();
        return true;
    }
}
