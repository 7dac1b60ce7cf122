package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SharpeStatisticsTest {
    /**
     * Bailey and López de Prado (2012), "The Sharpe Ratio Efficient Frontier", worked example:
     * annual SR 1.585 from monthly data (per period 1.585 / sqrt(12)), 24 months, skewness
     * -2.448, kurtosis 10.164, benchmark 0: PSR 0.9132.
     */
    @Test
    void psrMatchesThePublishedExample() {
        assertEquals(0.9132, SharpeStatistics.psr(1.585 / Math.sqrt(12), 0, 24, -2.448, 10.164), 5e-5);
    }

    /**
     * Bailey and López de Prado (2014), "The Deflated Sharpe Ratio", numerical example: 100
     * trials with variance of their Sharpe ratios 0.5 / 250 (daily), 1250 daily observations,
     * annual SR 2.5, skewness -3, kurtosis 10: expected maximum SR 0.1132 per day and DSR 0.9004.
     */
    @Test
    void dsrMatchesThePublishedExample() {
        double variance = 0.5 / 250;
        assertEquals(0.1132, SharpeStatistics.expectedMaxSharpe(100, variance), 5e-5);
        assertEquals(0.9004, SharpeStatistics.dsr(2.5 / Math.sqrt(250), 1250, -3, 10, 100, variance), 5e-5);
    }

    /**
     * MinTRL example (Bailey and López de Prado 2012): annual SR 2 against a benchmark of 1 at 95%
     * from daily data is 2.7312 years. The figure comes out with these conventions: 250
     * trading days a year, per-day Sharpe ratios 2/sqrt(250) and 1/sqrt(250), normal returns
     * (skewness 0, kurtosis 3), MinTRL = 1 + (1 - g3 SR + (g4-1)/4 SR^2)(z/(SR-SR*))^2 =
     * 682.80 days, divided by 250.
     */
    @Test
    void minTrlMatchesThePublishedExampleInYears() {
        double days = SharpeStatistics.minTrackRecordLength(2 / Math.sqrt(250), 1 / Math.sqrt(250), 0, 3, 0.95);
        assertEquals(682.797, days, 1e-3);
        assertEquals(2.7312, days / 250, 5e-5);
    }

    @Test
    void moreTrialsRaiseTheBarAndLowerTheDsr() {
        double sr = 0.08, v = 0.001;
        double few = SharpeStatistics.dsr(sr, 1000, 0, 3, 10, v);
        double many = SharpeStatistics.dsr(sr, 1000, 0, 3, 10_000, v);
        assertTrue(many < few, few + " vs " + many);
        assertEquals(0.0, SharpeStatistics.expectedMaxSharpe(1, v));
        assertEquals(Double.POSITIVE_INFINITY, SharpeStatistics.minTrackRecordLength(0.01, 0.02, 0, 3, 0.95));
        // Moments outside the asymptotic formula's range give NaN, never a confident number.
        assertTrue(Double.isNaN(SharpeStatistics.psr(0.5, 0, 100, 3, 3)));
    }

    @Test
    void momentsOfASampleUseTheMomentEstimators() {
        Moments m = Moments.of(new double[]{1, 2, 3, 4, 100, Double.NaN});
        assertEquals(5, m.count());
        assertEquals(22, m.mean(), 1e-12);
        // m2 = mean of squared deviations; skew = m3 / m2^1.5; kurt = m4 / m2^2 (non-excess)
        double m2 = (441 + 400 + 361 + 324 + 6084) / 5.0;
        double m3 = (-9261 - 8000 - 6859 - 5832 + 474552) / 5.0;
        double m4 = (194481 + 160000 + 130321 + 104976 + 37015056) / 5.0;
        assertEquals(Math.sqrt(m2 * 5 / 4), m.sd(), 1e-12);
        assertEquals(m3 / Math.pow(m2, 1.5), m.skewness(), 1e-12);
        assertEquals(m4 / (m2 * m2), m.kurtosis(), 1e-12);
    }
}
