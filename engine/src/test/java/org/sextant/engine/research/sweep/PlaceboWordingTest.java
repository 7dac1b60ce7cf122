package org.sextant.engine.research.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sextant.engine.research.stats.Verdict;

/** Attack 38, L3: a failed placebo of a long/short strategy said its returns came from "holding the assets". */
class PlaceboWordingTest {
    @Test
    void aLongShortStrategysFailedPlaceboSaysItsPositionsNotHoldingTheAssets() {
        Universe u = SessionDeflationTest.randomWalk(SessionDeflationTest.SEED);
        String spec = SessionDeflationTest.smaSpec("10", "50", "1").replace("\"inputs\": {\"fast\": \"a\", \"slow\": \"b\"}}",
                "\"inputs\": {\"fast\": \"a\", \"slow\": \"b\"}, \"params\": {\"long_short\": true}}");
        HonestyReport h = SessionDeflationTest.run(u, spec, new ResearchSession("ls"));
        assertTrue(h.placebo().pValue() > Verdict.P_LEVEL, "the placebo fails on this walk: " + h.placebo().pValue());
        String headline = h.verdict().headline();
        assertTrue(headline.contains("the returns came from the long and short positions themselves, not from when each was taken"), headline);
        assertFalse(headline.contains("holding the assets"), headline);
    }

    @Test
    void theWayAConfigurationHeldDecidesTheWording() {
        assertEquals(Verdict.Held.LONG, Verdict.Held.of(new double[][]{{0, 1, 0.5}, {0, 0, 0}}));
        assertEquals(Verdict.Held.SHORT, Verdict.Held.of(new double[][]{{0, -1, 0}}));
        assertEquals(Verdict.Held.LONG_AND_SHORT, Verdict.Held.of(new double[][]{{0, 1, 0}, {-0.5, 0, 0}}));
        Verdict shortOnly = Verdict.of(0.97, null, 12, 12, 0.2, null, 0.01, null, 0.4, Verdict.Held.SHORT);
        assertTrue(shortOnly.headline().endsWith("the returns came from being short the assets, not from when they were shorted)"), shortOnly.headline());
    }
}
