package org.sextant.app.gui;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sextant.app.gui.ChartIndicatorsViewModel.Choice;
import org.sextant.app.gui.ChartIndicatorsViewModel.Param;
import org.sextant.engine.research.graph.ParamSpec;

/**
 * The indicator editor that opens above the chart (from "Add indicator…" or an indicator's
 * Edit): the indicator, one field per parameter built from the node catalogue's declarations
 * (default as the prompt, bounds and meaning in the tooltip), Apply and Cancel. A refused value
 * leaves the editor open with the reason, naming the parameter, under the fields.
 */
final class IndicatorEditor extends VBox {
    private final ChartIndicatorsViewModel model;
    private final ChoiceBox<Choice> kind = new ChoiceBox<>();
    private final FlowPane fields = new FlowPane(8, 4);
    private final Map<String, Control> inputs = new LinkedHashMap<>();
    private final Button apply = new Button("Apply");
    private final Button cancel = new Button("Cancel");
    private final Label problem = new Label();
    /** The indicator being edited, -1 while adding one. */
    private int editing = -1;

    IndicatorEditor(ChartIndicatorsViewModel model) {
        this.model = model;
        setId("indicator-editor");
        kind.setId("indicator-kind");
        kind.getItems().setAll(model.catalogue());
        kind.valueProperty().addListener((obs, old, now) -> buildFields(now, Map.of()));
        kind.setMinWidth(Region.USE_PREF_SIZE);
        apply.setId("indicator-apply");
        apply.setDefaultButton(false);
        apply.setOnAction(e -> apply());
        cancel.setId("indicator-cancel");
        cancel.setOnAction(e -> close());
        for (Button b : new Button[] {apply, cancel}) b.setMinWidth(Region.USE_PREF_SIZE);
        problem.setId("indicator-error");
        problem.getStyleClass().add("error-text");
        problem.setWrapText(true);
        problem.textProperty().bind(model.errorProperty());
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.managedProperty());
        fields.setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("Indicator");
        title.setMinWidth(Region.USE_PREF_SIZE);
        FlowPane row = new FlowPane(8, 4, title, kind, fields, apply, cancel);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().setAll(row, problem);
        setSpacing(2);
        setPadding(new Insets(4, 8, 4, 8));
        getStyleClass().add("indicator-editor");
        setVisible(false);
        managedProperty().bind(visibleProperty());
    }

    /** Opens on {@code type} (null: the first of the catalogue) with its defaults, to add it. */
    void openToAdd(String type) {
        editing = -1;
        kind.setDisable(false);
        Choice c = type == null ? model.catalogue().get(0) : model.choice(type);
        if (kind.getValue() == c) buildFields(c, Map.of()); else kind.setValue(c);
        apply.setText("Add");
        setVisible(true);
    }

    /** Opens on the shown indicator at {@code index} with its values, to change them. */
    void openToEdit(int index) {
        ChartIndicatorsViewModel.Shown s = model.shown().get(index);
        editing = index;
        kind.setValue(model.choice(s.type()));
        kind.setDisable(true);
        buildFields(kind.getValue(), s.text());
        apply.setText("Apply");
        setVisible(true);
    }

    private void buildFields(Choice c, Map<String, String> values) {
        inputs.clear();
        fields.getChildren().clear();
        if (c == null) return;
        kind.setTooltip(new Tooltip(c.description()));
        for (Param p : c.params()) {
            Label name = new Label(p.name());
            name.setMinWidth(Region.USE_PREF_SIZE);
            String value = values.getOrDefault(p.name(), p.defaultText());
            Control input = switch (p.kind()) {
                case BOOLEAN -> {
                    CheckBox box = new CheckBox();
                    box.setSelected(Boolean.parseBoolean(value));
                    yield box;
                }
                case CHOICE -> {
                    ChoiceBox<String> box = new ChoiceBox<>();
                    box.getItems().setAll(p.choices());
                    box.setValue(value);
                    yield box;
                }
                default -> {
                    TextField field = new TextField(value);
                    field.setPromptText(p.defaultText());
                    field.setPrefColumnCount(5);
                    field.setOnAction(e -> apply());
                    yield field;
                }
            };
            input.setId("indicator-param-" + p.name());
            input.setTooltip(new Tooltip(p.description() + (p.bounds().isEmpty() ? "" : ": " + p.bounds())
                    + (p.defaultText().isEmpty() ? "" : ", default " + p.defaultText())));
            inputs.put(p.name(), input);
            fields.getChildren().addAll(new Node[] {name, input});
        }
    }

    /** What the fields hold, by parameter name. */
    Map<String, String> values() {
        Map<String, String> out = new LinkedHashMap<>();
        inputs.forEach((name, input) -> {
            if (input instanceof CheckBox box) out.put(name, String.valueOf(box.isSelected()));
            else if (input instanceof ChoiceBox<?> box) out.put(name, String.valueOf(box.getValue()));
            else if (input instanceof TextField field) out.put(name, field.getText());
        });
        return out;
    }

    private void apply() {
        Choice c = kind.getValue();
        if (c == null) return;
        boolean done = editing < 0 ? model.add(c.type(), values()) : model.edit(editing, values());
        if (done) setVisible(false);
    }

    void close() {
        model.dismissError();
        setVisible(false);
    }

    ChoiceBox<Choice> kind() { return kind; }
    Button applyButton() { return apply; }
    Label problem() { return problem; }
}
