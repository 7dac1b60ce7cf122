package org.sextant.app.gui;

import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;

/**
 * A data warning as the views show it: one line in the theme's warning colour ({@code .warning-text} in workstation.css
 * and dark.css) that ends in an ellipsis when short of room, so it never pushes the chart off the window, with the whole
 * text in its tooltip; hidden, taking no room, while there is none. The Charts view shows its {@code data_warning} in one,
 * a scan's row the same tooltip.
 */
final class DataWarningLine {
    /** The mark before a warning, and beside a warned symbol in a table. */
    static final String MARK = "\u26a0";

    private DataWarningLine() {}

    /** A line showing {@code warning} (null or blank: hidden). */
    static Label of(ObservableStringValue warning, String id) {
        Label line = new Label();
        line.setId(id);
        line.getStyleClass().add("warning-text");
        line.textProperty().bind(Bindings.createStringBinding(() -> warning.get() == null ? "" : MARK + " " + warning.get(), warning));
        line.visibleProperty().bind(Bindings.createBooleanBinding(() -> warning.get() != null && !warning.get().isBlank(), warning));
        line.managedProperty().bind(line.visibleProperty());
        line.setWrapText(false);
        line.setTextOverrun(OverrunStyle.ELLIPSIS);
        line.setMinWidth(0);
        line.setMaxWidth(Double.MAX_VALUE);
        line.setMinHeight(Region.USE_PREF_SIZE);
        line.setPadding(new Insets(0, 8, 2, 8));
        Tooltip whole = tip("");
        whole.textProperty().bind(line.textProperty()); // the text cut short, whole
        line.setTooltip(whole);
        return line;
    }

    /** The whole warning, wrapped to a readable width. */
    static Tooltip tip(String warning) {
        Tooltip tip = new Tooltip(warning);
        tip.setWrapText(true);
        tip.setMaxWidth(600);
        return tip;
    }
}
