package org.sextant.engine.forecast.model;

/**
 * The orders of a seasonal ARIMA(p,d,q)(P,D,Q)m and whether it carries a constant: the mean
 * when nothing is differenced, a drift (slope per step) when exactly one difference is taken;
 * with two or more differences a constant is never used, as in R's auto.arima.
 */
public record ArimaSpec(int p, int d, int q, int sp, int sd, int sq, int m, boolean constant) {
    public ArimaSpec {
        if (p < 0 || d < 0 || q < 0 || sp < 0 || sd < 0 || sq < 0 || m < 1) throw new IllegalArgumentException("negative order or period < 1");
        if (m == 1 && (sp > 0 || sd > 0 || sq > 0)) throw new IllegalArgumentException("seasonal orders need a period > 1");
    }

    /** Non-seasonal ARIMA(p,d,q). */
    public static ArimaSpec of(int p, int d, int q, boolean constant) { return new ArimaSpec(p, d, q, 0, 0, 0, 1, constant); }

    /** Number of estimated coefficients (AR, MA, seasonal AR, seasonal MA, constant), sigma excluded. */
    public int coefficients() { return p + q + sp + sq + (constant ? 1 : 0); }

    /** Length lost to differencing. */
    public int lost() { return d + sd * m; }

    ArimaSpec with(int p, int q, int sp, int sq, boolean constant) { return new ArimaSpec(p, d, q, sp, sd, sq, m, constant); }

    @Override public String toString() {
        String s = "ARIMA(" + p + "," + d + "," + q + ")";
        if (sp + sd + sq > 0) s += "(" + sp + "," + sd + "," + sq + ")[" + m + "]";
        if (constant) s += d + sd == 0 ? " with mean" : " with drift";
        return s;
    }
}
