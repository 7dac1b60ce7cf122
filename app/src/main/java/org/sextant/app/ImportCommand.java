package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Import CSV (Yahoo, Stooq, wide, long; detected) or Parquet price files, all in one transaction.")
final class ImportCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "CSV or Parquet files")
    List<Path> files;

    @Override
    public Integer call() {
        List<String> paths = files.stream().map(Main::requireFile).map(Path::toString).toList();
        JsonNode r = EngineAccess.call(main.home(), "import_prices", Map.of("paths", paths));
        System.out.print(ImportSummary.render(r));
        return 0;
    }
}
