package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.Locale;
import java.util.function.BiPredicate;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The chart's From/To fields: a period typed as ISO or in the locale's format, shown on Show or
 * Enter. A date the fields cannot read, a From after To, or a period without a close is said
 * beside them and the chart stays where it was.
 */
final class ChartPeriodFields {
    private final DatePicker from = new DatePicker();
    private final DatePicker to = new DatePicker();
    private final DateField fromField;
    private final DateField toField;
    private final Label problem = new Label();
    private final HBox box;

    /** {@code show}: shows the period on the chart and answers whether it held a close. */
    ChartPeriodFields(BiPredicate<LocalDate, LocalDate> show) {
        Locale locale = Locale.getDefault(Locale.Category.FORMAT);
        fromField = DateField.install(from, "From", locale);
        toField = DateField.install(to, "To", locale);
        from.setId("chart-from");
        to.setId("chart-to");
        for (DatePicker p : new DatePicker[] {from, to}) {
            p.setPrefWidth(120);
            p.setMinWidth(Region.USE_PREF_SIZE);
            p.setOnAction(e -> showPeriod(show));
        }
        Button go = new Button("Show");
        go.setId("chart-period-show");
        go.setMinWidth(Region.USE_PREF_SIZE);
        go.setTooltip(new Tooltip("Show the days from From to To (an empty field: the first or the last day)"));
        go.setOnAction(e -> showPeriod(show));
        problem.setId("chart-period-problem");
        problem.getStyleClass().add("error-text");
        problem.setWrapText(true);
        Label fromLabel = new Label("From");
        Label toLabel = new Label("to");
        fromLabel.setMinWidth(Region.USE_PREF_SIZE);
        toLabel.setMinWidth(Region.USE_PREF_SIZE);
        box = new HBox(4, fromLabel, from, toLabel, to, go, problem);
        box.setAlignment(Pos.CENTER_LEFT);
    }

    HBox node() { return box; }

    Label problem() { return problem; }

    private void showPeriod(BiPredicate<LocalDate, LocalDate> show) {
        boolean read = fromField.commit() & toField.commit();
        if (!read) {
            problem.setText(!fromField.problemProperty().get().isEmpty() ? fromField.problemProperty().get() : toField.problemProperty().get());
            return;
        }
        LocalDate a = from.getValue(), b = to.getValue();
        if (a != null && b != null && a.isAfter(b)) {
            problem.setText("From " + a + " is after To " + b + ": swap them");
            return;
        }
        problem.setText(show.test(a, b) ? "" : "No close between " + (a == null ? "the first day" : a) + " and " + (b == null ? "the last day" : b)
                + ": pick days inside the symbol's history");
    }
}
