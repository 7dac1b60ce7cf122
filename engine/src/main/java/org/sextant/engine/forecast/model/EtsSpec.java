package org.sextant.engine.forecast.model;

import org.sextant.engine.SextantException;

/**
 * One exponential smoothing state-space model: error (A or M), trend (N, A or damped Ad) and
 * season (N, A or M), in the taxonomy of Hyndman, Koehler, Ord & Snyder (2008).
 */
public record EtsSpec(boolean multiplicativeError, Trend trend, Season season) {
    public enum Trend { N, A, Ad }
    public enum Season { N, A, M }

    public static EtsSpec of(String code) {
        String[] p = code.toUpperCase().replace("AD", "Ad").split(",");
        try {
            if (p.length != 3 || !(p[0].equals("A") || p[0].equals("M"))) throw new IllegalArgumentException();
            return new EtsSpec(p[0].equals("M"), Trend.valueOf(p[1]), Season.valueOf(p[2]));
        } catch (IllegalArgumentException e) {
            throw SextantException.invalid("model", "unknown ETS model '" + code + "'", "write error,trend,season, e.g. A,N,N or M,Ad,M");
        }
    }

    public boolean seasonal() { return season != Season.N; }
    public boolean trended() { return trend != Trend.N; }
    public boolean damped() { return trend == Trend.Ad; }

    /** Additive error with no multiplicative component: closed-form prediction variances. */
    public boolean analyticVariance() { return !multiplicativeError && season != Season.M; }

    /** Smoothing parameters plus free initial states (m−1 seasonal ones) of this model. */
    public int parameterCount(int m) {
        int k = 2; // alpha, l0
        if (trended()) k += 2;
        if (damped()) k += 1;
        if (seasonal()) k += 1 + (m - 1);
        return k;
    }

    @Override public String toString() {
        return "ETS(" + (multiplicativeError ? "M" : "A") + "," + trend + "," + season + ")";
    }
}
