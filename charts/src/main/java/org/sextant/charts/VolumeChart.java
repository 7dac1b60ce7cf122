package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.Locale;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * The volume pane under the price chart: a bar per pixel column ({@link BarColumns}, the
 * largest volume of the days it holds), green when the column closed up, red when down, over
 * the price chart's dates (its date axis follows the price chart's; see {@link PriceChart#volumePane}).
 */
public final class VolumeChart extends XYChart {
    private final DateAxis dates;
    private final PriceAxis volumeAxis;
    private final VolumeRenderer renderer = new VolumeRenderer();
    /** x = each date, y = its volume (0 where missing): sets the axis range. */
    private final DoubleDataSet volumes = new DoubleDataSet("volume");

    // duplicates: the two-axis constructor PriceChart has too; XYChart wants its axes in super(), so each chart keeps its own
    public VolumeChart() {
        this(new DateAxis(""), new PriceAxis("volume"));
    }

    private VolumeChart(DateAxis dates, PriceAxis volumeAxis) {
        super(dates, volumeAxis);
        this.dates = dates;
        this.volumeAxis = volumeAxis;
        setId("volume-chart");
        dates.getTickLabelStyle().setVisible(false); // the dates are read off the price chart above
        dates.setAutoRanging(false);
        volumeAxis.setForceZeroInRange(true);
        volumeAxis.setAutoRangePadding(0.05);
        volumeAxis.setTickLabelFormatter(TickLabels.of(VolumeChart::compact));
        getRenderers().setAll(renderer);
        setLegendVisible(false);
        // a strip under the prices, not half the view; inline because chartfx's stylesheet sets the
        // chart's heights (pref 450 px), and a stylesheet value wins over a setter
        setStyle("-fx-min-width: 0; -fx-min-height: 0; -fx-pref-height: 120px; -fx-max-height: 150px;");
    }

    /** "53M", "62.5M", "1.2B", "850K": a volume short enough for a narrow axis. */
    static String compact(double v) {
        double a = Math.abs(v);
        java.text.DecimalFormat f = new java.text.DecimalFormat("0.#", java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));
        if (a >= 1e9) return f.format(v / 1e9) + "B";
        if (a >= 1e6) return f.format(v / 1e6) + "M";
        if (a >= 1e3) return f.format(v / 1e3) + "K";
        return f.format(v);
    }

    /** Draws {@code bars}' volume at these axis positions (null or no volume clears it). */
    void show(PriceBars bars, double[] axisX) {
        boolean any = bars != null && bars.hasVolume();
        renderer.bars = any ? bars : null;
        renderer.axisX = axisX;
        // attached only while it holds data: chartfx counts an empty set's NaN limits as changed every pulse
        if (!any) {
            volumes.clearData();
            renderer.getDatasets().clear();
        } else {
            double[] v = bars.volume().clone();
            for (int i = 0; i < v.length; i++) if (Double.isNaN(v[i])) v[i] = 0;
            volumes.set(axisX, v, true);
            renderer.getDatasets().setAll(volumes);
        }
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    public DateAxis dateAxis() { return dates; }
    public PriceAxis volumeAxis() { return volumeAxis; }
    /** The columns of the last drawing. */
    public BarColumns columns() { return renderer.columns; }
    /** x = each date, y = its volume, as the axis range sees them. */
    public DataSet volumeDataSet() { return volumes; }

    private static final class VolumeRenderer extends AbstractRendererXY<VolumeRenderer> {
        private static final Color UP = Color.web(CandleRenderer.UP_COLOR, 0.6);
        private static final Color DOWN = Color.web(CandleRenderer.DOWN_COLOR, 0.6);
        private final BarColumns columns = new BarColumns();
        private PriceBars bars;
        private double[] axisX = new double[0];

        VolumeRenderer() {
            setShowInLegend(false);
        }

        @Override
        protected void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
            if (bars == null) return;
            columns.reduce(xAxis, axisX, bars);
            double width = Math.max(1, 2 * Math.floor(columns.spacing() * 0.35) + 1);
            double zero = yAxis.getDisplayPosition(Math.max(0, yAxis.getMin()));
            gc.save();
            for (int k = 0; k < columns.count(); k++) {
                double v = columns.volume(k);
                if (Double.isNaN(v)) continue;
                boolean up = !columns.hasBar(k) || columns.close(k) >= columns.open(k);
                gc.setFill(up ? UP : DOWN);
                double top = yAxis.getDisplayPosition(v);
                gc.fillRect(Math.floor(columns.x(k)) - Math.floor(width / 2), top, width, Math.max(1, zero - top));
            }
            gc.restore();
        }

        @Override
        protected VolumeRenderer getThis() {
            return this;
        }
    }
}
