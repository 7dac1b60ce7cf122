package org.sextant.engine.analogue;

import java.util.Locale;
import java.util.Map;

/**
 * Walk-forward coverage of compare_to_history's bands on the sample NYSE composite, raw analogue
 * quantiles beside the conformal bands of the same run (docs/benchmarks.md, "Analogue bands").
 * Arguments: step days (default 20), then horizons (default 5,20).
 */
public final class AnalogueCalibrationBenchmark {
    public static void main(String[] args) {
        int step = args.length > 0 ? Integer.parseInt(args[0]) : WalkForwardCalibration.DEFAULT_STEP_DAYS;
        String[] horizons = (args.length > 1 ? args[1] : "5,20").split(",");
        AnalogueMatcher matcher = new AnalogueMatcher(SampleData.signals());
        System.out.printf(Locale.ROOT, "| horizon | mode | steps | first..last | raw p5-p95 (90%%) | raw p25-p75 (50%%) | conformal steps | conformal 90%% | conformal 50%% | seconds |%n");
        System.out.printf(Locale.ROOT, "|---|---|---:|---|---:|---:|---:|---:|---:|---:|%n");
        for (String mode : new String[]{"soft", "hybrid"}) {
            for (String h : horizons) {
                long t0 = System.nanoTime();
                CalibrationReport r = WalkForwardCalibration.run(matcher, Map.of("horizon", Integer.parseInt(h), "step_days", step, "mode", mode));
                System.out.printf(Locale.ROOT, "| %sd | %s | %d | %s..%s | %.1f%% | %.1f%% | %d | %.1f%% | %.1f%% | %.1f |%n", h, mode, r.evaluations(),
                        r.firstAsOf(), r.lastAsOf(), r.bandCoveragePct(), r.iqrCoveragePct(), r.calibratedEvaluations(),
                        r.calibratedBandCoveragePct(), r.calibratedIqrCoveragePct(), (System.nanoTime() - t0) / 1e9);
            }
        }
        // The same rule's own record, as reported beside the last answer: every origin 5 days apart.
        AnalogueResponse last = matcher.match(Map.of());
        System.out.printf(Locale.ROOT, "%n| horizon | as of | coverage origins | conformal 90%% held | conformal 50%% held |%n|---|---|---:|---:|---:|%n");
        for (int h : DailySignals.HORIZONS) {
            ForwardStats.Calibration c = last.forward(h).calibration();
            System.out.printf(Locale.ROOT, "| %dd | %s | %d | %.1f%% | %.1f%% |%n", h, last.tradeDate(), c.bands().get(1).coverageOrigins(),
                    100 * c.bands().get(1).empiricalCoverage(), 100 * c.bands().get(0).empiricalCoverage());
        }
    }
}
