package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.sextant.charts.ChartType;
import org.sextant.charts.PriceBars;
import org.sextant.charts.PriceChart;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.PriceForecast;

/**
 * The workstation window: a tab per {@link WorkstationView} above a status bar with what the
 * store holds and the last error. The first tab is the Charts view (the View of
 * {@link ChartsViewModel}): a symbol search field and list on the left, the selected symbol's
 * price chart with its forecast fan in the middle (above it the fan's toggle, the confidence
 * selector and the model with its reward/risk). It holds no state of its own beyond what is on screen.
 */
public final class WorkstationWindow implements Navigator {
    public static final String TITLE = "Sextant";
    private static final double WIDTH = 1200;
    private static final double HEIGHT = 760;
    /** Trading days on screen when a symbol opens (about two years), so the fan is not a sliver. */
    public static final int OPENING_DAYS = 500;
    /** The Charts view's id (the first tab). */
    public static final String CHARTS = "charts";
    /** Trading days either side of a date the chart is sent to (about three months). */
    static final int FOCUS_DAYS = 63;

    private final ChartsViewModel model;
    private final TextField search = new TextField();
    private final ListView<SymbolInfo> symbolList = new ListView<>();
    private final PriceChart chart = new PriceChart();
    /** Indicators on the chart and the comparison of several symbols. */
    private final ChartStudies studies;
    /** Shows or hides the fan drawn: the latest forecast's, or the As of day's while one is picked. */
    private final CheckBox forecastToggle = new CheckBox("Forecast fan");
    private final CheckBox backtestsToggle = new CheckBox("Backtests");
    private final CheckBox logScale = new CheckBox("Log scale");
    private final ChoiceBox<ChartType> chartType = new ChoiceBox<>();
    /** The interval picked: the symbol's stored ones and every coarser one (the finest the chart draws). */
    private final ChoiceBox<String> intervalChoice = new ChoiceBox<>();
    /** Which interval the chart draws now (it follows the zoom). */
    private final Label drawnInterval = new Label();
    private boolean settingInterval;
    private final javafx.scene.control.Button runBacktest = new javafx.scene.control.Button("Run backtest");
    private final ForecastErrorPane errorPane = new ForecastErrorPane();
    private final ChoiceBox<FanLevels> levelChoice = new ChoiceBox<>();
    private final Label forecastSummary = new Label();
    /** The data warning of the closes or bars on screen (get_forecast's data_warning), hidden while there is none. */
    private final Label dataWarning;
    /** The chart's heading: ticker, name, currency, exchange (a name given in the Data view shows here). */
    private final ChartHeading chartHeading = new ChartHeading();
    private final Label summary = new Label();
    private final Label error = new Label();
    private final ProgressIndicator busy = new ProgressIndicator();
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final SplitPane split = new SplitPane();
    private final Map<String, WorkstationView> views = new LinkedHashMap<>();
    private final Map<String, Tab> viewTabs = new LinkedHashMap<>();
    private Consumer<String> onSymbolShown = symbol -> { };
    private String shownSymbol;
    private org.sextant.charts.RangePreset shownRange;
    private String rememberedSymbol;
    private org.sextant.charts.RangePreset pendingRange;
    /** Whether the chart was sent to a forecast as of a past day (its latest one then goes back to the range shown before). */
    private boolean focusedOnPast;

    /** Builds the view on the JavaFX thread. */
    public WorkstationWindow(ChartsViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
        studies = new ChartStudies(model, chart);
        dataWarning = DataWarningLine.of(model.dataWarningProperty(), "chart-data-warning");
        buildLayout();
        bind();
    }

    private void buildLayout() {
        search.setId("symbol-search");
        search.setPromptText("Search symbol or name");
        symbolList.setId("symbol-list");
        symbolList.setCellFactory(list -> new SymbolCell());
        symbolList.setPlaceholder(new Label("No symbol matches"));
        VBox.setVgrow(symbolList, Priority.ALWAYS);
        VBox left = new VBox(6, search, symbolList);
        left.setPadding(new Insets(8));
        left.setMinWidth(200);
        left.setPrefWidth(260);

        forecastToggle.setId("forecast-toggle");
        forecastToggle.setTooltip(new javafx.scene.control.Tooltip("Shows or hides the forecast fan: the latest forecast's, or the As of day's while one is picked"));
        levelChoice.setId("forecast-levels");
        levelChoice.getItems().setAll(FanLevels.values());
        forecastSummary.setId("forecast-summary");
        Label bandsLabel = new Label("Bands");
        backtestsToggle.setId("backtests-toggle");
        runBacktest.setId("run-backtest");
        javafx.scene.layout.FlowPane forecastBar = new javafx.scene.layout.FlowPane(10, 2, forecastToggle, backtestsToggle, bandsLabel, levelChoice,
                GlobalTrainingControls.build(model), forecastSummary);
        forecastBar.setId("forecast-bar");
        // the controls keep their size; which model drew the fan, its reward/risk and coverage are read whole, under them when short of room
        for (Region r : new Region[] {forecastToggle, backtestsToggle, bandsLabel, levelChoice}) r.setMinWidth(Region.USE_PREF_SIZE);
        forecastBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        forecastBar.setPadding(new Insets(6, 8, 2, 8));
        WrappedLine.install(forecastSummary, forecastBar, 16);
        chart.setOpeningDays(OPENING_DAYS);
        VBox.setVgrow(chart, Priority.ALWAYS);
        // one click to a period counted back from the last close, and the log scale; wraps rather
        // than widening the chart side past the symbol list's saved share
        javafx.scene.layout.FlowPane rangeBar = new javafx.scene.layout.FlowPane(4, 4);
        rangeBar.setId("range-bar");
        Label rangeLabel = new Label("Range");
        rangeLabel.setMinWidth(Region.USE_PREF_SIZE);
        rangeBar.getChildren().add(rangeLabel);
        for (org.sextant.charts.RangePreset r : org.sextant.charts.RangePreset.values()) {
            javafx.scene.control.Button b = new javafx.scene.control.Button(r.label());
            b.setId("range-" + r.label().toLowerCase(Locale.ROOT));
            b.setMinWidth(Region.USE_PREF_SIZE);
            b.setOnAction(e -> {
                chart.showRange(r);
                shownRange = r;
            });
            rangeBar.getChildren().add(b);
        }
        // a period typed in From/To: the presets' counterpart for any span of the history
        ChartPeriodFields period = new ChartPeriodFields((a, b) -> {
            boolean shown = chart.showPeriod(a, b);
            if (shown) shownRange = null;
            return shown;
        });
        rangeBar.getChildren().add(period.node());
        logScale.setId("log-scale");
        logScale.setMinWidth(Region.USE_PREF_SIZE);
        logScale.selectedProperty().addListener((obs, old, now) -> chart.setLogScale(now));
        javafx.scene.layout.FlowPane.setMargin(logScale, new Insets(0, 0, 0, 12));
        rangeBar.getChildren().add(logScale);
        // line, candlesticks or OHLC bars; close-only data has only the line
        chartType.setId("chart-type");
        chartType.getItems().setAll(ChartType.values());
        chartType.setMinWidth(Region.USE_PREF_SIZE);
        chartType.valueProperty().bindBidirectional(chart.chartTypeProperty());
        chartType.setTooltip(new javafx.scene.control.Tooltip("Line, candlesticks or OHLC bars (with the volume below); closes-only data is a line"));
        javafx.scene.layout.FlowPane.setMargin(chartType, new Insets(0, 0, 0, 8));
        rangeBar.getChildren().add(chartType);
        rangeBar.getChildren().add(ChartIntervalBar.build(intervalChoice, drawnInterval));
        rangeBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        rangeBar.setPadding(new Insets(2, 8, 2, 8));
        VBox priceStack = new VBox(chart, chart.volumePane(), studies.panes());
        VBox.setVgrow(priceStack, Priority.ALWAYS);
        javafx.scene.layout.FlowPane asOfBar = ChartAsOfBar.build(model.asOf());
        studies.hideWhileComparing(forecastBar, asOfBar, rangeBar, priceStack);
        VBox.setVgrow(studies.compareSlot(), Priority.ALWAYS);
        // the data_warning of what is drawn (live forecast, backtest), one line under the toolbars: the chart keeps its room
        VBox warningSlot = new VBox(dataWarning);
        studies.hideWhileComparing(warningSlot);
        VBox centre = new VBox(chartHeading, forecastBar, asOfBar, rangeBar, warningSlot, studies.toolbar(), studies.editorSlot(), priceStack, studies.compareSlot());
        errorPane.setRunButton(runBacktest);

        split.getItems().setAll(left, centre, errorPane);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.2, 0.74);
        SplitPane.setResizableWithParent(errorPane, false);
        SplitPane.setResizableWithParent(left, false);

        summary.setId("status-summary");
        error.setId("status-error");
        // colours come from the theme's stylesheet (workstation.css, dark.css)
        error.setWrapText(false);
        busy.setId("status-busy");
        busy.setPrefSize(14, 14);
        busy.setMaxSize(14, 14);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox status = new HBox(10, summary, gap, error, busy);
        status.setId("status-bar");
        status.setPadding(new Insets(4, 8, 4, 8));

        tabs.setId("view-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab chartsTab = new Tab("Charts", split);
        chartsTab.setId("tab-" + CHARTS);
        tabs.getTabs().add(chartsTab);
        viewTabs.put(CHARTS, chartsTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            for (String id : views.keySet()) {
                if (viewTabs.get(id) == now) view(id).shown(); // a lazy view is built here, the first time
            }
            claimEnter(now);
        });
        root.setCenter(tabs);
        root.setBottom(status);
    }

    private void bind() {
        search.textProperty().bindBidirectional(model.filterTextProperty());
        symbolList.setItems(model.symbols());
        symbolList.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            // a filter that drops the shown symbol clears the selection; the chart keeps it
            if (now != null && !now.symbol().equals(model.selectedSymbolProperty().get())) {
                model.select(now.symbol());
            }
        });
        model.symbols().addListener((javafx.collections.ListChangeListener<SymbolInfo>) change -> {
            reselect();
            // a chart opened before the list arrived (a pilot command, another view) learns its currency now
            labelPriceAxis(model.seriesProperty().get());
        });
        model.seriesProperty().addListener((obs, old, now) -> show(now));
        intervalChoice.setOnAction(e -> {
            if (!settingInterval) pickInterval(intervalChoice.getValue());
        });
        chart.drawnIntervalProperty().addListener((obs, old, now) -> drawnInterval.setText(ChartIntervalBar.drawnText(now)));
        model.forecastProperty().addListener((obs, old, now) -> showForecast(now));
        model.barForecastProperty().addListener((obs, old, now) -> showBarForecast(now));
        model.backtestProperty().addListener((obs, old, now) -> showBacktest(now));
        model.barBacktestProperty().addListener((obs, old, now) -> showBarBacktest(now));
        backtestsToggle.selectedProperty().bindBidirectional(model.backtestsVisibleProperty());
        chart.backtestsVisibleProperty().bind(model.backtestsVisibleProperty());
        runBacktest.setOnAction(e -> model.runBacktest());
        runBacktest.disableProperty().bind(model.selectedSymbolProperty().isNull().or(model.backtestStatusProperty().isNotEmpty()));
        errorPane.status().textProperty().bind(model.backtestStatusProperty());
        errorPane.stopWaiting().visibleProperty().bind(model.backtestWaitingProperty());
        errorPane.stopWaiting().setOnAction(e -> model.stopBacktestWait());
        forecastToggle.selectedProperty().bindBidirectional(model.forecastVisibleProperty());
        chart.forecastVisibleProperty().bind(model.forecastVisibleProperty());
        levelChoice.valueProperty().bindBidirectional(model.fanLevelsProperty());
        chart.setForecastLevels(model.fanLevelsProperty().get().levels());
        model.fanLevelsProperty().addListener((obs, old, now) -> chart.setForecastLevels(now.levels()));
        // wrapped in a narrow column, a level stays with its value ("95%: 1.98" is never parted at the colon)
        forecastSummary.textProperty().bind(Bindings.createStringBinding(() -> model.forecastSummaryProperty().get().replace(": ", ":\u00a0"),
                model.forecastSummaryProperty()));
        javafx.scene.control.Tooltip fullSummary = new javafx.scene.control.Tooltip();
        fullSummary.textProperty().bind(model.forecastSummaryProperty());
        forecastSummary.setTooltip(fullSummary);
        // the selector applies to the live fan and the backtest overlays alike
        levelChoice.disableProperty().bind(model.forecastVisibleProperty().not().and(model.backtestsVisibleProperty().not()));
        model.summaryProperty().addListener((obs, old, now) -> summary.setText(describe(now)));
        error.textProperty().bind(model.errorProperty());
        busy.visibleProperty().bind(model.loadingProperty());
        summary.setText(describe(model.summaryProperty().get()));
        // the opening reads may have started before this window was built: show what already arrived
        if (model.seriesProperty().get() != null) show(model.seriesProperty().get());
        if (model.forecastProperty().get() != null) showForecast(model.forecastProperty().get());
        if (model.barForecastProperty().get() != null) showBarForecast(model.barForecastProperty().get());
        if (model.backtestProperty().get() != null) showBacktest(model.backtestProperty().get());
        if (model.barBacktestProperty().get() != null) showBarBacktest(model.barBacktestProperty().get());
        reselect();
    }

    /**
     * Opens on a chart rather than an empty plot: the NYSE composite when the store has it (the
     * sample universe's benchmark), else the first symbol. No-op once something is selected.
     */
    public void showOpeningSymbol() {
        if (model.selectedSymbolProperty().get() != null || model.symbols().isEmpty()) return;
        SymbolInfo remembered = rememberedSymbol == null ? null : model.infoOf(rememberedSymbol);
        SymbolInfo pick = remembered != null ? remembered : model.infoOf(openingSymbol(model.symbols()));
        symbolList.getSelectionModel().select(pick);
        symbolList.scrollTo(pick);
    }

    /**
     * The symbol and range the last run left on the chart (layout.json): {@link #showOpeningSymbol}
     * opens that symbol while it is still stored, and its range is set once its closes are drawn.
     */
    public void openOnceListed(String symbol, org.sextant.charts.RangePreset range) {
        rememberedSymbol = symbol;
        pendingRange = range;
    }

    /** The symbol on the chart (null before the first). */
    public String shownSymbol() {
        return shownSymbol;
    }

    /** The range button last pressed for the symbol on the chart; null when the chart shows its opening range. */
    public org.sextant.charts.RangePreset shownRange() {
        return shownRange;
    }

    /** The symbol the window opens on: the NYSE composite when listed, else the first; null for an empty list. */
    public static String openingSymbol(List<SymbolInfo> symbols) {
        if (symbols.isEmpty()) return null;
        return symbols.stream().anyMatch(i -> "NYSE".equals(i.symbol())) ? "NYSE" : symbols.get(0).symbol();
    }

    /** Highlights the symbol on the chart in the list and scrolls to it (once the list is loaded). */
    public void revealSelected() {
        reselect();
        SymbolInfo info = symbolList.getSelectionModel().getSelectedItem();
        if (info != null) symbolList.scrollTo(info);
    }

    /** Keeps the shown symbol highlighted when the list is reloaded or re-filtered. */
    private void reselect() {
        String selected = model.selectedSymbolProperty().get();
        SymbolInfo info = selected == null ? null : model.infoOf(selected);
        if (info != null && symbolList.getSelectionModel().getSelectedItem() != info) {
            symbolList.getSelectionModel().select(info);
        }
    }

    private void show(PriceSeries s) {
        labelPriceAxis(s);
        org.sextant.charts.TimedBars timed = model.timedBarsProperty().get();
        if (s != null && timed != null && timed.symbol().equals(s.symbol())) {
            // by bar index: no room for closed hours; the interval follows the zoom from the one picked
            chart.showBars(timed);
            String picked = model.intervalProperty().get();
            if (picked != null) chart.finestIntervalProperty().set(org.sextant.charts.ChartInterval.of(picked));
            chartType.setDisable(false); // resampled bars have open, high and low even where the stored ones are closes
        } else {
            PriceBars bars = model.chartBars();
            PriceBars shown = s == null ? null : bars != null && bars.symbol().equals(s.symbol()) && bars.size() == s.size() ? bars : ChartInputs.closes(s);
            chart.show(shown);
            chartType.setDisable(shown != null && !shown.hasOhlc());
        }
        showIntervals(s == null ? null : s.symbol());
        String symbol = s == null ? null : s.symbol();
        focusedOnPast = false; // the chart opens on its opening view
        if (symbol != null && !symbol.equals(shownSymbol)) {
            shownSymbol = symbol;
            shownRange = null; // a new symbol opens on its opening range
            if (pendingRange != null && symbol.equals(rememberedSymbol)) {
                chart.showRange(pendingRange);
                shownRange = pendingRange;
            }
            pendingRange = null;
            try {
                onSymbolShown.accept(symbol);
            } catch (RuntimeException e) {
                // the listener (state file writer) must not break the view
                org.slf4j.LoggerFactory.getLogger(WorkstationWindow.class).warn("onSymbolShown failed for {}", symbol, e);
            }
        }
    }

    /** The picker lists the symbol's intervals and shows the one picked. */
    private void showIntervals(String symbol) {
        settingInterval = true;
        try {
            intervalChoice.getItems().setAll(symbol == null ? List.of() : model.intervalsOf(symbol));
            intervalChoice.setValue(model.intervalProperty().get());
        } finally {
            settingInterval = false;
        }
        drawnInterval.setText(ChartIntervalBar.drawnText(chart.drawnIntervalProperty().get()));
    }

    /**
     * A picked interval: on a chart by bar index the finest the chart draws and the one its fan forecasts; the daily chart (with
     * its forecast) and a chart by index swap through a new load of the symbol.
     */
    private void pickInterval(String picked) {
        String symbol = model.selectedSymbolProperty().get();
        if (picked == null || symbol == null) return;
        boolean indexed = chart.drawnBars() != null;
        boolean dailyChart = picked.equals("1d") && model.storedIntervalsOf(symbol).contains("1d");
        if (indexed && !dailyChart) {
            chart.finestIntervalProperty().set(org.sextant.charts.ChartInterval.of(picked));
            model.pickBarInterval(picked); // and its forecast
        } else if (indexed || !picked.equals("1d")) {
            model.select(symbol, picked);
        }
    }

    /** "close (USD)" ("adjusted close (USD)" when those are drawn) and the heading whenever the symbol's row is known, however the chart was opened. */
    private void labelPriceAxis(PriceSeries s) {
        chart.priceAxis().setName(ChartInputs.priceName(s));
        SymbolInfo info = s == null ? null : model.infoOf(s.symbol());
        if (info != null || s == null) chart.priceAxis().setUnit(info == null ? null : info.currency());
        chartHeading.show(s == null ? null : s.symbol(), info);
    }

    /** Draws the fan when it belongs to the series on screen (it always does: the model clears it on a new series). */
    private void showForecast(PriceForecast f) {
        PriceBars s = chart.series();
        if (f == null || (s != null && s.symbol().equals(f.symbol()))) {
            chart.showForecast(ChartInputs.fan(f));
            if (f != null) focusAsOf();
        }
    }

    /**
     * A forecast as of a past day is shown from a quarter before its start to its last step, the closes that followed
     * under it; the latest one again returns to the range shown before.
     */
    private void focusAsOf() {
        if (model.asOf().dayProperty().get() != null) {
            chart.focusOnForecast(FOCUS_DAYS);
            focusedOnPast = true;
        } else if (focusedOnPast) {
            focusedOnPast = false;
            if (shownRange != null) chart.showRange(shownRange);
            else chart.showOpening();
        }
    }

    /** Draws the forecast of bars when it belongs to the bars on screen (the chart hides it while it draws another interval). */
    private void showBarForecast(org.sextant.engine.forecast.BarForecast f) {
        PriceBars s = chart.series();
        if (f == null || (s != null && s.symbol().equals(f.symbol()))) chart.showBarForecast(ChartInputs.barFan(f));
    }

    /** Overlays the stored backtest origins and fills the error table, when they belong to the series on screen. */
    private void showBacktest(org.sextant.engine.forecast.store.StoredForecastBacktest b) {
        PriceBars s = chart.series();
        boolean mine = b != null && s != null && b.forecasts().stream().allMatch(f -> f.symbol().equals(s.symbol()));
        chart.showBacktests(mine ? ChartInputs.fans(b.forecasts()) : null);
        errorPane.show(mine || b == null ? b : null);
    }

    /** Overlays each origin of a bar walk-forward when it belongs to the bars on screen (null removes them). */
    private void showBarBacktest(List<org.sextant.engine.forecast.BarForecast> origins) {
        PriceBars s = chart.series();
        boolean mine = origins != null && s != null && origins.stream().allMatch(f -> f.symbol().equals(s.symbol()));
        chart.showBarBacktests(mine ? ChartInputs.barFans(origins) : null);
    }

    static String describe(DataSummary s) {
        if (s == null) return "Reading the store…";
        if (s.empty()) return "The store is empty: import a CSV or gather prices";
        java.util.List<String> parts = new java.util.ArrayList<>();
        if (s.priceRows() > 0) parts.add(String.format(Locale.ROOT, "%d symbols · %,d daily prices · %s to %s", s.symbols(), s.priceRows(), s.firstDate(), s.lastDate()));
        // a store of intraday bars alone is not empty (the sample's USDCHF has no daily prices)
        if (s.barsOnlySymbols() > 0) parts.add(s.barsOnlySymbols() + (s.priceRows() > 0 ? " more" : s.barsOnlySymbols() == 1 ? " symbol" : " symbols") + " with bars only");
        if (s.barRows() > 0) parts.add(String.format(Locale.ROOT, "%,d non-daily bars", s.barRows()));
        return String.join(" · ", parts);
    }

    /** Called on the JavaFX thread with the ticker each time the chart starts showing another symbol. */
    public void setOnSymbolShown(Consumer<String> listener) {
        this.onSymbolShown = listener == null ? symbol -> { } : listener;
        if (shownSymbol != null) this.onSymbolShown.accept(shownSymbol); // already on screen: the listener learns it too
    }

    /**
     * Adds {@code more} as tabs after the existing ones (ids must be unique). A {@link LazyView}'s
     * tab stays empty until the view is first selected or asked for. Call on the FX thread.
     */
    public void addViews(List<? extends WorkstationView> more) {
        for (WorkstationView v : more) {
            if (viewTabs.containsKey(v.id())) throw new IllegalArgumentException("two views with id " + v.id());
            Tab tab = v instanceof LazyView ? new Tab(v.title()) : new Tab(v.title(), v.root());
            tab.setId("tab-" + v.id());
            views.put(v.id(), v);
            viewTabs.put(v.id(), tab);
            tabs.getTabs().add(tab);
        }
    }

    /**
     * Makes Enter press the default button of the view in {@code tab}. The scene keeps one button per key, the last one
     * whose skin was made winning, and a hidden button ignores it: after a look at Analogues, Enter in Scans did nothing.
     */
    private static void claimEnter(Tab tab) {
        if (tab == null || tab.getContent() == null) return;
        for (javafx.scene.Node n : tab.getContent().lookupAll(".button")) {
            if (n instanceof javafx.scene.control.Button b && b.isDefaultButton() && !b.defaultButtonProperty().isBound()) {
                b.setDefaultButton(false); // its skin registers it again with the scene
                b.setDefaultButton(true);
            }
        }
    }

    @Override
    public boolean showView(String id) {
        Tab tab = id == null ? null : viewTabs.get(id);
        if (tab == null) return false;
        view(id); // built before its tab is selected, so the tab never shows empty
        tabs.getSelectionModel().select(tab);
        return true;
    }

    @Override
    public void openChart(String symbol, LocalDate focus) {
        showView(CHARTS);
        // select first: the list's listener then sees the symbol already chosen and loads nothing twice
        model.select(symbol).thenAccept(s -> {
            if (focus != null && s != null) Platform.runLater(() -> chart.focusOn(focus, FOCUS_DAYS));
        });
        SymbolInfo info = model.infoOf(symbol);
        if (info != null) symbolList.getSelectionModel().select(info);
    }

    @Override
    public void openRun(String runId) {
        if (showView("research")) view("research").open(runId);
    }

    /** The id of the view on screen. */
    public String shownView() {
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        return viewTabs.entrySet().stream().filter(e -> e.getValue() == selected).map(Map.Entry::getKey).findFirst().orElse(CHARTS);
    }

    /**
     * The view with this id, built now if it is a {@link LazyView} not yet built (null for Charts,
     * which is this window itself, or an unknown id). Call on the FX thread.
     */
    public WorkstationView view(String id) {
        WorkstationView v = views.get(id);
        if (!(v instanceof LazyView lazy)) return v;
        if (lazy.builtView() == null) {
            WorkstationView real = lazy.view();
            viewTabs.get(id).setContent(real.root());
            return real;
        }
        return lazy.builtView();
    }

    /** Whether the view with this id has been built (a lazy view is built on first use). */
    public boolean isBuilt(String id) {
        WorkstationView v = views.get(id);
        return CHARTS.equals(id) || (v != null && (!(v instanceof LazyView lazy) || lazy.builtView() != null));
    }

    /** Stops every view's background work (the window is closing). */
    public void closeViews() {
        studies.close();
        for (WorkstationView v : views.values()) {
            try {
                v.close();
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(WorkstationWindow.class).warn("closing view {} failed", v.id(), e);
            }
        }
    }

    /** Puts the view into {@code stage} and shows it. */
    public Stage show(Stage stage) {
        stage.setTitle(TITLE);
        Scene scene = new Scene(root, WIDTH, HEIGHT);
        WorkstationTheme.LIGHT.applyTo(scene);
        stage.setScene(scene);
        stage.show();
        return stage;
    }

    public Parent root() { return root; }
    public TabPane tabs() { return tabs; }
    /** The Charts view's split between the symbol list and the chart (its divider is remembered). */
    public SplitPane chartSplit() { return split; }
    /** Puts {@code top} (the menu bar and the agent notice) above the tabs. */
    public void setTop(javafx.scene.Node top) { root.setTop(top); }
    /** The ids of every tab, Charts first, in tab order. */
    public List<String> viewIds() { return List.copyOf(viewTabs.keySet()); }
    public PriceChart chart() { return chart; }
    public ListView<SymbolInfo> symbolList() { return symbolList; }
    public TextField searchField() { return search; }
    public CheckBox forecastToggle() { return forecastToggle; }
    public CheckBox backtestsToggle() { return backtestsToggle; }
    public ForecastErrorPane errorPane() { return errorPane; }
    public ChoiceBox<FanLevels> levelChoice() { return levelChoice; }
    /** Line, candles or OHLC bars. */
    public ChoiceBox<ChartType> chartTypeChoice() { return chartType; }
    public ChoiceBox<String> intervalChoice() { return intervalChoice; }
    public Label drawnInterval() { return drawnInterval; }
    public ChartsViewModel model() { return model; }
    public ChartHeading chartHeading() { return chartHeading; }
    /** The line under the toolbars with the data warning of what the chart shows. */
    public Label dataWarning() { return dataWarning; }
    /** Indicators on the chart and the comparison. */
    ChartStudies studies() { return studies; }

    /** "IBM  International Business Machines". */
    private static final class SymbolCell extends ListCell<SymbolInfo> {
        SymbolCell() {
            // long names end in an ellipsis instead of widening the list behind a scroll bar
            setPrefWidth(0);
        }

        @Override
        protected void updateItem(SymbolInfo item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
            } else {
                setText(SymbolText.listed(item));
            }
        }
    }
}
