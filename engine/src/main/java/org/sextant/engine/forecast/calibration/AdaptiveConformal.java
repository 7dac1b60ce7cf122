package org.sextant.engine.forecast.calibration;

/**
 * Adaptive conformal inference (Gibbs & Candès, NeurIPS 2021) for one level: the working
 * miscoverage alpha_t moves after each outcome by gamma·(alpha − err_t), err_t = 1 when the
 * outcome fell outside the band. Over any stretch, the long-run miscoverage converges to
 * alpha even when the residual distribution drifts.
 */
public final class AdaptiveConformal {
    private final double target;
    private final double gamma;
    private double alphaT;

    public AdaptiveConformal(double level, double gamma) {
        this.target = 1 - level;
        this.gamma = gamma;
        this.alphaT = target;
    }

    /** The level to ask of the conformal quantiles now, clamped to [0.5, 0.999]. */
    public double workingLevel() { return Math.min(0.999, Math.max(0.5, 1 - alphaT)); }

    /** Records whether the last outcome was covered by a band at {@link #workingLevel()}. */
    public void observe(boolean covered) {
        alphaT += gamma * (target - (covered ? 0 : 1));
    }
}
