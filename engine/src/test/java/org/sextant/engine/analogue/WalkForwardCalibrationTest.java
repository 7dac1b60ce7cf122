package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

/** The walk-forward calibration report on the real NYSE composite, 1966-2002. */
class WalkForwardCalibrationTest {
    private static final AnalogueMatcher MATCHER = SampleData.matcher();

    @Test
    void reportIsConsistentWithItsPointsAndEveryStepIsOutOfSample() {
        CalibrationReport r = WalkForwardCalibration.run(MATCHER, Map.of("horizon", 5, "step_days", 40, "include_points", true));
        System.out.println(r.summary());
        assertEquals(r.evaluations(), r.points().size());
        DailySignals s = MATCHER.signals();
        int inBand = 0;
        for (CalibrationReport.Point p : r.points()) {
            assertEquals(s.forward(s.rowOf(p.asOf()), 5), p.realised(), 0.0);
            if (p.realised() >= p.p5() && p.realised() <= p.p95()) inBand++;
            // The matcher as of that day must give the same band as a call made with only the past.
            AnalogueResponse again = MATCHER.match(Map.of("as_of", p.asOf().toString(), "horizon", 5));
            assertEquals(p.p95(), again.forward5d().p95());
        }
        assertEquals(100.0 * inBand / r.evaluations(), r.bandCoveragePct(), 1e-9);
        int calibrated = 0, inCalibrated = 0;
        for (CalibrationReport.Point p : r.points()) {
            if (p.calibratedLow90() == null) continue;
            calibrated++;
            if (p.realised() >= p.calibratedLow90() && p.realised() <= p.calibratedHigh90()) inCalibrated++;
        }
        assertEquals(r.calibratedEvaluations(), calibrated);
        assertEquals(100.0 * inCalibrated / calibrated, r.calibratedBandCoveragePct(), 1e-9);
        assertTrue(r.calibratedBandCoveragePct() > 85 && r.calibratedBandCoveragePct() < 95, r.summary());
        assertEquals(s.date(WalkForwardCalibration.DEFAULT_WARMUP_DAYS), r.firstAsOf());
        // A sane 90% band on daily equity data covers most but not all outcomes.
        assertTrue(r.bandCoveragePct() > 70 && r.bandCoveragePct() < 99, r.summary());
        assertTrue(r.iqrCoveragePct() > 25 && r.iqrCoveragePct() < 75, r.summary());
        assertTrue(Json.write(r).contains("\"band_coverage_pct\""));
    }

    @Test
    void refusesAQueryOfItsOwnAndBadSteps() {
        SextantException e = assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("as_of", "2000-01-03")));
        assertEquals("as_of", e.field());
        assertEquals("step_days", assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("step_days", 0))).field());
        assertEquals("top_k", assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("top_k", 900))).field());
    }
}
