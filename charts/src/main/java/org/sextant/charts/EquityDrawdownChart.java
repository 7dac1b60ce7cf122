package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.XValueIndicator;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.layout.Priority;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.RowConstraints;
import javafx.util.StringConverter;

/**
 * A strategy's equity curves on top (growth of 1; the first curve is the main one, the others,
 * e.g. the best out-of-sample configuration, beside it) and the main curve's drawdown as a red
 * area below, over one date axis: the two plots share their date range, so zooming or panning
 * either moves both. A dashed marker shows where the out-of-sample period starts.
 */
public class EquityDrawdownChart extends GridPane {
    /** Colours of the curves in order; the first (the main curve) is the price chart's blue. */
    public static final List<String> CURVE_COLORS = List.of(PriceChart.LINE_COLOR, "#8E24AA", "#2E7D32", "#6D4C41");
    /** A benchmark curve's colour; it is drawn dashed, so it reads as a yardstick, not a configuration. */
    public static final String BENCHMARK_COLOR = "#757575";
    /** The benchmark's grey on a dark plot (the dark theme): #757575 there kept 3.6:1 only, this keeps 6:1. */
    public static final String BENCHMARK_COLOR_ON_DARK = "#9E9E9E";
    /** The drawdown area's colour (the fill is this at {@link AreaRenderer#FILL_OPACITY}). */
    public static final String DRAWDOWN_COLOR = "#C62828";
    /** Least width of both value axes, so the two plots line up over the same dates. */
    private static final double VALUE_AXIS_WIDTH = 84;

    private final DateAxis equityDates = new DateAxis("");
    private final PriceAxis equityAxis = new PriceAxis("growth of 1");
    private final XYChart equityChart = new XYChart(equityDates, equityAxis);
    private final DateAxis drawdownDates = new DateAxis("");
    private final PriceAxis drawdownAxis = new PriceAxis("drawdown");
    private final XYChart drawdownChart = new XYChart(drawdownDates, drawdownAxis);
    private final ErrorDataSetRenderer lineRenderer = new ErrorDataSetRenderer();
    private final AreaRenderer areaRenderer = new AreaRenderer();
    private final DoubleDataSet drawdown = new DoubleDataSet("drawdown");
    private final List<DoubleDataSet> curves = new ArrayList<>();
    private final List<DoubleDataSet> benchmarks = new ArrayList<>();
    private final SeriesCrosshair equityReadout = new SeriesCrosshair(() -> curves.isEmpty() ? null : curves.get(0), "equity",
            v -> String.format(Locale.ROOT, "%.3f", v));
    private final SeriesCrosshair drawdownReadout = new SeriesCrosshair(() -> drawdown, "drawdown",
            v -> String.format(Locale.ROOT, "%.1f%%", v * 100));
    private OutOfSampleTag oosMarker;
    private XValueIndicator oosMarkerBelow;
    private LocalDate outOfSampleStart;

    public EquityDrawdownChart() {
        setId("equity-drawdown-chart");
        equityChart.setId("equity-chart");
        drawdownChart.setId("drawdown-chart");
        lineRenderer.setErrorStyle(ErrorStyle.NONE);
        lineRenderer.setPolyLineStyle(LineStyle.NORMAL);
        lineRenderer.setDrawMarker(false);
        lineRenderer.setRendererDataReducer(new MinMaxColumnReducer());
        lineRenderer.setPointReduction(true);
        equityChart.getRenderers().setAll(lineRenderer);
        drawdown.setStyle("-fx-line-color: " + DRAWDOWN_COLOR + "; -fx-line-width: 1;");
        areaRenderer.getDatasets().add(drawdown);
        drawdownChart.getRenderers().setAll(areaRenderer);
        drawdownAxis.setForceZeroInRange(true);
        drawdownAxis.setTickLabelFormatter(percent());
        // chartfx rounds 2.5 to "3" on a small range; keep the decimals a tick needs
        java.text.DecimalFormat plain = new java.text.DecimalFormat("0.##", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
        equityAxis.setTickLabelFormatter(TickLabels.of(plain::format));
        equityDates.getTickLabelStyle().setVisible(false); // the dates are read off the drawdown plot below
        for (PriceAxis a : new PriceAxis[] {equityAxis, drawdownAxis}) {
            a.setMinWidth(VALUE_AXIS_WIDTH);
        }
        // one date range for both plots
        drawdownDates.autoRangingProperty().bindBidirectional(equityDates.autoRangingProperty());
        drawdownDates.minProperty().bindBidirectional(equityDates.minProperty());
        drawdownDates.maxProperty().bindBidirectional(equityDates.maxProperty());
        equityDates.setAutoRangePadding(0.01);
        drawdownDates.setAutoRangePadding(0.01);

        for (XYChart c : new XYChart[] {equityChart, drawdownChart}) {
            c.setLegendVisible(false);
            Zoomer zoomer = new Zoomer();
            zoomer.setSliderVisible(false);
            zoomer.setPannerEnabled(true);
            c.getPlugins().add(zoomer);
        }
        // the readouts are the series' values at the nearest bar, not the pointer's height
        equityChart.getPlugins().add(equityReadout);
        drawdownChart.getPlugins().add(drawdownReadout);
        equityChart.setLegendVisible(true);
        equityChart.getLegend().setSide(io.fair_acc.chartfx.ui.geometry.Side.TOP);
        equityChart.setTitle("no run selected");
        // the equity plot (under its legend of up to three lines) takes two thirds of the height; each chart may shrink below its preferred size
        for (XYChart c : new XYChart[] {equityChart, drawdownChart}) {
            c.setMinSize(0, 0);
            c.setPrefSize(400, 100);
        }
        RowConstraints top = new RowConstraints();
        top.setPercentHeight(66);
        RowConstraints below = new RowConstraints();
        below.setPercentHeight(34); // tall enough for its "drawdown" label at 1000x700
        ColumnConstraints wide = new ColumnConstraints();
        wide.setHgrow(Priority.ALWAYS);
        wide.setFillWidth(true);
        getRowConstraints().setAll(top, below);
        getColumnConstraints().setAll(wide);
        add(equityChart, 0, 0);
        add(drawdownChart, 0, 1);
        // a theme set after the curves (View > Theme) restyles the benchmark's grey
        equityChart.backgroundProperty().addListener((obs, old, now) -> {
            for (DoubleDataSet d : benchmarks) d.setStyle(benchmarkStyle());
        });
        ChartExportMenu.install(this, "equity and drawdown", () -> ChartSvg.of(this), List.of(equityChart, drawdownChart));
    }

    /**
     * Shows {@code shown} (the first is the main curve, whose drawdown is drawn; empty clears the
     * chart) with the out-of-sample start marked (null for none). Call on the FX thread.
     */
    public void show(List<EquityCurve> shown, LocalDate outOfSampleStart) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("EquityDrawdownChart.show must run on the JavaFX thread");
        }
        equityDates.setAutoRanging(true);
        equityAxis.setAutoRanging(true);
        drawdownAxis.setAutoRanging(true);
        curves.clear();
        benchmarks.clear();
        for (int k = 0; k < shown.size(); k++) {
            EquityCurve c = shown.get(k);
            DoubleDataSet d = new DoubleDataSet(c.name());
            d.set(axisDates(c.dates()), c.equity(), true);
            d.setStyle(c.benchmark() ? benchmarkStyle()
                    : "-fx-line-color: " + CURVE_COLORS.get(k % CURVE_COLORS.size()) + "; -fx-line-width: " + (k == 0 ? 1.8 : 1.2) + ";");
            curves.add(d);
            if (c.benchmark()) benchmarks.add(d);
        }
        // the main curve drawn last, on top
        List<DoubleDataSet> order = new ArrayList<>(curves);
        java.util.Collections.reverse(order);
        lineRenderer.getDatasets().setAll(order);
        if (shown.isEmpty()) {
            drawdown.clearData();
            equityChart.setTitle("no run selected");
        } else {
            EquityCurve main = shown.get(0);
            drawdown.set(axisDates(main.dates()), main.drawdown(), true);
            // the legend names the curves; the title says what and when, short enough for the pane at 1000x700
            equityChart.setTitle(main.dates().isEmpty() ? "no equity"
                    : "Equity " + main.dates().get(0) + " to " + main.dates().get(main.dates().size() - 1));
        }
        markOutOfSample(shown.isEmpty() ? null : outOfSampleStart);
        // the axes size themselves to their labels only when laid out again; new data brings new labels
        for (XYChart c : new XYChart[] {equityChart, drawdownChart}) {
            c.getXAxis().forceRedraw();
            c.getYAxis().forceRedraw();
            c.requestLayout();
        }
    }

    /** A benchmark's line: grey and dashed, a lighter grey on a dark plot so it stands out there as well. */
    private String benchmarkStyle() {
        boolean dark = equityChart.getBackground() != null && !equityChart.getBackground().getFills().isEmpty()
                && equityChart.getBackground().getFills().get(0).getFill() instanceof javafx.scene.paint.Color ground && ground.getBrightness() < 0.5;
        return "-fx-line-color: " + (dark ? BENCHMARK_COLOR_ON_DARK : BENCHMARK_COLOR) + "; -fx-line-width: 1.2; -fx-line-dash-array: 6 4;";
    }

    private void markOutOfSample(LocalDate start) {
        this.outOfSampleStart = start;
        if (oosMarker != null) {
            equityChart.getPlugins().remove(oosMarker);
            drawdownChart.getPlugins().remove(oosMarkerBelow);
            oosMarker = null;
            oosMarkerBelow = null;
        }
        if (start == null) return;
        oosMarker = new OutOfSampleTag(equityDates, CalendarTicks.toAxis(start), curves);
        oosMarkerBelow = new XValueIndicator(drawdownDates, CalendarTicks.toAxis(start));
        for (XValueIndicator m : new XValueIndicator[] {oosMarker, oosMarkerBelow}) m.setEditable(false);
        equityChart.getPlugins().add(oosMarker);
        drawdownChart.getPlugins().add(oosMarkerBelow);
    }

    private static double[] axisDates(List<LocalDate> dates) {
        double[] x = new double[dates.size()];
        for (int i = 0; i < x.length; i++) x[i] = CalendarTicks.toAxis(dates.get(i));
        return x;
    }

    /** The equity lines now drawn, the main curve first (x = epoch seconds at UTC midnight). */
    public List<DataSet> equityDataSets() {
        return List.copyOf(curves);
    }

    /** The main curve's drawdown as drawn (y = fraction below the running peak, 0 or negative). */
    public DataSet drawdownDataSet() {
        return drawdown;
    }

    /** The "out of sample →" tag on the equity plot, null when there is none. */
    public javafx.scene.control.Label outOfSampleTag() {
        return oosMarker == null ? null : oosMarker.tag();
    }

    /** Where the out-of-sample marker stands, null when there is none. */
    public LocalDate outOfSampleStart() {
        return outOfSampleStart;
    }

    // duplicates: plain accessors for tests and the app, alike by nature; nothing to share
    public XYChart equityChart() { return equityChart; }
    /** The crosshairs over the equity and the drawdown plots. */
    public SeriesCrosshair equityReadout() { return equityReadout; }
    public SeriesCrosshair drawdownReadout() { return drawdownReadout; }
    public XYChart drawdownChart() { return drawdownChart; }
    public DateAxis dateAxis() { return drawdownDates; }
    public PriceAxis equityAxis() { return equityAxis; }
    public PriceAxis drawdownAxis() { return drawdownAxis; }

    private static StringConverter<Number> percent() {
        return TickLabels.of(v -> String.format(Locale.ROOT, "%.0f%%", v * 100));
    }
}
