package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One indicator on a scale of its own (RSI 0–100, MACD in price units around zero) in a strip
 * under the price chart, over the price chart's dates: its date axis follows the price chart's,
 * and its value axis is as wide as the price axis so the plots line up. The crosshair reads the
 * first line's value at the nearest bar.
 */
public final class IndicatorPane extends XYChart {
    private final List<DataSet> lines = new ArrayList<>();
    private final SeriesCrosshair readout;

    IndicatorPane(PriceChart chart, IndicatorSeries s, String colour) {
        super(new DateAxis(""), new PriceAxis(s.label()));
        DateAxis dates = (DateAxis) getXAxis();
        dates.getTickLabelStyle().setVisible(false); // the dates are read off the price chart above
        dates.setAutoRanging(false);
        dates.minProperty().bind(chart.dateAxis().minProperty());
        dates.maxProperty().bind(chart.dateAxis().maxProperty());
        ((PriceAxis) getYAxis()).minWidthProperty().bind(chart.priceAxis().widthProperty());
        setId("indicator-pane-" + s.label().replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT));
        ErrorDataSetRenderer renderer = LineRenderers.lines();
        // the first line in the indicator's colour, the others (MACD's signal, histogram) in the close's blue and grey
        String[] palette = {colour, PriceChart.LINE_COLOR, "#757575"};
        double[] x = ChartIndicators.x(chart, s.dates());
        for (int k = 0; k < s.lines().size(); k++) {
            IndicatorSeries.Line l = s.lines().get(k);
            lines.add(ChartIndicators.dataSet(s.label() + " " + l.name(), x, l.values(), palette[k % palette.length], 1.2));
        }
        renderer.getDatasets().setAll(lines);
        getRenderers().setAll(renderer);
        setLegendVisible(false);
        readout = new SeriesCrosshair(() -> lines.isEmpty() ? null : lines.get(0), s.label(), v -> String.format(Locale.ROOT, "%.2f", v));
        getPlugins().add(readout);
        // a strip under the prices, never squeezed below a readable 90 px by a tall window of controls;
        // inline because chartfx's stylesheet sets the chart's heights
        setStyle("-fx-min-width: 0; -fx-min-height: 90px; -fx-pref-height: 110px; -fx-max-height: 140px;");
    }

    /** The drawn lines ("RSI(14) rsi"; MACD: its line, signal, histogram), x = epoch seconds of each date. */
    public List<DataSet> dataSets() {
        return List.copyOf(lines);
    }

    /** The value axis, named after the indicator ("RSI(14)"). */
    public PriceAxis valueAxis() {
        return (PriceAxis) getYAxis();
    }

    public SeriesCrosshair readout() {
        return readout;
    }
}
