package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
        assertTrue(r.evaluations() >= WalkForwardCalibration.FEW_STEPS && r.calibratedEvaluations() >= WalkForwardCalibration.FEW_STEPS, r.summary());
        assertFalse(r.summary().contains("Small sample") || r.summary().contains("n/a"), r.summary());
        // the Wilson intervals as JSON fields at any step count, not only in the text below 30 steps
        double[] w = WalkForwardCalibration.wilson(inBand, r.evaluations());
        assertEquals(new CalibrationReport.Coverage("p5-p95", 90, r.evaluations(), r.bandCoveragePct(), 100 * w[0], 100 * w[1], false), r.coverage().get(0));
        double[] wc = WalkForwardCalibration.wilson(inCalibrated, calibrated);
        assertEquals(new CalibrationReport.Coverage("conformal", 90, calibrated, r.calibratedBandCoveragePct(), 100 * wc[0], 100 * wc[1], false),
                r.coverage().get(2));
        assertEquals(List.of("p5-p95", "p25-p75", "conformal", "conformal"), r.coverage().stream().map(CalibrationReport.Coverage::band).toList());
        assertEquals(List.of(90.0, 50.0, 90.0, 50.0), r.coverage().stream().map(CalibrationReport.Coverage::nominalPct).toList());
        tools.jackson.databind.JsonNode first = Json.MAPPER.valueToTree(r).get("coverage").get(0);
        assertEquals(100 * w[0], first.get("lower_pct").asDouble(), 0, first.toString());
        assertEquals(r.evaluations(), first.get("steps").asInt(), first.toString());
    }

    /** The Wilson interval the small-sample note quotes: 27 of 30 is 74.4%..96.5%, 1 of 1 is 20.7%..100%. */
    @Test
    void wilsonIntervalsOfFewSteps() {
        assertArrayEquals(new double[]{0.74379, 0.96540}, WalkForwardCalibration.wilson(27, 30), 1e-5);
        assertArrayEquals(new double[]{0.20655, 1.0}, WalkForwardCalibration.wilson(1, 1), 1e-5);
        assertArrayEquals(new double[]{0.0, 0.79345}, WalkForwardCalibration.wilson(0, 1), 1e-5);
    }

    /** Few steps on NYSE: the summary names the steps in the singular and says the coverage is a small sample. */
    @Test
    void fewStepsAreASmallSampleInTheSummary() {
        int rows = MATCHER.signals().size();
        CalibrationReport one = WalkForwardCalibration.run(MATCHER, Map.of("warmup_days", rows - 6, "horizon", 5));
        assertEquals(1, one.evaluations());
        assertTrue(one.summary().startsWith("1 walk-forward step ("), one.summary());
        assertTrue(one.summary().contains("correlation of analogue mean with realised n/a (one step)"), one.summary());
        assertTrue(one.summary().contains("Small sample: the p5-p95 coverage is from 1 step only (fewer than 30)"), one.summary());
        assertFalse(one.summary().contains("NaN"), one.summary());
        // the interval the text quotes, as fields: 1 of 1 is 20.7%..100%, 0 of 1 is 0%..79.3%
        CalibrationReport.Coverage raw = one.coverage().get(0);
        assertEquals(1, raw.steps());
        assertTrue(raw.smallSample());
        assertTrue(one.summary().contains(String.format(java.util.Locale.ROOT, "from %.1f%% to %.1f%% (95%% Wilson interval)", raw.lowerPct(), raw.upperPct())),
                raw + " " + one.summary());
        CalibrationReport few = WalkForwardCalibration.run(MATCHER, Map.of("warmup_days", rows - 205, "horizon", 5, "step_days", 10));
        assertEquals(20, few.evaluations());
        assertTrue(few.summary().contains("Small sample: the p5-p95 coverage is from 20 steps only (fewer than 30)"), few.summary());
        assertFalse(few.summary().contains("overlap"), "steps 10 days apart, horizon 5: no overlap");
    }

    /** include_points lists at most MAX_POINTS steps, one in k from the first, and says so; the figures score every step. */
    @Test
    void pointsAreBoundedAndTheCapIsSaid() {
        CalibrationReport r = WalkForwardCalibration.run(MATCHER, Map.of("horizon", 5, "step_days", 5, "include_points", true));
        int n = r.evaluations();
        assertTrue(n > WalkForwardCalibration.MAX_POINTS && n <= 2 * WalkForwardCalibration.MAX_POINTS, "steps " + n);
        assertEquals((n + 1) / 2, r.points().size());
        assertEquals(r.firstAsOf(), r.points().get(0).asOf());
        DailySignals s = MATCHER.signals();
        assertEquals(10, s.rowOf(r.points().get(1).asOf()) - s.rowOf(r.points().get(0).asOf()), "one step in 2 of 5 days");
        assertEquals("points lists " + r.points().size() + " of the " + n + " steps scored (one in 2, from the first; at most 1000); the coverage,"
                + " errors and summary score all " + n + "; step_days 10 or more lists every step", r.pointsNote());
        String json = Json.write(r);
        System.out.printf("include_points: %d of %d steps, %d bytes of JSON (%d per point)%n", r.points().size(), n, json.length(), json.length() / r.points().size());
        assertTrue(Json.write(WalkForwardCalibration.run(MATCHER, Map.of("horizon", 5, "step_days", 40, "include_points", true))).indexOf("points_note") < 0,
                "under the cap every step is listed and nothing is said");
    }

    @Test
    void refusesAQueryOfItsOwnAndBadSteps() {
        SextantException e = assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("as_of", "2000-01-03")));
        assertEquals("as_of", e.field());
        assertEquals("step_days", assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("step_days", 0))).field());
        assertEquals("top_k", assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("top_k", 900))).field());
    }

    /** warmup_days: the declared 300..100000, then the data's own limit with the actual range. */
    @Test
    void warmupOutsideTheDataIsRefusedWithItsRealRange() {
        SextantException low = assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("warmup_days", 299)));
        assertEquals("warmup_days", low.field());
        assertTrue(low.getMessage().contains("300..100000"), low.getMessage());
        int rows = MATCHER.signals().size();
        SextantException high = assertThrows(SextantException.class, () -> WalkForwardCalibration.run(MATCHER, Map.of("warmup_days", rows - 5, "horizon", 5)));
        assertEquals("warmup_days", high.field());
        assertTrue(high.getMessage().contains("NYSE has " + rows + " signal rows, so at horizon 5 warmup_days can be 300.." + (rows - 6)), high.getMessage());
        assertTrue(high.fix().contains("300.." + (rows - 6)), high.fix());
        // the last warmup it names has exactly one step
        assertEquals(1, WalkForwardCalibration.run(MATCHER, Map.of("warmup_days", rows - 6, "horizon", 5)).evaluations());
    }

    /**
     * Under a request's budget a calibration whose estimate exceeds it is refused before any match,
     * naming step_days and a step that fits; the attack pass's {horizon 20, step_days 1, top_k 500}
     * took 19.8 s of CPU with the estimate's rates, so under the API's 40 s it is let through.
     */
    @Test
    void aCalibrationBeyondItsBudgetIsRefusedAtOnceNamingStepDays() {
        AnalogueMatcher fresh = new AnalogueMatcher(SampleData.signals());
        Map<String, Object> big = Map.of("horizon", 20, "step_days", 1, "top_k", 500);
        SextantException e = assertThrows(SextantException.class, () -> org.sextant.engine.jobs.Cancellation.within(java.time.Duration.ofSeconds(8),
                "analogue_calibration", "fix", () -> WalkForwardCalibration.run(fresh, big)));
        assertEquals("resource_limit", e.failReason(), e.getMessage());
        assertEquals("step_days", e.field());
        assertTrue(e.getMessage().startsWith("analogue_calibration would compute for about "), e.getMessage());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("raise step_days to (\\d+) or more").matcher(e.fix());
        assertTrue(m.find(), e.fix());
        int fits = Integer.parseInt(m.group(1));
        AnalogueRequest template = AnalogueRequest.parse(Map.of("horizon", 20, "top_k", 500), fresh.signals().registry());
        double budget = WalkForwardCalibration.estimatedSeconds(fresh, template, WalkForwardCalibration.DEFAULT_WARMUP_DAYS, fits);
        assertTrue(budget <= 8 && WalkForwardCalibration.estimatedSeconds(fresh, template, WalkForwardCalibration.DEFAULT_WARMUP_DAYS, fits - 1) > 7.5,
                "the step it names is the smallest that fits: " + budget);
        long[] unbuilt = fresh.unbuiltConformalOrigins(template, fresh.signals().size());
        assertEquals((fresh.signals().size() - 1 - AnalogueConformal.FIRST_ORIGIN) / AnalogueConformal.ORIGIN_STEP + 1, unbuilt[0], "nothing was computed");
        double attack = WalkForwardCalibration.estimatedSeconds(fresh, template, WalkForwardCalibration.DEFAULT_WARMUP_DAYS, 1);
        assertTrue(attack > 8 && attack < 40, "refused under 8 s, let through under the API's 40 s: " + attack);
    }
}
