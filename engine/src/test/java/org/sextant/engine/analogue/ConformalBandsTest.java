package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;

/** The conformal analogue bands: calibrated on past errors only, nested, with their walk-forward coverage. */
class ConformalBandsTest {

    @Test
    void aDifferentFutureLeavesTheCalibratedBandsAndTheirCoverageUnchanged() {
        // A calm day (1972-06-15); the day after it the market falls 30% and then wanders. The real
        // outcomes of windows running past that day were inside the bands, the crash's are not, so
        // an outcome not yet known (a window running past the as-of date) would change the bands
        // or their coverage.
        SampleData.Table nyse = SampleData.nyse();
        DailySignals real = SampleData.signals();
        LocalDate asOf = LocalDate.of(1972, 6, 15);
        int row = real.rowOf(asOf);
        double[] close = nyse.values()[0].clone();
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = row + 1; i < close.length; i++) close[i] = 0.7 * close[i] * Math.exp(0.01 * (rnd.nextDouble() - 0.5));
        DailySignals otherFuture = SampleData.compute(new SampleData.Table(nyse.columns(), nyse.dates(), new double[][]{close}), SampleData.dow());
        assertNotEquals(real.forward(row - 3, 20), otherFuture.forward(row - 3, 20), "the fixture changes outcomes that end after the as-of date");
        Map<String, Object> args = Map.of("horizon", 20, "as_of", asOf.toString(), "include_analogue_dates", true);
        AnalogueResponse a = new AnalogueMatcher(real).match(args);
        AnalogueResponse b = new AnalogueMatcher(otherFuture).match(args);
        for (int h : DailySignals.HORIZONS) {
            assertNotNull(a.forward(h).calibration().bands().get(1).upper(), h + "d has a calibrated band");
            assertEquals(Json.write(a.forward(h)), Json.write(b.forward(h)), h + "d");
        }
        assertEquals(Json.write(a), Json.write(b));
        // A 20-day outcome running past the as-of date is not an analogue's outcome yet.
        for (AnalogueDate d : a.analogueDates()) {
            if (real.rowOf(d.date()) + 20 + AnalogueDefaults.EMBARGO_DAYS >= row) assertNull(d.forward20d(), d.date().toString());
        }
    }

    @Test
    void bandsAreNestedAroundTheMedianAndReportTheirWalkForwardCoverage() {
        AnalogueResponse r = SampleData.matcher().match(Map.of("horizon", 5));
        for (int h : new int[]{5, 20}) {
            ForwardStats f = r.forward(h);
            ForwardStats.CalibratedBand half = f.calibration().bands().get(0), ninety = f.calibration().bands().get(1);
            assertEquals(0.5, half.level());
            assertEquals(0.9, ninety.level());
            assertTrue(ninety.lower() <= half.lower() && half.lower() <= f.median() && f.median() <= half.upper() && half.upper() <= ninety.upper(), h + "d");
            assertEquals(AnalogueConformal.WINDOW, f.calibration().scores());
            // Over more than 1500 past dates, each judged against the band the rule gave then.
            assertTrue(ninety.coverageOrigins() > 1500, "origins " + ninety.coverageOrigins());
            assertTrue(Math.abs(ninety.empiricalCoverage() - 0.9) < 0.03, h + "d 90%: " + ninety.empiricalCoverage());
            assertTrue(Math.abs(half.empiricalCoverage() - 0.5) < 0.03, h + "d 50%: " + half.empiricalCoverage());
        }
    }

    @Test
    void theConformalRankNeedsEnoughScores() {
        double[] scores = new double[AnalogueConformal.MIN_SCORES];
        for (int i = 0; i < scores.length; i++) scores[i] = scores.length - i; // 50..1
        assertEquals(46.0, AnalogueConformal.quantile(scores, 0.9)); // ceil(51 * 0.9) = 46th smallest
        assertEquals(26.0, AnalogueConformal.quantile(scores, 0.5));
        assertNull(AnalogueConformal.quantile(java.util.Arrays.copyOf(scores, AnalogueConformal.MIN_SCORES - 1), 0.5));
    }
}
