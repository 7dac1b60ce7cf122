package org.sextant.app.gui;

import java.time.LocalDate;

/** How one view sends the person to another (and how the pilot queue drives the window). Call on the FX thread. */
public interface Navigator {
    /** Selects the view with this {@link WorkstationView#id()}; false when no such view exists. */
    boolean showView(String id);

    /** Shows the Charts view on {@code symbol}; when {@code focus} is set, zooms to the weeks around that date. */
    void openChart(String symbol, LocalDate focus);

    /** Shows the Research view on the run with this id. */
    void openRun(String runId);
}
