package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;
import org.sextant.engine.forecast.Normal;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.optim.InitialGuess;
import org.hipparchus.optim.MaxEval;
import org.hipparchus.optim.nonlinear.scalar.GoalType;
import org.hipparchus.optim.nonlinear.scalar.ObjectiveFunction;
import org.hipparchus.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.hipparchus.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * The Optimised Theta Method (OTM) of Fiorucci, Pellegrini, Louzada, Petropoulos &amp; Koehler
 * (2016), "Models for optimising the theta method and their relationship to state space
 * models", IJF 32:1151–1161. The theta line's coefficient θ is estimated instead of fixed at 2:
 * <pre>
 *   μₜ = ℓₜ₋₁ + (1 − 1/θ)·[Aₙ(1−α)^{t−1} + Bₙ(1 − (1−α)^t)/α]
 *   ℓₜ = αyₜ + (1−α)ℓₜ₋₁
 * </pre>
 * with Aₙ, Bₙ the intercept and slope of the least-squares line on t = 1..n; ℓ₀, α ∈ (0,1)
 * and θ ≥ 1 minimise the in-sample one-step squared error. θ = 2 gives the standard Theta
 * method. h steps ahead: ℓₙ + (1 − 1/θ)·[Aₙ(1−α)ⁿ + Bₙ((1 − (1−α)^{n+1})/α + h − 1)].
 * Seasonality as in {@link Theta}: classical multiplicative adjustment when the 90% ACF test
 * finds it. Bands as for SES: σ·sqrt(1 + (h−1)α²).
 */
public final class OptimisedTheta implements Forecaster {
    static final double THETA_MAX = 50;

    private final String name;

    public OptimisedTheta() { this("otm"); }

    public OptimisedTheta(String name) { this.name = name; }

    @Override public String name() { return name; }
    @Override public int minLength(int period) { return 5; }

    /** The fitted parameters: initial level, α, θ, the in-sample mean squared error. */
    public record Fit(double level0, double alpha, double theta, double mse, double an, double bn, double levelN) {}

    @Override
    public Forecast compute(double[] y, int m, int h, double[] levels) {
        int n = y.length;
        SeasonalAdjustment sa = SeasonalAdjustment.of(y, m);
        double[] adj = sa.adjusted();
        Fit f = fit(adj);
        double[] mean = new double[h], se = new double[h];
        double b = Math.pow(1 - f.alpha, n), w = 1 - 1 / f.theta;
        double sigma = Math.sqrt(f.mse * n / Math.max(1, n - 3));
        for (int i = 0; i < h; i++) {
            mean[i] = f.levelN + w * (f.an * b + f.bn * ((1 - b * (1 - f.alpha)) / f.alpha + i));
            se[i] = sigma * Math.sqrt(1 + i * f.alpha * f.alpha);
        }
        return sa.restore(name, new Forecast(name, mean, Normal.bands(mean, se, levels)));
    }

    /** Least-squares estimates of ℓ₀, α and θ. */
    public static Fit fit(double[] y) {
        int n = y.length;
        double bn = Theta.olsSlope(y);
        double mean = 0;
        for (double v : y) mean += v / n;
        double an = mean - bn * (n + 1) / 2.0;
        double scale = 0;
        for (double v : y) scale += Math.abs(v) / n;
        final double sc = scale > 0 ? scale : 1;
        // optimise on (ℓ₀/scale, α, θ) so the simplex steps are comparable
        java.util.function.ToDoubleFunction<double[]> sse = x -> {
            double a = x[1], th = x[2];
            if (!(a > 1e-4 && a < 0.9999 && th >= 1 && th <= THETA_MAX)) return 1e300;
            return run(y, x[0] * sc, a, th, an, bn)[0];
        };
        // two starts: the standard method and a steeper line; the best point either start visited
        Best best = new Best();
        for (double th0 : new double[] {2, 4}) minimise(x -> best.offer(x, sse.applyAsDouble(x)), new double[] {y[0] / sc, 0.5, th0});
        double[] x = best.point;
        double[] res = run(y, x[0] * sc, x[1], x[2], an, bn);
        return new Fit(x[0] * sc, x[1], x[2], res[0] / n, an, bn, res[1]);
    }

    /** Hipparchus's Nelder–Mead (coefficients 1, 2, 0.5, 0.5) from one start; running out of evaluations keeps what was found. */
    private static void minimise(org.hipparchus.analysis.MultivariateFunction f, double[] start) {
        try {
            new SimplexOptimizer(1e-10, 1e-300).optimize(new MaxEval(3000), new ObjectiveFunction(f), GoalType.MINIMIZE,
                    new InitialGuess(start), new NelderMeadSimplex(new double[] {0.1, 0.2, 0.5}));
        } catch (MathIllegalStateException evaluationsUsedUp) {
            // the best point so far stands, as it did when the hand-written simplex stopped at its limit
        }
    }

    /** The lowest objective value seen over all evaluations, and where. */
    private static final class Best {
        double value = Double.POSITIVE_INFINITY;
        double[] point;

        double offer(double[] x, double v) {
            org.sextant.engine.jobs.Cancellation.check(); // Hipparchus's simplex has no hook of its own; each evaluation is one
            if (v < value || point == null) {
                value = v;
                point = x.clone();
            }
            return v;
        }
    }

    /** {sum of squared one-step errors, final level}. */
    private static double[] run(double[] y, double l0, double a, double th, double an, double bn) {
        double l = l0, sse = 0, w = 1 - 1 / th, p = 1; // p = (1−α)^{t−1}
        for (int t = 1; t <= y.length; t++) {
            double mu = l + w * (an * p + bn * (1 - p * (1 - a)) / a);
            double e = y[t - 1] - mu;
            sse += e * e;
            l = a * y[t - 1] + (1 - a) * l;
            p *= 1 - a;
        }
        return new double[] {sse, l};
    }
}
