package org.sextant.app;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.sextant.engine.Json;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.backtest.Metrics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "backtest", mixinStandardHelpOptions = true,
        description = {"Sweep a strategy graph spec and print its verdict.",
                "Runs every configuration of the spec (docs/research.md) in and out of sample."})
final class StrategyBacktestCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "SPEC.json", description = "graph spec, version 1") Path spec;
    @Option(names = "--symbols", split = ",", required = true, description = "the universe, e.g. AA,IBM,MSFT") List<String> symbols;
    @Option(names = "--from", description = "first date (default: the symbols' common start)") LocalDate from;
    @Option(names = "--to", description = "last date (default: the symbols' common end)") LocalDate to;
    @Option(names = "--oos-start", description = "first out-of-sample date (default: the last 30%% of the range)") LocalDate oosStart;
    @Option(names = "--session", description = "research session whose ledger counts this run (default: default)") String session;

    @Option(names = "--interval", description = "bar interval to run on: 1m, 5m, 15m, 30m, 1h, 4h, 1d, 1w, 1mo (default 1d; finer stored bars are resampled)")
    String interval;

    @Override
    public Integer call() throws Exception {
        StrategyRunSummary r = callEngine("backtest", new CallArguments()
                .put("spec", "SPEC.json", utf8Text(requireFile(spec, "SPEC.json", "a graph spec file, e.g. docs/examples/sma-cross.json"), "SPEC.json"))
                .put("symbols", "--symbols", symbols).putGiven("from", "--from", text(from)).putGiven("to", "--to", text(to))
                .putGiven("oos_start", "--oos-start", text(oosStart)).putGiven("session_id", "--session", session).putGiven("interval", "--interval", interval), StrategyRunSummary.class);
        StringBuilder sb = new StringBuilder();
        sb.append(r.verdictText()).append('\n');
        for (String reason : r.reasons()) sb.append("  - ").append(reason).append('\n');
        sb.append(String.format("configurations %d (session: %d over %d runs); chosen %s%n", r.configurations(),
                r.sessionConfigurations(), r.sessionRuns(), Json.MAPPER.valueToTree(r.chosen())));
        sb.append("in-sample Sharpe ").append(figure(sharpe(r.inSample()), 2)).append(", out-of-sample Sharpe ").append(figure(sharpe(r.outOfSample()), 2))
                .append("; PSR ").append(figure(r.psr(), 3)).append(", DSR ").append(figure(r.dsr(), 3)).append(", PBO ").append(figure(r.pbo(), 2))
                .append(", haircut Sharpe ").append(figure(r.haircutSharpeBonferroni(), 2)).append(", placebo p ").append(figure(r.placeboPValue(), 2));
        // a DSR alone n/a is said as such: its reason (the session's Sharpe ratios) is not the PSR's
        if (!Double.isFinite(r.psr()) || !Double.isFinite(r.dsr())) sb.append(Double.isFinite(r.psr()) ? " (DSR n/a: " : " (n/a: ").append(whyUndefined(r)).append(')');
        sb.append('\n');
        sb.append(filedUnder(r.sessionId(), r.sessionConfigurations(), session != null)).append('\n');
        benchmark(sb, r);
        for (String w : r.warnings() == null ? List.<String>of() : r.warnings()) sb.append("warning: ").append(w).append('\n');
        sb.append(r.annualisation()).append('\n');
        String runId = r.runId();
        sb.append("run id ").append(runId).append('\n');
        sb.append("report: sextant report ").append(runId).append("  (writes an HTML report into ")
                .append(main.home().root().resolve("reports")).append(")\n");
        System.out.print(sb);
        return 0;
    }

    /**
     * The session a run was filed under and the trials that deflate its DSR (the same sweep reads 0.000 after many runs in
     * the default session and 0.810 alone in a fresh one); {@code named}: the user chose it, else how to choose another.
     */
    static String filedUnder(String sessionId, long trials, boolean named) {
        return String.format(java.util.Locale.ROOT, "filed under session %s (%,d trial%s so far; DSR deflates by them%s)", sessionId, trials,
                trials == 1 ? "" : "s", named ? "" : "; --session NAME files a run under another");
    }

    /** The buy-and-hold benchmark beside the strategy: what it holds, its Sharpe ratios, and the difference out of sample. */
    static void benchmark(StringBuilder sb, StrategyRunSummary r) {
        var b = r == null ? null : r.benchmark();
        if (b == null) return;
        sb.append("benchmark: ").append(b.holds()).append('\n');
        sb.append("  holding's in-sample Sharpe ").append(figure(sharpe(b.inSample()), 2)).append(", out-of-sample Sharpe ").append(figure(sharpe(b.outOfSample()), 2))
                .append("; out of sample the strategy's Sharpe minus holding's: ").append(figure(b.sharpeDifferenceOutOfSample(), 2)).append('\n');
    }

    /** The figure to {@code decimals} places, or "n/a" for an undefined one (never "NaN", never "-0.00"). */
    static String figure(double v, int decimals) {
        return Double.isFinite(v) ? org.sextant.engine.research.report.Figures.fixed(v, decimals) : "n/a";
    }

    /**
     * Why the PSR and DSR (or the DSR alone) are undefined: the engine's warning saying so, else the returns' variation or moments.
     * A 30-minute run with a defined PSR once read "(n/a: the in-sample returns' moments are outside the formula's range)" while
     * its DSR was n/a for want of a second Sharpe ratio at that interval.
     */
    static String whyUndefined(StrategyRunSummary r) {
        String prefix = Double.isFinite(r.psr()) ? "DSR is n/a: " : "PSR, DSR and MinTRL are n/a: ";
        for (String w : r.warnings() == null ? List.<String>of() : r.warnings()) if (w.startsWith(prefix)) return w.substring(prefix.length());
        return r.inSample() != null && r.inSample().volatility() == 0 ? "the chosen configuration's in-sample returns never vary"
                : "the in-sample returns' moments are outside the formula's range";
    }

    private static double sharpe(Metrics m) {
        return m == null ? Double.NaN : m.sharpe();
    }

    private static String text(LocalDate d) {
        return d == null ? null : d.toString();
    }
}
