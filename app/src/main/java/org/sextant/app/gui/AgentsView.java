package org.sextant.app.gui;

import java.util.List;
import java.util.Objects;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.shape.Circle;
import javafx.util.Duration;
import org.sextant.contract.McpClient;
import org.sextant.engine.Sextant;

/**
 * The Agents view (of {@link AgentsViewModel}): whether a launcher has called lately, the runs
 * gate and the pilot flag with the exact steps to change them by hand, the MCP configs of
 * Cursor, VS Code and Claude Desktop with copy buttons, and the tools with class and effect.
 */
public final class AgentsView implements WorkstationView {
    private final AgentsViewModel model;
    private final ScrollPane root = new ScrollPane();
    private final Timeline refresh;
    private String lastCopied;
    private final FirstShow firstShow = new FirstShow(this::build);

    public AgentsView(Sextant engine) {
        this(new AgentsViewModel(engine.home()));
    }

    public AgentsView(AgentsViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
        root.setFitToWidth(true);
        root.setId("agents-view");
        refresh = new Timeline(new KeyFrame(Duration.seconds(2), e -> model.refresh()));
        refresh.setCycleCount(Timeline.INDEFINITE);
    }

    /** Built, and refreshed every two seconds from then on, the first time the tab is shown. */
    private void build() {
        VBox content = new VBox(14, connection(), runsGate(), pilot(), configs(), tools());
        content.setPadding(new Insets(12));
        content.setFillWidth(true);
        root.setContent(content);
        refresh.play();
    }

    @Override public String id() { return "agents"; }
    @Override public String title() { return "Agents"; }
    @Override public Node root() { return root; }
    @Override public void shown() { firstShow.ensureBuilt(); model.refresh(); }
    @Override public void close() { refresh.stop(); }

    public AgentsViewModel model() { return model; }

    /** The text the last Copy button put on the clipboard (tests read it without the system clipboard). */
    public String lastCopied() { return lastCopied; }

    private Node connection() {
        Circle dot = new Circle(6);
        dot.getStyleClass().add("status-dot");
        model.recentCallProperty().addListener((o, a, b) -> dot.pseudoClassStateChanged(ON, b));
        dot.pseudoClassStateChanged(ON, model.recentCallProperty().get());
        Label last = new Label();
        last.setId("agents-last-call");
        last.setWrapText(true);
        last.textProperty().bind(model.lastCallProperty());
        HBox row = new HBox(8, dot, last);
        row.setAlignment(Pos.CENTER_LEFT);
        return section("Connection", row);
    }

    private Node runsGate() {
        Label text = new Label(model.runsInstruction());
        text.setId("agents-runs");
        text.setWrapText(true);
        return section("Runs gate (SEXTANT_ALLOW_RUNS)", text);
    }

    private Node pilot() {
        Label state = new Label();
        state.setId("agents-pilot-state");
        state.setWrapText(true);
        state.textProperty().bind(model.pilotStateProperty());
        state.getStyleClass().add("pilot-state");
        model.pilotOnProperty().addListener((o, a, b) -> state.pseudoClassStateChanged(ON, b));
        state.pseudoClassStateChanged(ON, model.pilotOnProperty().get());
        Label file = new Label("Flag file: " + model.pilotFlag() + ". Sextant never creates it; only you do.");
        file.setWrapText(true);
        return section("Pilot flag (.mcp_pilot)", state, file,
                commandRow("Allow:", model.pilotCreateCommand(), "agents-pilot-create"),
                commandRow("Take back:", model.pilotRemoveCommand(), "agents-pilot-remove"));
    }

    private Node commandRow(String label, String command, String id) {
        TextField field = new TextField(command);
        field.setEditable(false);
        field.setId(id);
        field.getStyleClass().add("code");
        field.setTooltip(new javafx.scene.control.Tooltip(command)); // whole, when a long SEXTANT_HOME runs past the field
        HBox.setHgrow(field, Priority.ALWAYS);
        Label l = new Label(label);
        l.setMinWidth(70);
        HBox row = new HBox(8, l, field, copyButton(id + "-copy", () -> command));
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private Node configs() {
        HBox box = new HBox(10);
        for (McpClient client : McpClient.values()) {
            String text = model.configText(client);
            TextArea area = new TextArea(text);
            area.setEditable(false);
            area.setId("agents-config-" + client.id());
            area.getStyleClass().add("code");
            // the SEXTANT_HOME path wraps instead of running out of the column; rows for the wrapped path's lines
            area.setWrapText(true);
            area.setPrefRowCount((int) text.lines().count() + 2);
            area.setPrefColumnCount(20);
            Label where = new Label(client.title());
            where.setTooltip(new javafx.scene.control.Tooltip(client.file()));
            Label file = new Label(client.file());
            file.getStyleClass().add("hint");
            file.setWrapText(true);
            file.setMinHeight(Region.USE_PREF_SIZE);
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            HBox head = new HBox(8, where, gap, copyButton("agents-copy-" + client.id(), () -> text));
            head.setAlignment(Pos.CENTER_LEFT);
            VBox column = new VBox(4, head, file, area);
            HBox.setHgrow(column, Priority.ALWAYS);
            column.setPrefWidth(0); // three equal columns whatever the path lengths
            box.getChildren().add(column);
        }
        Label note = new Label("The same text as `sextant-mcp config cursor|vscode|claude`. Merge it with servers already there and restart the client.");
        note.setWrapText(true);
        note.getStyleClass().add("hint");
        return section("Client configuration", note, box);
    }

    private Node tools() {
        TableView<McpTools.Tool> table = new TableView<>();
        table.setId("agents-tools");
        table.getItems().setAll(model.tools());
        TableHeaders.fit(table);
        table.getColumns().setAll(List.of(
                column("Tool", 170, McpTools.Tool::name, false),
                column("Class", 60, McpTools.Tool::toolClass, false),
                column("Gate", 80, McpTools.Tool::gate, false),
                column("Effect", 620, McpTools.Tool::effect, true)));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPrefHeight(420);
        Label count = new Label(model.tools().size() + " tools ("
                + model.tools().stream().filter(t -> t.toolClass().equals("write")).count() + " write)");
        count.setId("agents-tool-count");
        return section("MCP tools", count, table);
    }

    private Button copyButton(String id, java.util.function.Supplier<String> text) {
        Button b = new Button("Copy");
        b.setId(id);
        b.setOnAction(e -> {
            lastCopied = text.get();
            ClipboardContent c = new ClipboardContent();
            c.putString(lastCopied);
            javafx.scene.input.Clipboard.getSystemClipboard().setContent(c);
        });
        return b;
    }

    private static TableColumn<McpTools.Tool, String> column(String title, double width,
                                                           java.util.function.Function<McpTools.Tool, String> value, boolean wrap) {
        TableColumn<McpTools.Tool, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(row -> new ReadOnlyStringWrapper(value.apply(row.getValue())));
        if (wrap) {
            c.setCellFactory(col -> new TableCell<>() {
                // a text wrapped to the column's width makes the row as tall as it needs: no line cut to "…"
                private final javafx.scene.text.Text label = new javafx.scene.text.Text();

                {
                    label.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                    label.fillProperty().bind(textFillProperty());
                    setPrefHeight(javafx.scene.control.Control.USE_COMPUTED_SIZE);
                }

                @Override
                protected void updateItem(String v, boolean empty) {
                    super.updateItem(v, empty);
                    label.setText(empty ? null : v);
                    setGraphic(empty ? null : label);
                }
            });
        }
        return c;
    }

    private static final javafx.css.PseudoClass ON = javafx.css.PseudoClass.getPseudoClass("on");

    private static Node section(String title, Node... body) {
        VBox box = new VBox(6);
        box.getChildren().add(DataView.heading(title));
        box.getChildren().addAll(body);
        box.getStyleClass().add("section");
        return box;
    }
}
