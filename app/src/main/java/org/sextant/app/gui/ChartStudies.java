package org.sextant.app.gui;

import javafx.beans.property.BooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.sextant.charts.ChartIndicators;
import org.sextant.charts.PriceChart;

/**
 * What the Charts view adds around its price chart: indicators (the toolbar's and the right-click
 * menu's "Add indicator…", a button per indicator shown to edit it and one to remove it, the
 * panes under the chart) and the comparison of several symbols, which takes the price chart's
 * place while the Compare toggle is on. The editor and the comparison are built on first use: the
 * window's first chart does not wait for their controls' CSS (docs/benchmarks.md "App start to
 * first chart").
 */
final class ChartStudies implements AutoCloseable {
    private final PriceChart chart;
    private final ChartIndicatorsViewModel indicators = new ChartIndicatorsViewModel();
    private final ChartIndicators drawn;
    private IndicatorEditor editor;
    private final CompareViewModel compare;
    private final ChartsViewModel charts;
    private CompareView compareView;
    /** Where the editor and the comparison go once built. */
    private final VBox editorSlot = new VBox();
    private final VBox compareSlot = new VBox();
    private final FlowPane toolbar = new FlowPane(4, 4);
    private final HBox shownIndicators = new HBox(4);
    private final Button addIndicator = new Button("Add indicator…");
    private final ToggleButton compareToggle = new ToggleButton("Compare");

    ChartStudies(ChartsViewModel charts, PriceChart chart) {
        this.chart = chart;
        this.charts = charts;
        drawn = new ChartIndicators(chart);
        compare = new CompareViewModel(charts.engine());

        addIndicator.setId("add-indicator");
        addIndicator.setTooltip(new Tooltip("An indicator of the strategy node catalogue over the prices or in a pane below (also in the chart's right-click menu)"));
        addIndicator.setOnAction(e -> editor().openToAdd(null));
        chart.setOnAddIndicator(() -> editor().openToAdd(null));
        compareToggle.setId("compare-toggle");
        compareToggle.setTooltip(new Tooltip("Several symbols on one chart, rebased to 100 at a date"));
        for (Region r : new Region[] {addIndicator, compareToggle}) r.setMinWidth(Region.USE_PREF_SIZE);
        shownIndicators.setId("shown-indicators");
        shownIndicators.setAlignment(Pos.CENTER_LEFT);
        toolbar.getChildren().setAll(compareToggle, addIndicator, shownIndicators);
        toolbar.setId("chart-toolbar");
        toolbar.setAlignment(Pos.CENTER_LEFT);
        toolbar.setPadding(new Insets(2, 8, 2, 8));

        chart.seriesProperty().addListener((obs, old, now) -> indicators.showBars(now));
        indicators.showBars(chart.series());
        indicators.drawn().addListener((ListChangeListener<Object>) c -> drawn.show(indicators.drawn()));
        indicators.shown().addListener((ListChangeListener<Object>) c -> listShown());
        // indicators belong to the price chart: hidden with it while comparing
        addIndicator.disableProperty().bind(compareToggle.selectedProperty());
        shownIndicators.visibleProperty().bind(compareToggle.selectedProperty().not());
        compareSlot.setId("compare-slot");
        compareSlot.visibleProperty().bind(compareToggle.selectedProperty());
        compareSlot.managedProperty().bind(compareSlot.visibleProperty());
        compareToggle.selectedProperty().addListener((obs, was, is) -> {
            if (is && editor != null) editor.close();
            if (is) compareView();
            if (is && compare.symbols().isEmpty() && chart.series() != null) compare.add(chart.series().symbol());
        });
    }

    /** The indicator editor, built the first time it is asked for. */
    IndicatorEditor editor() {
        if (editor == null) {
            editor = new IndicatorEditor(indicators);
            editor.visibleProperty().addListener((obs, was, is) -> {
                if (is && compareToggle.isSelected()) editor.close();
            });
            editorSlot.getChildren().add(editor);
        }
        return editor;
    }

    /** The comparison, built the first time Compare is on (or it is asked for). */
    CompareView compareView() {
        if (compareView == null) {
            compareView = new CompareView(compare, charts.symbols());
            VBox.setVgrow(compareView, Priority.ALWAYS);
            compareSlot.getChildren().add(compareView);
        }
        return compareView;
    }

    /** A button per indicator shown ("RSI(14)": edit it) with its remove button. */
    private void listShown() {
        shownIndicators.getChildren().clear();
        for (int i = 0; i < indicators.shown().size(); i++) {
            int index = i;
            Button edit = new Button(indicators.shown().get(i).label());
            edit.setId("indicator-edit-" + i);
            edit.setTooltip(new Tooltip("Change " + edit.getText() + "'s parameters"));
            edit.setOnAction(e -> editor().openToEdit(index));
            Button remove = new Button("×");
            remove.setId("indicator-remove-" + i);
            remove.setTooltip(new Tooltip("Remove " + edit.getText()));
            remove.setOnAction(e -> indicators.remove(index));
            for (Region r : new Region[] {edit, remove}) r.setMinWidth(Region.USE_PREF_SIZE);
            shownIndicators.getChildren().addAll(edit, remove);
        }
    }

    /** Hides {@code nodes} (the price chart and its controls) while the comparison is on screen. */
    void hideWhileComparing(Node... nodes) {
        for (Node n : nodes) {
            n.visibleProperty().bind(compareToggle.selectedProperty().not());
            n.managedProperty().bind(n.visibleProperty());
        }
    }

    Node toolbar() { return toolbar; }
    /** Above the chart: the indicator editor once opened. */
    Node editorSlot() { return editorSlot; }
    /** In the price chart's place while comparing: the comparison. */
    VBox compareSlot() { return compareSlot; }
    VBox panes() { return drawn.panes(); }
    ChartIndicators chartIndicators() { return drawn; }
    ChartIndicatorsViewModel indicators() { return indicators; }
    CompareViewModel compare() { return compare; }
    BooleanProperty comparing() { return compareToggle.selectedProperty(); }

    @Override
    public void close() {
        compare.close();
    }
}
