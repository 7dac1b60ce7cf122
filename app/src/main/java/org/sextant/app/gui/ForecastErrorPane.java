package org.sextant.app.gui;

import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.sextant.engine.forecast.store.StoredForecastBacktest;

/**
 * Beside the chart: the stored forecast backtest's (walk-forward) errors. A headline (origins, overall mean absolute
 * log error), a table per level (coverage of the model's, conformal and adaptive bands; pinball
 * loss) and a table per horizon step (mean absolute log error of the median).
 */
public final class ForecastErrorPane extends VBox {
    private final Label headline = new Label();
    private final Label status = new Label();
    /** Under the status while a backtest waits for another job: gives the wait up. */
    private final Button stopWaiting = new Button("Stop waiting");
    private final TableView<ChartsViewModel.LevelErrors> levels = new TableView<>();
    private final TableView<ChartsViewModel.StepError> steps = new TableView<>();

    public ForecastErrorPane() {
        super(6);
        setId("backtest-errors");
        setPadding(new Insets(8));
        setMinWidth(260);
        setPrefWidth(310);
        Label title = new Label("Backtest errors");
        title.setStyle("-fx-font-weight: bold;");
        headline.setId("backtest-headline");
        headline.setWrapText(true);
        headline.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrapped text keeps its lines in a VBox
        status.setId("backtest-status");
        status.setWrapText(true); // a backtest waiting for another job names it: whole, on as many lines as it takes
        status.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        stopWaiting.setId("backtest-stop-waiting");
        stopWaiting.setTooltip(new javafx.scene.control.Tooltip("Gives up the backtest, which waits for another job to end: it is not run"));
        stopWaiting.setVisible(false);
        stopWaiting.managedProperty().bind(stopWaiting.visibleProperty());
        levels.setId("backtest-level-table");
        levels.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableHeaders.fit(levels);
        levels.getColumns().add(column("level", r -> String.format(Locale.ROOT, "%.0f%%", 100 * r.level())));
        // coverage of the model's own, conformal and adaptive bands, then the conformal pinball loss
        levels.getColumns().add(column("model", r -> pct(r.coverageModel())));
        levels.getColumns().add(column("conf.", r -> pct(r.coverageConformal())));
        levels.getColumns().add(column("adapt.", r -> pct(r.coverageAdaptive())));
        levels.getColumns().add(column("pinball", r -> num(r.pinballConformal(), r.pinballModel())));
        levels.setPrefHeight(130);
        levels.setMinHeight(110);
        levels.setPlaceholder(new Label("no backtest"));
        steps.setId("backtest-step-table");
        steps.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        TableColumn<ChartsViewModel.StepError, String> step = column("step", r -> Integer.toString(r.step()));
        TableHeaders.fit(steps);
        steps.getColumns().add(step);
        steps.getColumns().add(column("mean abs log error", r -> pct(r.male())));
        steps.setPlaceholder(new Label("no backtest"));
        VBox.setVgrow(steps, Priority.ALWAYS);
        // each step's mean over the origins of |log(actual / median forecast)|: the error of the median, not a median of errors
        Label perStep = new Label("Error of the median forecast per step");
        perStep.setWrapText(true);
        perStep.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label coverage = new Label("Band coverage (model / conformal / adaptive), pinball loss");
        coverage.setWrapText(true);
        coverage.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        getChildren().addAll(title, headline, coverage, levels, perStep, steps, status, stopWaiting);
    }

    /** Places the button that runs a backtest under the headline. */
    void setRunButton(Button run) {
        getChildren().add(2, run);
    }

    /** Shows {@code b}'s errors (null clears). Call on the FX thread. */
    public void show(StoredForecastBacktest b) {
        headline.setText(ChartsViewModel.backtestHeadline(b));
        levels.getItems().setAll(ChartsViewModel.levelErrors(b));
        steps.getItems().setAll(ChartsViewModel.stepErrors(b));
    }

    Label status() { return status; }

    /** The button that stops a backtest's wait for another job; hidden unless bound to show. */
    Button stopWaiting() { return stopWaiting; }

    public TableView<ChartsViewModel.LevelErrors> levelTable() { return levels; }

    public TableView<ChartsViewModel.StepError> stepTable() { return steps; }

    public Label headline() { return headline; }

    private static <R> TableColumn<R, String> column(String title, Function<R, String> value) {
        TableColumn<R, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setSortable(false);
        return c;
    }

    private static String pct(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f%%", 100 * v) : "–";
    }

    /** The conformal pinball loss where the backtest has it, else the model bands'. */
    private static String num(double conformal, double model) {
        double v = Double.isFinite(conformal) ? conformal : model;
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.4f", v) : "–";
    }
}
