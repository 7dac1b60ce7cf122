package org.sextant.engine.research.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlaceboAndVerdictTest {
    @Test
    void perfectTimingBeatsEveryPlaceboAndRandomTimingDoesNot() {
        SplittableRandom rnd = new SplittableRandom(3);
        int t = 2000;
        double[] r = new double[t], clairvoyant = new double[t], coin = new double[t];
        for (int i = 0; i < t; i++) {
            r[i] = PboTest.gaussian(rnd) * 0.01 + 0.0002;
            clairvoyant[i] = r[i] > 0 ? 1 : 0;          // knows the bar's return: pure timing
            coin[i] = rnd.nextDouble() < 0.5 ? 1 : 0;
        }
        Placebo good = Placebo.of(r, clairvoyant, 199, 11);
        assertEquals(1.0 / 200, good.pValue(), 1e-12);
        assertTrue(good.actualSharpe() > good.placeboMean());
        Placebo random = Placebo.of(r, coin, 199, 11);
        assertTrue(random.pValue() > 0.05, "p " + random.pValue());
    }

    @Test
    void verdictNamesTheFiguresThatDecidedIt() {
        Verdict v = Verdict.of(0.41, 240, 240, 0.62, Double.NaN, Double.NaN);
        assertEquals("not significant", v.label());
        assertEquals("not significant: DSR 0.410 after 240 configurations; PBO 0.62", v.headline());

        Verdict ok = Verdict.of(0.97, 12, 12, 0.1, 0.01, 0.002);
        assertEquals("significant", ok.label());
        assertTrue(ok.headline().startsWith("significant: DSR 0.970 after 12 configurations"), ok.headline());

        assertEquals("likely overfit", Verdict.of(0.97, 12, 12, 0.7, 0.01, 0.01).label());
        Verdict timing = Verdict.of(0.97, 12, 12, 0.2, 0.01, 0.4);
        assertEquals("no timing skill", timing.label());
        // a passing DSR beside it is no contradiction once the placebo says what it tested (a new user's walkthrough)
        assertEquals("no timing skill: placebo p-value 0.400 (the same positions shifted to random dates did as well: the returns came"
                + " from holding the assets, not from when they were held)", timing.headline());
        assertEquals("not significant", Verdict.of(0.99, 500, 500, 0.2, 0.3, 0.01).label());
        Verdict undefined = Verdict.of(Double.NaN, 3, 1, Double.NaN, 0.01, 0.01);
        assertEquals("not significant", undefined.label());
        assertTrue(undefined.headline().startsWith("not significant: DSR undefined after 3 configurations"), undefined.headline());
    }

    /** The reason said "DSR 1.00" where the CLI's summary said "DSR 0.999": three places, as the summary and report print it. */
    @Test
    void theDsrIsSaidToThreePlacesNotRoundedUpToOne() {
        Verdict v = Verdict.of(0.9994, 30, 30, 0.2, 0.01, 0.4);
        assertEquals("no timing skill", v.label());
        assertTrue(v.reasons().contains("DSR 0.999 after 30 configurations"), v.reasons().toString());
        assertTrue(Verdict.of(0.9412, 30, 30, 0.2, 0.01, 0.01).headline().startsWith("not significant: DSR 0.941 after"));
    }

    @Test
    void aSingleConfigurationSaysItsPboWasNotComputed() {
        // one configuration: nothing was selected among configurations, so there is no PBO to check
        Verdict one = Verdict.of(0.97, 5, 1, Double.NaN, 0.01, 0.002);
        assertEquals("significant", one.label());
        assertTrue(one.reasons().contains("PBO not computed (one configuration)"), one.reasons().toString());
        assertTrue(one.headline().endsWith("; PBO not computed (one configuration)"), one.headline());
        assertTrue(Verdict.of(0.41, 5, 1, Double.NaN, Double.NaN, Double.NaN).reasons().contains("PBO not computed (one configuration)"));
    }

    @Test
    void aRuinedStrategyIsNeverSignificant() {
        Verdict v = Verdict.of(0.97, 12, 12, 0.1, 0.01, 0.002).ruined(java.time.LocalDate.of(1999, 3, 4), true);
        assertEquals("ruined", v.label());
        assertTrue(v.headline().startsWith("ruined on 1999-03-04 (out of sample)"), v.headline());
        assertTrue(v.reasons().get(0).startsWith("ruined on 1999-03-04"), v.reasons().toString());
        assertTrue(v.reasons().contains("DSR 0.970 after 12 configurations"), "the figures' own reasons follow");
    }

    /** An undefined figure is never cited as a number: the verdict says why instead. */
    @Test
    void undefinedFiguresAreGivenWithTheirReason() {
        Verdict v = Verdict.of(Double.NaN, "too few non-zero returns", 3, 3, Double.NaN, "configurations tie", Double.NaN, "returns never vary", 0.9);
        assertEquals("not significant", v.label());
        assertTrue(v.reasons().contains("DSR undefined after 3 configurations (too few non-zero returns)"), v.reasons().toString());
        assertTrue(v.reasons().contains("PBO not computed (configurations tie)"), v.reasons().toString());
        assertTrue(v.reasons().contains("haircut not computed (returns never vary)"), v.reasons().toString());
        assertTrue(v.reasons().stream().noneMatch(r -> r.startsWith("PBO 1") || r.startsWith("haircut p-value")), v.reasons().toString());
    }
}
