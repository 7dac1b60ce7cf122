package org.sextant.app.gui;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.sextant.app.gui.ResearchViewModel.CatalogueNode;
import org.sextant.app.gui.ResearchViewModel.ChartData;
import org.sextant.app.gui.ResearchViewModel.SpecProblem;
import org.sextant.app.gui.ResearchViewModel.StatisticRow;
import org.sextant.charts.EquityDrawdownChart;
import org.sextant.charts.SweepScatterChart;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.stats.Verdict;

/**
 * The content of the Research view (the View of {@link ResearchViewModel}), built by
 * {@link ResearchView} when its tab is first shown. Left: the node catalogue with each
 * node's description, the graph spec editor, Validate and the errors naming node and field.
 * Right: the universe, dates and Run/Cancel with the sweep's progress; the session's runs; the
 * selected run's verdict with its overfitting statistics; its equity and drawdown and the
 * in-sample versus out-of-sample scatter of its configurations.
 */
final class ResearchPane {
    private static final DateTimeFormatter CREATED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT).withZone(ZoneId.systemDefault());
    /** The runs table's print size: beside the 50-column editor every column is in view at 1000x700 (13 px asked 650 px of 560). */
    private static final double RUNS_FONT_SIZE = 12;
    /** A runs-table cell's padding and border beside its value, with 2 px to spare. */
    private static final double RUNS_CELL_PADDING = 8;

    /** Columns of the spec editor's font a line holds at least: half a 100-column JSON line, so a node's line wraps once or twice. */
    static final int SPEC_COLUMNS = 50;
    /** The editor's text padding, vertical scroll bar and border beside its text, in pixels. */
    private static final double EDITOR_CHROME = 34;

    private final ResearchViewModel model;
    private final ListView<CatalogueNode> catalogue = new ListView<>();
    private final Label nodeHelp = new Label();
    private final TextArea spec = new TextArea();
    private final Button validate = new Button("Validate");
    private final Button example = new Button("Example");
    private final Label validation = new Label();
    private final ListView<SpecProblem> problems = new ListView<>();
    private final TextField symbols = new TextField();
    private final ComboBox<String> addSymbol = new ComboBox<>();
    private final DatePicker from = new DatePicker();
    private final DatePicker to = new DatePicker();
    private final DatePicker oosStart = new DatePicker();
    private final DateField fromField = DateField.install(from, "From", Locale.getDefault(Locale.Category.FORMAT));
    private final DateField toField = DateField.install(to, "To", Locale.getDefault(Locale.Category.FORMAT));
    private final DateField oosField = DateField.install(oosStart, "Out of sample from", Locale.getDefault(Locale.Category.FORMAT));
    private final Label dateProblem = new Label();
    private final Button run = new Button("Run sweep");
    private final Button cancel = new Button("Cancel");
    private final ProgressBar progress = new ProgressBar(0);
    private final Label jobMessage = new Label();
    private final Label session = new Label();
    private final Label error = new Label();
    private final TableView<RunInfo> runs = new TableView<>();
    private final Label verdict = new Label();
    private final Label verdictText = new Label();
    private final Label annualisation = new Label();
    private final VBox reasons = new VBox(2);
    private final GridPane keyFigures = new GridPane();
    private final GridPane statistics = new GridPane();
    private final EquityDrawdownChart equity = new EquityDrawdownChart();
    private final SweepScatterChart scatter = new SweepScatterChart();

    private final SplitPane content = new SplitPane();
    private final SplitPane runsAndVerdict = new SplitPane();
    /** Folds the compose column to a strip and back; in the column's header, or alone in the strip. */
    private final Button fold = new Button();
    private final HBox catalogueHeader = new HBox(6);
    private final VBox foldedStrip = new VBox();
    private VBox compose;
    /** The runs table's share beside the verdict panel with the compose column shown, and folded (the panel keeps its least width). */
    private static final double RUNS_SHARE_FOLDED = 0.72;
    /** The runs table's share of the height above the verdict when the compose column is shown: three runs and the key figures in view. */
    private static final double RUNS_SHARE_UNDER = 0.45;
    /** The runs and the verdict's share of the height above the charts, compose column shown and folded. */
    private static final double RUNS_HEIGHT = 0.36; // the charts keep the height they had beside the runs (0.43 cut the drawdown axis's label)
    private static final double RUNS_HEIGHT_FOLDED = 0.38;
    private final SplitPane stack = new SplitPane();

    /** Builds the content on the JavaFX thread over {@code model}. */
    ResearchPane(ResearchViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
        build();
        bind();
    }

    Node node() { return content; }

    private void build() {
        content.setId("research-content");
        // ---- left: compose ----
        catalogue.setId("node-catalogue");
        catalogue.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(CatalogueNode n, boolean empty) {
                super.updateItem(n, empty);
                setText(empty || n == null ? null : n.name() + "   · " + n.category());
                setTooltip(empty || n == null ? null : new Tooltip(n.description() + "\n" + n.signature()));
            }
        });
        catalogue.setPrefHeight(150);
        nodeHelp.setId("node-help");
        nodeHelp.setWrapText(true);
        nodeHelp.setMinHeight(Region.USE_PREF_SIZE);
        nodeHelp.setText("Pick a node to read what it does; write the graph below.");
        spec.setId("spec-editor");
        spec.setFont(Font.font("Monospaced", 11.5));
        // long lines wrap: the editor is a quarter of the window, and a JSON line cut at its right edge hid the sweep's values
        spec.setWrapText(true);
        VBox.setVgrow(spec, Priority.ALWAYS);
        validate.setId("validate");
        validate.setTooltip(new Tooltip("Check the graph and count its configurations; runs nothing (Ctrl+Enter)"));
        example.setId("example-spec");
        validation.setId("validation");
        validation.setStyle("-fx-font-weight: bold;");
        validate.setMinWidth(Region.USE_PREF_SIZE);
        example.setMinWidth(Region.USE_PREF_SIZE);
        validation.setWrapText(true);
        validation.setMinHeight(Region.USE_PREF_SIZE);
        HBox specBar = new HBox(8, validate, example);
        specBar.setAlignment(Pos.CENTER_LEFT);
        problems.setId("spec-problems");
        problems.setPrefHeight(90);
        problems.setMinHeight(60);
        problems.setPlaceholder(new Label("No errors"));
        problems.setCellFactory(list -> new ListCell<>() {
            {
                // long errors end in an ellipsis (the tooltip has them whole) instead of widening the list
                setPrefWidth(0);
            }

            @Override
            protected void updateItem(SpecProblem p, boolean empty) {
                super.updateItem(p, empty);
                setText(empty || p == null ? null : p.text());
                setTooltip(empty || p == null ? null : new Tooltip(p.text()));
                if (!getStyleClass().contains(FAILING_VERDICT)) getStyleClass().add(FAILING_VERDICT); // the theme's error colour
            }
        });
        Region spring = new Region();
        HBox.setHgrow(spring, Priority.ALWAYS);
        catalogueHeader.getChildren().setAll(header("Node catalogue"), spring, fold);
        catalogueHeader.setAlignment(Pos.CENTER_LEFT);
        VBox left = new VBox(6, catalogueHeader, catalogue, nodeHelp, header("Strategy graph (JSON)"), spec, specBar, validation, problems);
        compose = left;
        left.setPadding(new Insets(8));
        // the editor at least SPEC_COLUMNS wide: a quarter of a 1000 px window (33 columns) broke each node's line into fragments
        Text specColumns = new Text("0".repeat(SPEC_COLUMNS));
        specColumns.setFont(spec.getFont());
        left.setMinWidth(Math.ceil(specColumns.getLayoutBounds().getWidth()) + EDITOR_CHROME + 16);

        // ---- right: run, runs, verdict, charts ----
        symbols.setId("run-symbols");
        symbols.setPromptText("e.g. IBM, KO, MSFT");
        symbols.setPrefColumnCount(14);
        addSymbol.setId("add-symbol");
        addSymbol.setPromptText("add");
        addSymbol.setPrefWidth(95);
        // a date whole, and the three on one line beside the wider spec editor at 1000x700 (a third line took the equity chart's height)
        for (DatePicker d : new DatePicker[] {from, to, oosStart}) d.setPrefWidth(112);
        from.setId("run-from");
        from.setPromptText("start");
        to.setId("run-to");
        to.setPromptText("end");
        oosStart.setId("run-oos");
        oosStart.setPromptText("last 30%");
        run.setId("run-sweep");
        cancel.setId("cancel-sweep");
        progress.setId("sweep-progress");
        progress.setPrefWidth(110);
        jobMessage.setId("job-message");
        // each label stays with its field; the fields go on a second line when the window is too narrow for one (1000x700)
        javafx.scene.layout.FlowPane universeBar = new javafx.scene.layout.FlowPane(12, 4, labelled("Symbols", symbols, addSymbol),
                labelled("From", from, new Label("to"), to), labelled("out of sample from", oosStart));
        universeBar.setAlignment(Pos.CENTER_LEFT);
        dateProblem.setId("date-problem");
        dateProblem.getStyleClass().add("error-text");
        dateProblem.setWrapText(true);
        dateProblem.setMinHeight(Region.USE_PREF_SIZE);
        dateProblem.managedProperty().bind(dateProblem.textProperty().isNotEmpty());
        session.setId("session-summary");
        error.setId("research-error");
        error.getStyleClass().add(FAILING_VERDICT);
        error.setMinWidth(0);
        HBox.setHgrow(error, Priority.ALWAYS);
        HBox runBar = new HBox(6, run, cancel, progress, jobMessage, session, error);
        HBox.setMargin(session, new Insets(0, 0, 0, 12));
        runBar.setAlignment(Pos.CENTER_LEFT);
        for (Node n : runBar.getChildren()) if (n instanceof Label || n instanceof Button) ((Region) n).setMinWidth(Region.USE_PREF_SIZE);
        error.setMinWidth(0);
        Tooltip fullError = new Tooltip();
        fullError.textProperty().bind(error.textProperty());
        error.setTooltip(fullError);

        runs.setId("runs-table");
        runs.setPlaceholder(new Label("No runs yet: validate a graph and run a sweep"));
        // each column starts at its header's width and widens to its values (TableValues): with the editor folded every
        // column is in view at 1000x700, where fixed widths of 56 px for "0.47" needed 712 px
        runs.getColumns().add(TableExport.exportsAs(whenColumn(), RunInfo::createdAt));
        runs.getColumns().add(nameColumn());
        runs.getColumns().add(column("Symbols", 95, r -> String.join(" ", r.symbols())));
        runs.getColumns().add(TableExport.exportsAs(column("N", 24, r -> String.format(Locale.ROOT, "%,d", r.configurations())), RunInfo::configurations));
        runs.getColumns().add(verdictColumn());
        // the CSV carries the statistics in full precision, not the screen's two decimals
        runs.getColumns().add(TableExport.exportsAs(column("IS", 40, r -> num(r.sharpeInSample())), RunInfo::sharpeInSample));
        runs.getColumns().add(TableExport.exportsAs(column("OOS", 40, r -> num(r.sharpeOutOfSample())), RunInfo::sharpeOutOfSample));
        runs.getColumns().add(TableExport.exportsAs(column("DSR", 40, r -> num(r.dsr())), RunInfo::dsr));
        runs.getColumns().add(TableExport.exportsAs(column("PBO", 40, r -> num(r.pbo())), RunInfo::pbo));
        runs.getColumns().add(TableExport.exportsAs(barsPerYearColumn(), RunInfo::barsPerYear));
        TableExport.install(runs, TableExport.fileName("research runs"));
        Tooltip columns = new Tooltip("N: configurations tried · IS/OOS: Sharpe ratio in and out of sample of the chosen configuration"
                + " · DSR: deflated Sharpe ratio · PBO: probability of backtest overfitting"
                + " · Bars/yr: the bars a year those figures were annualised with (the sentence in its cell's tip)");
        runs.setTooltip(columns);
        TableHeaders.fit(runs, RUNS_FONT_SIZE);
        // whole verdicts and Sharpe ratios, measured in the table's own font ("likely overfit" was cut measured in another);
        // the table scrolls sideways instead
        TableValues.fit(runs, RUNS_CELL_PADDING);
        runs.setStyle("-fx-font-size: " + RUNS_FONT_SIZE + "px;");
        // the name takes what the figures leave: cut to "small sma c…" beside the editor it could not be read
        Columns.takeTheRest(runs, runs.getColumns().get(1));

        verdict.setId("verdict");
        verdict.setFont(Font.font(null, FontWeight.BOLD, 18));
        verdict.setText("No run selected");
        // the bars a year the Sharpe ratios and DSR above and below were annualised with: a 1d run of TASI's week is not one of weekdays
        annualisation.setId("verdict-annualisation");
        annualisation.setWrapText(true);
        annualisation.setMinHeight(Region.USE_PREF_SIZE);
        verdictText.setId("verdict-text");
        verdictText.setWrapText(true);
        reasons.setId("verdict-reasons");
        statistics.setId("verdict-statistics");
        statistics.setHgap(10);
        statistics.setVgap(3);
        // names and values share the panel's width and wrap between words: a value given what the names left broke inside its words
        javafx.scene.layout.ColumnConstraints names = new javafx.scene.layout.ColumnConstraints();
        names.setPercentWidth(50); // "Configurations", the longest name word, whole at the panel's least width (260) less its scroll bar
        javafx.scene.layout.ColumnConstraints values = new javafx.scene.layout.ColumnConstraints();
        values.setPercentWidth(50);
        statistics.getColumnConstraints().setAll(names, values);
        // the figures the verdict rests on in one row under it, in view without scrolling at 1000x700 however long the sentence
        keyFigures.setId("verdict-key-figures");
        // each name and value on one line, its column as wide as it (shares of 40/30/30% broke "Placebo p" and "(N = 6)" beside the editor)
        keyFigures.setHgap(14);
        // then the sentence, the other statistics and the reasons that spell it out
        VBox verdictBox = new VBox(6, verdict, keyFigures, annualisation, verdictText, statistics, reasons);
        verdictBox.setPadding(new Insets(6, 8, 6, 8));
        ScrollPane verdictPane = new ScrollPane(verdictBox);
        verdictPane.setId("verdict-panel");
        verdictPane.setFitToWidth(true);
        verdictPane.setPrefWidth(300);
        verdictPane.setMinWidth(260);

        runsAndVerdict.getItems().setAll(runs, verdictPane);
        SplitPane charts = new SplitPane(equity, scatter);
        charts.setDividerPositions(0.6);
        stack.getItems().setAll(runsAndVerdict, charts);
        stack.setOrientation(Orientation.VERTICAL);
        VBox.setVgrow(stack, Priority.ALWAYS);
        VBox right = new VBox(6, universeBar, dateProblem, runBar, stack);
        right.setPadding(new Insets(8));

        content.getItems().setAll(left, right);
        content.setDividerPositions(0.25);
        SplitPane.setResizableWithParent(left, false);

        // beside the 50-column editor the runs table scrolls sideways at 1000x700: reading runs, fold the editor away
        fold.setId("fold-compose");
        fold.setMinWidth(Region.USE_PREF_SIZE);
        fold.setOnAction(e -> foldCompose(content.getItems().get(0) == compose));
        foldedStrip.setId("compose-folded");
        foldedStrip.setPadding(new Insets(8, 4, 8, 4));
        foldedStrip.setMinWidth(Region.USE_PREF_SIZE);
        foldedStrip.setMaxWidth(Region.USE_PREF_SIZE);
        SplitPane.setResizableWithParent(foldedStrip, false);
        foldCompose(false);
    }

    /** Folds the catalogue and the editor to a strip holding the button that brings them back, or shows them again. */
    private void foldCompose(boolean folded) {
        if (folded) {
            foldedStrip.getChildren().setAll(fold);
            fold.setText("\u00bb");
            fold.setTooltip(new Tooltip("Show the node catalogue and the strategy graph editor"));
            content.getItems().set(0, foldedStrip);
            content.setDividerPositions(0);
            runsAndVerdict.setOrientation(Orientation.HORIZONTAL);
            runsAndVerdict.setDividerPositions(RUNS_SHARE_FOLDED);
            stack.setDividerPositions(RUNS_HEIGHT_FOLDED);
        } else {
            if (fold.getParent() != catalogueHeader) catalogueHeader.getChildren().add(fold);
            fold.setText("\u00ab Fold");
            fold.setTooltip(new Tooltip("Fold the catalogue and the editor away: the runs, the verdict and the charts take the width"));
            if (content.getItems().get(0) != compose) content.getItems().set(0, compose);
            content.setDividerPositions(0.25);
            // beside the editor the runs and the verdict cannot share a row (the runs' columns ask 520 px of the 580 left):
            // the verdict goes under the runs, both the right column's width
            runsAndVerdict.setOrientation(Orientation.VERTICAL);
            runsAndVerdict.setDividerPositions(RUNS_SHARE_UNDER);
            stack.setDividerPositions(RUNS_HEIGHT);
        }
    }

    private void bind() {
        catalogue.setItems(model.catalogue());
        catalogue.getSelectionModel().selectedItemProperty().addListener((obs, old, n) -> {
            if (n != null) nodeHelp.setText(n.name() + " (" + n.category() + "): " + n.description() + "\n" + n.signature());
        });
        spec.textProperty().bindBidirectional(model.specProperty());
        validate.setOnAction(e -> model.validate());
        example.setOnAction(e -> model.resetToExample());
        validation.textProperty().bind(model.validationProperty());
        model.configurationsProperty().addListener((obs, old, now) -> {
            // the theme's colours (workstation.css, dark.css): a fixed dark red was unreadable on the dark theme's ground
            validation.getStyleClass().removeAll(FAILING_VERDICT, PASSING);
            validation.getStyleClass().add(now.longValue() >= 0 ? PASSING : FAILING_VERDICT);
        });
        problems.setItems(model.problems());
        // clicking an error puts the editor on the node it names (after the list has taken the focus)
        problems.setOnMouseClicked(e -> javafx.application.Platform.runLater(() -> goToNode(problems.getSelectionModel().getSelectedItem())));
        problems.setOnKeyPressed(e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER) { // the same without the mouse
                goToNode(problems.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        // Ctrl+Enter in the editor validates
        spec.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && e.isShortcutDown()) {
                model.validate();
                e.consume();
            }
        });

        symbols.textProperty().bindBidirectional(model.symbolsProperty());
        model.availableSymbols().addListener((javafx.collections.ListChangeListener<SymbolInfo>) c ->
                addSymbol.getItems().setAll(model.availableSymbols().stream().map(SymbolInfo::symbol).toList()));
        // the list shows each ticker with its name; the pick is the ticker
        addSymbol.setCellFactory(list -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(String ticker, boolean empty) {
                super.updateItem(ticker, empty);
                SymbolInfo info = empty || ticker == null ? null
                        : model.availableSymbols().stream().filter(i -> i.symbol().equals(ticker)).findFirst().orElse(null);
                setText(empty || ticker == null ? null : info == null ? ticker : SymbolText.listed(info));
            }
        });
        addSymbol.setOnAction(e -> {
            String pick = addSymbol.getValue();
            if (pick == null) return;
            java.util.List<String> now = new java.util.ArrayList<>(ResearchViewModel.parseSymbols(model.symbolsProperty().get()));
            if (!now.contains(pick)) now.add(pick);
            model.symbolsProperty().set(String.join(", ", now));
            javafx.application.Platform.runLater(() -> addSymbol.getSelectionModel().clearSelection());
        });
        from.valueProperty().bindBidirectional(model.fromProperty());
        to.valueProperty().bindBidirectional(model.toProperty());
        oosStart.valueProperty().bindBidirectional(model.oosStartProperty());
        // the sweep runs on the dates shown: typed text is committed first, and a date that cannot be read stops it
        dateProblem.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> java.util.stream.Stream.of(fromField, toField, oosField).map(f -> f.problemProperty().get())
                        .filter(p -> !p.isEmpty()).collect(java.util.stream.Collectors.joining("\n")),
                fromField.problemProperty(), toField.problemProperty(), oosField.problemProperty()));
        run.setOnAction(e -> {
            if (fromField.commit() & toField.commit() & oosField.commit()) model.run();
        });
        run.disableProperty().bind(model.runningProperty().or(dateProblem.textProperty().isNotEmpty()));
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not());
        progress.progressProperty().bind(model.progressProperty());
        progress.visibleProperty().bind(model.runningProperty().or(model.progressProperty().greaterThan(0)));
        jobMessage.textProperty().bind(model.jobMessageProperty());
        session.textProperty().bind(model.sessionSummaryProperty());
        error.textProperty().bind(model.errorProperty());

        runs.setItems(model.runs());
        runs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            RunDetail shown = model.selectedRunProperty().get();
            if (now != null && (shown == null || !shown.info().runId().equals(now.runId()))) model.selectRun(now.runId());
        });
        model.runs().addListener((javafx.collections.ListChangeListener<RunInfo>) c -> reselect());
        model.selectedRunProperty().addListener((obs, old, now) -> reselect());
        model.verdictProperty().addListener((obs, old, now) -> {
            verdict.setText(now == null || now.isBlank() ? "No run selected" : now);
            verdict.getStyleClass().removeAll(VERDICT_STYLES);
            String style = verdictStyle(now);
            if (style != null) verdict.getStyleClass().add(style);
        });
        verdictText.textProperty().bind(model.verdictTextProperty());
        annualisation.textProperty().bind(model.annualisationProperty());
        annualisation.managedProperty().bind(annualisation.textProperty().isNotEmpty());
        model.reasons().addListener((javafx.collections.ListChangeListener<String>) c -> {
            reasons.getChildren().clear();
            for (String r : model.reasons()) {
                Label l = new Label("• " + r);
                l.setWrapText(true);
                reasons.getChildren().add(l);
            }
        });
        model.statistics().addListener((javafx.collections.ListChangeListener<StatisticRow>) c -> showStatistics());
        model.chartsProperty().addListener((obs, old, now) -> showCharts(now));
        // a click on a configuration's dot draws its equity beside the best one
        scatter.setOnPointClicked(model::selectConfigurationAt);
    }

    /** Focuses the editor with the node's id selected (the first place it is quoted). */
    private void goToNode(SpecProblem p) {
        if (p == null || p.node() == null) return;
        int at = spec.getText().indexOf("\"" + p.node() + "\"");
        if (at < 0) return;
        spec.requestFocus();
        spec.selectRange(at, at + p.node().length() + 2);
    }

    private void showStatistics() {
        statistics.getChildren().clear();
        keyFigures.getChildren().clear();
        int row = 0;
        for (StatisticRow s : model.statistics()) {
            Label name = new Label(s.name());
            name.setStyle("-fx-font-weight: bold;");
            name.setWrapText(true);
            name.setMinHeight(Region.USE_PREF_SIZE);
            Label value = new Label(s.value());
            value.setId("stat-" + s.name().toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", "-"));
            value.setWrapText(true);
            value.setMinHeight(Region.USE_PREF_SIZE);
            javafx.scene.layout.GridPane.setValignment(name, javafx.geometry.VPos.TOP);
            javafx.scene.layout.GridPane.setValignment(value, javafx.geometry.VPos.TOP);
            Tooltip meaning = new Tooltip(s.meaning());
            name.setTooltip(meaning);
            value.setTooltip(meaning);
            int key = KEY_FIGURES.indexOf(s.name());
            if (key >= 0) {
                for (Label l : new Label[] {name, value}) {
                    l.setWrapText(false);
                    l.setMinWidth(Region.USE_PREF_SIZE);
                }
                keyFigures.add(name, key, 0); // the name over its value
                keyFigures.add(value, key, 1);
            } else {
                statistics.addRow(row++, name, value);
            }
        }
    }

    private void showCharts(ChartData d) {
        equity.show(d.equity(), d.oosStart());
        scatter.show(d.inSampleSharpe(), d.outOfSampleSharpe(), d.chosenIndex(), d.selectedIndex());
    }

    /** Keeps the shown run highlighted in the table when either changes. */
    private void reselect() {
        RunDetail shown = model.selectedRunProperty().get();
        if (shown == null) return;
        for (RunInfo r : runs.getItems()) {
            if (r.runId().equals(shown.info().runId()) && runs.getSelectionModel().getSelectedItem() != r) {
                runs.getSelectionModel().select(r);
                runs.scrollTo(r);
                return;
            }
        }
    }

    /** The verdict's style class, coloured by the theme (workstation.css, dark.css); null (the text colour) for none. */
    static String verdictStyle(String verdict) {
        if (verdict == null || verdict.isBlank()) return null;
        return switch (verdict) {
            case "significant" -> PASSING;
            case "likely overfit" -> "verdict-overfit";
            case "no timing skill" -> "verdict-no-skill";
            default -> FAILING_VERDICT;                 // the failing verdicts: not significant, ruined
        };
    }


    /** When each run was made: its time for today's runs, its day for older ones (the whole date and time in the cell's tip). */
    private static TableColumn<RunInfo, String> whenColumn() {
        TableColumn<RunInfo, String> c = column("When", 50, r -> r.createdAt() == null ? "" : CREATED.format(r.createdAt()));
        TableValues.shownAs(c, (String when) -> shortWhen(when, today()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String when, boolean empty) {
                super.updateItem(when, empty);
                setText(empty || when == null ? null : shortWhen(when, today()));
                setTooltip(empty || when == null || when.isEmpty() ? null : new Tooltip("Run " + when));
            }
        });
        return c;
    }

    private static String today() {
        return CREATED.format(java.time.Instant.now()).substring(0, 10);
    }

    /** "16:15" for a run made on {@code today} ("2026-12-07"), "12-05" for one made on another day. */
    static String shortWhen(String when, String today) {
        if (when == null || when.length() < 16) return when == null ? "" : when;
        return when.startsWith(today) ? when.substring(11) : when.substring(5, 10);
    }

    /** The run's name in the room the figures leave; one longer than that room is cut and read whole in its cell's tip. */
    private static TableColumn<RunInfo, String> nameColumn() {
        TableColumn<RunInfo, String> c = TableValues.measuredByWords(column("Name", 95, RunInfo::name));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String name, boolean empty) {
                super.updateItem(name, empty);
                setText(empty ? null : name);
                setTooltip(empty || name == null ? null : new Tooltip(name));
            }
        });
        return c;
    }

    /** A verdict in a word or two, its colour and the cell's tip saying it whole: "overfit" for "likely overfit". */
    static String shortVerdict(String verdict) {
        if (verdict == null) return "";
        return switch (verdict) {
            case "likely overfit" -> "overfit";
            case "no timing skill" -> "no skill";
            case "not significant" -> "not sig.";
            default -> verdict;
        };
    }

    /** The runs' verdicts, a ruined run's in the failing colour (the theme's error text), so it stands out in the list. */
    private static TableColumn<RunInfo, String> verdictColumn() {
        TableColumn<RunInfo, String> c = column("Verdict", 60, RunInfo::verdict);
        TableValues.shownAs(c, ResearchPane::shortVerdict);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String verdict, boolean empty) {
                super.updateItem(verdict, empty);
                setText(empty ? null : shortVerdict(verdict));
                setTooltip(empty || verdict == null || verdict.equals(shortVerdict(verdict)) ? null : new Tooltip(verdict));
                getStyleClass().remove(FAILING_VERDICT);
                if (!empty && Verdict.RUINED.equals(verdict)) getStyleClass().add(FAILING_VERDICT);
            }
        });
        return c;
    }

    /** The bars a year each run's figures were annualised with, its whole sentence in the cell's tip. */
    private static TableColumn<RunInfo, String> barsPerYearColumn() {
        TableColumn<RunInfo, String> c = column("Bars/yr", 60, r -> String.format(Locale.ROOT, "%,.0f", r.barsPerYear()));
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(String bars, boolean empty) {
                super.updateItem(bars, empty);
                int at = getIndex();
                RunInfo run = empty || at < 0 || at >= getTableView().getItems().size() ? null : getTableView().getItems().get(at);
                setText(empty ? null : bars);
                setTooltip(run == null ? null : new Tooltip(ResearchViewModel.annualised(run.annualisation())));
            }
        });
        return c;
    }

    /** The statistics a verdict rests on, shown in one row under it (the names of {@link StatisticRow}s). */
    static final java.util.List<String> KEY_FIGURES = java.util.List.of("DSR", "PBO", "Placebo p");

    /** The style class of a failing verdict's cell: the theme's error text colour (workstation.css, dark.css). */
    static final String FAILING_VERDICT = "error-text";
    /** The style class of a graph that validated: the theme's green. */
    static final String PASSING = "ok-text";
    private static final java.util.List<String> VERDICT_STYLES = java.util.List.of(PASSING, "verdict-overfit", "verdict-no-skill", FAILING_VERDICT);

    /** A label and its fields, kept on one line. */
    private static HBox labelled(String label, Node... fields) {
        Label l = new Label(label);
        l.setMinWidth(Region.USE_PREF_SIZE);
        HBox box = new HBox(6, l);
        box.getChildren().addAll(fields);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static Label header(String text) {
        Label l = new Label(text);
        l.setStyle("-fx-font-weight: bold;");
        return l;
    }

    private static TableColumn<RunInfo, String> column(String title, double width, Function<RunInfo, String> value) {
        TableColumn<RunInfo, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    public ListView<CatalogueNode> catalogueList() { return catalogue; }
    public TextArea specEditor() { return spec; }
    public ListView<SpecProblem> problemList() { return problems; }
    public TableView<RunInfo> runsTable() { return runs; }
    public EquityDrawdownChart equityChart() { return equity; }
    public SweepScatterChart scatterChart() { return scatter; }
    public Label verdictLabel() { return verdict; }
}
