package org.sextant.engine.research.stats;

import org.hipparchus.special.Beta;
import org.hipparchus.util.ContinuedFraction;

/**
 * log I_x(a, b), the regularized incomplete beta, where I itself is below what a double holds: the library's
 * continued fraction (Hipparchus Beta.regularizedBeta, Numerical Recipes 6.4) with its prefactor
 * x^a (1 - x)^b / (a B(a, b)) kept as a log instead of exponentiated to 0.
 */
final class LogIncompleteBeta {
    private LogIncompleteBeta() {}

    static double logRegularized(double x, double a, double b) {
        if (!(x > 0) || x >= (a + 1) / (a + b + 2)) return Math.log(Beta.regularizedBeta(x, a, b)); // no underflow out here
        ContinuedFraction fraction = new ContinuedFraction() {
            @Override
            protected double getB(int n, double x) {
                if (n % 2 == 0) {
                    double m = n / 2.0;
                    return m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
                }
                double m = (n - 1) / 2.0;
                return -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
            }

            @Override
            protected double getA(int n, double x) {
                return 1.0;
            }
        };
        return a * Math.log(x) + b * Math.log1p(-x) - Math.log(a) - Beta.logBeta(a, b) - Math.log(fraction.evaluate(x, 1e-15));
    }
}
