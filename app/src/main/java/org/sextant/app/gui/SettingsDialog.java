package org.sextant.app.gui;

import java.util.Objects;
import java.util.function.Consumer;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.sextant.engine.home.Settings;

/**
 * The Settings dialog (File > Settings…, the View of {@link SettingsDialogModel}): the chart's
 * forecast model, horizon and bands, the theme, the default data provider and each provider's
 * API key, shown only as set or not set, replaced through a password field. Save writes
 * settings.json and hands the settings to the window, which applies them at once; Esc cancels.
 */
final class SettingsDialog {
    private final Stage stage = new Stage();
    private final SettingsDialogModel model;
    private final Label error = new Label();

    SettingsDialog(Window owner, SettingsDialogModel model, Consumer<Settings> onSaved) {
        this.model = Objects.requireNonNull(model, "model");
        GridPane workstation = grid();
        ChoiceBox<String> forecastModel = Choices.bound("settings-model", model.models(), model.modelProperty());
        TextField horizon = new TextField();
        horizon.setId("settings-horizon");
        horizon.setPrefColumnCount(5);
        horizon.textProperty().bindBidirectional(model.horizonProperty());
        ChoiceBox<FanLevels> bands = Choices.bound("settings-bands", java.util.List.of(FanLevels.values()), model.bandsProperty());
        ChoiceBox<WorkstationTheme> theme = Choices.bound("settings-theme", java.util.List.of(WorkstationTheme.values()), model.themeProperty());
        theme.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(WorkstationTheme t) { return t == null ? "" : t == WorkstationTheme.DARK ? "Dark" : "Light"; }
            @Override public WorkstationTheme fromString(String s) { return WorkstationTheme.parse(s); }
        });
        row(workstation, 0, "Forecast model", forecastModel, hint("the chart's live forecast and its backtest"));
        row(workstation, 1, "Horizon (trading days)", horizon, hint("1 to " + org.sextant.contract.Bounds.MAX_HORIZON + " of the series' own week"));
        row(workstation, 2, "Bands drawn", bands, hint("the forecast fan's confidence levels"));
        row(workstation, 3, "Theme", theme, hint("also View > Light / Dark theme"));

        GridPane data = grid();
        ChoiceBox<String> provider = new ChoiceBox<>();
        provider.setId("settings-provider");
        provider.getItems().setAll(model.providers());
        provider.valueProperty().bindBidirectional(model.defaultProviderProperty());
        row(data, 0, "Default provider", provider, hint("used by Fetch and sextant gather"));
        int r = 1;
        for (String name : model.providers()) {
            Label state = new Label("API key " + model.keyState(name));
            state.setId("settings-key-state-" + name);
            PasswordField replace = new PasswordField();
            replace.setId("settings-key-" + name);
            replace.setPromptText("new key (empty: keep)");
            replace.textProperty().bindBidirectional(model.newKeyProperty(name));
            CheckBox remove = new CheckBox("Remove");
            remove.setId("settings-key-remove-" + name);
            remove.setMinWidth(Region.USE_PREF_SIZE);
            remove.selectedProperty().bindBidirectional(model.removeKeyProperty(name));
            replace.disableProperty().bind(remove.selectedProperty());
            HBox key = new HBox(8, replace, remove);
            key.setAlignment(Pos.CENTER_LEFT);
            HBox.setHgrow(replace, Priority.ALWAYS);
            row(data, r++, name, key, state);
        }

        DataView.errorLine(error, "settings-error", model.errorProperty());
        error.textProperty().addListener((o, was, now) -> stage.sizeToScene()); // room for the whole reason
        Button save = new Button("Save");
        save.setId("settings-save");
        save.setDefaultButton(true);
        save.setDisable(!model.canSave());
        save.setOnAction(e -> {
            Settings s = model.save();
            if (s != null) {
                stage.close();
                onSaved.accept(s);
            }
        });
        Button cancel = new Button("Cancel");
        cancel.setId("settings-cancel");
        cancel.setCancelButton(true); // Esc
        cancel.setOnAction(e -> stage.close());
        Label where = hint("Saved in settings.json in the Sextant folder; keys never leave this machine.");
        where.setWrapText(true);
        where.setMinWidth(0);
        HBox.setHgrow(where, Priority.ALWAYS);
        HBox buttons = new HBox(8, where, save, cancel);
        buttons.setAlignment(Pos.CENTER_RIGHT);
        for (Region b : new Region[] {save, cancel}) b.setMinWidth(Region.USE_PREF_SIZE);

        VBox content = new VBox(10, DataView.heading("Charts"), workstation, DataView.heading("Data providers"), data, error);
        content.setPadding(new Insets(12, 16, 8, 16));
        BorderPane root = new BorderPane(content, null, null, buttons, null);
        BorderPane.setMargin(buttons, new Insets(8, 16, 12, 16));
        root.setId("settings-dialog");
        Scene scene = new Scene(root, 640, Region.USE_COMPUTED_SIZE);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) stage.close();
        });
        if (owner != null && owner.getScene() != null) WorkstationTheme.of(owner.getScene()).applyTo(scene);
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle("Sextant settings");
        stage.setScene(scene);
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(8);
        ColumnConstraints label = new ColumnConstraints();
        label.setMinWidth(Region.USE_PREF_SIZE);
        label.setHalignment(HPos.LEFT);
        ColumnConstraints control = new ColumnConstraints();
        control.setHgrow(Priority.ALWAYS);
        control.setFillWidth(true);
        ColumnConstraints note = new ColumnConstraints();
        note.setMinWidth(Region.USE_PREF_SIZE);
        g.getColumnConstraints().setAll(label, control, note);
        return g;
    }

    private static void row(GridPane g, int row, String label, javafx.scene.Node control, Label note) {
        Label l = new Label(label);
        l.setMinWidth(Region.USE_PREF_SIZE);
        g.addRow(row, l, control, note);
    }

    private static Label hint(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("hint");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    Stage stage() { return stage; }
    SettingsDialogModel model() { return model; }

    void show() { stage.show(); }
}
