package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Normal;
import org.sextant.engine.forecast.QuantileBand;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A fitted ETS model: parameters, the states after the last observation, the residual
 * variance and the information criteria. Point forecasts follow the state recursion;
 * bands are analytic for the additive class (HKOS 2008, Table 6.1), simulated otherwise.
 */
public final class EtsModel {
    static final int SIMULATIONS = 2000;

    final EtsSpec spec;
    final int m;
    final double alpha, beta, gamma, phi;
    final double[] initial; // l0, b0, seasonal figure indexed by observation position mod m
    final int n;
    // states after the last observation
    final double level, slope;
    final double[] seasonal;
    final double sigma2, logLik, aic, aicc;
    final int k;

    EtsModel(EtsSpec spec, int m, double alpha, double beta, double gamma, double phi, double[] initial, double[] y) {
        this.spec = spec;
        this.m = m;
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.phi = phi;
        this.initial = initial.clone();
        this.n = y.length;
        State s = State.initial(spec, m, initial);
        double[] sums = EtsFitter.filter(spec, m, alpha, beta, gamma, phi, s, y);
        this.level = s.l;
        this.slope = s.b;
        this.seasonal = s.s;
        double sse = Math.max(sums[0], 1e-300), sumLog = sums[1];
        // as R's ets: smoothing parameters, l0, b0 and the m−1 free seasonal states, + sigma
        this.k = spec.parameterCount(m) + 1;
        this.logLik = -0.5 * n * (Math.log(2 * Math.PI) + 1 + Math.log(sse / n)) - sumLog;
        this.aic = -2 * logLik + 2 * k;
        this.aicc = n - k - 1 > 0 ? aic + 2.0 * k * (k + 1) / (n - k - 1) : Double.POSITIVE_INFINITY;
        // as R's ets: residual variance over n minus the smoothing parameters and initial states
        this.sigma2 = sse / Math.max(1, n - (k - 1));
    }

    public EtsSpec spec() { return spec; }
    public double alpha() { return alpha; }
    public double beta() { return beta; }
    public double gamma() { return gamma; }
    public double phi() { return phi; }
    public double initialLevel() { return initial[0]; }
    public double initialSlope() { return initial[1]; }
    /** Initial seasonal states: index j belongs to observations t ≡ j (mod m), t = 0 the first; empty without a season. */
    public double[] initialSeasonal() { return spec.seasonal() ? Arrays.copyOfRange(initial, 2, 2 + m) : new double[0]; }
    // dup: one-line accessors, alike only in shape to other classes' getters
    public double sigma2() { return sigma2; }
    public double logLik() { return logLik; }
    public double aic() { return aic; }
    public double aicc() { return aicc; }
    /** Estimated parameters including sigma, as counted in AIC. */
    public int parameters() { return k; }
    public int observations() { return n; }

    /** Point forecasts h steps ahead. */
    public double[] point(int h) {
        double[] f = new double[h];
        double phiSum = 0, p = 1;
        for (int i = 0; i < h; i++) {
            p *= spec.damped() ? phi : 1;
            phiSum += spec.trended() ? (spec.damped() ? p : 1) : 0;
            double lb = level + phiSum * slope;
            f[i] = switch (spec.season()) {
                case N -> lb;
                case A -> lb + seasonal[(n + i) % m];
                case M -> lb * seasonal[(n + i) % m];
            };
        }
        return f;
    }

    public Forecast forecast(String name, int h, double[] levels) {
        double[] mean = point(h);
        if (levels.length == 0) return new Forecast(name, mean, List.of());
        if (spec.analyticVariance()) {
            double[] se = new double[h];
            double acc = 1;
            for (int i = 0; i < h; i++) {
                se[i] = Math.sqrt(sigma2 * acc);
                int j = i + 1;
                double c = alpha + beta * phiSum(j) + (spec.seasonal() && j % m == 0 ? gamma : 0);
                acc += c * c;
            }
            return new Forecast(name, mean, Normal.bands(mean, se, levels));
        }
        return new Forecast(name, mean, simulatedBands(mean, h, levels));
    }

    /** sum_{i=1..j} phi^i for damped, j for linear trend, 0 without trend. */
    private double phiSum(int j) {
        if (!spec.trended()) return 0;
        if (!spec.damped()) return j;
        double s = 0, p = 1;
        for (int i = 0; i < j; i++) { p *= phi; s += p; }
        return s;
    }

    /**
     * Sample paths with Gaussian errors drawn by Latin hypercube: at each step the errors are the
     * SIMULATIONS stratified normal quantiles in a fresh random order, so every step's marginal is
     * exact and only the dependence between steps is random (fixed seed: same inputs, same bands).
     */
    private List<QuantileBand> simulatedBands(double[] mean, int h, double[] levels) {
        double sd = Math.sqrt(sigma2);
        SplittableRandom rnd = new SplittableRandom(20260101L);
        double[] strata = new double[SIMULATIONS];
        for (int p = 0; p < SIMULATIONS; p++) strata[p] = sd * Normal.quantile((p + 0.5) / SIMULATIONS);
        double[][] errors = new double[h][];
        for (int i = 0; i < h; i++) errors[i] = shuffled(strata, rnd);
        double[][] paths = new double[h][SIMULATIONS];
        for (int p = 0; p < SIMULATIONS; p++) {
            State s = new State(level, slope, seasonal.clone());
            for (int i = 0; i < h; i++) {
                double e = errors[i][p];
                double yhat = EtsFitter.oneStep(spec, m, phi, s, n + i);
                double y = spec.multiplicativeError() ? yhat * (1 + e) : yhat + e;
                EtsFitter.update(spec, m, alpha, beta, gamma, phi, s, n + i, y);
                paths[i][p] = y;
            }
        }
        for (double[] row : paths) Arrays.sort(row);
        List<QuantileBand> out = new ArrayList<>();
        for (double level : levels) {
            double[] lo = new double[h], hi = new double[h];
            for (int i = 0; i < h; i++) {
                double[] row = paths[i];
                // the centre is the point forecast: keep it inside every band
                lo[i] = Math.min(quantile(row, (1 - level) / 2), mean[i]);
                hi[i] = Math.max(quantile(row, (1 + level) / 2), mean[i]);
            }
            out.add(new QuantileBand(level, lo, hi));
        }
        return out;
    }

    static double quantile(double[] sorted, double p) {
        double pos = p * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        int j = Math.min(i + 1, sorted.length - 1);
        return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
    }

    private static double[] shuffled(double[] x, SplittableRandom r) {
        double[] y = x.clone();
        for (int i = y.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            double t = y[i];
            y[i] = y[j];
            y[j] = t;
        }
        return y;
    }

    /** Mutable state carried through the recursion. */
    static final class State {
        double l, b;
        final double[] s;

        State(double l, double b, double[] s) { this.l = l; this.b = b; this.s = s; }

        static State initial(EtsSpec spec, int m, double[] init) {
            double[] s = new double[Math.max(m, 1)];
            if (spec.seasonal()) System.arraycopy(init, 2, s, 0, m);
            return new State(init[0], spec.trended() ? init[1] : 0, s);
        }
    }
}
