package org.sextant.app.gui;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.application.Platform;
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
    private final CheckBox forecastToggle = new CheckBox("Forecast");
    private final ChoiceBox<FanLevels> levelChoice = new ChoiceBox<>();
    private final Label forecastSummary = new Label();
    private final Label summary = new Label();
    private final Label error = new Label();
    private final ProgressIndicator busy = new ProgressIndicator();
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final Map<String, WorkstationView> views = new LinkedHashMap<>();
    private final Map<String, Tab> viewTabs = new LinkedHashMap<>();
    private Consumer<String> onSymbolShown = symbol -> { };
    private String shownSymbol;

    /** Builds the view on the JavaFX thread. */
    public WorkstationWindow(ChartsViewModel model) {
        this.model = Objects.requireNonNull(model, "model");
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
        levelChoice.setId("forecast-levels");
        levelChoice.getItems().setAll(FanLevels.values());
        forecastSummary.setId("forecast-summary");
        Label bandsLabel = new Label("Bands");
        HBox forecastBar = new HBox(10, forecastToggle, bandsLabel, levelChoice, forecastSummary);
        forecastBar.setId("forecast-bar");
        // the controls keep their size; only the reward/risk text ends in an ellipsis when short of room
        for (Region r : new Region[] {forecastToggle, bandsLabel, levelChoice}) r.setMinWidth(Region.USE_PREF_SIZE);
        forecastSummary.setMinWidth(0);
        HBox.setHgrow(forecastSummary, Priority.ALWAYS);
        forecastBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        forecastBar.setPadding(new Insets(6, 8, 2, 8));
        chart.setOpeningDays(OPENING_DAYS);
        VBox.setVgrow(chart, Priority.ALWAYS);
        VBox centre = new VBox(forecastBar, chart);

        SplitPane split = new SplitPane(left, centre);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.22);
        SplitPane.setResizableWithParent(left, false);

        summary.setId("status-summary");
        error.setId("status-error");
        error.setStyle("-fx-text-fill: #b00020;");
        error.setWrapText(false);
        busy.setId("status-busy");
        busy.setPrefSize(14, 14);
        busy.setMaxSize(14, 14);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox status = new HBox(10, summary, gap, error, busy);
        status.setId("status-bar");
        status.setPadding(new Insets(4, 8, 4, 8));
        status.setStyle("-fx-border-color: #d0d0d0; -fx-border-width: 1 0 0 0; -fx-background-color: #f4f4f4;");

        tabs.setId("view-tabs");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        Tab chartsTab = new Tab("Charts", split);
        chartsTab.setId("tab-" + CHARTS);
        tabs.getTabs().add(chartsTab);
        viewTabs.put(CHARTS, chartsTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            for (WorkstationView v : views.values()) {
                if (viewTabs.get(v.id()) == now) v.shown();
            }
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
        model.symbols().addListener((javafx.collections.ListChangeListener<SymbolInfo>) change -> reselect());
        model.seriesProperty().addListener((obs, old, now) -> show(now));
        model.forecastProperty().addListener((obs, old, now) -> showForecast(now));
        forecastToggle.selectedProperty().bindBidirectional(model.forecastVisibleProperty());
        chart.forecastVisibleProperty().bind(model.forecastVisibleProperty());
        levelChoice.valueProperty().bindBidirectional(model.fanLevelsProperty());
        chart.setForecastLevels(model.fanLevelsProperty().get().levels());
        model.fanLevelsProperty().addListener((obs, old, now) -> chart.setForecastLevels(now.levels()));
        forecastSummary.textProperty().bind(model.forecastSummaryProperty());
        javafx.scene.control.Tooltip fullSummary = new javafx.scene.control.Tooltip();
        fullSummary.textProperty().bind(model.forecastSummaryProperty());
        forecastSummary.setTooltip(fullSummary);
        levelChoice.disableProperty().bind(model.forecastVisibleProperty().not());
        model.summaryProperty().addListener((obs, old, now) -> summary.setText(describe(now)));
        error.textProperty().bind(model.errorProperty());
        busy.visibleProperty().bind(model.loadingProperty());
        summary.setText(describe(model.summaryProperty().get()));
    }

    /**
     * Opens on a chart rather than an empty plot: the NYSE composite when the store has it (the
     * sample universe's benchmark), else the first symbol. No-op once something is selected.
     */
    public void showOpeningSymbol() {
        if (model.selectedSymbolProperty().get() != null || model.symbols().isEmpty()) return;
        SymbolInfo pick = model.symbols().stream().filter(i -> "NYSE".equals(i.symbol())).findFirst()
                .orElse(model.symbols().get(0));
        symbolList.getSelectionModel().select(pick);
        symbolList.scrollTo(pick);
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
        SymbolInfo info = s == null ? null : model.infoOf(s.symbol());
        chart.priceAxis().setUnit(info == null ? null : info.currency());
        chart.show(s);
        String symbol = s == null ? null : s.symbol();
        if (symbol != null && !symbol.equals(shownSymbol)) {
            shownSymbol = symbol;
            try {
                onSymbolShown.accept(symbol);
            } catch (RuntimeException e) {
                // the listener (state file writer) must not break the view
                org.slf4j.LoggerFactory.getLogger(WorkstationWindow.class).warn("onSymbolShown failed for {}", symbol, e);
            }
        }
    }

    /** Draws the fan when it belongs to the series on screen (it always does: the model clears it on a new series). */
    private void showForecast(PriceForecast f) {
        PriceSeries s = chart.series();
        if (f == null || (s != null && s.symbol().equals(f.symbol()))) {
            chart.showForecast(f);
        }
    }

    static String describe(DataSummary s) {
        if (s == null) return "Reading the store…";
        if (s.priceRows() == 0) return "The store is empty: import a CSV or gather prices";
        return String.format(Locale.ROOT, "%d symbols · %,d daily prices · %s to %s",
                s.symbols(), s.priceRows(), s.firstDate(), s.lastDate());
    }

    /** Called on the JavaFX thread with the ticker each time the chart starts showing another symbol. */
    public void setOnSymbolShown(Consumer<String> listener) {
        this.onSymbolShown = listener == null ? symbol -> { } : listener;
    }

    /** Adds {@code more} as tabs after the existing ones (ids must be unique). Call on the FX thread. */
    public void addViews(List<WorkstationView> more) {
        for (WorkstationView v : more) {
            if (viewTabs.containsKey(v.id())) throw new IllegalArgumentException("two views with id " + v.id());
            Tab tab = new Tab(v.title(), v.root());
            tab.setId("tab-" + v.id());
            views.put(v.id(), v);
            viewTabs.put(v.id(), tab);
            tabs.getTabs().add(tab);
        }
    }

    @Override
    public boolean showView(String id) {
        Tab tab = id == null ? null : viewTabs.get(id);
        if (tab == null) return false;
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
        if (showView("research")) views.get("research").open(runId);
    }

    /** The id of the view on screen. */
    public String shownView() {
        Tab selected = tabs.getSelectionModel().getSelectedItem();
        return viewTabs.entrySet().stream().filter(e -> e.getValue() == selected).map(Map.Entry::getKey).findFirst().orElse(CHARTS);
    }

    /** The view with this id (null for Charts, which is this window itself, or an unknown id). */
    public WorkstationView view(String id) { return views.get(id); }

    /** Stops every view's background work (the window is closing). */
    public void closeViews() {
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
        stage.setScene(new Scene(root, WIDTH, HEIGHT));
        stage.show();
        return stage;
    }

    public Parent root() { return root; }
    public TabPane tabs() { return tabs; }
    public PriceChart chart() { return chart; }
    public ListView<SymbolInfo> symbolList() { return symbolList; }
    public TextField searchField() { return search; }
    public CheckBox forecastToggle() { return forecastToggle; }
    public ChoiceBox<FanLevels> levelChoice() { return levelChoice; }
    public ChartsViewModel model() { return model; }

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
                setText(item.name() == null || item.name().isBlank() ? item.symbol() : item.symbol() + "  " + item.name());
            }
        }
    }
}
