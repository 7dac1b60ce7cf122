package org.sextant.app.gui;

import java.util.Objects;
import java.util.function.Supplier;
import javafx.scene.Node;

/**
 * A view whose content is built the first time it is needed (its tab selected, or
 * {@link WorkstationWindow#view} asked for it), not at start: the window opens on Charts, and
 * building every other view's controls before the first chart cost about a second.
 * Its id and title are known up front so the tab, the View menu and Ctrl+1..9 exist from the start.
 */
public final class LazyView implements WorkstationView {
    private final String id;
    private final String title;
    private final Supplier<? extends WorkstationView> factory;
    private WorkstationView built; // FX thread only

    public LazyView(String id, String title, Supplier<? extends WorkstationView> factory) {
        this.id = Objects.requireNonNull(id, "id");
        this.title = Objects.requireNonNull(title, "title");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override public String id() { return id; }
    @Override public String title() { return title; }

    /** The real view, built on the first call (on the FX thread). */
    public WorkstationView view() {
        if (built == null) {
            WorkstationView v = factory.get();
            if (!id.equals(v.id()) || !title.equals(v.title())) {
                throw new IllegalStateException("view registered as " + id + "/" + title + " is " + v.id() + "/" + v.title());
            }
            built = v;
        }
        return built;
    }

    /** The real view if it was built, else null. */
    public WorkstationView builtView() { return built; }

    @Override public Node root() { return view().root(); }
    @Override public void open(String key) { view().open(key); }
    @Override public void shown() { view().shown(); }

    @Override
    public void close() {
        if (built != null) built.close();
    }
}
