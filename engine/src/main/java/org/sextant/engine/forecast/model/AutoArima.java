package org.sextant.engine.forecast.model;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.Forecaster;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * ARIMA with automatic order selection by the stepwise algorithm of Hyndman &amp; Khandakar
 * (2008), following R's forecast::auto.arima (8.20) step by step: D from the seasonal
 * strength, d from KPSS tests on the seasonally differenced series, then from
 * ARIMA(2,d,2)(1,D,1) (with a mean when nothing is differenced, a drift after one difference)
 * neighbours are tried by changing p, q, P, Q by ±1 and toggling the constant, keeping the
 * lowest AICc, up to 94 models; orders are capped at p,q ≤ 5, P,Q ≤ 2 and a third of the
 * length. Models with AR or MA roots within 1.01 of the unit circle are refused. On long
 * series (n &gt; 150 or m &gt; 12) the search ranks by the CSS approximation and the chosen
 * order is refitted by maximum likelihood. Bands are Gaussian.
 */
public final class AutoArima implements Forecaster {
    static final int MAX_P = 5, MAX_Q = 5, MAX_SP = 2, MAX_SQ = 2, MAX_D = 2, NMODELS = 94;

    private final String name;
    private final boolean alwaysApproximate;
    private final int maxD;

    /** R's rule: the CSS approximation ranks the search only on long series (n &gt; 150 or m &gt; 12). */
    public AutoArima() { this("arima", false); }

    /**
     * @param alwaysApproximate rank every search by the CSS approximation and refit the chosen
     *                          order by maximum likelihood (much faster on seasonal series)
     */
    public AutoArima(String name, boolean alwaysApproximate) {
        this(name, alwaysApproximate, MAX_D);
    }

    private AutoArima(String name, boolean alwaysApproximate, int maxD) {
        this.name = name;
        this.alwaysApproximate = alwaysApproximate;
        this.maxD = maxD;
    }

    /**
     * This search differencing at most once: for log prices, which a random walk describes. The
     * KPSS test asked a second difference of IBM's log closes at many origins, and ARIMA(1,2,0)
     * then extrapolates the last days' trend (36 to a median of 87 in 20 days).
     */
    public AutoArima differencedAtMostOnce() {
        return new AutoArima(name, alwaysApproximate, 1);
    }

    @Override public String name() { return name; }
    @Override public int minLength(int period) { return 5; }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        return select(y, period).forecast(name(), h, levels);
    }

    /** The selected, fitted model. */
    public ArimaModel select(double[] y, int period) {
        int n = y.length;
        int m = Math.max(1, period);
        if (Seasonality.isConstant(y)) return fixedConstant(y, ArimaSpec.of(0, 0, 0, true), y[0]);
        int maxp = Math.min(MAX_P, n / 3), maxq = Math.min(MAX_Q, n / 3);
        int maxSp = m > 1 ? Math.min(MAX_SP, n / 3 / m) : 0, maxSq = m > 1 ? Math.min(MAX_SQ, n / 3 / m) : 0;
        int sd = m == 1 || n <= 2 * m ? 0 : Differencing.nsdiffs(y, m);
        double[] dx = ArimaFitter.difference(y, 0, sd, m);
        int d = Differencing.ndiffs(dx, maxD);
        dx = ArimaFitter.difference(dx, d, 0, 1);
        int mm = m == 1 ? 1 : m;
        if (dx.length == 0) return fixedConstant(y, new ArimaSpec(0, Math.min(d, 1), 0, 0, 0, 0, 1, false), 0);
        if (Seasonality.isConstant(dx)) {
            boolean constant = d + sd < 2;
            double c = constant ? dx[0] : 0;
            return fixedConstant(y, new ArimaSpec(0, d, 0, 0, sd, 0, sd > 0 ? mm : 1, constant), c);
        }
        if (m > 1) {
            if (maxSp > 0) maxp = Math.min(maxp, m - 1);
            if (maxSq > 0) maxq = Math.min(maxq, m - 1);
        }
        boolean approx = alwaysApproximate || n > 150 || m > 12;
        double offset = 0;
        if (approx) {
            // R: -2·loglik − n·log σ² of arima(0,d,0)(0,D,0), whose ML variance is Σw²/n*
            int nw = n - d - sd * m;
            double s2 = mlSigma2(y, d, sd, mm);
            offset = nw * (1 + ArimaFitter.LOG_2PI) + nw * Math.log(s2) - n * Math.log(s2);
        }
        boolean constant = d + sd <= 1;
        Search s = new Search(y, d, sd, mm, approx, offset);
        int startp = n < 10 ? 1 : 2, startq = n < 10 ? 1 : 2, startP = n < 10 ? 0 : 1, startQ = n < 10 ? 0 : 1;
        int p = Math.min(startp, maxp), q = Math.min(startq, maxq), P = Math.min(startP, maxSp), Q = Math.min(startQ, maxSq);
        s.best = s.fit(p, q, P, Q, constant);
        if (s.better(s.fit(0, 0, 0, 0, constant))) { p = q = P = Q = 0; }
        if (maxp > 0 || maxSp > 0) {
            int np = maxp > 0 ? 1 : 0, nP = m > 1 && maxSp > 0 ? 1 : 0;
            if (s.better(s.fit(np, 0, nP, 0, constant))) { p = np; P = nP; q = Q = 0; }
        }
        if (maxq > 0 || maxSq > 0) {
            int nq = maxq > 0 ? 1 : 0, nQ = m > 1 && maxSq > 0 ? 1 : 0;
            if (s.better(s.fit(0, nq, 0, nQ, constant))) { p = P = 0; q = nq; Q = nQ; }
        }
        if (constant && s.better(s.fit(0, 0, 0, 0, false))) { p = q = P = Q = 0; }
        // the stepwise walk: the first improving neighbour becomes the new centre
        int[][] moves = {{0, 0, -1, 0}, {0, 0, 0, -1}, {0, 0, 1, 0}, {0, 0, 0, 1}, {0, 0, -1, -1}, {0, 0, -1, 1}, {0, 0, 1, -1}, {0, 0, 1, 1},
                {-1, 0, 0, 0}, {0, -1, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {-1, -1, 0, 0}, {-1, 1, 0, 0}, {1, -1, 0, 0}, {1, 1, 0, 0}};
        boolean improved = true;
        while (improved && s.count < NMODELS) {
            improved = false;
            for (int[] mv : moves) {
                int np = p + mv[0], nq = q + mv[1], nP = P + mv[2], nQ = Q + mv[3];
                if (np < 0 || nq < 0 || nP < 0 || nQ < 0 || np > maxp || nq > maxq || nP > maxSp || nQ > maxSq) continue;
                if (!s.isNew(np, nq, nP, nQ, constant)) continue;
                if (s.count >= NMODELS) break;
                if (s.better(s.fit(np, nq, nP, nQ, constant))) {
                    p = np; q = nq; P = nP; Q = nQ;
                    improved = true;
                    break;
                }
            }
            if (!improved && (d + sd <= 1) && s.isNew(p, q, P, Q, !constant) && s.count < NMODELS) {
                if (s.better(s.fit(p, q, P, Q, !constant))) {
                    constant = !constant;
                    improved = true;
                }
            }
        }
        ArimaModel best = s.best;
        if (best != null && approx) {
            // as R: refit by maximum likelihood in order of the approximate criterion, keep the first admissible
            best = null;
            List<ArimaModel> tried = new ArrayList<>(s.fitted);
            tried.sort(Comparator.comparingDouble(ArimaModel::ic));
            for (ArimaModel c : tried) {
                ArimaModel refit = ArimaFitter.fit(y, c.spec());
                if (refit != null && Double.isFinite(refit.ic())) {
                    best = refit;
                    break;
                }
            }
        }
        if (best == null || !Double.isFinite(best.ic())) {
            // nothing admissible: the differenced white-noise model, which always fits
            ArimaModel wn = ArimaFitter.fit(y, new ArimaSpec(0, d, 0, 0, sd, 0, mm, d + sd <= 1));
            if (wn != null) return wn;
            return fixedConstant(y, new ArimaSpec(0, d, 0, 0, sd, 0, mm, false), 0);
        }
        return best;
    }

    /** Maximum-likelihood variance Σw²/n of the differenced series without constant (R's sigma2 of arima(0,d,0)). */
    private static double mlSigma2(double[] y, int d, int sd, int m) {
        double[] w = ArimaFitter.difference(y, d, sd, m);
        double s = 0;
        for (double v : w) s += v * v;
        return s / w.length;
    }

    /** A model with no free ARMA part: the differenced series is constant (or the data are). */
    private static ArimaModel fixedConstant(double[] y, ArimaSpec spec, double c) {
        double[] w = ArimaFitter.difference(y, spec.d(), spec.sd(), spec.m());
        double ss = 0;
        for (double v : w) ss += (v - c) * (v - c);
        double sigma2 = w.length > 0 ? ss / w.length : 0;
        return new ArimaModel(spec, new double[0], new double[0], new double[0], new double[0], c, sigma2, Double.NaN, Double.NaN,
                Double.NaN, 0, new double[1], new double[1], y);
    }

    /** The models tried so far and the best one. */
    private static final class Search {
        final double[] y;
        final int d, sd, m;
        final boolean approx;
        final double offset;
        final Set<String> seen = new HashSet<>();
        final List<ArimaModel> fitted = new ArrayList<>(); // admissible fits, for the refit order
        ArimaModel best;
        int count;

        Search(double[] y, int d, int sd, int m, boolean approx, double offset) {
            this.y = y;
            this.d = d;
            this.sd = sd;
            this.m = m;
            this.approx = approx;
            this.offset = offset;
        }

        boolean isNew(int p, int q, int sp, int sq, boolean c) { return !seen.contains(key(p, q, sp, sq, c)); }

        private static String key(int p, int q, int sp, int sq, boolean c) { return p + "," + q + "," + sp + "," + sq + "," + c; }

        ArimaModel fit(int p, int q, int sp, int sq, boolean c) {
            seen.add(key(p, q, sp, sq, c));
            count++;
            ArimaSpec spec = new ArimaSpec(p, d, q, m > 1 ? sp : 0, m > 1 ? sd : 0, m > 1 ? sq : 0, m, c && d + sd <= 1);
            try {
                return ArimaFitter.fit(y, spec, approx, offset);
            } catch (ArithmeticException | IllegalArgumentException e) {
                return null;
            }
        }

        /** Keeps the candidate when its criterion is lower; true when it was. */
        boolean better(ArimaModel f) {
            if (f == null || !Double.isFinite(f.ic())) return false;
            fitted.add(f);
            if (best == null || !Double.isFinite(best.ic()) || f.ic() < best.ic()) {
                best = f;
                return true;
            }
            return false;
        }
    }
}
