package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.sextant.engine.data.PriceSeries;

/**
 * A symbol's daily closes as a solid line over a date axis, with drag-to-zoom, middle-drag
 * pan, wheel zoom and a crosshair that reads out date and close.
 *
 * <p>Long histories are drawn through {@link MinMaxColumnReducer}, so every pixel column shows
 * the true high and low of the days it covers (docs/benchmarks.md, "Chart line reduction").
 * Screen coordinates are computed in parallel before the reduction (chartfx's default; it splits
 * only series longer than 1000 points); the reduction itself is a single linear pass.
 */
public class PriceChart extends XYChart {
    /** The close line's colour; tests and docs look for it in snapshots. */
    public static final String LINE_COLOR = "#1565C0";
    public static final double LINE_WIDTH = 1.5;

    private final DateAxis dateAxis;
    private final PriceAxis priceAxis;
    private final ErrorDataSetRenderer lineRenderer = new ErrorDataSetRenderer();
    private final DoubleDataSet closes = new DoubleDataSet("close");
    private final Zoomer zoomer = new Zoomer();
    private final PriceCrosshair crosshair = new PriceCrosshair();
    private final ReadOnlyObjectWrapper<PriceSeries> series = new ReadOnlyObjectWrapper<>(this, "series");

    public PriceChart() {
        this(new DateAxis("date"), new PriceAxis("close"));
    }

    private PriceChart(DateAxis dateAxis, PriceAxis priceAxis) {
        super(dateAxis, priceAxis);
        this.dateAxis = dateAxis;
        this.priceAxis = priceAxis;
        setId("price-chart");
        dateAxis.setAutoRangePadding(0.01);

        lineRenderer.setErrorStyle(ErrorStyle.NONE);
        lineRenderer.setPolyLineStyle(LineStyle.NORMAL);
        lineRenderer.setDrawMarker(false);
        lineRenderer.setRendererDataReducer(new MinMaxColumnReducer());
        lineRenderer.setPointReduction(true);
        lineRenderer.setParallelImplementation(true);
        closes.setStyle("-fx-line-color: " + LINE_COLOR + "; -fx-line-width: " + LINE_WIDTH + ";");
        lineRenderer.getDatasets().add(closes);
        getRenderers().setAll(lineRenderer);
        setLegendVisible(false);
        setTitle("no symbol selected");

        zoomer.setSliderVisible(false);
        zoomer.setPannerEnabled(true);
        getPlugins().addAll(zoomer, crosshair);
    }

    /** Shows {@code s} (null or empty clears the line) and resets any zoom. Call on the FX thread. */
    public void show(PriceSeries s) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.show must run on the JavaFX thread");
        }
        zoomer.clear();
        crosshair.hide();
        dateAxis.setAutoRanging(true);
        priceAxis.setAutoRanging(true);
        if (s == null || s.size() == 0) {
            closes.clearData();
            closes.setName("close");
            setTitle(s == null ? "no symbol selected" : s.symbol() + ": no prices in the store");
        } else {
            double[] x = new double[s.size()];
            for (int i = 0; i < x.length; i++) {
                x[i] = CalendarTicks.toAxis(s.dates().get(i));
            }
            closes.set(x, s.close().clone(), false);
            closes.setName(s.symbol());
            setTitle(s.symbol() + " daily close, " + s.dates().get(0) + " to " + s.dates().get(s.size() - 1));
        }
        series.set(s);
    }

    /** The series on screen (null before the first {@link #show}). */
    public ReadOnlyObjectProperty<PriceSeries> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    public PriceSeries series() {
        return series.get();
    }

    /** The drawn data: x = epoch seconds of each date (UTC midnight), y = close. */
    public DataSet closeDataSet() {
        return closes;
    }

    public DateAxis dateAxis() {
        return dateAxis;
    }

    public PriceAxis priceAxis() {
        return priceAxis;
    }

    public ErrorDataSetRenderer lineRenderer() {
        return lineRenderer;
    }

    public Zoomer zoomer() {
        return zoomer;
    }

    public PriceCrosshair crosshair() {
        return crosshair;
    }
}
