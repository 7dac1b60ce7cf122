package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HaircutTest {
    /**
     * Harvey and Liu (2015), "Backtesting", worked example: monthly returns, 120 months, annual
     * SR 1, 100 tests: Bonferroni-adjusted p-value 0.465. The figure is reproduced with a serial
     * autocorrelation of 0.1 (Lo's correction gives an annual SR of 0.912, t = 2.885 with 119
     * degrees of freedom, p = 0.00465); the 0.4 in that example is the average correlation
     * among the tests (their RHO), which only their simulated Holm/BHY use, not Bonferroni.
     */
    @Test
    void bonferroniMatchesThePublishedExample() {
        Haircut h = Haircut.bonferroni(1.0, 120, 12, 0.1, 100);
        assertEquals(0.9122, h.annualSharpe(), 5e-5);
        assertEquals(0.00465, h.pValue(), 5e-6);
        assertEquals(0.465, h.adjustedPValue(), 5e-4);
        // The haircut Sharpe is the one whose own p-value is the adjusted one.
        assertEquals(h.adjustedPValue(), Haircut.pValue(h.haircutSharpe() / Math.sqrt(12), 120), 1e-9);
        assertTrue(h.haircut() > 0.5 && h.haircut() < 0.9, "haircut " + h.haircut());
    }

    /** A negative Sharpe ratio is no evidence of a positive one: p = 1, never 2 (1 - F(t)) near 2; a strong one keeps its tiny p. */
    @Test
    void theSingleTestPValueIsAProbabilityWhateverTheSign() {
        assertEquals(1.0, Haircut.pValue(-0.3, 120));
        assertEquals(1.0, Haircut.configurationPValue(-1.0, 120, 12));
        Haircut negative = Haircut.bonferroni(-1.0, 120, 12, 0.1, 100);
        assertEquals(1.0, negative.pValue());
        assertEquals(1.0, negative.adjustedPValue());
        assertEquals(1.0, Haircut.pValue(0, 120));
        double strong = Haircut.pValue(0.5, 1000); // t = 15.8 on 999 degrees of freedom: about 1e-49, not 0
        assertTrue(strong > 0 && strong < 1e-40, "p " + strong);
    }

    /**
     * A strong Sharpe ratio's haircut is finite: t = 15.8 over 1000 returns has p about 1e-49, and the inverse of
     * 1 - p / 2 was infinite. The quantiles are computed independently with mpmath 1.3.0 at 60 digits, the root in
     * log t of log(betainc(df/2, 1/2, 0, df/(df+t^2), regularized) / 2) = log(tail), and agree with SciPy 1.17's
     * t.isf(tail, df) (Boost's inverse incomplete beta) to 15 digits; R's qt(log(tail), df, lower.tail = FALSE, log.p = TRUE)
     * is the same quantile.
     */
    @Test
    void aStrongSharpeRatiosHaircutIsFinite() {
        assertEquals(15.501208969124075631, Haircut.upperQuantile(999, 5e-49), 1e-12);
        assertEquals(23.933539701995955191, Haircut.upperQuantile(999, 1e-100), 1e-12);
        assertEquals(54.314211115347818611, Haircut.upperQuantile(999, 1e-300), 1e-11);
        assertEquals(24.734696467311142756, Haircut.upperQuantile(119, 5e-49), 1e-11);
        assertEquals(7.124319732760653736, Haircut.upperQuantile(999, 1e-12), 1e-12);
        assertEquals(0.73091903120953258971, Haircut.upperQuantile(999, 0.2325), 1e-12); // the library's own, as before
        Haircut h = Haircut.bonferroni(0.5 * Math.sqrt(252), 1000, 252, 0, 10);
        assertTrue(h.adjustedPValue() > 0 && h.adjustedPValue() < 1e-45, "adjusted p " + h.adjustedPValue());
        assertTrue(Double.isFinite(h.haircutSharpe()) && h.haircutSharpe() < h.annualSharpe() && h.haircutSharpe() > 0.9 * h.annualSharpe(), h.toString());
        assertEquals(1, Haircut.pValue(h.haircutSharpe() / Math.sqrt(252), 1000) / h.adjustedPValue(), 1e-9, "its own p-value is the adjusted one");
    }

    /**
     * Harvey and Liu's worked example carried through to the Bonferroni haircut: the adjusted p-value 0.465 (the
     * paper's, tested above) is the one of an annual Sharpe ratio of 0.232, a haircut of 74.6% of the 0.912. Worked by
     * hand outside the code: the t quantile of 1 - 0.465/2 with 119 degrees of freedom is 0.73300 (scipy 1.x
     * {@code stats.t.ppf}), times sqrt(12/120) gives 0.23179, and 1 - 0.23179/0.9122 = 0.7459.
     */
    @Test
    void bonferroniHaircutMatchesThePublishedExample() {
        Haircut h = Haircut.bonferroni(1.0, 120, 12, 0.1, 100);
        assertEquals(0.232, h.haircutSharpe(), 5e-4);
        assertEquals(0.746, h.haircut(), 5e-4);
    }

    /**
     * A Sharpe ratio whose p-value is below what a double holds (t = 42.4 over 5000 daily returns: p = 10^-335.497) keeps a
     * finite, correct haircut: Bonferroni over 1000 tests leaves 9.47496 of its 9.52470 (a haircut of 0.522%), as mpmath
     * 1.3.0 at 60 digits finds it (the root in log t of log(betainc(df/2, 1/2, 0, df/(df+t^2), regularized)/2) = log(p
     * 1000 / 2)); before, the p-value and its adjustment were 0 and the inversion refused a tail of 0. Holm's and BHY's
     * in a session of that one configuration and 999 at p = 1 are Bonferroni's (R's p.adjust of the smallest p).
     */
    @Test
    void aSharpeRatioWhosePValueUnderflowsKeepsAFiniteCorrectHaircut() {
        double annual = 0.6 * Math.sqrt(252);
        assertEquals(-772.51075453155957586, Haircut.logPValue(0.6, 5000), 1e-9);
        Haircut bon = Haircut.bonferroni(annual, 5000, 252, 0, 1000);
        assertEquals(9.47495716339581621, bon.haircutSharpe(), 1e-9, bon.toString());
        assertEquals(0.00522300248669384781, bon.haircut(), 1e-10);
        Haircut[] stepwise = Haircut.inSession(5000, 252, new double[]{annual}, 0, 1000, EarlierPValues.NONE);
        assertEquals(9.47495716339581621, stepwise[0].haircutSharpe(), 1e-9, "holm");
        assertEquals(bon.haircutSharpe(), stepwise[0].haircutSharpe(), 1e-12, "holm of the smallest p is bonferroni");
        double c = MultipleTesting.harmonic(1000);
        assertTrue(stepwise[1].haircutSharpe() < bon.haircutSharpe() && Double.isFinite(stepwise[1].haircutSharpe()), "bhy " + stepwise[1]);
        // BHY of the smallest of 1000 is c 1000 p, harsher than Bonferroni there: its haircut Sharpe is the one whose p is that
        assertEquals(Haircut.logPValue(0.6, 5000) + Math.log(c * 1000),
                Haircut.logPValue(stepwise[1].haircutSharpe() / Math.sqrt(252), 5000), 1e-8, "bhy inverts c N p");
    }

    /**
     * The same p-value adjusted is 0 as a double; its log is kept and said: log10(1000 p) = -332.49716 (mpmath's -772.510754
     * for ln p, plus ln 1000), where the verdict read "haircut p-value 0.000" and the run stored 0.
     */
    @Test
    void anUnderflowingPValueIsKeptAndSaidAsItsLog() {
        double annual = 0.6 * Math.sqrt(252);
        Haircut holm = Haircut.inSession(5000, 252, new double[]{annual}, 0, 1000, EarlierPValues.NONE)[0];
        assertEquals(0, holm.adjustedPValue(), "below a double");
        assertEquals(-332.4971579039738, holm.log10AdjustedPValue(), 1e-9);
        assertEquals(-335.4971579039738, Haircut.log10ConfigurationPValue(annual, 5000, 252), 1e-9, "the stored single-test p-value's log");
        assertEquals(0, Haircut.log10ConfigurationPValue(-annual, 5000, 252), "a negative Sharpe ratio's p = 1");
        assertEquals(Math.log10(Haircut.bonferroni(1.0, 120, 12, 0.1, 100).adjustedPValue()),
                Haircut.bonferroni(1.0, 120, 12, 0.1, 100).log10AdjustedPValue(), 1e-15, "a p-value a double holds: its own log");
        Verdict v = Verdict.of(0.99, null, 1000, 1, Double.NaN, null, holm.adjustedPValue(), holm.log10AdjustedPValue(), null, 0.01, Verdict.Held.LONG);
        assertTrue(v.reasons().contains("haircut p-value below 1e-308 (10^-332.5)"), v.reasons().toString());
        assertTrue(Verdict.of(0.99, 10, 2, 0.1, 2.14e-5, 0.01).reasons().contains("haircut p-value 2.1e-05"), "0.000 said nothing of it");
        assertTrue(Verdict.of(0.99, 10, 2, 0.1, 0.0123, 0.01).reasons().contains("haircut p-value 0.012"), "from 0.001 as before");
    }

    @Test
    void strongAutocorrelationLeavesNothing() {
        Haircut h = Haircut.bonferroni(1.0, 120, 12, 0.4, 100);
        assertEquals(0.6823, h.annualSharpe(), 5e-5);
        assertEquals(1.0, h.adjustedPValue());
        assertEquals(0.0, h.haircutSharpe());
        assertEquals(1.0, h.haircut(), 1e-12);
    }

    /** Oracle: R's p.adjust(c(0.001, 0.01, 0.02, 0.2, 0.5), method = "holm" / "BY"). */
    @Test
    void holmAndBhyAgreeWithRsDefinitions() {
        double[] p = {0.02, 0.001, 0.5, 0.01, 0.2};
        assertArrayEquals(new double[]{0.06, 0.005, 0.5, 0.04, 0.4}, MultipleTesting.holm(p), 1e-12);
        double c = 1 + 1 / 2.0 + 1 / 3.0 + 1 / 4.0 + 1 / 5.0;
        assertArrayEquals(new double[]{c * 5 / 3 * 0.02, c * 5 * 0.001, 1.0, c * 5 / 2 * 0.01, c * 5 / 4 * 0.2},
                MultipleTesting.bhy(p), 1e-12);
        assertArrayEquals(new double[]{0.1, 0.005, 1, 0.05, 1}, MultipleTesting.bonferroni(p), 1e-12);
    }

    @Test
    void holmAndBhyOverActualSweepSharpesAreNoHarsherThanBonferroni() {
        double[] sharpes = new double[50];
        for (int i = 0; i < sharpes.length; i++) sharpes[i] = 0.02 * i;   // best is 0.98 annual
        int best = 49;
        Haircut bon = Haircut.of(120, 12, 0, "bonferroni", sharpes, best);
        Haircut holm = Haircut.of(120, 12, 0, "holm", sharpes, best);
        Haircut bhy = Haircut.of(120, 12, 0, "bhy", sharpes, best);
        assertEquals(bon.adjustedPValue(), holm.adjustedPValue(), 1e-12); // the smallest p: Holm = Bonferroni
        assertTrue(bhy.adjustedPValue() <= 1.0);
        assertTrue(holm.haircutSharpe() < 0.98 && holm.haircutSharpe() > 0);
        assertThrows(IllegalArgumentException.class, () -> Haircut.of(120, 12, 0, "sidak", sharpes, best));
    }
}
