package org.sextant.charts;

import io.fair_acc.chartfx.renderer.RendererDataReducer;

/**
 * Reduces a line to at most four points per pixel column: the first, the lowest, the highest
 * and the last point of the column, in their original order (the M4 aggregation of Jugel et
 * al., "M4: A Visualization-Oriented Time Series Data Aggregation", VLDB 2014). The reduced
 * polyline covers exactly the pixels of the full one, so a one-day crash or spike in a
 * million-point series stays visible, unlike chartfx's default reducer, which averages the
 * points that fall within a few pixels of each other.
 *
 * <p>chartfx calls this with screen coordinates, in place: the output overwrites the start of
 * the input arrays. A NaN close ends the current column so the renderer can draw a gap.
 */
public final class MinMaxColumnReducer implements RendererDataReducer {

    @Override
    public int reducePoints(double[] x, double[] y, double[] xErrPos, double[] xErrNeg, double[] yErrPos,
                            double[] yErrNeg, String[] styles, boolean[] selected, int indexMin, int indexMax) {
        Arrays arrays = new Arrays(x, y, xErrPos, xErrNeg, yErrPos, yErrNeg, styles, selected);
        int count = 0;
        int i = indexMin;
        while (i < indexMax) {
            if (Double.isNaN(y[i])) {
                arrays.move(i, count++);
                i++;
                continue;
            }
            long column = (long) Math.floor(x[i]);
            int first = i;
            int low = i;
            int high = i;
            int last = i;
            int j = i + 1;
            while (j < indexMax && !Double.isNaN(y[j]) && (long) Math.floor(x[j]) == column) {
                if (y[j] < y[low]) low = j;
                if (y[j] > y[high]) high = j;
                last = j;
                j++;
            }
            // emit in index order (first <= min/max <= last); each source index is >= its target,
            // so moving in order never overwrites a point still to be read
            int[] keep = {first, Math.min(low, high), Math.max(low, high), last};
            int previous = -1;
            for (int k : keep) {
                if (k != previous) {
                    arrays.move(k, count++);
                    previous = k;
                }
            }
            i = j;
        }
        return count;
    }

    /** The parallel arrays chartfx hands over; the error and style arrays may be null. */
    private record Arrays(double[] x, double[] y, double[] xErrPos, double[] xErrNeg, double[] yErrPos,
                          double[] yErrNeg, String[] styles, boolean[] selected) {
        void move(int from, int to) {
            if (from == to) return;
            x[to] = x[from];
            y[to] = y[from];
            copy(xErrPos, from, to);
            copy(xErrNeg, from, to);
            copy(yErrPos, from, to);
            copy(yErrNeg, from, to);
            if (styles != null) styles[to] = styles[from];
            if (selected != null) selected[to] = selected[from];
        }

        private static void copy(double[] values, int from, int to) {
            if (values != null) values[to] = values[from];
        }
    }
}
