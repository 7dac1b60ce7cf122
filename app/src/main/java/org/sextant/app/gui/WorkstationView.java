package org.sextant.app.gui;

import javafx.scene.Node;

/**
 * One screen of the workstation, shown as a tab of the window. A view is a View + ViewModel
 * pair: the view builds nodes on the FX thread, its ViewModel calls the engine off it.
 */
public interface WorkstationView {
    /** Stable key: "charts", "scans", "research", "analogues", "data", "jobs", "agents" (pilot commands and the saved layout use it). */
    String id();

    /** The tab's text. */
    String title();

    /** The view's content; built once, on the FX thread. */
    Node root();

    /** Opens one item of this view by its key (research: a run id). Views without items ignore it. */
    default void open(String key) {}

    /** Called each time the view's tab is selected (refresh what may have changed meanwhile). */
    default void shown() {}

    /** Stops background work when the window closes. */
    default void close() {}
}
