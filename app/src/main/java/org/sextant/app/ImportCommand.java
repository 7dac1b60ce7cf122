package org.sextant.app;

import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.ingest.ImportReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Import CSV or Parquet price files in one transaction.",
                "The CSV layout (Yahoo, Stooq, wide, long) is detected; a file that fails leaves the store as it was."})
final class ImportCommand extends HomeCommand {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "CSV or Parquet files") List<Path> files;

    @Option(names = "--timezone", description = "time zone of bar times written without one, e.g. America/New_York or +05:00 (default UTC; stored in UTC)")
    String timezone;

    @Override
    public Integer call() {
        List<String> paths = files.stream().map(f -> requireFile(f, "FILE", java.nio.file.Files.isDirectory(f) && !f.toString().isBlank()
                ? "the files in it, e.g. " + f.resolve("*.csv") : "CSV or Parquet price files").toString()).toList();
        System.out.print(ImportSummary.render(callEngine("import_prices", new CallArguments().put("paths", "FILE", paths).putGiven("timezone", "--timezone", timezone), ImportReport.class)));
        return 0;
    }
}
