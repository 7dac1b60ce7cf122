package org.sextant.app.gui;

import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.ingest.ImportPreview;
import org.sextant.engine.sql.SelectResult;

/**
 * The Data view (of {@link DataViewModel}): the symbols in the store on the left; on the right
 * the import (file dialog or drop, a preview of the first rows with the detected layout, the
 * engine's error with its field and fix), a provider fetch, and a read-only SQL console with a
 * results grid and CSV export.
 */
public final class DataView implements WorkstationView {
    private final DataViewModel model;
    private final javafx.scene.layout.StackPane root = new javafx.scene.layout.StackPane();
    private final SplitPane content = new SplitPane();
    private final SplitPane right = new SplitPane(); // import above, SQL console below
    private final FirstShow firstShow = new FirstShow(() -> {
        build();
        root.getChildren().setAll(content);
    });
    private final Button chooseButton = new Button("Choose files…");
    private final TableView<SymbolInfo> symbols = new TableView<>();
    private final TableView<List<String>> previewTable = new TableView<>();
    private final Label previewInfo = new Label();
    private final Label previewNotes = new Label();
    private final javafx.scene.control.ComboBox<String> timezone = new javafx.scene.control.ComboBox<>();
    private final HBox timezoneRow = new HBox(8);
    private final Label importMessage = new Label();
    private final Label importError = new Label();
    private final Label importNotes = new Label();
    private final TextArea sql = new TextArea();
    private final TableView<List<Object>> results = new TableView<>();
    private final Label sqlMessage = new Label();
    private final Label sqlError = new Label();
    private Function<Window, List<File>> openDialog = DataView::showOpenDialog;
    private Function<Window, File> saveDialog = DataView::showSaveDialog;

    private final SymbolNamingModel naming;

    public DataView(Sextant engine) {
        this(new DataViewModel(engine), new SymbolNamingModel(engine));
    }

    public DataView(DataViewModel model, SymbolNamingModel naming) {
        this.model = Objects.requireNonNull(model, "model");
        this.naming = Objects.requireNonNull(naming, "naming");
        root.setId("data-view");
    }

    @Override public String id() { return "data"; }
    @Override public String title() { return "Data"; }
    @Override public Node root() { return root; }
    /** Built the first time the tab is shown: a window opens faster when hidden tabs cost nothing. */
    @Override
    public void shown() {
        firstShow.ensureBuilt();
        model.refreshSymbols();
        model.kept().refresh();
    }
    @Override
    public void close() {
        model.close();
        naming.close();
    }

    public DataViewModel model() { return model; }
    public SymbolNamingModel naming() { return naming; }

    private void build() {
        symbols.setId("data-symbols");
        symbols.setPlaceholder(new Label("The store holds no symbols yet"));
        TableHeaders.fit(symbols);
        symbols.getColumns().setAll(List.of(
                column("Symbol", 76, SymbolInfo::symbol),
                wholeInTooltip(column("Name", 150, SymbolInfo::name)),
                column("Intervals", 64, s -> model.intervals(s.symbol())),
                rowsColumn(),
                column("First", 84, s -> date(s.firstDate())),
                column("Last", 84, s -> date(s.lastDate()))));
        symbols.setItems(model.symbols());
        symbols.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        refitWhenScrollBarChanges(symbols);
        Label symbolsTitle = heading("Symbols");
        VBox.setVgrow(symbols, Priority.ALWAYS);
        // a row picked in the table is the one named below; a reload keeps the pick by ticker
        symbols.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) naming.select(now);
        });
        VBox left = new VBox(6, symbolsTitle, symbols, namingPane());
        left.setPadding(new Insets(8));

        right.getItems().setAll(importPane(), lowerTabs());
        right.setOrientation(Orientation.VERTICAL);
        right.setDividerPositions(0.5);
        content.getItems().setAll(left, right);
        content.setDividerPositions(0.47); // the symbols' six columns; the import and SQL panes keep the rest
    }

    /**
     * The constrained columns were fitted to the width the table had before its rows brought the vertical scroll bar (in
     * the dark theme at 1000×700 the Last column ran under it, cut by a few pixels): when the bar comes or goes, a width
     * change makes the skin fit them again, the bar's width left out.
     */
    private static void refitWhenScrollBarChanges(TableView<?> table) {
        table.skinProperty().addListener((o, old, skin) -> {
            if (skin == null) return;
            for (Node n : table.lookupAll(".scroll-bar")) {
                if (n instanceof javafx.scene.control.ScrollBar b && b.getOrientation() == Orientation.VERTICAL) {
                    b.visibleProperty().addListener((obs, was, now) -> javafx.application.Platform.runLater(() -> {
                        double w = table.getWidth(), h = table.getHeight();
                        table.resize(w - 1, h);
                        table.resize(w, h);
                    }));
                }
            }
        });
    }

    /** The SQL console and, beside it, the kept deletions, whose tab title counts them and their size on disk. */
    private Node lowerTabs() {
        javafx.scene.control.Tab console = new javafx.scene.control.Tab("SQL console", sqlPane());
        console.setId("data-tab-sql");
        javafx.scene.control.Tab kept = new javafx.scene.control.Tab("", new KeptDeletionsPane(model).build());
        kept.setId("data-tab-kept");
        kept.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.kept().summaryProperty().get().isEmpty()
                ? "Kept deletions" : "Kept deletions (" + model.kept().summaryProperty().get() + ")", model.kept().summaryProperty()));
        javafx.scene.control.TabPane tabs = new javafx.scene.control.TabPane(console, kept);
        tabs.setId("data-lower-tabs");
        tabs.setTabClosingPolicy(javafx.scene.control.TabPane.TabClosingPolicy.UNAVAILABLE);
        return tabs;
    }

    /** Name, currency and exchange of the symbol selected in the table, and Save. */
    private Node namingPane() {
        Label title = heading("");
        title.setId("data-naming-title");
        title.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> naming.symbolProperty().get() == null
                ? "Select a symbol to name it" : "Name " + naming.symbolProperty().get(), naming.symbolProperty()));
        TextField name = field("data-naming-name", "e.g. Microsoft Corporation", naming.nameProperty());
        TextField currency = field("data-naming-currency", "USD", naming.currencyProperty());
        currency.setPrefColumnCount(4);
        currency.setMinWidth(Region.USE_PREF_SIZE);
        TextField exchange = field("data-naming-exchange", "e.g. NASDAQ", naming.exchangeProperty());
        exchange.setPrefColumnCount(7);
        Button save = new Button("Save");
        save.setId("data-naming-save");
        save.setMinWidth(Region.USE_PREF_SIZE);
        javafx.beans.binding.BooleanBinding off = naming.symbolProperty().isNull();
        save.disableProperty().bind(off);
        save.setOnAction(e -> naming.save());
        name.setOnAction(e -> naming.save());
        Label nameLabel = new Label("Name");
        HBox.setHgrow(name, Priority.ALWAYS);
        HBox first = new HBox(6, nameLabel, name);
        Label currencyLabel = new Label("Currency");
        Label exchangeLabel = new Label("Exchange");
        HBox.setHgrow(exchange, Priority.ALWAYS);
        HBox second = new HBox(6, currencyLabel, currency, exchangeLabel, exchange, save);
        for (Region r : new Region[] {nameLabel, currencyLabel, exchangeLabel}) r.setMinWidth(Region.USE_PREF_SIZE);
        for (HBox row : new HBox[] {first, second}) {
            row.setAlignment(Pos.CENTER_LEFT);
            row.disableProperty().bind(off);
        }
        Label message = new Label();
        message.setId("data-naming-message");
        message.textProperty().bind(naming.messageProperty());
        message.setMinWidth(0);
        Tooltip full = new Tooltip();
        full.textProperty().bind(message.textProperty());
        message.setTooltip(full);
        Label error = errorLine(new Label(), "data-naming-error", naming.errorProperty());
        VBox pane = new VBox(6, title, first, second, message, error, deleteRow());
        pane.setId("data-naming");
        return pane;
    }

    /** Delete prices… of the selected symbol (after a confirmation naming its rows per interval), and what it did. */
    private Node deleteRow() {
        Button delete = new Button("Delete prices…");
        delete.setId("data-delete");
        delete.setMinWidth(Region.USE_PREF_SIZE);
        delete.disableProperty().bind(naming.symbolProperty().isNull());
        delete.setOnAction(e -> {
            String symbol = naming.symbolProperty().get();
            if (symbol != null) model.countRows(symbol, rows -> confirmDelete(symbol, rows));
        });
        Label message = new Label();
        message.setId("data-delete-message");
        message.setWrapText(true);
        message.setMinHeight(Region.USE_PREF_SIZE);
        message.textProperty().bind(model.deleteMessageProperty());
        Tooltip full = new Tooltip();
        full.textProperty().bind(message.textProperty());
        message.setTooltip(full);
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        message.visibleProperty().bind(message.managedProperty());
        return new VBox(6, delete, message, errorLine(new Label(), "data-delete-error", model.deleteErrorProperty()));
    }

    /**
     * Asks which rows of {@code symbol} to delete (every interval, or one), naming each interval's rows, that a copy
     * is kept and what goes with the daily prices; Delete deletes, Cancel or closing leaves everything.
     */
    private void confirmDelete(String symbol, Map<String, Long> rows) {
        ComboBox<String> which = new ComboBox<>();
        which.setId("data-delete-interval");
        List<String> intervals = new java.util.ArrayList<>(rows.keySet());
        if (rows.size() > 1) intervals.add(0, "");
        which.getItems().setAll(intervals);
        which.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(String i) { return i == null ? "" : i.isEmpty() ? "every interval: " + rowsText(rows) : i + ": " + rowsText(Map.of(i, rows.get(i))); }
            @Override public String fromString(String s) { return s; }
        });
        which.getSelectionModel().select(0);
        Label note = new Label("The rows are first copied to a CSV in SEXTANT_HOME/data/deleted; importing that file puts them back. "
                + "Deleting the daily prices (1d) also deletes the stored forecasts and backtests made from them, and the symbol's name.");
        note.setWrapText(true);
        note.setPrefWidth(440);
        ButtonType deleteButton = new ButtonType("Delete", ButtonBar.ButtonData.OK_DONE);
        Dialog<String> dialog = new Dialog<>();
        dialog.setTitle("Delete prices");
        dialog.setHeaderText("Delete stored prices of " + symbol);
        dialog.getDialogPane().setId("data-delete-dialog");
        dialog.getDialogPane().setContent(new VBox(10, new HBox(8, new Label("Rows to delete"), which), note));
        dialog.getDialogPane().getButtonTypes().setAll(deleteButton, ButtonType.CANCEL);
        if (root.getScene() != null) dialog.initOwner(root.getScene().getWindow());
        dialog.setResultConverter(b -> b == deleteButton ? which.getValue() : null);
        dialog.setOnHidden(e -> {
            String chosen = dialog.getResult();
            if (chosen != null) model.deletePrices(symbol, chosen.isEmpty() ? null : chosen);
        });
        dialog.show();
    }

    /** "101 daily rows, 100 1w bars". */
    private static String rowsText(Map<String, Long> rows) {
        List<String> parts = new java.util.ArrayList<>();
        rows.forEach((i, n) -> parts.add(String.format(java.util.Locale.ROOT, "%,d %s", n, i.equals("1d") ? "daily rows" : i + " bars")));
        return String.join(", ", parts);
    }

    private static TextField field(String id, String prompt, javafx.beans.property.StringProperty value) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(value);
        return f;
    }

    private Node importPane() {
        Button choose = chooseButton;
        choose.setId("data-choose");
        choose.setOnAction(e -> {
            List<File> picked = openDialog.apply(root.getScene() == null ? null : root.getScene().getWindow());
            if (picked != null && !picked.isEmpty()) model.choose(picked.stream().map(File::toPath).toList());
        });
        Button importButton = new Button("Import");
        importButton.setId("data-import");
        importButton.setDefaultButton(false);
        importButton.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.files()).or(model.refusedProperty()));
        importButton.setOnAction(e -> model.importChosen());
        Label drop = new Label("or drop CSV / Parquet files here");
        drop.getStyleClass().add("hint");
        HBox actions = new HBox(8, choose, importButton, drop);
        actions.setAlignment(Pos.CENTER_LEFT);

        previewInfo.setId("data-preview-info");
        previewInfo.setWrapText(true);
        previewTable.setId("data-preview");
        TableHeaders.fit(previewTable);
        previewTable.setPlaceholder(new Label("Choose a file to see its first rows and detected layout"));
        previewTable.setPrefHeight(170);
        VBox.setVgrow(previewTable, Priority.ALWAYS);
        model.previewProperty().addListener((obs, old, now) -> showPreview(now));
        timezoneRow.getChildren().setAll(zonePicker());
        timezoneRow.setAlignment(Pos.CENTER_LEFT);
        previewNotes.setId("data-preview-notes");
        previewNotes.setWrapText(true);
        for (Label l : new Label[] {previewInfo, previewNotes, importNotes}) {
            l.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole rather than cut when the pane is short
            Tooltip full = new Tooltip();
            full.textProperty().bind(l.textProperty());
            l.setTooltip(full);
        }
        previewNotes.getStyleClass().add("warning-text");
        importNotes.setId("data-import-notes");
        importNotes.setWrapText(true);
        importNotes.getStyleClass().add("warning-text");
        importNotes.textProperty().bind(model.importNotesProperty());
        importNotes.visibleProperty().bind(importNotes.textProperty().isNotEmpty());
        for (Node n : new Node[] {timezoneRow, previewNotes, importNotes}) n.managedProperty().bind(n.visibleProperty());
        timezoneRow.setVisible(false);
        previewNotes.setVisible(false);
        importMessage.setId("data-import-message");
        importMessage.setWrapText(true); // a long file name wraps whole rather than losing its end
        importMessage.setMinHeight(Region.USE_PREF_SIZE);
        importMessage.textProperty().bind(model.importMessageProperty());
        errorLine(importError, "data-import-error", model.importErrorProperty());

        TextField fetch = new TextField();
        fetch.setId("data-fetch-symbols");
        fetch.setPromptText("Symbols to fetch, e.g. MSFT.US, AAPL.US");
        fetch.textProperty().bindBidirectional(model.gatherSymbolsProperty());
        HBox.setHgrow(fetch, Priority.ALWAYS);
        Button fetchButton = new Button("Fetch");
        fetchButton.setId("data-fetch");
        fetchButton.disableProperty().bind(fetch.textProperty().isEmpty());
        fetchButton.setOnAction(e -> model.gather());
        fetch.setOnAction(e -> model.gather());
        HBox fetchRow = new HBox(8, new Label("Provider fetch"), fetch, fetchButton);
        fetchRow.setAlignment(Pos.CENTER_LEFT);

        VBox pane = new VBox(6, heading("Import prices"), actions, previewInfo, timezoneRow, previewNotes, previewTable, importMessage, importNotes, importError, fetchRow);
        pane.setId("data-import-pane");
        pane.setPadding(new Insets(8));
        pane.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) e.acceptTransferModes(TransferMode.COPY);
            e.consume();
        });
        pane.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles();
            if (ok) model.choose(e.getDragboard().getFiles().stream().map(File::toPath).toList());
            e.setDropCompleted(ok);
            e.consume();
        });
        return pane;
    }

    /**
     * "Times without a zone are in [zone]": shown while the chosen file writes bar times without
     * one; a region or offset typed or picked previews the file again as the import will read it.
     */
    private List<Node> zonePicker() {
        timezone.setId("data-timezone");
        timezone.setEditable(true);
        timezone.setPromptText("UTC");
        timezone.getItems().setAll(DataViewModel.OFFERED_ZONES);
        timezone.setPrefWidth(190);
        timezone.setOnAction(e -> {
            String zone = timezone.getEditor().getText() == null ? "" : timezone.getEditor().getText().trim();
            if (zone.equals(model.timezoneProperty().get())) return;
            model.timezoneProperty().set(zone);
            model.previewChosen();
        });
        Label label = new Label("Times without a zone are in");
        label.setMinWidth(Region.USE_PREF_SIZE);
        Label hint = new Label("a region or an offset such as -05:00");
        hint.getStyleClass().add("hint");
        hint.setMinWidth(0);
        hint.setTooltip(new Tooltip(hint.getText()));
        return List.of(label, timezone, hint);
    }

    /**
     * Lowers the divider so the import pane shows a chosen file's preview whole: its info, zone row
     * and notes would otherwise squeeze the table to a row at 1000×700. A divider the user moved lower stays.
     * The console keeps its minimum: the query box, Run, and the results' hint whole.
     */
    private void makeRoomForPreview() {
        double total = right.getHeight();
        Region pane = (Region) right.getItems().get(0);
        if (total <= 0 || pane.getWidth() <= 0) return;
        Region console = (Region) right.getItems().get(1);
        double keep = console.minHeight(console.getWidth()) + 8; // 8: the divider
        double position = Math.min(1 - keep / total, (pane.prefHeight(pane.getWidth()) + 8) / total);
        if (position > right.getDividerPositions()[0]) right.setDividerPositions(position);
    }

    private void showPreview(ImportPreview p) {
        previewTable.getColumns().clear();
        previewTable.getItems().clear();
        // kept while the zone is being changed (the file is previewed again), gone for a daily file
        timezoneRow.setVisible(p != null ? p.zoneApplies() : timezoneRow.isVisible() && !model.files().isEmpty());
        previewNotes.setText(p == null ? "" : String.join("\n", p.notes()));
        previewNotes.setVisible(p != null && !p.notes().isEmpty());
        if (p == null) {
            previewInfo.setText("");
            return;
        }
        if ("parquet".equals(p.format())) {
            previewInfo.setText(Path.of(p.file()).getFileName() + ": Parquet; its columns are checked when it is imported");
            return;
        }
        // a bar file (times of day) shows how its times read and the interval they step by, to confirm before importing
        String dates = p.times() != null ? "' · times " + p.times() + " · interval " + (p.interval() == null ? "not told by the first rows" : p.interval())
                : "' · dates " + p.dateFormat();
        previewInfo.setText(Path.of(p.file()).getFileName() + ": layout " + p.layout() + " · delimiter '" + p.delimiter()
                + dates + " · symbol from " + p.symbolSource());
        for (int i = 0; i < p.header().size(); i++) {
            int col = i;
            TableColumn<List<String>, String> c = new TableColumn<>(p.header().get(i));
            c.setCellValueFactory(row -> new ReadOnlyStringWrapper(col < row.getValue().size() ? row.getValue().get(col) : ""));
            c.setSortable(false);
            previewTable.getColumns().add(c);
            c.setPrefWidth(Math.max(c.getPrefWidth(), cellWidth(p.rows(), col)));
        }
        previewTable.getItems().setAll(p.rows());
        javafx.application.Platform.runLater(this::makeRoomForPreview); // once the new texts are in the pane
    }

    /** Width of the widest of a preview column's cells (a bar file's date-times), at most 220 px. */
    private static double cellWidth(List<List<String>> rows, int col) {
        double widest = 0;
        for (List<String> row : rows) {
            if (col < row.size()) widest = Math.max(widest, new javafx.scene.text.Text(row.get(col)).getLayoutBounds().getWidth());
        }
        return Math.min(220, Math.ceil(widest) + 16);
    }

    private Node sqlPane() {
        sql.setId("data-sql");
        sql.setPrefRowCount(3);
        sql.setWrapText(true);
        sql.textProperty().bindBidirectional(model.sqlProperty());
        sql.getStyleClass().add("code");
        Button run = new Button("Run (Ctrl+Enter)");
        run.setId("data-sql-run");
        run.setOnAction(e -> model.runQuery());
        sql.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.ENTER, KeyCombination.SHORTCUT_DOWN).match(e)) {
                model.runQuery();
                e.consume();
            }
        });
        Button export = new Button("Export CSV…");
        export.setId("data-sql-export");
        export.disableProperty().bind(model.resultProperty().isNull());
        export.setOnAction(e -> exportResult());
        sqlMessage.setId("data-sql-message");
        sqlMessage.textProperty().bind(model.sqlMessageProperty());
        errorLine(sqlError, "data-sql-error", model.sqlErrorProperty());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        run.setMinWidth(Region.USE_PREF_SIZE);
        export.setMinWidth(Region.USE_PREF_SIZE);
        sqlMessage.setMinWidth(0);
        Tooltip fullMessage = new Tooltip();
        fullMessage.textProperty().bind(sqlMessage.textProperty());
        sqlMessage.setTooltip(fullMessage);
        HBox bar = new HBox(8, run, export, sqlMessage, gap);
        bar.setAlignment(Pos.CENTER_LEFT);
        results.setId("data-sql-results");
        TableHeaders.fit(results);
        Label empty = new Label("Type one read-only SELECT and press Run, e.g.\nSELECT * FROM symbols\nSELECT date, close FROM prices WHERE symbol = 'IBM' ORDER BY date DESC");
        empty.setWrapText(true);
        results.setPlaceholder(empty);
        VBox.setVgrow(results, Priority.ALWAYS);
        results.setMinHeight(100); // the header and the hint's lines, when the import's preview takes the room
        model.resultProperty().addListener((obs, old, now) -> showResult(now));
        VBox pane = new VBox(6, heading("SQL console (read-only)"), sql, bar, sqlError, results);
        pane.setPadding(new Insets(8));
        return pane;
    }

    /** Asks where to save the result, then writes it (File > Export does the same). */
    public void exportResult() {
        if (model.resultProperty().get() == null) {
            model.exportCsv(null);
            return;
        }
        File target = saveDialog.apply(root.getScene() == null ? null : root.getScene().getWindow());
        if (target != null) model.exportCsv(target.toPath());
    }

    /** Opens the file dialog (File > Import does the same). */
    public void chooseFiles() {
        if (firstShow.ensureBuilt()) model.refreshSymbols(); // as a first show would
        chooseButton.fire();
    }

    private void showResult(SelectResult r) {
        results.getColumns().clear();
        if (r == null) {
            results.getItems().clear();
            return;
        }
        for (int i = 0; i < r.columns().size(); i++) {
            int col = i;
            TableColumn<List<Object>, Object> c = new TableColumn<>(r.columns().get(i));
            c.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().get(col)));
            results.getColumns().add(c);
        }
        results.getItems().setAll(r.rows());
    }

    /** For tests and embedding: what the Choose and Export buttons ask instead of the system dialogs. */
    public void setDialogs(Function<Window, List<File>> open, Function<Window, File> save) {
        this.openDialog = Objects.requireNonNull(open);
        this.saveDialog = Objects.requireNonNull(save);
    }

    private static List<File> showOpenDialog(Window owner) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Import price files");
        fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Price files (CSV, TXT, Parquet)", "*.csv", "*.txt", "*.parquet", "*.pq"),
                new FileChooser.ExtensionFilter("All files", "*.*"));
        return fc.showOpenMultipleDialog(owner);
    }

    private static File showSaveDialog(Window owner) {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export the query result as CSV");
        fc.setInitialFileName("query.csv");
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        return fc.showSaveDialog(owner);
    }

    /** {@code label} as a red, wrapping line showing {@code text}, taking no room while it is empty. */
    static Label errorLine(Label label, String id, javafx.beans.value.ObservableValue<String> text) {
        return shownWhenSet(label, id, text, "error-text");
    }

    /** A wrapping line showing {@code text}, taking no room while it is empty. */
    static Label shownWhenSet(Label label, String id, javafx.beans.value.ObservableValue<String> text, String... styles) {
        label.setId(id);
        label.getStyleClass().addAll(styles);
        label.setWrapText(true);
        label.textProperty().bind(text);
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        label.visibleProperty().bind(label.managedProperty());
        return label;
    }

    static Label heading(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section-heading");
        return l;
    }

    private static TableColumn<SymbolInfo, String> column(String title, double width, Function<SymbolInfo, String> value) {
        TableColumn<SymbolInfo, String> c = Columns.text(title, width, value);
        if (width <= 90) c.setMinWidth(width); // dates stay whole; the name takes what is left
        return c;
    }

    /**
     * At 1000 px the Name column keeps some 60 px (the import and SQL panes need the rest): "General Electric" and "General
     * Motors" both read "Gener…". Each name is whole in its cell's tooltip, as in the Name field below once its row is picked.
     */
    private static TableColumn<SymbolInfo, String> wholeInTooltip(TableColumn<SymbolInfo, String> c) {
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String name, boolean empty) {
                super.updateItem(name, empty);
                setText(empty ? null : name);
                setTooltip(empty || name == null || name.isEmpty() ? null : new Tooltip(name));
            }
        });
        return c;
    }

    /** Sorts by number, shows thousands separators. */
    private static TableColumn<SymbolInfo, Long> rowsColumn() {
        TableColumn<SymbolInfo, Long> c = new TableColumn<>("Rows");
        c.setPrefWidth(70);
        c.setMinWidth(52); // "62,400": the name gives way first
        c.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue().rows()));
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(Long v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : String.format("%,d", v));
                setAlignment(Pos.CENTER_RIGHT);
            }
        });
        return c;
    }

    private static String date(LocalDate d) {
        return d == null ? "" : d.toString();
    }
}
