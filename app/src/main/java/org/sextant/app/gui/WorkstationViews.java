package org.sextant.app.gui;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.Sextant;

/** The views after Charts, in tab order. Register a view by adding one line here. */
public final class WorkstationViews {
    private WorkstationViews() {}

    public static List<WorkstationView> create(Sextant engine, Navigator navigator) {
        List<WorkstationView> views = new ArrayList<>();
        views.add(new ScansView(engine, navigator));
        views.add(new ResearchView(engine));
        views.add(new AnaloguesView(engine, navigator));
        views.add(new DataView(engine));
        views.add(new JobsView(engine));
        views.add(new AgentsView(engine));
        return views;
    }
}
