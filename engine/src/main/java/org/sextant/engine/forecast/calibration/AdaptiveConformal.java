package org.sextant.engine.forecast.calibration;

/**
 * Adaptive conformal inference (Gibbs & Candès, NeurIPS 2021) for one level: the working
 * miscoverage alpha_t moves after each outcome by gamma·(alpha − err_t), err_t = 1 when the
 * outcome fell outside the band. Over any stretch, the long-run miscoverage converges to
 * alpha even when the residual distribution drifts.
 *
 * <p>alpha_t is kept within [{@link #MIN_ALPHA}, {@link #MAX_ALPHA}], the range of working levels
 * the bands can express. Gibbs & Candès let alpha_t fall below 0 because their band is then the
 * whole line and every outcome is covered; a conformal band here is at most the largest residual,
 * so outcomes keep missing and an unbounded alpha_t ran far below 0 (−0.33 at IBM's live origin
 * for the 99% level, −0.15 for the 95%), pinning every level's band to the largest residual until
 * hundreds of hits repaid the debt: the 95% band equalled the 99% band element for element.
 */
public final class AdaptiveConformal {
    private final double target;
    private final double gamma;
    private double alphaT;

    public AdaptiveConformal(double level, double gamma) {
        this.target = 1 - level;
        this.gamma = gamma;
        this.alphaT = clamp(target);
    }

    /** Bounds of the working miscoverage: working levels 0.5 .. 0.999. */
    public static final double MIN_ALPHA = 0.001, MAX_ALPHA = 0.5;

    /** The level to ask of the conformal quantiles now, in [0.5, 0.999]. */
    public double workingLevel() { return 1 - alphaT; }

    /** Records whether the last outcome was covered by a band at {@link #workingLevel()}. */
    public void observe(boolean covered) {
        alphaT = clamp(alphaT + gamma * (target - (covered ? 0 : 1)));
    }

    private static double clamp(double a) { return Math.min(MAX_ALPHA, Math.max(MIN_ALPHA, a)); }
}
