package org.sextant.app.gui;

import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;

/**
 * The Charts view's "As of" row ({@link ForecastAsOf}): a day picked or typed (Alt+A) forecasts the symbol as of it,
 * Latest (or an emptied field) goes back to the latest forecast, Stop waiting gives up a day waiting for another job; beside them how the bands held the closes that
 * followed, the job's progress or the engine's refusal, in one line with the whole text in its tooltip.
 */
final class ChartAsOfBar {
    private ChartAsOfBar() {}

    static FlowPane build(ForecastAsOf asOf) {
        DatePicker day = new DatePicker();
        day.setId("as-of");
        DateField typed = DateField.install(day, "As of", Locale.getDefault(Locale.Category.FORMAT));
        day.setTooltip(new Tooltip("Forecast as if on this past day (from the last week completed by then), the closes that followed "
                + "drawn under the fan; empty or Latest: the latest forecast"));
        day.setPrefWidth(120);
        day.setMinWidth(Region.USE_PREF_SIZE);
        day.valueProperty().bindBidirectional(asOf.dayProperty());
        Label label = new Label("_As of");
        label.setMnemonicParsing(true);
        label.setLabelFor(day);
        label.setMinWidth(Region.USE_PREF_SIZE);
        Button latest = new Button("Latest");
        latest.setId("as-of-latest");
        latest.setTooltip(new Tooltip("Back to the latest forecast"));
        latest.setMinWidth(Region.USE_PREF_SIZE);
        latest.setOnAction(e -> {
            day.getEditor().clear();
            asOf.dayProperty().set(null);
        });
        latest.disableProperty().bind(asOf.dayProperty().isNull());
        // shown only while the day waits for another job (or a deletion) to end: gives the day up, as Latest does, and says so
        Button stop = new Button("Stop waiting");
        stop.setId("as-of-stop-waiting");
        stop.setTooltip(new Tooltip("Gives up this day's forecast, which waits for another job to end; the latest forecast is drawn"));
        stop.setMinWidth(Region.USE_PREF_SIZE);
        stop.visibleProperty().bind(asOf.waitingProperty());
        stop.managedProperty().bind(asOf.waitingProperty());
        stop.setOnAction(e -> {
            day.getEditor().clear();
            asOf.stopWaiting();
        });
        Label line = new Label();
        line.setId("as-of-line");
        // a day the field cannot read is said here, as the engine's refusal of one outside the closes is
        line.textProperty().bind(Bindings.createStringBinding(() -> typed.problemProperty().get().isEmpty() ? asOf.lineProperty().get()
                : typed.problemProperty().get(), typed.problemProperty(), asOf.lineProperty()));
        javafx.beans.InvalidationListener style = o -> {
            line.getStyleClass().remove("error-text");
            if (asOf.refusedProperty().get() || !typed.problemProperty().get().isEmpty()) line.getStyleClass().add("error-text");
        };
        asOf.refusedProperty().addListener(style);
        typed.problemProperty().addListener(style);
        Tooltip whole = DataWarningLine.tip("");
        whole.textProperty().bind(line.textProperty());
        line.setTooltip(whole);
        FlowPane row = new FlowPane(6, 4, label, day, latest, stop, line);
        row.setId("as-of-bar");
        row.setAlignment(Pos.CENTER_LEFT);
        row.setPadding(new Insets(2, 8, 2, 8));
        WrappedLine.install(line, row, 16); // whole: the counts are what the row is for
        return row;
    }
}
