package org.sextant.app;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import org.sextant.engine.research.report.ReportExport;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a stored backtest run as an HTML report.",
                "A self-contained page (verdict, statistics, top configurations, equity and drawdown) in SEXTANT_HOME/reports."})
// duplicates: picocli declarations (command, arguments, options) are alike by nature; the work is shared in HomeCommand
final class ReportCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "RUN_ID", description = "the run id that `sextant backtest` printed") String runId;
    @Option(names = "--path", description = "file name inside SEXTANT_HOME/reports, or an .html path under SEXTANT_HOME") String path;

    @Override
    public Integer call() {
        ReportExport.Written r = callEngine("export_report", new CallArguments().put("run_id", "RUN_ID", runId).put("format", "html").putGiven("path", "--path", path),
                ReportExport.Written.class);
        System.out.printf("report written: %s (%,d bytes)%n", r.path(), r.bytes());
        return 0;
    }
}
