package org.sextant.app.gui;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.Sextant;

/**
 * The views after Charts, in tab order. Register a view by adding one line here; a
 * {@link LazyView} (id, title, constructor) is built the first time it is shown, which keeps the
 * window's start to the Charts view it opens on.
 */
public final class WorkstationViews {
    private WorkstationViews() {}

    public static List<WorkstationView> create(Sextant engine, Navigator navigator) {
        List<WorkstationView> views = new ArrayList<>();
        views.add(new LazyView(ScansView.ID, "Scans", () -> new ScansView(engine, navigator)));
        views.add(new LazyView(ResearchView.ID, "Research", () -> new ResearchView(engine)));
        views.add(new LazyView(AnaloguesView.ID, "Analogues", () -> new AnaloguesView(engine, navigator)));
        views.add(new LazyView("data", "Data", () -> new DataView(engine)));
        views.add(new LazyView("jobs", "Jobs", () -> new JobsView(engine)));
        views.add(new LazyView("agents", "Agents", () -> new AgentsView(engine)));
        return views;
    }
}
