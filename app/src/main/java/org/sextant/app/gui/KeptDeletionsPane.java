package org.sextant.app.gui;

import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sextant.engine.ingest.KeptDeletions;

/**
 * The Data view's Kept deletions tab: the CSVs delete_prices kept (symbol, interval, when, size), Restore (imports the
 * selected one as Import would) and Remove file… (after a confirmation naming the file and its size).
 */
final class KeptDeletionsPane {
    private final DataViewModel model;
    private final KeptDeletionsModel kept;
    private final TableView<KeptDeletions.Kept> table = new TableView<>();

    KeptDeletionsPane(DataViewModel model) {
        this.model = model;
        this.kept = model.kept();
    }

    Node build() {
        table.setId("data-kept");
        table.setPlaceholder(new Label("No kept deletions: Delete prices… keeps the rows it deletes here"));
        TableHeaders.fit(table);
        table.getColumns().setAll(List.of(
                column("Symbol", 90, k -> k.symbol() == null ? "(other)" : k.symbol()),
                column("Interval", 64, k -> k.interval() == null ? "" : k.interval()),
                column("Deleted at (UTC)", 150, KeptDeletionsModel::when),
                sizeColumn(),
                column("File", 200, k -> k.file().substring(k.file().lastIndexOf('/') + 1))));
        table.setItems(kept.files());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox.setVgrow(table, Priority.ALWAYS);
        table.setMinHeight(90);

        Label total = new Label();
        total.setId("data-kept-summary");
        total.textProperty().bind(Bindings.createStringBinding(() -> "In SEXTANT_HOME/data/deleted: " + kept.summaryProperty().get(), kept.summaryProperty()));
        Button restore = new Button("Restore");
        restore.setId("data-kept-restore");
        Button remove = new Button("Remove file…");
        remove.setId("data-kept-remove");
        var selected = table.getSelectionModel().selectedItemProperty();
        restore.disableProperty().bind(Bindings.createBooleanBinding(() -> selected.get() == null || !"deleted_prices".equals(selected.get().kind()), selected));
        remove.disableProperty().bind(selected.isNull());
        restore.setOnAction(e -> {
            KeptDeletions.Kept k = selected.get();
            if (k != null) model.restore(k);
        });
        remove.setOnAction(e -> {
            KeptDeletions.Kept k = selected.get();
            if (k != null) confirmRemove(k);
        });
        Tooltip.install(restore, new Tooltip("Import the selected file as Import would: its rows come back"));
        for (Button b : new Button[] {restore, remove}) b.setMinWidth(Region.USE_PREF_SIZE);
        total.setWrapText(true);
        total.setMinHeight(Region.USE_PREF_SIZE);
        HBox actions = new HBox(8, restore, remove);
        actions.setAlignment(Pos.CENTER_LEFT);

        Label message = DataView.shownWhenSet(new Label(), "data-kept-message", kept.messageProperty());
        message.setMinHeight(Region.USE_PREF_SIZE);
        Label notes = DataView.shownWhenSet(new Label(), "data-kept-notes", kept.notesProperty(), "warning-text");
        Label error = DataView.errorLine(new Label(), "data-kept-error", kept.errorProperty());
        VBox pane = new VBox(6, total, actions, table, message, notes, error);
        pane.setId("data-kept-pane");
        pane.setPadding(new Insets(8));
        return pane;
    }

    /** Asks before deleting {@code k}'s file for good, naming it and its size; Remove removes only that file, Cancel nothing. */
    private void confirmRemove(KeptDeletions.Kept k) {
        ButtonType removeButton = new ButtonType("Remove", ButtonBar.ButtonData.OK_DONE);
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle("Remove kept file");
        dialog.setHeaderText("Remove " + k.file().substring(k.file().lastIndexOf('/') + 1) + " (" + KeptDeletionsModel.size(k.bytes()) + ")?");
        Label note = new Label(KeptDeletionsModel.describe(k) + ".\nThe file is deleted for good: its rows can no longer be restored from it. "
                + "Nothing in the store changes.");
        note.setWrapText(true);
        note.setPrefWidth(440);
        dialog.getDialogPane().setId("data-kept-remove-dialog");
        dialog.getDialogPane().setContent(note);
        dialog.getDialogPane().getButtonTypes().setAll(removeButton, ButtonType.CANCEL);
        if (table.getScene() != null) dialog.initOwner(table.getScene().getWindow());
        dialog.setOnHidden(e -> {
            if (dialog.getResult() == removeButton) kept.remove(k);
        });
        dialog.show();
    }

    private static TableColumn<KeptDeletions.Kept, String> column(String title, double width, Function<KeptDeletions.Kept, String> value) {
        TableColumn<KeptDeletions.Kept, String> c = Columns.text(title, width, value);
        if (width <= 150) c.setMinWidth(width);
        return c;
    }

    /** Sorts by bytes, shows them as a person reads them. */
    private static TableColumn<KeptDeletions.Kept, Long> sizeColumn() {
        TableColumn<KeptDeletions.Kept, Long> c = new TableColumn<>("Size");
        c.setPrefWidth(76);
        c.setMinWidth(70);
        c.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().bytes()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : KeptDeletionsModel.size(v));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return c;
    }
}
