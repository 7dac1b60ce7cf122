package org.sextant.engine.forecast.model;

import org.junit.jupiter.api.Test;
import org.sextant.engine.forecast.TestSeries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * KPSS statistics against R 4.2.2, urca::ur.kpss(x, type = "mu", use.lag = trunc(3*sqrt(n)/13))@teststat,
 * as forecast::ndiffs calls it; seasonal strength against forecast:::seas.heuristic (STL-based in R,
 * classical decomposition here, so compared on which side of 0.64 it falls).
 */
class DifferencingTest {
    @Test
    void kpssMatchesUrca() {
        double[] y = TestSeries.m3("N0001", "train");
        assertEquals(1.3675379065, Differencing.kpss(y), 1e-9);
        assertEquals(0.7961415627, Differencing.kpss(ArimaFitter.difference(y, 1, 0, 1)), 1e-9);
        double[] m = TestSeries.m3("N1500", "train");
        assertEquals(0.6181643505, Differencing.kpss(m), 1e-9);
        assertEquals(0.0245252985, Differencing.kpss(ArimaFitter.difference(m, 1, 0, 1)), 1e-9);
        // both N0001 statistics exceed the 5% value 0.463: two differences, as R's ndiffs
        assertEquals(2, Differencing.ndiffs(y, 2));
        assertEquals(1, Differencing.ndiffs(m, 2));
    }

    @Test
    void seasonalDifferenceOnTheSameSideAsR() {
        // R seas.heuristic: AirPassengers 0.941 (> 0.64, D = 1), N1500 0.369, N0700 0.190 (D = 0)
        assertTrue(Differencing.seasonalStrength(TestSeries.airPassengers(), 12) > 0.64);
        assertEquals(1, Differencing.nsdiffs(TestSeries.airPassengers(), 12));
        assertEquals(0, Differencing.nsdiffs(TestSeries.m3("N1500", "train"), 12));
        assertEquals(0, Differencing.nsdiffs(TestSeries.m3("N0700", "train"), 4));
    }
}
