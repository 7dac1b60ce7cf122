package org.sextant.app.gui;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Objects;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobStatus;

/**
 * The Jobs view (of {@link JobsViewModel}): every background job with a progress bar and, while it runs, a Cancel button
 * (Delete on the selected row does the same).
 */
public final class JobsView implements WorkstationView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());

    private final JobsViewModel model;
    private final TableView<JobStatus> table = new TableView<>();
    private final Label error = new Label();
    private final javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane();
    private final Timeline refresh;
    private final FirstShow firstShow = new FirstShow(this::build);

    public JobsView(Sextant engine) {
        this(new JobsViewModel(engine));
    }

    public JobsView(JobsViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
        root.setId("jobs-view");
        refresh = new Timeline(new KeyFrame(Duration.millis(500), e -> model.refresh()));
        refresh.setCycleCount(Timeline.INDEFINITE);
    }

    /** Built, and refreshed twice a second from then on, the first time the tab is shown. */
    private void build() {
        table.setId("jobs-table");
        table.setPlaceholder(new Label("No background job yet: imports, fetches, forecast backtests and strategy sweeps appear here"));
        table.setItems(model.jobs());
        TableHeaders.fit(table);
        table.getColumns().setAll(List.of(
                // narrow enough that every header shows at 1000x700; not widened to the values: an unconstrained table as wide as
                // its longest message grew the window past the headless screen in CI (BufferOverflowException drawing it)
                Columns.<JobStatus>text("Job", 100, JobStatus::id),
                Columns.<JobStatus>text("Kind", 90, JobStatus::kind),
                Columns.<JobStatus>text("On", 100, j -> String.join(", ", j.subjects())),
                Columns.<JobStatus>text("State", 80, j -> j.state().name()),
                progressColumn(),
                Columns.<JobStatus>text("Message", 190, JobsViewModel::message),
                // a CSV gets the instants in full (ISO, UTC), not the screen's short local time
                TableExport.exportsAs(Columns.<JobStatus>text("Started", 90, j -> time(j.startedAt() != null ? j.startedAt() : j.createdAt())),
                        j -> j.startedAt() != null ? j.startedAt() : j.createdAt()),
                TableExport.exportsAs(Columns.<JobStatus>text("Finished", 90, j -> time(j.finishedAt())), JobStatus::finishedAt),
                cancelColumn()));
        TableExport.install(table, TableExport.fileName("jobs"));
        // the row's Cancel without the mouse: Tab to the table, the arrows to the job, Delete (a Mac's delete key is Backspace)
        table.setOnKeyPressed(e -> {
            JobStatus picked = table.getSelectionModel().getSelectedItem();
            if ((e.getCode() == KeyCode.DELETE || e.getCode() == KeyCode.BACK_SPACE) && picked != null && picked.state().active()) {
                model.cancel(picked.id());
                e.consume();
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        error.setId("jobs-error");
        error.getStyleClass().add("error-text");
        error.textProperty().bind(model.errorProperty());
        VBox box = new VBox(6, DataView.heading("Background jobs"), table, error);
        box.setPadding(new Insets(8));
        root.getChildren().setAll(box);
        refresh.play();
    }

    @Override public String id() { return "jobs"; }
    @Override public String title() { return "Jobs"; }
    @Override public Node root() { return root; }
    @Override public void shown() { firstShow.ensureBuilt(); model.refresh(); }

    @Override
    public void close() {
        refresh.stop();
        model.close();
    }

    public JobsViewModel model() { return model; }
    public TableView<JobStatus> table() { return table; }

    private static TableColumn<JobStatus, Double> progressColumn() {
        TableColumn<JobStatus, Double> c = new TableColumn<>("Progress");
        c.setPrefWidth(120);
        c.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().progress()));
        c.setCellFactory(col -> new TableCell<>() {
            private final ProgressBar bar = new ProgressBar();

            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                if (empty || v == null) {
                    setGraphic(null);
                    return;
                }
                bar.setProgress(v);
                bar.setMaxWidth(Double.MAX_VALUE);
                setGraphic(bar);
            }
        });
        return c;
    }

    private TableColumn<JobStatus, JobStatus> cancelColumn() {
        TableColumn<JobStatus, JobStatus> c = new TableColumn<>("");
        c.setPrefWidth(80);
        c.setSortable(false);
        c.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            private final Button cancel = new Button("Cancel");

            {
                // a button in a recycled row is no Tab stop (Tab reaches the table, Delete cancels the selected job)
                cancel.setFocusTraversable(false);
                cancel.setTooltip(new Tooltip("Stop this job at its next checkpoint (keyboard: select its row, press Delete)"));
            }

            @Override
            protected void updateItem(JobStatus j, boolean empty) {
                super.updateItem(j, empty);
                if (empty || j == null || !j.state().active()) {
                    setGraphic(null);
                    return;
                }
                cancel.setId("cancel-" + j.id());
                cancel.setOnAction(e -> model.cancel(j.id()));
                setGraphic(cancel);
            }
        });
        return c;
    }

    private static String time(Instant t) {
        return t == null ? "" : TIME.format(t);
    }
}
