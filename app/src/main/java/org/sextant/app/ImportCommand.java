package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import CSV (Yahoo, Stooq, wide, long; detected) or Parquet price files, all in one transaction.")
final class ImportCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "CSV or Parquet files")
    List<Path> files;

    @Option(names = "--timezone", description = "time zone of bar times written without one, e.g. America/New_York (default UTC; stored in UTC)")
    String timezone;

    @Override
    public Integer call() {
        List<String> paths = files.stream().map(Main::requireFile).map(Path::toString).toList();
        Map<String, Object> args = new java.util.LinkedHashMap<>();
        args.put("paths", paths);
        if (timezone != null) args.put("timezone", timezone);
        JsonNode r = EngineAccess.call(main.home(), "import_prices", args);
        System.out.print(ImportSummary.render(r));
        return 0;
    }
}
