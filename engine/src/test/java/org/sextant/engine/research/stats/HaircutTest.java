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
