package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write a self-contained HTML report of a stored backtest run (verdict, statistics, top configurations, equity and drawdown) into SEXTANT_HOME/reports.")
final class ReportCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(index = "0", paramLabel = "RUN_ID", description = "the run id that `sextant backtest` printed")
    String runId;

    @Option(names = "--path", description = "file name inside SEXTANT_HOME/reports, or an .html path under SEXTANT_HOME")
    String path;

    @Override
    public Integer call() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("run_id", runId);
        args.put("format", "html");
        if (path != null) args.put("path", path);
        JsonNode r = EngineAccess.call(main.home(), "export_report", args);
        System.out.printf("report written: %s (%,d bytes)%n", r.path("path").asString(), r.path("bytes").asLong());
        return 0;
    }
}
