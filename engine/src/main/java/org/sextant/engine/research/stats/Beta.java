package org.sextant.engine.research.stats;

/** Regularised incomplete beta I_x(a, b), by the modified Lentz continued fraction. */
final class Beta {
    private Beta() {}

    static double regularized(double x, double a, double b) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        double lnFront = lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
        // The fraction converges fast only below the mean a/(a+b); use the symmetry beyond it.
        if (x < (a + 1) / (a + b + 2)) return Math.exp(lnFront) * fraction(x, a, b) / a;
        return 1 - Math.exp(lnFront) * fraction(1 - x, b, a) / b;
    }

    private static double fraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1, d = 1 - (a + b) * x / (a + 1);
        if (Math.abs(d) < tiny) d = tiny;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 10_000; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
            c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
            d = 1 / d; h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
            c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < 1e-16) break;
        }
        return h;
    }

    /** Lanczos approximation (g = 7, 9 terms), relative error about 1e-15 for x > 0. */
    static double lnGamma(double x) {
        final double[] c = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
                771.32342877765313, -176.61502916214059, 12.507343278686905,
                -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
        if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
        x -= 1;
        double s = c[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) s += c[i] / (x + i);
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
    }
}
