package org.sextant.charts;

import io.fair_acc.chartfx.renderer.spi.AbstractRendererXY;
import io.fair_acc.chartfx.ui.css.DataSetNode;
import io.fair_acc.dataset.DataSet;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;

/**
 * Draws daily bars as candlesticks (a wick from low to high, a body from open to close, filled
 * green on an up day and red on a down day) or as OHLC bars (a line from low to high, the open
 * a tick to the left, the close a tick to the right), one per pixel column ({@link BarColumns}):
 * a long history costs what the screen's width costs, and no day's high or low is lost. The
 * chart's data set (y = close with errors to the low and high) only sets the axis range; the
 * bars are drawn from the {@link PriceBars} handed over with {@link #setBars}.
 */
public final class CandleRenderer extends AbstractRendererXY<CandleRenderer> {
    public static final String UP_COLOR = "#2E7D32";
    public static final String DOWN_COLOR = "#C62828";
    private static final Color UP = Color.web(UP_COLOR);
    private static final Color DOWN = Color.web(DOWN_COLOR);

    private final BarColumns columns = new BarColumns();
    private PriceBars bars;
    private double[] axisX = new double[0];
    private ChartType type = ChartType.CANDLES;

    public CandleRenderer() {
        setShowInLegend(false);
    }

    /** The bars to draw at these axis positions (epoch seconds of each date); null draws nothing. */
    public void setBars(PriceBars bars, double[] axisX) {
        this.bars = bars;
        this.axisX = axisX;
    }

    /** Candlesticks or OHLC bars. */
    public void setType(ChartType type) {
        this.type = type;
    }

    /** The columns of the last drawing (what is on screen). */
    public BarColumns columns() {
        return columns;
    }

    @Override
    protected void render(GraphicsContext gc, DataSet dataSet, DataSetNode style) {
        if (bars == null || !bars.hasOhlc()) return;
        columns.reduce(xAxis, axisX, bars);
        double spacing = columns.spacing();
        // a candle's body is 70% of the room it has, odd so the wick sits in its middle
        double body = Math.max(1, 2 * Math.floor(spacing * 0.35) + 1);
        gc.save();
        gc.setLineWidth(1);
        for (boolean up : new boolean[] {true, false}) {
            gc.setStroke(up ? UP : DOWN);
            gc.setFill(up ? UP : DOWN);
            gc.beginPath();
            for (int k = 0; k < columns.count(); k++) {
                if (!columns.hasBar(k) || (columns.close(k) >= columns.open(k)) != up) continue;
                double x = Math.floor(columns.x(k)) + 0.5;
                double yHigh = yAxis.getDisplayPosition(columns.high(k));
                double yLow = yAxis.getDisplayPosition(columns.low(k));
                double yOpen = yAxis.getDisplayPosition(columns.open(k));
                double yClose = yAxis.getDisplayPosition(columns.close(k));
                // the wick or the bar's line: at least a pixel tall, so a flat day still shows
                gc.moveTo(x, Math.min(yHigh, yLow - 1));
                gc.lineTo(x, yLow);
                if (body < 3) continue;
                double half = Math.floor(body / 2);
                if (type == ChartType.OHLC) {
                    gc.moveTo(x - half, Math.round(yOpen) + 0.5);
                    gc.lineTo(x, Math.round(yOpen) + 0.5);
                    gc.moveTo(x, Math.round(yClose) + 0.5);
                    gc.lineTo(x + half, Math.round(yClose) + 0.5);
                } else {
                    double top = Math.min(yOpen, yClose);
                    gc.fillRect(x - 0.5 - half, top, body, Math.max(1, Math.abs(yOpen - yClose)));
                }
            }
            gc.stroke();
        }
        gc.restore();
    }

    @Override
    protected CandleRenderer getThis() {
        return this;
    }
}
