package org.sextant.app.gui;

import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;

/**
 * A line of text at the end of a row of controls (the Charts view's forecast and As of bars): beside the controls while
 * it fits, else whole on a row of its own under them, wrapped at spaces; cut only when narrower than that. The row is as
 * wide as its column, never wider: a long line takes rows of its own, not room from the panes beside.
 */
final class WrappedLine {
    private WrappedLine() {}

    /** Lays {@code line} out so in {@code row} (its last child), whose horizontal padding is {@code padding} in all. */
    static void install(Label line, FlowPane row, double padding) {
        line.setWrapText(true);
        line.setMinWidth(0);
        line.setMinHeight(Region.USE_PREF_SIZE);
        line.maxWidthProperty().bind(row.widthProperty().subtract(padding));
        row.setMinWidth(0);
        row.setPrefWidth(0);
    }
}
