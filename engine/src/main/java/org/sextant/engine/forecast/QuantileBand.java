package org.sextant.engine.forecast;

/** The central interval at one coverage level: lower = quantile (1-level)/2, upper = (1+level)/2. */
public record QuantileBand(double level, double[] lower, double[] upper) {
    public QuantileBand {
        if (lower.length != upper.length) throw new IllegalArgumentException("lower and upper differ in length");
        lower = lower.clone();
        upper = upper.clone();
    }

    @Override public double[] lower() { return lower.clone(); }
    @Override public double[] upper() { return upper.clone(); }
    public double lower(int step) { return lower[step]; }
    public double upper(int step) { return upper[step]; }
}
