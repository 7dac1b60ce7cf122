package org.sextant.app.gui;

import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sextant.engine.Sextant;
import org.sextant.engine.forecast.ScanRow;

/**
 * The Scans view: settings and a Scan button above a sortable table of symbols ranked by
 * reward/risk at 80/95/99% with the walk-forward coverage of their bands. A double-click (or
 * Enter) on a row opens that symbol's chart.
 */
public final class ScansView implements WorkstationView {
    public static final String ID = "scans";

    private final ScansViewModel model;
    private final Navigator navigator;
    private final BorderPane root = new BorderPane();
    private final TableView<ScanRow> table = new TableView<>();
    private final Button scan = new Button("Scan");
    private final Button cancel = new Button("Cancel");

    public ScansView(Sextant engine, Navigator navigator) {
        this(new ScansViewModel(engine), navigator);
    }

    public ScansView(ScansViewModel model, Navigator navigator) {
        this.model = model;
        this.navigator = navigator;
        build();
    }

    private void build() {
        table.setId("scan-table");
        ChoiceBox<String> modelChoice = Choices.bound("scan-model", model.models(), model.modelProperty());
        ChoiceBox<Integer> level = Choices.bound("scan-level", java.util.List.of(80, 95, 99), model.levelProperty());
        TextField minRr = new TextField();
        minRr.setId("scan-min-rr");
        minRr.setPromptText("any");
        minRr.setPrefColumnCount(4);
        minRr.textProperty().bindBidirectional(model.minRewardRiskProperty());
        Spinner<Integer> top = new Spinner<>(1, 1000, model.topProperty().get(), 10);
        top.setId("scan-top");
        top.setEditable(true);
        top.setPrefWidth(80);
        top.getValueFactory().valueProperty().bindBidirectional(model.topProperty());
        Spinner<Integer> minHistory = new Spinner<>(1, 100_000, model.minHistoryProperty().get(), 50);
        minHistory.setId("scan-min-history");
        minHistory.setEditable(true);
        minHistory.setPrefWidth(90);
        minHistory.getValueFactory().valueProperty().bindBidirectional(model.minHistoryProperty());
        scan.setId("scan-run");
        scan.setDefaultButton(true);
        scan.setOnAction(e -> model.scan());
        scan.disableProperty().bind(model.runningProperty());
        cancel.setId("scan-cancel");
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not().or(model.stoppingProperty()));
        ProgressBar progress = new ProgressBar();
        progress.setId("scan-progress");
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.runningProperty());
        HBox bar = new HBox(8, new Label("Model"), modelChoice, new Label("Rank at"), level, new Label("Min reward/risk"), minRr,
                new Label("Top"), top, new Label("Min closes"), minHistory, scan, cancel, progress);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        for (Node n : bar.getChildren()) if (n instanceof Region r) r.setMinWidth(Region.USE_PREF_SIZE);

        Label status = new Label();
        status.setId("scan-status");
        status.textProperty().bind(model.statusProperty());
        // the status names the marked rows and the skipped symbols: wrapped, not cut to "…" in a 1000 px window
        status.setWrapText(true);
        status.setMinWidth(0);
        HBox.setHgrow(status, Priority.ALWAYS);
        Label error = new Label();
        error.setId("scan-error");
        error.setStyle("-fx-text-fill: #b00020;");
        error.textProperty().bind(model.errorProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        Runnable export = TableExport.install(table, TableExport.fileName("scan"));
        Button exportButton = new Button("Export CSV…");
        exportButton.setId("scan-export");
        exportButton.setOnAction(e -> export.run());
        exportButton.setMinWidth(Region.USE_PREF_SIZE); // a long status beside it must not cut it to "…"
        exportButton.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.rows()));
        // first in the foot: a long status or error text must not push it out of a narrow window
        HBox foot = new HBox(10, exportButton, status, gap, error);
        foot.setAlignment(Pos.CENTER_LEFT);
        foot.setPadding(new Insets(4, 8, 4, 8));

        table.setItems(new javafx.collections.transformation.SortedList<>(model.rows()));
        ((javafx.collections.transformation.SortedList<ScanRow>) table.getItems()).comparatorProperty().bind(table.comparatorProperty());
        table.setPlaceholder(new Label("No scan yet: choose the settings and press Scan"));
        TableColumn<ScanRow, String> symbol = narrow(new TableColumn<>("Symbol"));
        // a row whose closes hold a bad tick is marked, its warning in the row's tooltip; a CSV gets the symbol alone
        symbol.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(symbolText(c.getValue())));
        TableExport.exportsAs(symbol, ScanRow::symbol);
        TableColumn<ScanRow, java.time.LocalDate> date = narrow(new TableColumn<>("Start"));
        date.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().lastDate()));
        TableHeaders.fit(table);
        table.getColumns().add(symbol);
        table.getColumns().add(date);
        table.getColumns().add(number("Last close", ScanRow::lastClose, "%.2f"));
        table.getColumns().add(number("Median return", ScanRow::medianReturn, "%+.2f%%", 100));
        // no downside is an unbounded ratio: "∞" on screen, "inf" in a CSV
        table.getColumns().add(TableExport.exportsAs(number("R/R 80%", ScanRow::rewardRisk80, "%.2f"), r -> unbounded(r.rewardRisk80())));
        table.getColumns().add(TableExport.exportsAs(number("R/R 95%", ScanRow::rewardRisk95, "%.2f"), r -> unbounded(r.rewardRisk95())));
        table.getColumns().add(TableExport.exportsAs(number("R/R 99%", ScanRow::rewardRisk99, "%.2f"), r -> unbounded(r.rewardRisk99())));
        table.getColumns().add(number("Coverage 80%", r -> r.coverageAt(0.80), "%.1f%%", 100));
        table.getColumns().add(number("Coverage 95%", r -> r.coverageAt(0.95), "%.1f%%", 100));
        table.getColumns().add(number("Coverage 99%", r -> r.coverageAt(0.99), "%.1f%%", 100));
        table.getColumns().add(number("Closes", r -> (double) r.historyRows(), "%.0f"));
        // whole dates and counts: the ranking may mix forecasts made on different days
        TableValues.fit(table);
        table.setRowFactory(t -> {
            TableRow<ScanRow> row = new TableRow<>();
            row.itemProperty().addListener((o, was, now) -> row.setTooltip(now == null || tipText(now) == null ? null : DataWarningLine.tip(tipText(now))));
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) open(row.getItem());
            });
            return row;
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && table.getSelectionModel().getSelectedItem() != null) open(table.getSelectionModel().getSelectedItem());
        });
        root.setTop(bar);
        root.setCenter(table);
        root.setBottom(foot);
        root.setId("scans-view");
        VBox.setVgrow(table, Priority.ALWAYS);
    }

    private void open(ScanRow row) {
        navigator.openChart(row.symbol(), null);
    }

    /** The symbol as the table shows it: marked when its row carries a data warning (a bad tick in its closes). */
    static String symbolText(ScanRow row) {
        return row.dataWarning() == null ? row.symbol() : row.symbol() + " " + DataWarningLine.MARK;
    }

    /**
     * A row's tooltip: its data warning, and what its horizon counted when not business days or when its week changed
     * ({@link ScanRow#weekNote}); null when it has neither.
     */
    static String tipText(ScanRow row) {
        String week = row.weekNote() == null ? null : "Horizon: " + row.weekNote();
        if (row.dataWarning() == null) return week;
        return week == null ? row.dataWarning() : row.dataWarning() + "\n" + week;
    }

    /**
     * A column as narrow as its header (TableHeaders widens it), so every header shows before a
     * scan (an empty table cannot scroll sideways); the results widen it to their values.
     */
    private static <T> TableColumn<ScanRow, T> narrow(TableColumn<ScanRow, T> c) {
        c.setPrefWidth(0);
        return c;
    }

    private static double unbounded(Double ratio) {
        return ratio == null ? Double.POSITIVE_INFINITY : ratio;
    }

    private static TableColumn<ScanRow, Double> number(String title, Function<ScanRow, Double> value, String format) {
        return number(title, value, format, 1);
    }

    /** A numeric column that sorts by value; null (no downside) shows as ∞ and sorts above every number. */
    private static TableColumn<ScanRow, Double> number(String title, Function<ScanRow, Double> value, String format, double scale) {
        TableColumn<ScanRow, Double> c = narrow(new TableColumn<>(title));
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setComparator((a, b) -> Double.compare(a == null ? Double.POSITIVE_INFINITY : a, b == null ? Double.POSITIVE_INFINITY : b));
        // + 0.0 turns a negative zero into zero, so a flat median shows as 0.00%, not -0.00%
        Function<Double, String> shown = v -> v == null ? "∞" : Double.isFinite(v) ? String.format(Locale.ROOT, format, Math.abs(v * scale) < 5e-5 ? 0.0 : v * scale + 0.0) : "–";
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(Double v, boolean empty) {
                super.updateItem(v, empty);
                setAlignment(Pos.CENTER_RIGHT);
                setText(empty ? null : shown.apply(v));
            }
        });
        return TableValues.shownAs(c, shown);
    }

    @Override public String id() { return ID; }
    @Override public String title() { return "Scans"; }
    @Override public Node root() { return root; }
    @Override public void close() { model.close(); }

    public TableView<ScanRow> table() { return table; }
    public ScansViewModel model() { return model; }
}
