package org.sextant.app.gui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import org.sextant.charts.ChartInterval;

/** The Charts view's interval picker and the interval drawn now, side by side in the range bar. */
final class ChartIntervalBar {
    private ChartIntervalBar() {}

    static HBox build(ChoiceBox<String> choice, Label drawn) {
        choice.setId("interval-choice");
        choice.setMinWidth(Region.USE_PREF_SIZE);
        choice.setTooltip(new Tooltip("The finest bar interval drawn: zooming out draws coarser bars, zooming in comes back to this one"));
        drawn.setId("drawn-interval");
        drawn.setMinWidth(Region.USE_PREF_SIZE);
        Label name = new Label("Interval");
        name.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(4, name, choice, drawn);
        bar.setAlignment(Pos.CENTER_LEFT);
        FlowPane.setMargin(bar, new Insets(0, 0, 0, 8));
        return bar;
    }

    /** "drawn: 1h"; empty on the daily chart, which draws what is picked. */
    static String drawnText(ChartInterval drawn) {
        return drawn == null ? "" : "drawn: " + drawn.label;
    }
}
