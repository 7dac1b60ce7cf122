package org.sextant.app.gui;

import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sextant.charts.CompareChart;
import org.sextant.engine.data.SymbolInfo;

/**
 * The comparison in the Charts view (the View of {@link CompareViewModel}): a symbol to add (typed
 * or picked from the store's), the base date (empty: the first day every symbol has; a double
 * click on the chart picks one too), and the {@link CompareChart} with its legend.
 */
final class CompareView extends VBox {
    private final CompareViewModel model;
    private final ComboBox<String> symbol = new ComboBox<>();
    private final Button add = new Button("Add");
    private final DatePicker basePicker = new DatePicker();
    private final DateField baseField;
    private final Label problem = new Label();
    private final CompareChart chart = new CompareChart();

    CompareView(CompareViewModel model, ObservableList<SymbolInfo> listed) {
        this.model = model;
        setId("compare-view");
        symbol.setId("compare-symbol");
        symbol.setEditable(true);
        symbol.setPromptText("Symbol");
        symbol.setPrefWidth(120);
        listed.addListener((ListChangeListener<SymbolInfo>) c -> symbol.getItems().setAll(listed.stream().map(SymbolInfo::symbol).toList()));
        symbol.getItems().setAll(listed.stream().map(SymbolInfo::symbol).toList());
        add.setId("compare-add");
        add.setMinWidth(Region.USE_PREF_SIZE);
        add.setOnAction(e -> addTyped());
        basePicker.setId("compare-base");
        basePicker.setPromptText("first shared day");
        basePicker.setPrefWidth(165); // the prompt "first shared day" whole beside the calendar button
        baseField = DateField.install(basePicker, "Base date", Locale.getDefault());
        basePicker.valueProperty().addListener((obs, old, now) -> model.setBase(now));
        basePicker.setTooltip(new Tooltip("The day every line is 100; empty: the first day every symbol has. A double click on the chart picks one too"));
        chart.setOnRemove(model::remove);
        chart.setOnPickBase(basePicker::setValue);
        model.lines().addListener((ListChangeListener<Object>) c -> chart.show(model.lines(), model.baseProperty().get()));
        problem.setId("compare-error");
        problem.getStyleClass().add("error-text");
        problem.setWrapText(true);
        problem.textProperty().bind(Bindings.createStringBinding(
                () -> baseField.problemProperty().get().isEmpty() ? model.errorProperty().get() : baseField.problemProperty().get(),
                baseField.problemProperty(), model.errorProperty()));
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.managedProperty());
        Label compare = new Label("Compare");
        Label baseLabel = new Label("Base date");
        for (Region r : new Region[] {compare, baseLabel}) r.setMinWidth(Region.USE_PREF_SIZE);
        FlowPane bar = new FlowPane(6, 4, compare, symbol, add, baseLabel, basePicker);
        bar.setId("compare-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(2, 8, 2, 8));
        VBox.setVgrow(chart, Priority.ALWAYS);
        getChildren().setAll(bar, problem, chart);
    }

    private void addTyped() {
        String typed = symbol.getEditor().getText();
        model.add(typed).thenAccept(s -> {
            if (s != null) javafx.application.Platform.runLater(() -> symbol.getEditor().clear());
        });
    }

    CompareChart chart() { return chart; }
    ComboBox<String> symbolField() { return symbol; }
    DatePicker baseField() { return basePicker; }
}
