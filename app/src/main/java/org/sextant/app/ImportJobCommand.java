package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Sextant;
import org.sextant.engine.exchange.CappedFailures;
import org.sextant.engine.exchange.JobImport;
import org.sextant.engine.exchange.JobOutput;
import org.sextant.engine.research.StrategyRunSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * `sextant import-job DIR`: a finished Spark job's output into the store: forecast backtests where
 * local backtests land, a strategy sweep as a run of a research session.
 */
@Command(name = "import-job", mixinStandardHelpOptions = true,
        description = {"Import the output folder of a finished scale-out job.",
                "The job's --out folder (docs/scale-out.md): forecast backtests are stored as a local forecast job stores them "
                        + "(the Charts view), a forecast scan's live forecasts as a local scan stores them (the Scans view); a strategy sweep becomes a run with its configurations, equity and verdict "
                        + "(the Research view, sextant report RUN_ID), counted in the research session's trials. The app must be closed."})
final class ImportJobCommand extends HomeCommand {
    @Parameters(paramLabel = "DIR", description = "the job's output folder (with _SUCCESS)") Path dir;
    @Option(names = "--session", description = "research session a strategy sweep is counted in (default: default)") String session;

    @Override
    public Integer call() {
        try {
            org.sextant.engine.research.ResearchService.sessionOf(session); // named as this command's option, before the store opens
        } catch (org.sextant.engine.SextantException e) {
            throw org.sextant.engine.SextantException.invalid("--session", e.getMessage().replace("session_id", "--session " + session), e.fix());
        }
        try (Sextant engine = Sextant.open(closedHome("import-job"))) {
            JobImport r = engine.scaleOut().importJob(dir, session);
            if (r.run() != null) {
                StrategyRunSummary run = r.run();
                System.out.printf("imported strategy sweep of %d configurations from %s as run %s%n", run.configurations(), dir.toAbsolutePath(), run.runId());
                System.out.printf("  session %s: %d configurations in %d runs; DSR %s; verdict %s%n", run.sessionId(), run.sessionConfigurations(),
                        run.sessionRuns(), StrategyBacktestCommand.figure(run.dsr(), 3) + (Double.isFinite(run.dsr()) ? "" : " (" + StrategyBacktestCommand.whyUndefined(run) + ")"),
                        run.verdictText());
                System.out.printf("  %s%n", StrategyBacktestCommand.filedUnder(run.sessionId(), run.sessionConfigurations(), session != null));
                System.out.printf("  %d of the %d configurations measured again here from the store's prices, each as the job wrote it%n", r.replayed(),
                        run.configurations());
                System.out.printf("  %s%n", org.sextant.engine.research.sweep.SweepReplay.standard().measuredWhateverTheBudget()); // importJob's replay
                if (r.unmeasured() != null) System.out.printf("  %s%n", r.unmeasured());
                if (r.failed() != null) for (Map<String, Object> f : r.failed()) System.out.print(failure(f, "left out on the cluster"));
                return 0;
            }
            System.out.print(forecastsImported(r, dir.toAbsolutePath()));
        }
        return 0;
    }

    /** What a forecast job's import stored, named by the job that wrote it (a scan stores live forecasts, not backtests). */
    static String forecastsImported(JobImport r, Path dir) {
        boolean scan = JobOutput.FORECAST_SCAN.equals(r.job());
        StringBuilder out = new StringBuilder(String.format("imported %s of %d symbols from %s%n",
                scan ? "forecast scan: the live forecasts" : "forecast backtests", r.imported().size(), dir));
        if (!scan && r.oosStart() != null) out.append(String.format("  %s%n", outOfSample(r.oosStart())));
        if (r.replayed() != null) {
            out.append(scan ? String.format("  %d of the %d forecasts fitted again here from the store's closes, each as the job wrote it%n", r.replayed(), r.replayedOf())
                    : String.format("  errors and coverage recounted from the store's closes; %d of the %d origins fitted again here, each as the job wrote it%n",
                    r.replayed(), r.replayedOf()));
            if (scan && r.unmeasured() != null) out.append(String.format("  %s%n", r.unmeasured()));
            int symbols = r.imported().size(), reached = Math.min(r.replayed(), symbols);
            if (!scan && reached < symbols) { // the budget ran out in the first round: each symbol's best-looking origin, symbols in a random order
                out.append(String.format(java.util.Locale.ROOT, "  the import's budget reached %d of the %d symbols (drawn at random: each had a %.0f%% chance of being fitted again)%n",
                        reached, symbols, 100.0 * reached / symbols));
            }
        }
        // a scan's failures include symbols whose stored closes differ from the job's: not all failed on the cluster
        for (Map<String, Object> f : r.failed()) out.append(failure(f, scan ? "not imported" : "failed on the cluster"));
        return out.toString();
    }

    /** A line of {@code f}: a symbol's failure, or how many more the import counted past those it lists. */
    private static String failure(Map<String, Object> f, String what) {
        return CappedFailures.isMore(f) ? String.format("  %s%n", f.get("error")) : String.format("  %s %s: %s%n", f.get("symbol"), what, f.get("error"));
    }

    /** Where the imported backtests' scored origins start, as the job's output said it (or that it did not). */
    static String outOfSample(String oosStart) {
        if (oosStart.equals(org.sextant.engine.forecast.OutOfSampleStart.LAST_40)) return "scored origins over the last 40% of each symbol's closes (the job had no --oos-start)";
        if (oosStart.equals(org.sextant.engine.forecast.OutOfSampleStart.NOT_RECORDED)) {
            return "--oos-start " + oosStart + ": stored without it, so a backtest whose first origins it cut off reads as one started later (re-run the job to record it)";
        }
        return "scored origins from --oos-start " + oosStart;
    }
}
