package org.sextant.engine.forecast;

/**
 * Forecast error measures as scored in the M3/M4 literature and used by the backtests:
 * sMAPE (percent, 0..200), MASE scaled by the in-sample naive at a lag, pinball loss of a
 * quantile, and interval coverage.
 */
public final class Accuracy {
    private Accuracy() {}

    /** Mean over steps of 200·|y−f|/(|y|+|f|); a step where both are 0 counts as 0. */
    public static double smape(double[] actual, double[] forecast) {
        double s = 0;
        for (int i = 0; i < actual.length; i++) {
            double d = Math.abs(actual[i]) + Math.abs(forecast[i]);
            s += d == 0 ? 0 : 200 * Math.abs(actual[i] - forecast[i]) / d;
        }
        return s / actual.length;
    }

    /** Mean absolute error divided by the in-sample mean absolute difference at the given lag. */
    public static double mase(double[] train, double[] actual, double[] forecast, int lag) {
        double scale = 0;
        for (int t = lag; t < train.length; t++) scale += Math.abs(train[t] - train[t - lag]);
        scale /= train.length - lag;
        double mae = 0;
        for (int i = 0; i < actual.length; i++) mae += Math.abs(actual[i] - forecast[i]);
        return mae / actual.length / scale;
    }

    /** Pinball (quantile) loss of a forecast q of the tau-quantile for outcome y. */
    public static double pinball(double y, double q, double tau) {
        return y >= q ? tau * (y - q) : (1 - tau) * (q - y);
    }

    /** Fraction of outcomes inside [lower, upper]. */
    public static double coverage(double[] actual, double[] lower, double[] upper) {
        int in = 0;
        for (int i = 0; i < actual.length; i++) if (actual[i] >= lower[i] && actual[i] <= upper[i]) in++;
        return (double) in / actual.length;
    }

    /** Mean absolute log error |log y − log f| (prices: scale-free, symmetric in ratio). */
    public static double absLogError(double actual, double forecast) {
        return Math.abs(Math.log(actual) - Math.log(forecast));
    }
}
