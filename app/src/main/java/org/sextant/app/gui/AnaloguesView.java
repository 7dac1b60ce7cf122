package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.Locale;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.TextFieldTableCell;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.sextant.charts.ForwardReturnHistogram;
import org.sextant.engine.Sextant;
import org.sextant.engine.analogue.AnalogueDate;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.CalibrationReport;
import org.sextant.engine.analogue.ForwardStats;

/**
 * "When markets looked like this before, what happened next": today's signal vector (or an
 * edited one) and the matcher's knobs on the left, the analogues' forward returns as a histogram
 * with the mean and its 95% CI marked, the per-horizon statistics, the analogue dates (double
 * click: the benchmark's chart at that date) and the walk-forward calibration report.
 */
public final class AnaloguesView implements WorkstationView {
    public static final String ID = "analogues";

    /** The dates table's print size, its values measured in it with the cell's padding and border and 2 px to spare. */
    private static final double DATES_FONT_SIZE = 11;
    private static final double DATES_CELL_PADDING = 7;
    /** The dimension table's columns: "drawdown_252" and "-0.01335" whole; the column left of the histogram is no wider. */
    private static final double DIMENSION_NAME_WIDTH = 112;
    private static final double DIMENSION_VALUE_WIDTH = 75;
    private static final double SCROLL_BAR_AND_BORDER = 18;

    private final AnaloguesViewModel model;
    private final BorderPane root = new BorderPane();
    private final TableView<AnaloguesViewModel.Dimension> dimensions = new TableView<>(null);
    private final ForwardReturnHistogram histogram = new ForwardReturnHistogram();
    private final TableView<ForwardStats> stats = new TableView<>(null);
    private final TableView<AnalogueDate> dates = new TableView<>(null);
    private final GridPane calibration = new GridPane();
    private final Label calibrationVerdict = new Label();
    /** The statistics by horizon and the calibration's figures share one place under the histogram, a tab each. */
    private final Tab statsTab = new Tab("By horizon");
    private final Tab calibrationTab = new Tab("Calibration");
    /** The headline, the novelty line and an error, under the toolbar. */
    private final VBox summary = new VBox(2);
    private boolean started;

    public AnaloguesView(Sextant engine, Navigator navigator) {
        this(new AnaloguesViewModel(engine, navigator));
    }

    public AnaloguesView(AnaloguesViewModel model) {
        this.model = model;
        root.setId("analogues-view");
        Node toolbar = toolbar();
        root.setLeft(vectorPane());
        root.setCenter(resultPane());
        // the answer across the whole width, over the knobs too: in the results' column its lines took the histogram's height
        root.setTop(new VBox(toolbar, summary));
        model.responseProperty().addListener((obs, old, now) -> showResponse(now));
        model.calibrationProperty().addListener((obs, old, now) -> showCalibration(now));
        model.calibratingProperty().addListener((obs, old, now) -> {
            if (model.calibrationProperty().get() == null) showCalibration(null);
        });
        showCalibration(null);
    }

    // ---- layout ------------------------------------------------------------------------

    private Node toolbar() {
        Button today = new Button("Today's vector");
        today.setId("analogues-today");
        today.setTooltip(new Tooltip("Load the benchmark's latest signals (drops your edits)"));
        today.setOnAction(e -> model.loadToday());
        Button run = new Button("Compare with history");
        run.setId("analogues-run");
        run.setDefaultButton(true);
        run.setOnAction(e -> model.run());
        ProgressIndicator busy = new ProgressIndicator();
        busy.setPrefSize(18, 18);
        busy.visibleProperty().bind(model.runningProperty().or(model.calibratingProperty()));
        Label vector = new Label();
        vector.setId("analogues-vector");
        vector.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> model.usesTodayProperty().get()
                ? (model.todayProperty().get() == null ? "" : "vector: " + model.benchmarkProperty().get() + " on " + model.todayProperty().get())
                : "vector: edited", model.usesTodayProperty(), model.todayProperty(), model.benchmarkProperty()));
        today.setMinWidth(Region.USE_PREF_SIZE);
        run.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(8, today, run, busy, new Separator(javafx.geometry.Orientation.VERTICAL), vector);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(6, 8, 6, 8));
        return bar;
    }

    /** The matcher's knobs as a small form. */
    private Node knobs() {
        ComboBox<String> mode = new ComboBox<>();
        mode.getItems().setAll(AnaloguesViewModel.MODES);
        mode.setId("analogues-mode");
        mode.valueProperty().bindBidirectional(model.modeProperty());
        ComboBox<Integer> horizon = new ComboBox<>();
        horizon.getItems().setAll(AnaloguesViewModel.HORIZONS);
        horizon.setId("analogues-horizon");
        horizon.valueProperty().bindBidirectional(model.horizonProperty());
        Spinner<Integer> topK = new Spinner<>(1, 500, model.topKProperty().get(), 10);
        topK.setId("analogues-topk");
        topK.setEditable(true);
        topK.setPrefWidth(110);
        topK.valueProperty().addListener((obs, old, now) -> model.topKProperty().set(now));
        Spinner<Double> halfLife = new Spinner<>(0.0, 36500.0, model.halfLifeProperty().get(), 365.0);
        halfLife.setId("analogues-halflife");
        halfLife.setEditable(true);
        halfLife.setPrefWidth(110);
        halfLife.valueProperty().addListener((obs, old, now) -> model.halfLifeProperty().set(now));
        Spinner<Double> backfill = new Spinner<>(0.0, 1.0, model.backfillWeightProperty().get(), 0.1);
        backfill.setId("analogues-backfill");
        backfill.setEditable(true);
        backfill.setPrefWidth(110);
        backfill.valueProperty().addListener((obs, old, now) -> model.backfillWeightProperty().set(now));
        mode.setPrefWidth(110);
        horizon.setPrefWidth(110);
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(4);
        String[] labels = {"mode", "horizon (days)", "top k", "half-life (days)", "backfill weight"};
        Node[] controls = {mode, horizon, topK, halfLife, backfill};
        for (int i = 0; i < labels.length; i++) {
            form.add(new Label(labels[i]), 0, i);
            form.add(controls[i], 1, i);
        }
        return form;
    }

    private Node vectorPane() {
        dimensions.setId("analogues-dimensions");
        dimensions.setItems(model.dimensions());
        dimensions.setEditable(true);
        dimensions.setPlaceholder(new Label("Load today's vector"));
        TableColumn<AnaloguesViewModel.Dimension, String> name = new TableColumn<>("dimension");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        name.setEditable(false);
        name.setPrefWidth(DIMENSION_NAME_WIDTH);
        TableColumn<AnaloguesViewModel.Dimension, Double> value = new TableColumn<>("value");
        value.setCellValueFactory(c -> c.getValue().valueProperty());
        value.setCellFactory(TextFieldTableCell.forTableColumn(new BlankableDouble()));
        value.setOnEditCommit(e -> {
            Double v = e.getNewValue();
            if (v != null && v.isNaN()) {
                dimensions.refresh(); // not a number: keep the old value
                return;
            }
            e.getRowValue().valueProperty().set(v);
        });
        value.setPrefWidth(DIMENSION_VALUE_WIDTH);
        TableHeaders.fit(dimensions);
        dimensions.getColumns().setAll(java.util.List.of(name, value));
        // as wide as its columns: a table's own preferred width (0.6 of its height) widened the column by 140 px
        dimensions.setPrefWidth(DIMENSION_NAME_WIDTH + DIMENSION_VALUE_WIDTH + SCROLL_BAR_AND_BORDER);
        dimensions.setRowFactory(t -> {
            TableRow<AnaloguesViewModel.Dimension> row = new TableRow<>();
            row.itemProperty().addListener((obs, old, d) -> row.setTooltip(d == null ? null : new Tooltip(d.description() + " (" + d.origin() + ")")));
            return row;
        });
        Label hint = new Label("Double-click a value to edit it; empty leaves the dimension out.");
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE); // wrapped whole, not cut to "…" when the column is short of height
        hint.setPrefWidth(0); // wraps to the column's width: on one line it widened the column to 360 px
        hint.setMaxWidth(Double.MAX_VALUE);
        hint.getStyleClass().add("hint"); // the theme's hint colour (workstation.css, dark.css), never a fixed grey
        hint.setStyle("-fx-font-size: 11px;");
        // the calibration is under the dates: here it crushed the dimensions to three rows and widened the column by the histogram's width
        VBox box = new VBox(6, knobs(), dimensions, hint);
        VBox.setVgrow(dimensions, Priority.ALWAYS);
        box.setPadding(new Insets(4, 6, 4, 8));
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    private Node resultPane() {
        Label headline = new Label();
        headline.setId("analogues-headline");
        headline.setWrapText(true);
        headline.setMinHeight(Region.USE_PREF_SIZE);
        headline.setStyle("-fx-font-size: 13px; -fx-font-weight: bold;");
        headline.textProperty().bind(model.headlineProperty());
        Label error = new Label();
        error.setId("analogues-error");
        error.setWrapText(true);
        error.getStyleClass().add("error-text");
        error.textProperty().bind(model.errorProperty());
        error.visibleProperty().bind(model.errorProperty().isNotNull());
        error.managedProperty().bind(error.visibleProperty());
        Label novelty = new Label();
        novelty.setId("analogues-novelty");
        novelty.setWrapText(true);
        novelty.setMinHeight(Region.USE_PREF_SIZE);
        novelty.textProperty().bind(model.noveltyProperty());
        // the themes' own colours (workstation.css, dark.css): a fixed dark red or grey is unreadable on the dark theme
        Runnable tone = () -> {
            novelty.getStyleClass().removeAll("hint", "error-text");
            novelty.getStyleClass().add(model.novelProperty().get() ? "error-text" : "hint");
        };
        tone.run();
        model.novelProperty().addListener((o, was, now) -> tone.run());
        novelty.styleProperty().bind(javafx.beans.binding.Bindings.when(model.novelProperty()).then("-fx-font-weight: bold;").otherwise(""));
        novelty.visibleProperty().bind(model.noveltyProperty().isNotEmpty());
        novelty.managedProperty().bind(novelty.visibleProperty());
        histogram.setMinHeight(220);
        stats.setId("analogues-stats");
        stats.setItems(model.horizonStats());
        stats.setPrefHeight(104);
        stats.setMinHeight(104);
        stats.setStyle("-fx-font-size: 11px;");
        stats.setPlaceholder(new Label("Press Compare with history to see the forward returns at each horizon"));
        TableHeaders.fit(stats);
        stats.getColumns().setAll(java.util.List.of(
                column("h", s -> s.horizonDays() + "d", 30),
                column("n", s -> String.valueOf(s.count()), 34),
                column("eff. n", s -> num(s.effectiveCount(), "%.1f"), 40),
                column("mean", s -> stat(s.mean()), 48),
                column("median", s -> stat(s.median()), 48),
                column("stdev", s -> stat(s.stdev()), 48),
                column("pos.", s -> s.positivePct() == null ? "" : String.format(Locale.ROOT, "%.0f%%", s.positivePct()), 36),
                column("p5", s -> stat(s.p5()), 48),
                column("p25", s -> stat(s.p25()), 48),
                column("p75", s -> stat(s.p75()), 48),
                column("p95", s -> stat(s.p95()), 48),
                column("95% CI of mean", s -> s.ci95() == null || s.ci95().low() == null ? ""
                        : stat(s.ci95().low()) + ".." + stat(s.ci95().high()), 104)));
        TableValues.fit(stats); // whole statistics; the table scrolls sideways instead
        // every note in view, wrapped at its spaces: a two-row box hid the third note behind a scroll bar at 1000x700
        Label notes = new Label();
        notes.setId("analogues-notes");
        notes.setWrapText(true);
        notes.setMinHeight(Region.USE_PREF_SIZE);
        notes.setStyle("-fx-font-size: 11px;");
        notes.textProperty().bind(model.notesProperty());
        notes.visibleProperty().bind(model.notesProperty().isNotEmpty());
        notes.managedProperty().bind(notes.visibleProperty());
        SplitPane chartAndDates = new SplitPane(histogram, datesPane(notes));
        chartAndDates.setDividerPositions(0.5);
        summary.getChildren().setAll(headline, novelty, error);
        summary.setPadding(new Insets(0, 8, 4, 8));
        VBox box = new VBox(6, chartAndDates, figuresTabs());
        VBox.setVgrow(chartAndDates, Priority.ALWAYS);
        box.setPadding(new Insets(4, 8, 6, 4));
        return box;
    }

    /**
     * The statistics by horizon and the calibration's figures as two tabs of one pane under the histogram: stacked, they and
     * the notes left the histogram 305 px at 1000x700 and the dates three rows. The calibration's verdict stays in view beside
     * the dates, the tab holds its figures.
     */
    private Node figuresTabs() {
        statsTab.setId("analogues-stats-tab");
        statsTab.setContent(stats);
        statsTab.setTooltip(new Tooltip("The analogues' forward returns at each horizon"));
        calibrationTab.setId("analogues-calibration-tab");
        calibrationTab.setContent(calibrationPane());
        calibrationTab.setTooltip(new Tooltip("How the matcher with these knobs did out of sample, walking through history"));
        TabPane tabs = new TabPane(statsTab, calibrationTab);
        tabs.setId("analogues-figures");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setMinHeight(Region.USE_PREF_SIZE);
        return tabs;
    }

    private Node datesPane(Label notes) {
        dates.setId("analogues-dates");
        dates.setItems(model.analogueDates());
        dates.setPlaceholder(new Label("Run a comparison"));
        // headers and values measured in the table's small print: measured in the window's font the columns took the
        // histogram's width; each column is as wide as its header or its widest value, whichever is wider
        TableHeaders.fit(dates, DATES_FONT_SIZE);
        dates.getColumns().setAll(java.util.List.of(
                dateColumn(),
                // the CSV carries full precision; forward returns as fractions
                TableExport.exportsAs(this.<AnalogueDate>column("distance", a -> num(a.distance(), "%.3f"), 40), AnalogueDate::distance),
                TableExport.exportsAs(this.<AnalogueDate>column("weight", a -> String.format(Locale.ROOT, a.weight() >= 0.01 ? "%.2f" : "%.0e", a.weight()), 40),
                        AnalogueDate::weight),
                TableExport.exportsAs(this.<AnalogueDate>column("1d", a -> pct(a.forward1d()), 40), AnalogueDate::forward1d),
                TableExport.exportsAs(this.<AnalogueDate>column("3d", a -> pct(a.forward3d()), 40), AnalogueDate::forward3d),
                TableExport.exportsAs(this.<AnalogueDate>column("5d", a -> pct(a.forward5d()), 40), AnalogueDate::forward5d),
                this.<AnalogueDate>column("regime", a -> a.regime() == null ? "" : a.regime(), 40)));
        TableValues.fit(dates, DATES_CELL_PADDING);
        TableExport.install(dates, TableExport.fileName("analogues"));
        dates.setStyle("-fx-font-size: " + DATES_FONT_SIZE + "px;");
        dates.setRowFactory(t -> {
            TableRow<AnalogueDate> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) model.openAnalogue(row.getItem());
            });
            return row;
        });
        Label hint = new Label("Double-click a date to see it on the chart.");
        hint.getStyleClass().add("hint"); // the theme's hint colour (workstation.css, dark.css), never a fixed grey
        hint.setStyle("-fx-font-size: 11px;");
        // under the dates what qualifies them, in view: the calibration's verdict and the notes (a dimension left out, a small sample)
        VBox box = new VBox(4, dates, hint, calibrationVerdict, notes);
        VBox.setVgrow(dates, Priority.ALWAYS);
        // every column up to the regime in view: the split gives the histogram what the dates leave
        box.minWidthProperty().bind(Columns.wholeWidth(dates));
        return box;
    }

    private Node calibrationPane() {
        calibration.setId("analogues-calibration");
        calibration.setHgap(10);
        calibration.setVgap(2);
        calibrationVerdict.setId("analogues-calibration-verdict");
        calibrationVerdict.setWrapText(true);
        calibrationVerdict.setMinHeight(Region.USE_PREF_SIZE); // the verdict's every line, never cut to "…"
        calibrationVerdict.setStyle("-fx-font-size: 11px;");
        calibrationVerdict.visibleProperty().bind(calibrationVerdict.textProperty().isNotEmpty());
        calibrationVerdict.managedProperty().bind(calibrationVerdict.visibleProperty());
        VBox cal = new VBox(4, calibration);
        cal.setPadding(new Insets(4, 6, 4, 6));
        cal.setStyle("-fx-font-size: 11px;");
        return cal;
    }

    private TableColumn<AnalogueDate, LocalDate> dateColumn() {
        TableColumn<AnalogueDate, LocalDate> c = new TableColumn<>("date");
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(d.getValue().date()));
        c.setPrefWidth(60); // widened to the dates (TableValues)
        return c;
    }

    private <T> TableColumn<T, String> column(String title, Function<T, String> text, double width) {
        TableColumn<T, String> c = Columns.text(title, width, text);
        c.setSortable(false);
        return c;
    }

    // ---- results -----------------------------------------------------------------------

    private void showResponse(AnalogueResponse r) {
        if (r == null) {
            histogram.show(new double[0], ForwardReturnHistogram.Marks.NONE, "no analogues yet");
            return;
        }
        int h = r.horizon() == null ? 5 : r.horizon();
        ForwardStats s = r.forward(h);
        Double base = r.headline() == null ? null : r.headline().baseRateMean();
        ForwardReturnHistogram.Marks marks = new ForwardReturnHistogram.Marks(nan(s.mean()),
                s.ci95() == null ? Double.NaN : nan(s.ci95().low()), s.ci95() == null ? Double.NaN : nan(s.ci95().high()), nan(base));
        histogram.show(model.forwardReturns(), marks, String.format(Locale.ROOT, "%s %d-day forward returns\nof %d analogues",
                r.benchmark(), h, r.sampleSize()));
    }

    private void showCalibration(CalibrationReport c) {
        calibration.getChildren().clear();
        if (c == null) {
            calibration.add(new Label(model.calibratingProperty().get() ? "computing…" : "runs with the first comparison"), 0, 0);
            calibrationVerdict.setText("");
            calibrationTab.setText("Calibration");
            return;
        }
        String[][] rows = {
                {"steps", c.evaluations() + ", every " + c.stepDays() + " days"},
                {"as of", c.firstAsOf() + " .. " + c.lastAsOf()},
                {"inside p5–p95", String.format(Locale.ROOT, "%.1f%% (nominal %.0f%%)", c.bandCoveragePct(), c.bandNominalPct())},
                {"inside p25–p75", String.format(Locale.ROOT, "%.1f%% (nominal %.0f%%)", c.iqrCoveragePct(), c.iqrNominalPct())},
                {"MAE analogue", String.format(Locale.ROOT, "%.3f%%", 100 * c.maeAnalogue())},
                {"MAE base rate", String.format(Locale.ROOT, "%.3f%%", 100 * c.maeBaseRate())},
                {"sign right", String.format(Locale.ROOT, "%.1f%% vs base rate %.1f%%", c.signHitPctAnalogue(), c.signHitPctBaseRate())},
                {"corr(mean, real.)", Double.isNaN(c.correlationAnalogueRealised()) ? "n/a" : String.format(Locale.ROOT, "%.3f", c.correlationAnalogueRealised())}};
        // two figures a line under the dates: four lines leave the dates table its rows
        for (int i = 0; i < rows.length; i++) {
            Label k = new Label(rows[i][0]);
            k.setMinWidth(Region.USE_PREF_SIZE);
            k.getStyleClass().add("hint");
            Label v = new Label(rows[i][1]);
            v.setId("calibration-" + i);
            v.setWrapText(true); // a value wraps at its spaces when the dates pane is narrow, never cut to "…"
            v.setMinHeight(Region.USE_PREF_SIZE);
            calibration.add(k, 2 * (i % 2), i / 2);
            calibration.add(v, 2 * (i % 2) + 1, i / 2);
        }
        String knobs = String.format(Locale.ROOT, "%dd · %s · top %d", c.horizonDays(), c.mode(), c.topK());
        calibrationTab.setText("Calibration: " + knobs);
        calibrationVerdict.setText("Calibration: " + AnaloguesViewModel.calibrationVerdict(c));
    }

    private static double nan(Double v) {
        return v == null ? Double.NaN : v;
    }

    static String pct(Double v) {
        return v == null || v.isNaN() ? "" : String.format(Locale.ROOT, "%+.2f%%", 100 * v);
    }

    /** Percent without a plus sign: the narrow columns of the statistics table. */
    static String stat(Double v) {
        return v == null || v.isNaN() ? "" : String.format(Locale.ROOT, "%.2f%%", 100 * v);
    }

    private static String num(Double v, String format) {
        return v == null || v.isNaN() ? "" : String.format(Locale.ROOT, format, v);
    }

    /** Blank is "no value"; text that is not a number becomes NaN, which the edit handler refuses. */
    private static final class BlankableDouble extends StringConverter<Double> {
        @Override
        public String toString(Double v) {
            return v == null ? "" : new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
        }

        @Override
        public Double fromString(String s) {
            if (s == null || s.isBlank()) return null;
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
    }

    // ---- WorkstationView ---------------------------------------------------------------

    @Override
    public String id() { return ID; }

    @Override
    public String title() { return "Analogues"; }

    @Override
    public Node root() { return root; }

    /** The first time the tab is shown: today's vector, then its comparison. */
    @Override
    public void shown() {
        if (started) return;
        started = true;
        model.loadToday().thenRun(model::run); // completes on the FX thread
    }

    @Override
    public void close() {
        model.close();
    }

    public AnaloguesViewModel model() { return model; }
    public ForwardReturnHistogram histogram() { return histogram; }
    public TableView<AnalogueDate> datesTable() { return dates; }
}
