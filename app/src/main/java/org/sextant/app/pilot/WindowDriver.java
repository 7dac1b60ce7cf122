package org.sextant.app.pilot;

import java.time.LocalDate;
import java.util.List;

/**
 * What a pilot command may do to the window. The GUI implements it over its navigator; in
 * headless mode there is none, and the commands that need a window fail with {@code no_window}.
 * Methods are called from the pilot thread and return once the window shows the result.
 */
public interface WindowDriver {
    /** Shows the chart of {@code symbol} (already checked to be in the store), centred on {@code focusDate} when given. */
    void openChart(String symbol, LocalDate focusDate);

    /** Opens a strategy run in its view; a SextantException (not_found) when there is no such run. */
    void openRun(String runId);

    /** Brings the view with this id to the front; ids come from {@link #viewIds()}. */
    void selectView(String viewId);

    /** The ids {@link #selectView} accepts, in menu order. */
    List<String> viewIds();
}
