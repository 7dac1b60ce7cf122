package org.sextant.charts;

import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.DataSetError;

/** What a price axis fitted to a stretch of dates must hold beside the bars: fans and indicator overlays drawn there. */
final class PriceFit {
    private PriceFit() {}

    /**
     * Widens {lo, hi} to the values of {@code d} between {@code xMin} and {@code xMax}: its y, or
     * for a band (a {@link DataSetError}) its lower and upper edges. Missing values (an indicator's
     * warm-up, NaN) are skipped.
     */
    static void widen(double[] range, DataSet d, double xMin, double xMax) {
        DataSetError band = d instanceof DataSetError e ? e : null;
        for (int i = 0; i < d.getDataCount(); i++) {
            double x = d.get(DataSet.DIM_X, i);
            if (x < xMin || x > xMax) continue;
            double y = d.get(DataSet.DIM_Y, i);
            double lo = band == null ? y : y - band.getErrorNegative(DataSet.DIM_Y, i);
            double hi = band == null ? y : y + band.getErrorPositive(DataSet.DIM_Y, i);
            if (Double.isFinite(lo)) range[0] = Math.min(range[0], lo);
            if (Double.isFinite(hi)) range[1] = Math.max(range[1], hi);
        }
    }
}
