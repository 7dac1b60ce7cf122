package org.sextant.charts;

import io.fair_acc.chartfx.axes.Axis;
import java.util.Arrays;

/**
 * The bars on screen grouped by the pixel column they fall in: one drawn bar per column, its
 * open the first bar's, its close the last bar's, its high the highest high, its low the lowest
 * low and its volume the largest. However many bars share a column, every day's high and low lies
 * inside the drawn bar, and the drawn bar reaches the most extreme of them. While the bars are a
 * pixel or more apart, each column holds one bar: nothing is reduced. A day without open, high or
 * low (NaN) is left out of the candles; a day without volume out of the volume bars.
 */
public final class BarColumns {
    /** Columns drawn: x (pixel centre of the column's bars), open, high, low, close, volume. */
    private double[] x = new double[0];
    private double[] open = x;
    private double[] high = x;
    private double[] low = x;
    private double[] close = x;
    private double[] volume = x;
    private int[] firstBar = new int[0];
    private int count;
    private int barsOnScreen;

    /** Groups the bars of {@code bars} whose dates {@code axisX} fall inside {@code xAxis}'s range. */
    public BarColumns reduce(Axis xAxis, double[] axisX, PriceBars bars) {
        count = 0;
        barsOnScreen = 0;
        if (bars == null || axisX.length == 0) return this;
        int from = Math.max(0, insertion(axisX, xAxis.getMin()) - 1);
        int to = Math.min(axisX.length - 1, insertion(axisX, xAxis.getMax()));
        grow(Math.min(to - from + 1, 1 << 16));
        int column = Integer.MIN_VALUE;
        double[] o = bars.open(), h = bars.high(), l = bars.low(), c = bars.close(), v = bars.volume();
        for (int i = from; i <= to; i++) {
            double px = xAxis.getDisplayPosition(axisX[i]);
            int col = (int) Math.floor(px);
            if (col != column) {
                if (count == x.length) grow(2 * count);
                column = col;
                x[count] = col + 0.5;
                open[count] = Double.NaN;
                high[count] = Double.NEGATIVE_INFINITY;
                low[count] = Double.POSITIVE_INFINITY;
                close[count] = Double.NaN;
                volume[count] = Double.NaN;
                firstBar[count] = i;
                count++;
            }
            int k = count - 1;
            barsOnScreen++;
            if (o != null && !Double.isNaN(o[i]) && !Double.isNaN(h[i]) && !Double.isNaN(l[i])) {
                if (Double.isNaN(open[k])) open[k] = o[i];
                if (h[i] > high[k]) high[k] = h[i];
                if (l[i] < low[k]) low[k] = l[i];
                if (!Double.isNaN(c[i])) close[k] = c[i];
            }
            if (v != null && !Double.isNaN(v[i]) && (Double.isNaN(volume[k]) || v[i] > volume[k])) volume[k] = v[i];
        }
        return this;
    }

    private static int insertion(double[] sorted, double value) {
        int at = Arrays.binarySearch(sorted, value);
        return at >= 0 ? at : -at - 1;
    }

    private void grow(int size) {
        if (size <= x.length) return;
        x = Arrays.copyOf(x, size);
        open = Arrays.copyOf(open, size);
        high = Arrays.copyOf(high, size);
        low = Arrays.copyOf(low, size);
        close = Arrays.copyOf(close, size);
        volume = Arrays.copyOf(volume, size);
        firstBar = Arrays.copyOf(firstBar, size);
    }

    /** How many columns (drawn bars). */
    public int count() { return count; }
    /** How many of the series' bars fall on screen (before grouping). */
    public int barsOnScreen() { return barsOnScreen; }
    public double x(int k) { return x[k]; }
    public double open(int k) { return open[k]; }
    /** The column's highest high (negative infinity when none of its bars has one). */
    public double high(int k) { return high[k]; }
    public double low(int k) { return low[k]; }
    public double close(int k) { return close[k]; }
    /** The column's largest volume (NaN when none of its bars has one). */
    public double volume(int k) { return volume[k]; }
    /** Index in the series of the column's first bar; the column holds the bars up to the next column's first. */
    public int firstBar(int k) { return firstBar[k]; }

    /** Whether the column has a whole bar (open, high, low, close) to draw. */
    public boolean hasBar(int k) {
        return !Double.isNaN(open[k]) && !Double.isNaN(close[k]) && high[k] >= low[k];
    }

    /** Pixels between neighbouring columns on average: how wide a candle may be. */
    public double spacing() {
        return count < 2 ? 8 : (x[count - 1] - x[0]) / (count - 1);
    }
}
