package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * Several symbols on one chart, each rebased to 100 at the same base date (marked), with a legend
 * naming each symbol in its colour with its last rebased value and a button to remove it. The
 * crosshair reads every symbol's value at its bar nearest the pointer; a double click on the plot
 * asks for the nearest day as the new base ({@link #setOnPickBase}).
 */
public final class CompareChart extends VBox {
    /** Colours of the symbols in order; the first is the price chart's blue. */
    public static final List<String> COLORS = List.of(PriceChart.LINE_COLOR, "#E65100", "#2E7D32", "#AD1457", "#6D4C41", "#00838F", "#5E35B1");

    private final DateAxis dates = new DateAxis("date");
    private final PriceAxis values = new PriceAxis("rebased, 100 at the base date");
    private final XYChart chart = new XYChart(dates, values);
    private final ErrorDataSetRenderer renderer = LineRenderers.lines();
    private final FlowPane legend = new FlowPane(12, 4);
    private final List<DataSet> drawn = new ArrayList<>();
    private final CompareCrosshair crosshair = new CompareCrosshair(this::dataSets);
    private XValueIndicator baseMarker;
    private LocalDate base;
    private Consumer<String> onRemove = symbol -> { };

    public CompareChart() {
        setId("compare-chart");
        chart.setId("compare-plot");
        chart.getRenderers().setAll(renderer);
        chart.setLegendVisible(false); // ours names the last value and removes a symbol
        dates.setAutoRangePadding(0.01);
        io.fair_acc.chartfx.plugins.Zoomer zoomer = new io.fair_acc.chartfx.plugins.Zoomer();
        zoomer.setSliderVisible(false);
        zoomer.setPannerEnabled(true);
        chart.getPlugins().addAll(zoomer, crosshair);
        chart.setTitle("no symbol to compare");
        chart.setMinSize(0, 0);
        legend.setId("compare-legend");
        legend.setPadding(new Insets(2, 8, 2, 8));
        legend.setAlignment(Pos.CENTER_LEFT);
        VBox.setVgrow(chart, Priority.ALWAYS);
        getChildren().setAll(legend, chart);
    }

    /**
     * Shows {@code lines} rebased at {@code base} (marked with a line; null for none), from the
     * base onward, values fitted to what is shown; empty clears the chart. Call on the FX thread.
     */
    public void show(List<ComparedLine> lines, LocalDate base) {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("CompareChart.show must run on the JavaFX thread");
        drawn.clear();
        List<javafx.scene.Node> entries = new ArrayList<>();
        for (int k = 0; k < lines.size(); k++) {
            ComparedLine l = lines.get(k);
            String colour = COLORS.get(k % COLORS.size());
            drawn.add(ChartIndicators.dataSet(l.symbol(), l.dates(), l.rebased(), colour, k == 0 ? 1.6 : 1.3));
            entries.add(legendEntry(l, colour));
        }
        renderer.getDatasets().setAll(drawn);
        legend.getChildren().setAll(entries);
        this.base = lines.isEmpty() ? null : base;
        markBase(this.base);
        chart.setTitle(lines.isEmpty() ? "no symbol to compare" : "Rebased to 100 on " + base);
        crosshair.hide();
        fitFrom(this.base);
    }

    /** Dates from the base to the last day drawn, values fitted to the lines between them (all auto without a base). */
    private void fitFrom(LocalDate from) {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double start = from == null ? Double.NEGATIVE_INFINITY : CalendarTicks.toAxis(from);
        for (DataSet d : drawn) {
            for (int i = 0; i < d.getDataCount(); i++) {
                double x = d.get(DataSet.DIM_X, i);
                double y = d.get(DataSet.DIM_Y, i);
                if (x < start || !Double.isFinite(y)) continue;
                xMin = Math.min(xMin, x);
                xMax = Math.max(xMax, x);
                lo = Math.min(lo, y);
                hi = Math.max(hi, y);
            }
        }
        if (!(xMax > xMin) || !(hi >= lo)) {
            dates.setAutoRanging(true);
            values.setAutoRanging(true);
            return;
        }
        double pad = Math.max(hi - lo, 1) * 0.05;
        dates.setAutoRanging(false);
        values.setAutoRanging(false);
        dates.set(xMin, xMax + (xMax - xMin) * 0.01);
        values.set(lo - pad, hi + pad);
        dates.forceRedraw();
        values.forceRedraw();
    }

    private HBox legendEntry(ComparedLine l, String colour) {
        Rectangle swatch = new Rectangle(14, 4, Color.web(colour));
        double last = l.last();
        Label text = new Label(l.symbol() + " " + (Double.isNaN(last) ? "–" : String.format(Locale.ROOT, "%.1f", last)));
        text.setId("compare-legend-" + l.symbol());
        text.setMinWidth(Region.USE_PREF_SIZE);
        text.setTooltip(new Tooltip(l.symbol() + ": last close rebased to 100 at the base date"));
        Button remove = new Button("×");
        remove.setId("compare-remove-" + l.symbol());
        remove.setMinWidth(Region.USE_PREF_SIZE);
        remove.setTooltip(new Tooltip("Remove " + l.symbol() + " from the comparison"));
        remove.getStyleClass().add("flat-button");
        remove.setOnAction(e -> onRemove.accept(l.symbol()));
        HBox entry = new HBox(4, swatch, text, remove);
        entry.setAlignment(Pos.CENTER_LEFT);
        return entry;
    }

    private void markBase(LocalDate day) {
        if (baseMarker != null) chart.getPlugins().remove(baseMarker);
        baseMarker = null;
        if (day == null) return;
        // no label: the base is the first day shown, where a label would be cut; the title names it
        baseMarker = new XValueIndicator(dates, CalendarTicks.toAxis(day));
        baseMarker.setEditable(false);
        chart.getPlugins().add(baseMarker);
    }

    /** Called with a symbol whose remove button was pressed. */
    public void setOnRemove(Consumer<String> listener) {
        onRemove = listener == null ? symbol -> { } : listener;
    }

    /** Called with the trading day nearest a double click on the plot, to rebase there. */
    public void setOnPickBase(Consumer<LocalDate> listener) {
        crosshair.setOnPick(listener);
    }

    /** The drawn lines in legend order (name = symbol; x = epoch seconds of each date, y = rebased close). */
    public List<DataSet> dataSets() {
        return List.copyOf(drawn);
    }

    /** The base date marked on the chart, null when nothing is compared. */
    public LocalDate base() {
        return base;
    }

    public FlowPane legend() { return legend; }
    public XYChart plot() { return chart; }
    public DateAxis dateAxis() { return dates; }
    public PriceAxis valueAxis() { return values; }
    public CompareCrosshair crosshair() { return crosshair; }
}
