package org.sextant.charts;

import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.layout.VBox;

/**
 * Indicators on a {@link PriceChart}: those in price units (moving averages, Bollinger bands) as
 * lines over the prices, the others (RSI, MACD…) each in an {@link IndicatorPane} under the chart,
 * over the same dates. Lay {@link #panes()} out under the chart's volume pane.
 */
public final class ChartIndicators {
    /** Colours of the indicators in order (overlays and panes count apart), far from the close's blue, the fan's orange and the backtests' purple. */
    public static final List<String> COLORS = List.of("#2E7D32", "#AD1457", "#6D4C41", "#F9A825");

    private final PriceChart chart;
    private final ErrorDataSetRenderer overlayRenderer = LineRenderers.lines();
    private final VBox panes = new VBox();
    private final List<DataSet> overlays = new ArrayList<>();

    public ChartIndicators(PriceChart chart) {
        this.chart = chart;
        chart.addOverlays(overlayRenderer); // the prices fitted to the dates shown hold the overlays too
        panes.setId("indicator-panes");
    }

    /** Draws {@code shown} (empty removes every indicator), overlays and panes in order. Call on the FX thread. */
    public void show(List<IndicatorSeries> shown) {
        if (!Platform.isFxApplicationThread()) throw new IllegalStateException("ChartIndicators.show must run on the JavaFX thread");
        overlays.clear();
        List<IndicatorPane> below = new ArrayList<>();
        int overlaid = 0;
        for (IndicatorSeries s : shown) {
            String c = COLORS.get((s.onPrice() ? overlaid++ : below.size()) % COLORS.size());
            if (s.onPrice()) {
                double[] x = x(chart, s.dates());
                for (IndicatorSeries.Line l : s.lines()) overlays.add(dataSet(s.label() + " " + l.name(), x, l.values(), c, 1.2));
            } else {
                below.add(new IndicatorPane(chart, s, c));
            }
        }
        overlayRenderer.getDatasets().setAll(overlays);
        panes.getChildren().setAll(below);
        chart.fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    /**
     * Where an indicator's values go on {@code chart}: bar by bar under the bars drawn when it was
     * computed from them (a chart by bar index: intraday bars share a date), else at its dates.
     */
    static double[] x(PriceChart chart, List<LocalDate> dates) {
        DataSet closes = chart.closeDataSet();
        double[] x = new double[dates.size()];
        boolean byBar = chart.drawnBars() != null && closes.getDataCount() == x.length;
        for (int i = 0; i < x.length; i++) x[i] = byBar ? closes.get(DataSet.DIM_X, i) : CalendarTicks.toAxis(dates.get(i));
        return x;
    }

    /** A line over {@code dates} on a calendar axis (the comparison's). */
    static DoubleDataSet dataSet(String name, List<LocalDate> dates, double[] values, String colour, double width) {
        double[] x = new double[dates.size()];
        for (int i = 0; i < x.length; i++) x[i] = CalendarTicks.toAxis(dates.get(i));
        return dataSet(name, x, values, colour, width);
    }

    static DoubleDataSet dataSet(String name, double[] x, double[] values, String colour, double width) {
        DoubleDataSet d = new DoubleDataSet(name);
        d.set(x, values.clone(), false);
        d.setStyle("-fx-line-color: " + colour + "; -fx-line-width: " + width + ";");
        return d;
    }

    /** The overlay lines now drawn over the prices ("Bollinger(20, 2) upper"), in order. */
    public List<DataSet> overlayDataSets() {
        return List.copyOf(overlays);
    }

    /** The panes now under the chart, in order. */
    public List<IndicatorPane> paneCharts() {
        return panes.getChildren().stream().map(IndicatorPane.class::cast).toList();
    }

    /** The box holding the panes (empty when no indicator needs one). */
    public VBox panes() {
        return panes;
    }
}
